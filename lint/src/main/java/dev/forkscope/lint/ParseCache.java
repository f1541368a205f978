package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parsed files kept from one lint run to the next, so that linting a project again after a change
 * parses only the files whose text changed. Give the same cache to the linters of successive runs
 * over the same files ({@link Linter.Builder#cache}); the result of a run is the same with or
 * without it.
 *
 * <pre>{@code
 * ParseCache cache = new ParseCache();
 * Linter.builder().cache(cache).build().lint(List.of(src)); // parses what it needs
 * Linter.builder().cache(cache).build().lint(List.of(src)); // parses only the changed files
 * }</pre>
 *
 * <p>Implementation note: an entry is a file's path, the exact text it was parsed from, and the
 * outcome (the syntax tree with its {@link Outline}, or the parse error); a run takes an entry only
 * if the file's text is the same, character for character, and otherwise parses again and replaces
 * it. Each file's pre-scan (with the names a run with {@link Linter.Builder#findingsIn} takes from
 * the text) is kept likewise, with the text. Nothing else is kept: every run reads the files and
 * builds its index and analysis anew from the kept trees, so a run decides what to parse, and
 * counts as parsed, exactly as it would without the cache. The trees are shared read-only between
 * runs, as they are between one run's workers: nothing in the analysis modifies a tree, and the
 * printer is installed before a tree is shared ({@code SourceFile}). After a run, the entries of
 * files that run did not see are dropped, so a cache holds at most one project's parsed files: one
 * cache per set of linted paths. Safe for concurrent use (concurrent runs may only cost each other
 * entries, never a wrong result).
 */
public final class ParseCache {
  /** A parse outcome: either {@code unit} and its {@code outline} are set, or {@code error} is. */
  record Parsed(String text, CompilationUnit unit, Outline outline, FileError error) {}

  /** A text and its pre-scan. */
  private record Scanned(String text, SourceFile.Scan scan) {}

  private final Map<Path, Parsed> byPath = new ConcurrentHashMap<>();
  private final Map<Path, Scanned> scans = new ConcurrentHashMap<>();
  private final boolean keepsScans;

  /** An empty cache. */
  public ParseCache() {
    this(true);
  }

  /**
   * @param keepsScans whether pre-scans are kept with their texts: not for the cache of one run,
   *     which would otherwise hold the text of every file (a run keeps the text of candidates only)
   */
  ParseCache(boolean keepsScans) {
    this.keepsScans = keepsScans;
  }

  /** The outcome of parsing {@code text} as {@code path}, if kept; else null. */
  Parsed get(Path path, String text) {
    Parsed kept = byPath.get(path);
    return kept != null && kept.text().equals(text) ? kept : null;
  }

  void put(Path path, Parsed parsed) {
    byPath.put(path, parsed);
  }

  /** The pre-scan of {@code text} as {@code path}: kept if the text is the same, else made anew. */
  SourceFile.Scan scan(Path path, String text, boolean withNames) {
    Scanned kept = keepsScans ? scans.get(path) : null;
    if (kept != null && kept.text().equals(text) && (!withNames || kept.scan().names() != null)) {
      return kept.scan();
    }
    SourceFile.Scan scan = SourceFile.scan(text, withNames);
    if (keepsScans) {
      scans.put(path, new Scanned(text, scan));
    }
    return scan;
  }

  /** Drops the entries of every file not among {@code paths}. */
  void retain(Collection<Path> paths) {
    Set<Path> kept = new HashSet<>(paths);
    byPath.keySet().retainAll(kept);
    scans.keySet().retainAll(kept);
  }

  /** The kept tree of a file, or null: for tests that check what was parsed again. */
  CompilationUnit unit(Path path) {
    Parsed kept = byPath.get(path);
    return kept == null ? null : kept.unit();
  }
}
