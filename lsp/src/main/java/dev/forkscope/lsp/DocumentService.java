package dev.forkscope.lsp;

import com.google.gson.JsonObject;
import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.Rules;
import dev.forkscope.lint.fix.AppliedFix;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.TextEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionDisabled;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.jsonrpc.CancelChecker;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The open documents: lints the project around each on open, change and save and publishes the
 * findings of every open file as its diagnostics; answers hovers and code actions.
 *
 * <p>Implementation note: linting runs on one thread ({@code linting}), fixing on another ({@code
 * fixing}), each with a {@link Mirror} of its own that only it touches. A change schedules a lint
 * of its document's tree after the debounce delay, replacing the lint it scheduled before if that
 * has not started, so a burst of keystrokes costs one lint, at the newest versions; a lint that
 * finds its document already published at its newest version (a lint of another document of the
 * tree did it) does nothing, and the findings of a document that changed again while it ran are not
 * published (its own turn is pending). A code action is answered only if its document is still at
 * the version it was computed for; its edits name that version, so an editor refuses them on a
 * newer text. When a document does not parse, its last good findings are kept, less those on the
 * lines changed since.
 */
final class DocumentService implements TextDocumentService {
  static final String FIX_ALL = CodeActionKind.SourceFixAll + "." + Protocol.SOURCE;

  /** A document's text at one version; a new one replaces it on every change. */
  record Snapshot(String uri, int version, String text) {}

  /** What was last published for a document: the snapshot, and its findings as diagnostics. */
  private record Published(Snapshot of, List<Diagnostic> findings) {}

  private final Workspace workspace;
  private final ScheduledExecutorService linting;
  private final Executor fixing;
  private final Map<String, Snapshot> open = new ConcurrentHashMap<>();
  private final Map<String, Published> published = new ConcurrentHashMap<>();
  private final Map<String, Published> lastGood = new ConcurrentHashMap<>();
  private final Map<String, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();
  private final Set<String> rejected = ConcurrentHashMap.newKeySet();
  private volatile LanguageClient client;
  private volatile ClientSupport support = ClientSupport.NONE;
  private volatile long debounceMillis = 25;

  DocumentService(Workspace workspace, ScheduledExecutorService linting, Executor fixing) {
    this.workspace = workspace;
    this.linting = linting;
    this.fixing = fixing;
  }

  void connect(LanguageClient client) {
    this.client = client;
  }

  void support(ClientSupport support) {
    this.support = support;
  }

  void debounce(long millis) {
    this.debounceMillis = millis;
  }

  @Override
  public void didOpen(DidOpenTextDocumentParams params) {
    var doc = params.getTextDocument();
    update(new Snapshot(doc.getUri(), doc.getVersion(), doc.getText()));
  }

  @Override
  public void didChange(DidChangeTextDocumentParams params) {
    List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
    if (changes.isEmpty()) {
      return;
    }
    // full synchronisation: the last change holds the whole text
    var doc = params.getTextDocument();
    update(new Snapshot(doc.getUri(), doc.getVersion(), changes.get(changes.size() - 1).getText()));
  }

  @Override
  public void didSave(DidSaveTextDocumentParams params) {
    // the buffer was linted already, and the file on disk now holds its text: published again
    String uri = params.getTextDocument().getUri();
    linting.execute(
        () -> {
          Published last = published.get(uri);
          if (last != null && open.get(uri) == last.of()) {
            client.publishDiagnostics(
                new PublishDiagnosticsParams(uri, last.findings(), last.of().version()));
          }
        });
  }

