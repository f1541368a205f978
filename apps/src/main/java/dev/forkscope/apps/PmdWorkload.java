package dev.forkscope.apps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.LanguageRegistry;
import net.sourceforge.pmd.reporting.Report;

/**
 * PMD 7 checking a generated Java source tree ({@code files}, default 300; the suite asks for 200)
 * with its quick-start rules on {@code threads} threads, as DaCapo's pmd. PMD submits one task per
 * file, an anonymous {@code PmdRunnable} of its {@code MultiThreadProcessor}, to a fixed pool: K
 * files give K executions per iteration.
 *
 * <p>The optimized variant is tgp's change to pmd (Rosà et al. (2019), §10.1), made in a thin
 * wrapper rather than in PMD: the files are split into one {@link FileGroup} per thread, each
 * checked by a PMD analysis of its own on PMD's single-threaded processor, so that a handful of
 * large tasks replace one task per file.
 */
final class PmdWorkload implements Workload {
  static final String PER_FILE_TASK = "net.sourceforge.pmd.lang.impl.MultiThreadProcessor$1";

  private List<Path> sources;
  private int threads;
  private boolean optimized;
  private int iterations;

  @Override
  public void setUp(Path work, Settings settings) throws IOException {
    int files = settings.intValue("files", 300);
    threads = settings.intValue("threads", 2);
    optimized = settings.optimized();
    Path root = work.resolve("pmd-" + files + "files");
    JavaSources.generate(root, files, 18);
    try (Stream<Path> walk = Files.walk(root)) {
      sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  @Override
  public void run() throws Exception {
    if (optimized) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<Integer>> groups = new ArrayList<>();
        for (int g = 0; g < threads; g++) {
          List<Path> group = new ArrayList<>();
          for (int i = g; i < sources.size(); i += threads) {
            group.add(sources.get(i));
          }
          groups.add(pool.submit(new FileGroup(group)));
        }
        for (Future<Integer> g : groups) {
          g.get();
        }
      } finally {
        pool.shutdown();
      }
    } else {
      check(sources, threads);
    }
    iterations++;
  }

  @Override
  public List<ExactCheck> checks() {
    return optimized
        ? List.of(
            new ExactCheck("file groups", FileGroup.class.getName(), (long) threads * iterations))
        : List.of(
            new ExactCheck("per-file tasks", PER_FILE_TASK, (long) sources.size() * iterations));
  }

  /** Checks {@code files} on {@code threads} threads of PMD's own (0: on the calling thread). */
  private static int check(List<Path> files, int threads) {
    PMDConfiguration config = new PMDConfiguration();
    config.setThreads(threads);
    files.forEach(config::addInputPath);
    config.addRuleSet("rulesets/java/quickstart.xml");
    config.setDefaultLanguageVersion(LanguageRegistry.PMD.getLanguageVersionById("java", "17"));
    config.setIgnoreIncrementalAnalysis(true);
    try (PmdAnalysis pmd = PmdAnalysis.create(config)) {
      Report report = pmd.performAnalysisAndCollectReport();
      if (report.getViolations().isEmpty() || !report.getProcessingErrors().isEmpty()) {
        throw new IllegalStateException(
            "PMD found "
                + report.getViolations().size()
                + " violations and "
                + report.getProcessingErrors().size()
                + " processing errors");
      }
      return report.getViolations().size();
    }
  }

  /** Some of the files, checked by one task. */
  static final class FileGroup implements Callable<Integer> {
    private final List<Path> files;

    FileGroup(List<Path> files) {
      this.files = files;
    }

    @Override
    public Integer call() {
      return check(files, 0);
    }
  }
}
