package dev.forkscope.report;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Exports;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a profile run's directory gets from its trace: {@code summary.json}, {@code tasks.csv}
 * and {@value HtmlReport#FILE}. The one path behind {@code forkscope profile}, {@code forkscope
 * report} and the Maven plugin's {@code report} goal.
 */
public final class ReportFiles {

  /**
   * What {@link #write} made.
   *
   * @param profile the analysis the files show
   * @param files the files written, in the order above
   */
  public record Written(Profile profile, List<Path> files) {
    public Written {
      files = List.copyOf(files);
    }
  }

  private ReportFiles() {}

  /**
   * Analyses {@code trace} (read from {@code dir}) with the layers recorded beside it and writes
   * the files into {@code dir}, each through a temporary file.
   */
  public static Written write(Path dir, Trace trace, AnalysisOptions options) throws IOException {
    Layers layers = LayersReader.read(dir);
    Profile profile = Analysis.analyze(trace, layers, options);
    List<Path> files = new ArrayList<>(Exports.writeInto(dir, trace, profile));
    files.add(HtmlReport.write(dir, trace, profile, layers));
    return new Written(profile, files);
  }
}