  @Override
  public void didClose(DidCloseTextDocumentParams params) {
    String uri = params.getTextDocument().getUri();
    open.remove(uri);
    published.remove(uri);
    ScheduledFuture<?> waiting = pending.remove(uri);
    if (waiting != null) {
      waiting.cancel(false);
    }
    lastGood.remove(uri);
    if (rejected.remove(uri)) {
      return;
    }
    linting.execute(
        () -> {
          client.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of()));
          restore(workspace.lintMirror(), uri);
          // the file on disk may differ from the closed buffer: the other open files again
          published.clear();
          open.keySet().forEach(this::schedule);
        });
    fixing.execute(() -> restore(workspace.fixMirror(), uri));
  }

  @Override
  public CompletableFuture<Hover> hover(HoverParams params) {
    Published now = published.get(params.getTextDocument().getUri());
    Position at = params.getPosition();
    List<Diagnostic> here =
        now == null
            ? List.of()
            : now.findings().stream()
                .filter(d -> !Protocol.PARSE_ERROR.equals(d.getCode().getLeft()))
                .filter(d -> Protocol.holds(d.getRange(), at))
                .toList();
    return CompletableFuture.completedFuture(
        here.isEmpty() ? null : new Hover(Protocol.hover(here)));
  }

  @Override
  public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
    return CompletableFutures.computeAsync(fixing, cancel -> actions(params, cancel));
  }

  @Override
  public CompletableFuture<CodeAction> resolveCodeAction(CodeAction action) {
    return CompletableFutures.computeAsync(fixing, cancel -> resolve(action, cancel));
  }

  /** Lints every open document again (after the rules changed). */
  void relintAll() {
    published.clear(); // found under the old rules
    lastGood.clear();
    open.keySet().forEach(this::schedule);
  }

  /** Lints the open documents again after files changed on disk. */
  void refresh(List<Path> changed) {
    linting.execute(
        () -> {
          changed.forEach(path -> restore(workspace.lintMirror(), path.toUri().toString()));
          published.clear();
          open.keySet().forEach(this::schedule);
        });
    fixing.execute(
        () -> changed.forEach(path -> restore(workspace.fixMirror(), path.toUri().toString())));
  }

  private void update(Snapshot snapshot) {
    open.put(snapshot.uri(), snapshot);
    schedule(snapshot.uri());
  }

  /**
   * Lints a document's tree after the debounce delay; a lint that has not started yet waits anew.
   */
  private void schedule(String uri) {
    pending.compute(
        uri,
        (u, waiting) -> {
          if (waiting != null) {
            waiting.cancel(false); // not started yet: this newer turn replaces it
          }
          return linting.schedule(() -> lint(u), debounceMillis, TimeUnit.MILLISECONDS);
        });
  }

  /** Lints the tree of one document; publishes for every open document of that tree. */
  private void lint(String uri) {
    Snapshot snapshot = open.get(uri);
    Published last = published.get(uri);
    if (snapshot == null || last != null && last.of() == snapshot) {
      return; // closed, or published at this version by the lint of another document
    }
    Mirror mirror = workspace.lintMirror();
    Map<Path, Snapshot> inTree = new LinkedHashMap<>();
    Mirror.Place place;
    try {
      place = mirror.place(uri);
      for (Snapshot other : open.values()) {
        Mirror.Place there = placeOrReject(mirror, other.uri());
        if (there != null && there.tree().equals(place.tree())) {
          mirror.write(there, other.text());
          inTree.put(there.file(), other);
        }
      }
    } catch (IllegalArgumentException e) {
      reject(uri, e);
      return;
    } catch (IOException e) {
      log(MessageType.Error, "cannot copy " + uri + " for the linter: " + e);
      return;
    }
    LintResult result;
    try {
      result = workspace.lint(place.tree(), inTree.keySet());
    } catch (IOException | RuntimeException e) {
      log(MessageType.Error, "cannot lint " + uri + ": " + e);
      return;
    }
    result
        .summary()
        .failures()
        .forEach(
            f ->
                log(
                    MessageType.Error,
                    "internal error in rule "
                        + f.rule()
                        + " at line "
                        + f.line()
                        + " of "
                        + f.file()
                        + ": "
                        + f.describe()
                        + " at "
                        + String.join(" < ", f.frames())));
    Map<Path, List<Finding>> byFile = new HashMap<>();
    result.findings().forEach(f -> byFile.computeIfAbsent(f.file(), k -> new ArrayList<>()).add(f));
    Map<Path, FileError> errors = new HashMap<>();
    result.summary().errors().forEach(e -> errors.putIfAbsent(e.file(), e));
    inTree.forEach(
        (file, written) -> {
          if (open.get(written.uri()) != written) {
            return; // changed again while linting: its own turn is pending
          }
          List<Diagnostic> findings =
              byFile.getOrDefault(file, List.of()).stream()
                  .map(f -> Protocol.diagnostic(f, path -> uriOf(path, inTree, mirror)))
                  .toList();
          publish(written, findings, errors.get(file));
        });
  }

  private void publish(Snapshot snapshot, List<Diagnostic> findings, FileError error) {
    List<Diagnostic> shown;
    if (error == null) {
      lastGood.put(snapshot.uri(), new Published(snapshot, findings));
      shown = findings;
    } else {
      Published good = lastGood.get(snapshot.uri());
      List<Diagnostic> kept =
          good == null
              ? List.of()
              : KeptFindings.across(
                  snapshot.uri(), good.of().text(), snapshot.text(), good.findings());
      shown = new ArrayList<>();
      shown.add(Protocol.parseError(error, snapshot.text()));
      shown.addAll(kept);
    }
    published.put(snapshot.uri(), new Published(snapshot, shown));
    client.publishDiagnostics(
        new PublishDiagnosticsParams(snapshot.uri(), shown, snapshot.version()));
  }

  /** The document URI of a path the linter or the fixer named in a mirror. */
  private static String uriOf(Path path, Map<Path, Snapshot> open, Mirror mirror) {
    Snapshot doc = open.get(path);
    if (doc != null) {
      return doc.uri();
    }
    return mirror.real(path).orElse(path).toUri().toString();
  }

  private List<Either<Command, CodeAction>> actions(CodeActionParams params, CancelChecker cancel) {
    String uri = params.getTextDocument().getUri();
    Snapshot snapshot = open.get(uri);
    if (snapshot == null || rejected.contains(uri)) {
      return List.of();
    }
    Range range = params.getRange();
    List<String> only = params.getContext() == null ? null : params.getContext().getOnly();
    List<Either<Command, CodeAction>> actions = new ArrayList<>();
    if (wanted(only, CodeActionKind.QuickFix, true)) {
      Published now = published.get(uri);
      List<Diagnostic> inRange =
          now == null || now.of() != snapshot
              ? null
              : now.findings().stream()
                  .filter(d -> !Protocol.PARSE_ERROR.equals(d.getCode().getLeft()))
                  .filter(d -> Protocol.touches(d.getRange(), range))
                  .toList();
      // the findings published for this version tell whether the fixer has anything to rewrite
      if (inRange == null || inRange.stream().anyMatch(d -> rule(d).fix().rewrite().isPresent())) {
        Fixed fixed = fix(snapshot, f -> Protocol.touches(f, range), cancel);
        if (fixed != null) {
          for (FileFix file : fixed.result().files()) {
            for (AppliedFix fix : file.fixes()) {
              actions.add(Either.forRight(quickFix(fix, file, fixed)));
            }
            if (support.disabledActions()) {
              file.suggestions()
                  .forEach(
                      s -> actions.add(Either.forRight(noFix(s.finding().rule(), s.reason()))));
            }
          }
        }
      } else if (support.disabledActions()) {
        inRange.forEach(
            d -> actions.add(Either.forRight(noFix(rule(d), rule(d).fix().reason().orElse("")))));
      }
      if (inRange != null) {
        inRange.stream()
            .map(d -> suppress(snapshot, d))
            .filter(Objects::nonNull)
            .forEach(a -> actions.add(Either.forRight(a)));
      }
    }
    // computing every fix of a file can take long: offered unasked only to a client that resolves
    if (wanted(only, FIX_ALL, support.resolveEdits())) {
      CodeAction all = new CodeAction("forkscope: fix all in this file");
      all.setKind(FIX_ALL);
      JsonObject data = new JsonObject();
      data.addProperty("uri", uri);
      data.addProperty("version", snapshot.version());
      all.setData(data);
      CodeAction resolved = support.resolveEdits() ? all : resolve(all, cancel);
      if (resolved.getEdit() != null || support.resolveEdits()) {
        actions.add(Either.forRight(resolved));
      }
    }
    cancel.checkCanceled();
    return open.get(uri) == snapshot ? actions : List.of();
  }

  /** Fills in the edit of "fix all in this file" for the version it was offered at. */
  private CodeAction resolve(CodeAction action, CancelChecker cancel) {
    if (!(action.getData() instanceof JsonObject data)
        || !data.has("uri")
        || !data.has("version")) {
      return action;
    }
    Snapshot snapshot = open.get(data.get("uri").getAsString());
    if (snapshot == null || snapshot.version() != data.get("version").getAsInt()) {
      return action; // the file changed since the action was offered: no edit
    }
    Fixed fixed = fix(snapshot, f -> true, cancel);
    cancel.checkCanceled();
    if (fixed == null || fixed.result().fixCount() == 0 || open.get(snapshot.uri()) != snapshot) {
      return action;
    }
    Map<String, List<TextEdit>> edits = new LinkedHashMap<>();
    fixed.result().files().stream()
        .filter(FileFix::changed)
        .forEach(
            file ->
                edits.put(
                    fixed.uris().get(file.path()),
                    file.fixes().stream().flatMap(fix -> fix.edits().stream()).toList()));
    action.setEdit(Protocol.edit(edits, fixed.texts(), fixed.versions()));
    return action;
  }

  /**
   * A fixer run on the project for some findings of one document.
   *
   * @param uris the document URI of each file of the result
   * @param texts each edited document's text the edits apply to
   * @param versions each open document's version the edits were computed for
   */
  private record Fixed(
      FixResult result,
      Map<Path, String> uris,
      Map<String, String> texts,
      Map<String, Integer> versions) {}

  /** Fixes the findings of a document that {@code only} accepts; null if that cannot be done. */
  private Fixed fix(Snapshot snapshot, Predicate<Finding> only, CancelChecker cancel) {
    Mirror mirror = workspace.fixMirror();
    Map<Path, Snapshot> inTree = new LinkedHashMap<>();
    Mirror.Place place;
    try {
      place = mirror.place(snapshot.uri());
      for (Snapshot other : open.values()) {
        Snapshot text = other.uri().equals(snapshot.uri()) ? snapshot : other;
        Mirror.Place there = placeOrNull(mirror, text.uri());
        if (there != null && there.tree().equals(place.tree())) {
          mirror.write(there, text.text());
          inTree.put(there.file(), text);
        }
      }
    } catch (IllegalArgumentException | IOException e) {
      log(MessageType.Error, "cannot copy " + snapshot.uri() + " for the fixer: " + e);
      return null;
    }
    cancel.checkCanceled();
    if (open.get(snapshot.uri()) != snapshot) {
      return null; // changed since the request: an answer now could only be dropped
    }
    FixResult result;
    try {
      result = workspace.fix(place.tree(), only.and(f -> f.file().equals(place.file())));
    } catch (IOException | RuntimeException e) {
      log(MessageType.Error, "cannot fix " + snapshot.uri() + ": " + e);
      return null;
    }
    Map<Path, String> uris = new HashMap<>();
    Map<String, String> texts = new HashMap<>();
    Map<String, Integer> versions = new HashMap<>();
    for (FileFix file : result.files()) {
      String uri = uriOf(file.path(), inTree, mirror);
      uris.put(file.path(), uri);
      texts.put(uri, file.original());
      Snapshot doc = inTree.get(file.path());
      if (doc != null) {
        if (!doc.text().equals(file.original())) {
          return null; // the fixer read another text than the version's: never edit on it
        }
        versions.put(uri, doc.version());
      }
    }
    return new Fixed(result, uris, texts, versions);
  }

  private CodeAction quickFix(AppliedFix fix, FileFix file, Fixed fixed) {
    CodeAction action = new CodeAction("forkscope: " + fix.description());
    action.setKind(CodeActionKind.QuickFix);
    action.setIsPreferred(true);
    String uri = fixed.uris().get(file.path());
    action.setDiagnostics(
        fix.findings().stream().map(f -> Protocol.diagnostic(f, p -> uri)).toList());
    action.setEdit(Protocol.edit(Map.of(uri, fix.edits()), fixed.texts(), fixed.versions()));
    return action;
  }

  private static CodeAction noFix(Rule rule, String reason) {
    CodeAction action = new CodeAction("forkscope: no safe fix for " + rule.id());
    action.setKind(CodeActionKind.QuickFix);
    action.setDisabled(new CodeActionDisabled(reason));
    return action;
  }

  /** The rule of a finding's diagnostic. */
  private static Rule rule(Diagnostic finding) {
    return Rules.byId(finding.getCode().getLeft()).orElseThrow();
  }

  private static CodeAction suppress(Snapshot snapshot, Diagnostic finding) {
    String rule = finding.getCode().getLeft();
    return Suppression.at(snapshot.text(), finding.getRange().getStart().getLine() + 1, rule)
        .map(
            edit -> {
              CodeAction action = new CodeAction("forkscope: suppress " + rule + " here");
              action.setKind(CodeActionKind.QuickFix);
              action.setDiagnostics(List.of(finding));
              action.setEdit(
                  Protocol.edit(
                      Map.of(snapshot.uri(), List.of(edit)),
                      Map.of(snapshot.uri(), snapshot.text()),
                      Map.of(snapshot.uri(), snapshot.version())));
              return action;
            })
        .orElse(null);
  }

  /**
   * Whether a request for the kinds {@code only} asks for actions of {@code kind}; a request that
   * names no kind gets them if {@code unasked}.
   */
  private static boolean wanted(List<String> only, String kind, boolean unasked) {
    return only == null || only.isEmpty()
        ? unasked
        : only.stream().anyMatch(k -> kind.equals(k) || kind.startsWith(k + "."));
  }

  /** Where a document lies in a mirror; null for a URI that names no file (the linter logs it). */
  private static Mirror.Place placeOrNull(Mirror mirror, String uri) {
    try {
      return mirror.place(uri);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private Mirror.Place placeOrReject(Mirror mirror, String uri) {
    try {
      return mirror.place(uri);
    } catch (IllegalArgumentException e) {
      reject(uri, e);
      return null;
    }
  }

  private void reject(String uri, IllegalArgumentException e) {
    if (rejected.add(uri)) {
      log(MessageType.Warning, "not linted: " + uri + " " + e.getMessage());
    }
  }

  private void restore(Mirror mirror, String uri) {
    try {
      mirror.restore(mirror.place(uri));
    } catch (IllegalArgumentException e) {
      // a URI that was never linted has no copy
    } catch (IOException e) {
      log(MessageType.Warning, "cannot restore the copy of " + uri + ": " + e);
    }
  }

  private void log(MessageType type, String message) {
    client.logMessage(new MessageParams(type, "forkscope: " + message));
  }
}
