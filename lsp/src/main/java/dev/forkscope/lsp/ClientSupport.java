package dev.forkscope.lsp;

import java.util.Optional;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionCapabilities;

/**
 * What the client said it supports, of what the server may use.
 *
 * @param disabledActions code actions with {@code disabled} (literal code actions, disabledSupport)
 * @param resolveEdits {@code codeAction/resolve} filling in an action's edit
 * @param workDoneProgress progress the server starts ({@code window/workDoneProgress/create})
 * @param watchedFiles watched files the server registers for
 */
record ClientSupport(
    boolean disabledActions, boolean resolveEdits, boolean workDoneProgress, boolean watchedFiles) {
  static final ClientSupport NONE = new ClientSupport(false, false, false, false);

  static ClientSupport of(ClientCapabilities capabilities) {
    if (capabilities == null) {
      return NONE;
    }
    Optional<CodeActionCapabilities> actions =
        Optional.ofNullable(capabilities.getTextDocument()).map(t -> t.getCodeAction());
    return new ClientSupport(
        actions
            .filter(a -> a.getCodeActionLiteralSupport() != null)
            .map(a -> Boolean.TRUE.equals(a.getDisabledSupport()))
            .orElse(false),
        actions
            .map(a -> a.getResolveSupport())
            .map(r -> r.getProperties() != null && r.getProperties().contains("edit"))
            .orElse(false),
        Optional.ofNullable(capabilities.getWindow())
            .map(w -> Boolean.TRUE.equals(w.getWorkDoneProgress()))
            .orElse(false),
        Optional.ofNullable(capabilities.getWorkspace())
            .map(w -> w.getDidChangeWatchedFiles())
            .map(w -> Boolean.TRUE.equals(w.getDynamicRegistration()))
            .orElse(false));
  }
}
