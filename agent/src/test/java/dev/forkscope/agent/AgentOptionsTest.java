package dev.forkscope.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {
  @Test
  void noOptionsGiveTheDefaults() {
    AgentOptions o = AgentOptions.parse(null);
    assertThat(o.out).isEqualTo(Path.of(AgentOptions.DEFAULT_OUT));
    assertThat(o.cpu).isEqualTo("sampled");
    assertThat(o.contexts).isTrue();
    assertThat(o.sampling).isTrue();
    assertThat(o.waitPeriodNs).isEqualTo(AgentOptions.DEFAULT_WAIT_MS * 1_000_000);
    assertThat(o.problems).isEmpty();
  }

  @Test
  void knownOptionsAreApplied() {
    AgentOptions o = AgentOptions.parse("out=/tmp/x, cpu=all,contexts=false,sampling=off,waits=20");
    assertThat(o.out).isEqualTo(Path.of("/tmp/x"));
    assertThat(o.cpu).isEqualTo("all");
    assertThat(o.contexts).isFalse();
    assertThat(o.sampling).isFalse();
    assertThat(o.waitPeriodNs).isEqualTo(20_000_000);
    assertThat(AgentOptions.parse("waits=off").waitPeriodNs).isZero();
    assertThat(o.problems).isEmpty();
    assertThat(o.given).containsEntry("cpu", "all").containsEntry("out", "/tmp/x");
  }

  @Test
  void unknownOptionsAndBadValuesAreReportedOneLineEachAndDefaulted() {
    AgentOptions o = AgentOptions.parse("cpux=all,cpu=some,contexts=maybe,out=,sampling=1,waits=0");
    assertThat(o.cpu).isEqualTo("sampled");
    assertThat(o.contexts).isTrue();
    assertThat(o.sampling).isTrue();
    assertThat(o.out).isEqualTo(Path.of(AgentOptions.DEFAULT_OUT));
    assertThat(o.problems)
        .containsExactly(
            "unknown option 'cpux' ignored (known: out, cpu, contexts, sampling, waits, duration,"
                + " stop)",
            "option cpu must be off, sampled or all, not 'some'; using sampled",
            "option contexts must be true or false, not 'maybe'; using true",
            "option out needs a directory (out=DIR); using forkscope-out",
            "option sampling must be on or off, not '1'; using on",
            "option waits must be off or a period in milliseconds from 1 to 1000, not '0'; using 5");
  }

  @Test
  void attachOptions() {
    AgentOptions o = AgentOptions.parse("out=/tmp/x,duration=1500");
    assertThat(o.durationMs).isEqualTo(1500);
    assertThat(o.stop).isFalse();
    assertThat(o.problems).isEmpty();
    assertThat(AgentOptions.parse("stop").stop).isTrue();
    assertThat(AgentOptions.parse(null).durationMs).isZero();
    AgentOptions bad = AgentOptions.parse("duration=-3");
    assertThat(bad.durationMs).isZero();
    assertThat(bad.problems)
        .containsExactly(
            "option duration must be a positive number of milliseconds, not '-3'; recording until"
                + " stopped");
  }
}
