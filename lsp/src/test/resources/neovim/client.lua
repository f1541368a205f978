-- Drives `forkscope lsp` from a headless Neovim, as a user's editor does, for NeovimClientTest.
-- Written against Neovim 0.7's API (vim.lsp.start_client, vim.lsp.buf_attach_client): Debian 12
-- ships 0.7.2, which has neither vim.lsp.start nor vim.fs.
--
-- Environment: FORKSCOPE_LSP_CMD (the server's command as a JSON array), FORKSCOPE_ROOT (the
-- project), FORKSCOPE_SCENARIO (a key of `scenarios` below), FORKSCOPE_RESULT (where the result
-- goes, as JSON), FORKSCOPE_WAIT_MS (the longest wait for any one event), FORKSCOPE_FILES (for
-- the zoo scenario: the files to open, as a JSON array).
--
-- Every wait is on an event (a publishDiagnostics for a version, a response) and has a timeout:
-- on a timeout or an error the result says which step failed, and Neovim still quits.

local cmd = vim.fn.json_decode(os.getenv('FORKSCOPE_LSP_CMD'))
local root = os.getenv('FORKSCOPE_ROOT')
local scenario = os.getenv('FORKSCOPE_SCENARIO')
local result_file = os.getenv('FORKSCOPE_RESULT')
local wait_ms = tonumber(os.getenv('FORKSCOPE_WAIT_MS'))

local result = { scenario = scenario }
local published = {} -- uri -> the publishDiagnostics params received, in order
local client_id

local function wait_for(what, condition)
  result.step = what
  if not vim.wait(wait_ms, condition, 10) then
    error('timed out after ' .. wait_ms .. ' ms waiting for ' .. what, 0)
  end
end

local function client()
  return vim.lsp.get_client_by_id(client_id)
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'java'
  vim.lsp.buf_attach_client(bufnr, client_id)
  wait_for('didOpen of ' .. path, function()
    return vim.lsp.util.buf_versions[bufnr] ~= nil
  end)
  return bufnr
end

local function sample(name)
  return root .. '/src/main/java/sample/' .. name
end

local function version(bufnr)
  return vim.lsp.util.buf_versions[bufnr]
end

local function text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
end

-- The diagnostics published for the buffer's current version (waits for them).
local function diagnostics(bufnr)
  local uri = vim.uri_from_bufnr(bufnr)
  local wanted = version(bufnr)
  local found
  wait_for('diagnostics of ' .. uri .. ' version ' .. wanted, function()
    for _, p in ipairs(published[uri] or {}) do
      if p.version == wanted then
        found = p.diagnostics
      end
    end
    return found ~= nil
  end)
  return found
end

local function of_rule(list, rule)
  for _, d in ipairs(list) do
    if d.code == rule then
      return d
    end
  end
end

-- What the test asserts on: rule, position, severity and message of each diagnostic.
local function summary(list)
  local out = {}
  for _, d in ipairs(list) do
    table.insert(out, {
      code = d.code and tostring(d.code) or vim.NIL,
      line = d.range.start.line,
      character = d.range.start.character,
      severity = d.severity or vim.NIL,
      message = d.message,
    })
  end
  return out
end

-- Sends textDocument/codeAction for one diagnostic; the response lands in the returned table.
local function request_actions(bufnr, diagnostic)
  local response = {}
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = diagnostic.range,
    context = { diagnostics = { diagnostic } },
  }
  client().request('textDocument/codeAction', params, function(err, actions)
    response.err = err
    response.actions = actions or {}
    response.done = true
  end, bufnr)
  return response
end

-- The quick fix a user picks for the rule: the preferred one, else the first that is not a
-- suppression; resolved through codeAction/resolve when it comes without its edit.
local function pick_fix(actions, rule)
  local chosen
  for _, a in ipairs(actions) do
    local for_rule = a.diagnostics == nil
    for _, d in ipairs(a.diagnostics or {}) do
      for_rule = for_rule or d.code == rule
    end
    local usable = a.kind and a.kind:match('^quickfix') and a.disabled == nil and for_rule
    if usable and not (a.title or ''):lower():match('suppress') then
      if a.isPreferred or not chosen then
        chosen = a
      end
    end
  end
  if chosen and not chosen.edit then
    local resolved = {}
    client().request('codeAction/resolve', chosen, function(err, action)
      resolved.err, resolved.action, resolved.done = err, action, true
    end)
    wait_for('codeAction/resolve of ' .. chosen.title, function()
      return resolved.done
    end)
    chosen = resolved.action
  end
  return chosen
end

local function titles(actions)
  local out = {}
  for _, a in ipairs(actions) do
    table.insert(out, a.title)
  end
  return out
end

local scenarios = {}

-- Open a file: its findings arrive as diagnostics of the opened version.
function scenarios.open()
  local bufnr = open(sample('SumTask.java'))
  result.diagnostics = summary(diagnostics(bufnr))
end

