package dev.forkscope.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * The server's settings: {@code {"rules": ["copy-on-fork", ...], "debounceMillis": 25}}, given as
 * initialization options or pushed with {@code workspace/didChangeConfiguration}, either alone or
 * inside a {@code forkscope} section. No rules, or an empty list, means all rules; an unknown rule
 * id is shown to the user and the rules stay as they were.
 */
final class SettingsService implements WorkspaceService {
  private final Workspace workspace;
  private final DocumentService documents;
  private volatile LanguageClient client;

  SettingsService(Workspace workspace, DocumentService documents) {
    this.workspace = workspace;
    this.documents = documents;
  }

  void connect(LanguageClient client) {
    this.client = client;
  }

  @Override
  public void didChangeConfiguration(DidChangeConfigurationParams params) {
    if (apply(params.getSettings())) {
      documents.relintAll();
    }
  }

  @Override
  public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
    List<Path> changed = new ArrayList<>();
    for (FileEvent event : params.getChanges()) {
      try {
        changed.add(Path.of(new URI(event.getUri())));
      } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
        // not a file of the workspace folders: nothing was copied for it
      }
    }
    if (!changed.isEmpty()) {
      documents.refresh(changed);
    }
  }

  /** Applies settings in either form; returns whether the rules were taken. */
  boolean apply(Object settings) {
    if (!(settings instanceof JsonObject object)) {
      return false;
    }
    if (object.get(Protocol.SOURCE) instanceof JsonObject section) {
      object = section;
    }
    if (object.get("debounceMillis") instanceof JsonPrimitive delay && delay.isNumber()) {
      documents.debounce(Math.max(0, delay.getAsLong()));
    }
    List<String> ids = new ArrayList<>();
    JsonElement rules = object.get("rules");
    if (rules instanceof JsonArray array) {
      array.forEach(e -> ids.add(e.getAsString()));
    } else if (rules != null && !rules.isJsonNull()) {
      show("forkscope: the setting 'rules' must be a list of rule ids");
      return false;
    }
    try {
      workspace.rules(ids);
      return true;
    } catch (IllegalArgumentException e) {
      show("forkscope: " + e.getMessage());
      return false;
    }
  }

  private void show(String message) {
    client.showMessage(new MessageParams(MessageType.Error, message));
  }
}
