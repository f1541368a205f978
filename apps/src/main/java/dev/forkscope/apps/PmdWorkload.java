package dev.forkscope.apps;

import java.nio.file.Path;
import java.util.List;
import net.sourceforge.pmd.PMDConfiguration;
import net.sourceforge.pmd.PmdAnalysis;
import net.sourceforge.pmd.lang.LanguageRegistry;
import net.sourceforge.pmd.reporting.Report;

/**
 * PMD 7 checking a generated Java source tree ({@code files}, default 400) with its quick-start
 * rules on {@code threads} threads, as DaCapo's pmd. PMD submits one task per file, an anonymous
 * {@code PmdRunnable} of its {@code MultiThreadProcessor}, to a fixed pool: K files give K
 * executions per iteration.
 */
final class PmdWorkload implements Workload {
  static final String PER_FILE_TASK = "net.sourceforge.pmd.lang.impl.MultiThreadProcessor$1";

  private PMDConfiguration config;
  private int files;
  private int iterations;

  @Override
  public void setUp(Path work, Settings settings) throws Exception {
    files = settings.intValue("files", 400);
    Path sources = work.resolve("pmd-sources");
    JavaSources.generate(sources, files, 18);
    config = new PMDConfiguration();
    config.setThreads(settings.intValue("threads", 2));
    config.addInputPath(sources);
    config.addRuleSet("rulesets/java/quickstart.xml");
    config.setDefaultLanguageVersion(LanguageRegistry.PMD.getLanguageVersionById("java", "17"));
    config.setIgnoreIncrementalAnalysis(true);
  }

  @Override
  public void run() {
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
    }
    iterations++;
  }

  @Override
  public List<ExactCheck> checks() {
    return List.of(new ExactCheck("per-file tasks", PER_FILE_TASK, (long) files * iterations));
  }
}
