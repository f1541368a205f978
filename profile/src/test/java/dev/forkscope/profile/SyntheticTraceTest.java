package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.trace.SyntheticTrace;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One fork/join run (forks, joins, nested leaves, helping) recorded in full and sampled 1 in 16:
 * the sampled analysis counts exactly what the full one counts, and its intervals hold the full
 * run's figures.
 */
class SyntheticTraceTest {
  private static final long EXECUTIONS = 200_000;

  @TempDir Path dir;

  private Profile analyse(String name, int period) throws IOException {
    Path trace = dir.resolve(name);
    SyntheticTrace.write(trace, EXECUTIONS, period, 7);
    return Analysis.analyze(TraceReader.read(trace), AnalysisOptions.defaults());
  }

  private static TaskClassProfile leaf(Profile p) {
    return p.taskClasses().stream()
        .filter(c -> c.taskClass().equals("app.Leaf"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theSampledRunCountsExactlyAndItsIntervalsHoldTheFullRun() throws IOException {
    Profile full = analyse("full", 1);
    Profile sampled = analyse("sampled", 16);

    TaskClassProfile all = leaf(full);
    TaskClassProfile some = leaf(sampled);
    assertThat(all.sampling().sampled()).isFalse();
    assertThat(some.sampling().sampled()).isTrue();
    assertThat(some.executions()).isEqualTo(all.executions()).isEqualTo(EXECUTIONS / 10 * 9);
    assertThat(some.sampling().sampleSize()).isLessThan(all.executions() / 10);
    assertThat(some.sampling().medianCi95().contains(all.granularity().median())).isTrue();
    assertThat(some.sampling().totalCi95().contains(all.granularity().total())).isTrue();
    assertThat(sampled.neverExecuted()).isEqualTo(full.neverExecuted()).isEqualTo(8);

    assertThat(full.workSpan()).singleElement().satisfies(w -> assertThat(w.estimated()).isFalse());
    assertThat(sampled.workSpan())
        .singleElement()
        .satisfies(w -> assertThat(w.estimated()).isTrue())
        .satisfies(w -> assertThat(w.spanNs()).isEqualTo(-1))
        .satisfies(
            w ->
                assertThat((double) w.workNs() / full.workSpan().get(0).workNs())
                    .isBetween(0.9, 1.1));
  }
}
