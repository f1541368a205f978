package dev.forkscope.lint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * The static checker: finds fork/join bottlenecks and misuse in Java sources.
 *
 * <pre>{@code
 * LintResult result = Linter.builder().rules(List.of("copy-on-fork")).build().lint(List.of(Path.of("src")));
 * }</pre>
 *
 * <p>Implementation note: a run has four phases. (1) Every file is read in parallel and pre-scanned
 * as text. (2) Files that mention fork/join, parallel streams or async stages are parsed in
 * parallel and indexed. (3) Skipped files that extend a project task class are parsed too, until
 * nothing changes; files that only declare a method a task calls are parsed on demand during (4).
 * (4) Each parsed candidate is analysed in parallel by the shared traversal ({@link Analyzer}).
 * Most files of a large code base never reach the parser; they count as {@code skipped}. Unreadable
 * or unparsable files end up in {@link Summary#errors()} and never stop the run; a rule that throws
 * ends up in {@link Summary#failures()} and costs neither the file nor the other rules' findings.
 * With a {@link ParseCache}, phase (1) takes the pre-scan and phases (2) to (4) the trees of
 * unchanged files from the previous run instead of scanning and parsing them again; everything else
 * is done anew, apart from what is kept with a tree (its {@link Outline}: indexing an unchanged
 * file does not walk its tree). With {@link Builder#findingsIn}, phase (4) analyses only the
 * candidates whose entries can reach the chosen files ({@link Dependents}), and of the other files
 * only walks the contexts of their entries ({@link Analyzer#analyzeContexts}): their own findings
 * are not reported, so the per-file pass over their whole tree is skipped. Instances are
 * thread-safe, and immutable apart from the cache they may be given.
 */
public final class Linter {
  private final List<Rule> rules;
  private final Progress progress;
  private final int threads;
  private final ParseCache cache;
  private final Set<Path> focus;

  private Linter(
      List<Rule> rules, Progress progress, int threads, ParseCache cache, Set<Path> focus) {
    this.rules = rules;
    this.progress = progress;
    this.threads = threads;
    this.cache = cache;
    this.focus = focus;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Configures a {@link Linter}. */
  public static final class Builder {
    private List<Rule> rules = Rules.all();
    private Progress progress = Progress.NONE;
    private int threads;
    private ParseCache cache;
    private Set<Path> focus;

    private Builder() {}

    /**
     * Restricts the run to these rule ids; an empty collection means all rules.
     *
     * @throws IllegalArgumentException for an unknown id, with a one-line message
     */
    public Builder rules(Collection<String> ids) {
      if (ids.isEmpty()) {
        rules = Rules.all();
        return this;
      }
      List<Rule> chosen = new ArrayList<>();
      for (String id : new java.util.LinkedHashSet<>(ids)) {
        chosen.add(
            Rules.byId(id)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "unknown rule '"
                                + id
                                + "'; known rules: "
                                + Rules.all().stream()
                                    .map(Rule::id)
                                    .collect(Collectors.joining(", ")))));
      }
      rules = List.copyOf(chosen);
      return this;
    }

    /** Receives progress while files are analysed (from worker threads). */
    public Builder progress(Progress progress) {
      this.progress = Objects.requireNonNull(progress);
      return this;
    }

    /**
     * Runs on a pool of this many threads of its own instead of the common pool (0, the default).
     * The result does not depend on it.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder threads(int threads) {
      if (threads < 0) {
        throw new IllegalArgumentException(
            "threads must be 0 (the common pool) or more: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /**
     * Keeps parsed files in {@code cache} for the next run, and takes from it those of the previous
     * run whose text is unchanged. The result does not depend on it. Without it (the default) every
     * run parses anew.
     */
    public Builder cache(ParseCache cache) {
      this.cache = Objects.requireNonNull(cache);
      return this;
    }

    /**
     * Reports only the findings located in these files, and analyses only the files whose execution
     * contexts can reach them (see {@code Dependents}): the findings are those a run without it
     * reports in these files, at a fraction of the cost in a large project. The summary counts what
     * this run parsed. Without it (the default) every finding is reported.
     */
    public Builder findingsIn(Collection<Path> files) {
      Set<Path> chosen = new HashSet<>();
      for (Path file : files) {
        chosen.add(file.toAbsolutePath().normalize());
      }
      this.focus = Set.copyOf(chosen);
      return this;
    }

    public Linter build() {
      return new Linter(rules, progress, threads, cache, focus);
    }
  }

  /**
   * The Java files {@link #lint} reads under a folder, in the order it takes them: links followed,
   * each real file once, loops and unreadable entries left out; none if the folder does not exist.
   */
  public static List<Path> javaFiles(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    return SourceFinder.find(List.of(folder), new ArrayList<>());
  }

  /**
   * Lints files and directories (recursively, Java files only).
   *
   * @throws java.nio.file.NoSuchFileException if a given path does not exist
   * @throws IOException if a directory cannot be listed
   */
  // Reading the files from a parallel stream is blocking I/O in the common pool, deliberately: a
  // lint run owns its process, nothing else waits for the common pool, and the reads overlap with
  // the scanning.
  public LintResult lint(List<Path> paths) throws IOException {
    if (threads == 0) {
      return run(paths);
    }
    // Parallel streams started from a pool's worker run in that pool. The caller waits for a
    // CompletableFuture, not for a ForkJoinTask: a thread outside the pool that joins a
    // ForkJoinTask may run the task itself, and the streams would then run in the common pool.
    ForkJoinPool pool = new ForkJoinPool(threads);
    CompletableFuture<LintResult> result = new CompletableFuture<>();
    pool.execute(
        () -> {
          try {
            result.complete(run(paths));
          } catch (IOException | RuntimeException | Error e) {
            result.completeExceptionally(e);
          }
        });
    try {
      return result.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw (Error) e.getCause();
    } finally {
      pool.shutdown();
    }
  }

  @SuppressWarnings("forkscope:blocking-in-parallel-stream")
  private LintResult run(List<Path> paths) throws IOException {
    long start = System.nanoTime();
    List<FileError> errors = Collections.synchronizedList(new ArrayList<>());
    List<Path> files = SourceFinder.find(paths, errors);
    int total = files.size();
    ParseCache parses = cache == null ? new ParseCache(false) : cache;
    AtomicInteger done = new AtomicInteger();

    List<SourceFile> sources =
        files.parallelStream()
            .map(
                path -> {
                  try {
                    return SourceFile.read(path, parses, focus != null);
                  } catch (IOException | UncheckedIOException e) {
                    errors.add(new FileError(path, 0, "cannot read: " + e.getMessage()));
                    progress.filesDone(done.incrementAndGet(), total);
                    return null;
                  }
                })
            .filter(Objects::nonNull)
            .collect(Collectors.toList());

    ProjectIndex index = new ProjectIndex();
    List<SourceFile> candidates =
        sources.stream().filter(SourceFile::candidate).collect(Collectors.toList());
    List<SourceFile> rest = new ArrayList<>(sources);
    rest.removeAll(candidates);
    rest.forEach(index::registerText);
    parseAndIndex(candidates, index);
    addTaskSubclasses(candidates, rest, index);
    if (!rest.isEmpty()) {
      progress.filesDone(done.addAndGet(rest.size()), total);
    }

    index.freeze();
    Findings findings = new Findings();
    Analyzer analyzer = new Analyzer(index, Checks.forRules(rules), findings);
    List<SourceFile> analysed = focus == null ? candidates : reachingFocus(candidates, sources);
    if (analysed.size() < candidates.size()) {
      progress.filesDone(done.addAndGet(candidates.size() - analysed.size()), total);
    }
    analysed.parallelStream()
        .forEach(
            file -> {
              try {
                if (reported(file)) {
                  file.unit().ifPresent(unit -> analyzer.analyze(file, unit));
                } else if (file.unit().isPresent()) {
                  analyzer.analyzeContexts(file);
                }
              } catch (RuntimeException | StackOverflowError e) {
                // a defect in the traversal must not cost the user the rest of the run
                findings.fail(RuleFailure.TRAVERSAL, file, null, e);
              }
              progress.filesDone(done.incrementAndGet(), total);
            });
    analyzer.finish();

    parses.retain(files);
    long lines = 0;
    int parsed = 0;
    int skipped = 0;
    for (SourceFile file : sources) {
      lines += file.lines();
      if (!file.isParsed()) {
        skipped++;
      } else if (file.error() != null) {
        errors.add(file.error());
      } else {
        parsed++;
      }
    }
    List<Finding> sorted = findings.sorted();
    if (focus != null) {
      sorted.removeIf(f -> !focus.contains(f.file().toAbsolutePath().normalize()));
    }
    List<FileError> sortedErrors = new ArrayList<>(errors);
    sortedErrors.sort(
        Comparator.comparing((FileError e) -> e.file().toString())
            .thenComparingInt(FileError::line)
            .thenComparing(FileError::message));
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new LintResult(
        sorted,
        new Summary(
            total,
            lines,
            parsed,
            skipped,
            sortedErrors,
            findings.failures(),
            sorted.size(),
            millis));
  }

  /** Whether the findings located in a file are reported. */
  private boolean reported(SourceFile file) {
    return focus == null || focus.contains(file.path().toAbsolutePath().normalize());
  }

  /** The candidates whose entries can reach a file of the focus. */
  private List<SourceFile> reachingFocus(List<SourceFile> candidates, List<SourceFile> sources) {
    Map<Path, Dependents.Names> names = new LinkedHashMap<>();
    Set<Path> targets = new HashSet<>();
    for (SourceFile file : sources) {
      names.put(file.path(), file.names());
      if (reported(file)) {
        targets.add(file.path());
      }
    }
    Set<Path> reaching = new Dependents(names).reaching(targets, Analyzer.MAX_DEPTH);
    return candidates.stream().filter(file -> reaching.contains(file.path())).toList();
  }

  private static void parseAndIndex(List<SourceFile> files, ProjectIndex index) {
    files.parallelStream().forEach(file -> file.unit().ifPresent(unit -> index.add(file, unit)));
  }

  /** Moves skipped files that extend a task class into the candidates, until a fixpoint. */
  private static void addTaskSubclasses(
      List<SourceFile> candidates, List<SourceFile> rest, ProjectIndex index) {
    Set<String> taskNames = new HashSet<>(index.taskNames());
    while (true) {
      List<SourceFile> found = new ArrayList<>();
      for (SourceFile file : rest) {
        if (!Collections.disjoint(file.extendsNames(), taskNames)) {
          found.add(file);
        }
      }
      if (found.isEmpty()) {
        return;
      }
      rest.removeAll(found);
      candidates.addAll(found);
      found.stream()
          .filter(f -> !f.isParsed())
          .forEach(f -> f.unit().ifPresent(u -> index.add(f, u)));
      Set<String> now = index.taskNames();
      if (!taskNames.addAll(now)) {
        return;
      }
    }
  }
}