-- A sleep reached from a task in Worker.java through a helper in Pause.java is reported in
-- Pause.java, which only the project shows to be task code: wait until the server has seen it.
function scenarios.crossFile()
  local bufnr = open(sample('Pause.java'))
  local uri = vim.uri_from_bufnr(bufnr)
  local latest
  wait_for('a sleepy-worker diagnostic in Pause.java', function()
    local list = published[uri]
    latest = list and list[#list].diagnostics
    return latest ~= nil and of_rule(latest, 'sleepy-worker') ~= nil
  end)
  result.diagnostics = summary(latest)
end

-- The quick fix for copy-on-fork, applied as Neovim applies it, then the file saved.
function scenarios.quickFix()
  local bufnr = open(sample('SumTask.java'))
  local copy = of_rule(diagnostics(bufnr), 'copy-on-fork')
  assert(copy, 'no copy-on-fork diagnostic in SumTask.java')
  local response = request_actions(bufnr, copy)
  wait_for('the code actions for copy-on-fork', function()
    return response.done
  end)
  result.titles = titles(response.actions)
  local fix = pick_fix(response.actions, 'copy-on-fork')
  assert(fix and fix.edit, 'no quick fix with an edit for copy-on-fork; offered: '
    .. vim.inspect(result.titles))
  result.applied = fix.title
  vim.lsp.util.apply_workspace_edit(fix.edit, client().offset_encoding)
  vim.cmd('write')
  result.diagnosticsAfter = summary(diagnostics(bufnr))
end

-- An edit made while a quick fix is being computed: the fix, when it comes, must not land on the
-- newer text. Neovim refuses a documentChanges edit for an older version of the buffer (except
-- version 0, so the buffer is edited once first).
function scenarios.race()
  local bufnr = open(sample('SumTask.java'))
  diagnostics(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, 0, 0, false, { '// edited before the request' })
  local copy = of_rule(diagnostics(bufnr), 'copy-on-fork')
  assert(copy, 'no copy-on-fork diagnostic in SumTask.java after the first edit')
  result.requestedAt = version(bufnr)
  local response = request_actions(bufnr, copy)
  -- in the same turn of the event loop, so before any response can be handled
  vim.api.nvim_buf_set_lines(bufnr, 0, 0, false, { '// typed while the fix was computed' })
  result.editedAt = version(bufnr)
  result.textAfterEdit = text(bufnr)
  wait_for('the code actions requested before the edit', function()
    return response.done
  end)
  result.titles = titles(response.actions)
  local fix = pick_fix(response.actions, 'copy-on-fork')
  if fix and fix.edit then
    result.fixVersions = {}
    for _, change in ipairs(fix.edit.documentChanges or {}) do
      table.insert(result.fixVersions, change.textDocument and change.textDocument.version or vim.NIL)
    end
    vim.lsp.util.apply_workspace_edit(fix.edit, client().offset_encoding)
  end
  result.finalText = text(bufnr)
end

-- A stray token in one method: the parse error is shown, and the findings elsewhere stay.
function scenarios.parseError()
  local bufnr = open(sample('SumTask.java'))
  result.before = summary(diagnostics(bufnr))
  local line
  for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if l:match('long%[%] ones = new long%[n%];') then
      line = i
    end
  end
  vim.api.nvim_buf_set_lines(bufnr, line, line, false, { '    int typing = ;' })
  result.brokenLine = line
  result.diagnostics = summary(diagnostics(bufnr))
end

-- Every file of the zoo opened: its diagnostics, and the quick fixes offered for the whole file
-- (enabled, not a suppression), as a user asks for them.
function scenarios.zoo()
  result.files = {}
  for _, path in ipairs(vim.fn.json_decode(os.getenv('FORKSCOPE_FILES'))) do
    local bufnr = open(path)
    local found = diagnostics(bufnr)
    local seen = { path = path, diagnostics = summary(found), fixes = {} }
    if #found > 0 then
      local response = {}
      local params = {
        textDocument = { uri = vim.uri_from_bufnr(bufnr) },
        range = { start = { line = 0, character = 0 }, ['end'] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 } },
        context = { diagnostics = found, only = { 'quickfix' } },
      }
      client().request('textDocument/codeAction', params, function(err, actions)
        response.actions, response.done = actions or {}, true
      end, bufnr)
      wait_for('the quick fixes of ' .. path, function()
        return response.done
      end)
      for _, a in ipairs(response.actions) do
        if a.disabled == nil and not (a.title or ''):lower():match('suppress') then
          table.insert(seen.fixes, a.title)
        end
      end
    end
    table.insert(result.files, seen)
  end
end

local function finish()
  local c = client()
  if c then
    c.stop()
    vim.wait(wait_ms, function()
      return c.is_stopped()
    end, 10)
  end
  local f = assert(io.open(result_file, 'w'))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end

local ok, err = xpcall(function()
  client_id = vim.lsp.start_client({
    name = 'forkscope',
    cmd = cmd,
    root_dir = root,
    flags = { debounce_text_changes = 0 },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, params, ctx, config)
        published[params.uri] = published[params.uri] or {}
        table.insert(published[params.uri], params)
        return vim.lsp.diagnostic.on_publish_diagnostics(e, params, ctx, config)
      end,
    },
  })
  assert(client_id, 'vim.lsp.start_client failed')
  wait_for('initialize', function()
    return client() ~= nil and client().initialized
  end)
  assert(scenarios[scenario], 'no such scenario: ' .. tostring(scenario))()
end, debug.traceback)
result.ok = ok
if not ok then
  result.error = err
end
finish()
