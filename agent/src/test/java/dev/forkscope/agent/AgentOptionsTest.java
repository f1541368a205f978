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
    assertThat(o.problems).isEmpty();
  }

  @Test
  void knownOptionsAreApplied() {
    AgentOptions o = AgentOptions.parse("out=/tmp/x, cpu=all,contexts=false");
    assertThat(o.out).isEqualTo(Path.of("/tmp/x"));
    assertThat(o.cpu).isEqualTo("all");
    assertThat(o.contexts).isFalse();
    assertThat(o.problems).isEmpty();
    assertThat(o.given).containsEntry("cpu", "all").containsEntry("out", "/tmp/x");
  }

  @Test
  void unknownOptionsAndBadValuesAreReportedOneLineEachAndDefaulted() {
    AgentOptions o = AgentOptions.parse("cpux=all,cpu=some,contexts=maybe,out=");
    assertThat(o.cpu).isEqualTo("sampled");
    assertThat(o.contexts).isTrue();
    assertThat(o.out).isEqualTo(Path.of(AgentOptions.DEFAULT_OUT));
    assertThat(o.problems)
        .containsExactly(
            "unknown option 'cpux' ignored (known: out, cpu, contexts)",
            "option cpu must be off, sampled or all, not 'some'; using sampled",
            "option contexts must be true or false, not 'maybe'; using true",
            "option out needs a directory (out=DIR); using forkscope-out");
  }
}
