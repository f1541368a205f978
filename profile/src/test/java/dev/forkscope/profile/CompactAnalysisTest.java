package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.output.Exports;
import dev.forkscope.profile.trace.SyntheticTrace;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The analysis over columns (the trace's {@code ExecutionTable} and {@code EventTable}, analyses by
 * index) gives what the analysis over one object per record gave: the golden files are that
 * analysis's {@code summary.json} (counts, medians, totals, intervals, verdicts, work and span) and
 * {@code tasks.csv} digest for the same synthetic traces, recorded in full and sampled. (The
 * verdicts' reasons were changed later on both sides alike, and the files made again from the
 * object analysis with that change, whose output the columnar one matched byte for byte.) The
 * summary is the same whether work/span and the runtime findings run beside the class profiles or
 * after them.
 */
class CompactAnalysisTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "1, true, synthetic-full, 3a85f93905a14240dac018f597262b89c38cd5a986e691a6ebab7418550b7900",
    "1, false, synthetic-full-no-aggregate,"
        + " 3a85f93905a14240dac018f597262b89c38cd5a986e691a6ebab7418550b7900",
    "16, true, synthetic-sampled16,"
        + " a9bb2c4865747fc2d3bc20a097acc6dcbda05aeb3e0b22353a4ff418bb1c663a"
  })
  void givesTheSummaryAndTasksOfTheObjectAnalysis(
      int period, boolean aggregate, String golden, String tasksSha256) throws Exception {
    SyntheticTrace.write(dir, 20_000, period, 1);
    Trace trace = TraceReader.read(dir);
    for (boolean concurrently : new boolean[] {false, true}) {
      Profile profile =
          Analysis.analyze(
              trace,
              LayersReader.read(dir),
              new AnalysisOptions(aggregate, VerdictMode.RELATIVE),
              concurrently);

      StringWriter summary = new StringWriter();
      Exports.writeSummaryJson(profile, summary);
      assertThat(summary.toString())
          .as("concurrently: %s", concurrently)
          .isEqualTo(resource(golden + ".summary.json"));
    }
    StringWriter tasks = new StringWriter();
    assertThat(Exports.writeTasksCsv(trace, tasks, Long.MAX_VALUE)).isZero();
    assertThat(sha256(tasks.toString())).isEqualTo(tasksSha256);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = CompactAnalysisTest.class.getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String sha256(String text) throws NoSuchAlgorithmException {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }
}
