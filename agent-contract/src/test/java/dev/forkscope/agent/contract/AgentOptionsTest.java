package dev.forkscope.agent.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.agent.contract.AgentOptions.Cpu;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {
  @Test
  void noOptionsGiveTheDefaults() {
    AgentOptions o = AgentOptions.parse(null);
    assertThat(o.out()).isEqualTo(Path.of(AgentOptions.DEFAULT_OUT));
    assertThat(o.cpu()).isEqualTo(Cpu.SAMPLED);
    assertThat(o.contexts()).isTrue();
    assertThat(o.sampling()).isTrue();
    assertThat(o.waitPeriodMs()).isEqualTo(AgentOptions.DEFAULT_WAIT_MS);
    assertThat(o.perJvm()).isFalse();
    assertThat(o.problems()).isEmpty();
    assertThat(o).isEqualTo(AgentOptions.defaults());
    assertThat(o.format()).isEmpty();
  }

  @Test
  void knownOptionsAreApplied() {
    AgentOptions o =
        AgentOptions.parse(
            "out=/tmp/x, cpu=all,contexts=false,sampling=off,waits=20,monitors=timed");
    assertThat(o.out()).isEqualTo(Path.of("/tmp/x"));
    assertThat(o.cpu()).isEqualTo(Cpu.ALL);
    assertThat(o.contexts()).isFalse();
    assertThat(o.sampling()).isFalse();
    assertThat(o.waitPeriodMs()).isEqualTo(20);
    assertThat(AgentOptions.parse("waits=off").waitPeriodMs()).isZero();
    assertThat(o.timedMonitors()).isTrue();
    assertThat(AgentOptions.parse(null).timedMonitors()).isFalse();
    assertThat(o.problems()).isEmpty();
    assertThat(o.settings()).containsEntry("cpu", "all").containsEntry("out", "/tmp/x");
  }

  @Test
  void unknownOptionsAndBadValuesAreReportedOneLineEachAndDefaulted() {
    AgentOptions o =
        AgentOptions.parse("cpux=all,cpu=some,contexts=maybe,out=,sampling=1,waits=0,monitors=all");
    assertThat(o.cpu()).isEqualTo(Cpu.SAMPLED);
    assertThat(o.contexts()).isTrue();
    assertThat(o.sampling()).isTrue();
    assertThat(o.out()).isEqualTo(Path.of(AgentOptions.DEFAULT_OUT));
    assertThat(o.problems())
        .containsExactly(
            "unknown option 'cpux' ignored (known: out, perjvm, cpu, contexts, sampling, waits,"
                + " monitors, duration, stop)",
            "option cpu must be off, sampled or all, not 'some'; using sampled",
            "option contexts must be true or false, not 'maybe'; using true",
            "option out needs a directory (out=DIR); using forkscope-out",
            "option sampling must be on or off, not '1'; using on",
            "option waits must be off or a period in milliseconds from 1 to 1000, not '0'; using 5",
            "option monitors must be timed or sampled, not 'all'; using sampled");
    assertThat(o).isEqualTo(AgentOptions.defaults());
  }

  @Test
  void aBadValueAfterAGoodOneLeavesTheDefaultItReports() {
    AgentOptions o = AgentOptions.parse("cpu=all,cpu=most,waits=20,waits=0");
    assertThat(o.cpu()).isEqualTo(Cpu.SAMPLED);
    assertThat(o.waitPeriodMs()).isEqualTo(AgentOptions.DEFAULT_WAIT_MS);
    assertThat(o.problems()).hasSize(2);
    assertThat(AgentOptions.parse("cpu=off,cpu=all").cpu()).isEqualTo(Cpu.ALL);
  }

  @Test
  void attachOptions() {
    AgentOptions o = AgentOptions.parse("out=/tmp/x,duration=1500");
    assertThat(o.durationMs()).isEqualTo(1500);
    assertThat(o.stop()).isFalse();
    assertThat(o.problems()).isEmpty();
    assertThat(AgentOptions.parse("stop").stop()).isTrue();
    assertThat(AgentOptions.parse(null).durationMs()).isZero();
    AgentOptions bad = AgentOptions.parse("duration=-3");
    assertThat(bad.durationMs()).isZero();
    assertThat(bad.problems())
        .containsExactly(
            "option duration must be a positive number of milliseconds, not '-3'; recording until"
                + " stopped");
  }

  @Test
  void theSettingsKeepWhatWasGivenInItsOrderThenTheModesInEffect() {
    AgentOptions o = AgentOptions.parse("sampling=off,bogus=1,out=/tmp/x,cpu=none");
    assertThat(o.settings())
        .containsExactly(
            entry("sampling", "off"),
            entry("bogus", "1"),
            entry("out", "/tmp/x"),
            entry("cpu", "none"),
            entry("contexts", "true"),
            entry("waits", "5"),
            entry("monitors", "sampled"));
    assertThat(AgentOptions.parse(null).settings())
        .containsExactly(
            entry("out", "forkscope-out"),
            entry("cpu", "sampled"),
            entry("contexts", "true"),
            entry("sampling", "on"),
            entry("waits", "5"),
            entry("monitors", "sampled"));
  }

  @Test
  void everyOptionFormatsAndParsesBackToTheSame() {
    AgentOptions all =
        AgentOptions.defaults()
            .withOut(Path.of("/tmp/trace dir"))
            .withPerJvm(true)
            .withCpu(Cpu.OFF)
            .withContexts(false)
            .withSampling(false)
            .withWaitsOff()
            .withTimedMonitors(true)
            .withDurationMs(1500);
    assertThat(all.format())
        .isEqualTo(
            "out=/tmp/trace dir,perjvm=true,cpu=off,contexts=false,sampling=off,waits=off,"
                + "monitors=timed,duration=1500");
    AgentOptions back = AgentOptions.parse(all.format());
    assertThat(back).isEqualTo(all);
    assertThat(back.problems()).isEmpty();
    assertThat(back.out()).isEqualTo(Path.of("/tmp/trace dir"));
    assertThat(back.perJvm()).isTrue();
    assertThat(back.cpu()).isEqualTo(Cpu.OFF);
    assertThat(back.contexts()).isFalse();
    assertThat(back.sampling()).isFalse();
    assertThat(back.waitPeriodMs()).isZero();
    assertThat(back.timedMonitors()).isTrue();
    assertThat(back.durationMs()).isEqualTo(1500);
    assertThat(back.settings()).isEqualTo(all.settings());

    for (String text : new String[] {"stop", "waits=20", "cpu=all,contexts=true,sampling=on"}) {
      AgentOptions parsed = AgentOptions.parse(text);
      assertThat(parsed.format()).isEqualTo(text);
      assertThat(AgentOptions.parse(parsed.format())).isEqualTo(parsed);
    }
  }

  @Test
  void theOptionsFormatInOneOrderWhateverTheOrderTheyWereGivenIn() {
    AgentOptions o =
        AgentOptions.defaults().withWaitsOff().withCpu(Cpu.ALL).withOut(Path.of("/tmp/x"));
    assertThat(o.format()).isEqualTo("out=/tmp/x,cpu=all,waits=off");
    assertThat(AgentOptions.parse("waits=off,out=/tmp/x,cpu=all")).isEqualTo(o);
  }

  @Test
  void whatTheOptionStringCannotCarryIsRefused() {
    assertThatThrownBy(() -> AgentOptions.defaults().withOut(Path.of("/tmp/a,b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("contains a comma");
    assertThatThrownBy(() -> AgentOptions.defaults().withDurationMs(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void cpuModesByTheirOptionValue() {
    for (Cpu c : Cpu.values()) {
      assertThat(Cpu.of(c.text())).contains(c);
    }
    assertThat(Cpu.of("ALL")).isEmpty();
  }

  @Test
  void perJvmTakesTrueOrFalse() {
    assertThat(AgentOptions.parse("perjvm=true").perJvm()).isTrue();
    AgentOptions bad = AgentOptions.parse("perjvm=yes");
    assertThat(bad.perJvm()).isFalse();
    assertThat(bad.problems())
        .containsExactly("option perjvm must be true or false, not 'yes'; using false");
  }

  private static final Path JAR = Path.of("/home/u/.cache/forkscope/forkscope-agent-0123.jar");
  private static final List<String> JIT =
      List.of(
          "-Xbootclasspath/a:/home/u/.cache/forkscope/forkscope-agent-boot-4567.jar",
          "-XX:CompileCommand=quiet",
          "-XX:CompileCommand=dontinline,dev.forkscope.agent.boot.TaskClass::of");

  @Test
  void theAgentGoesInFrontOfTheOptionsThereWere() {
    AgentOptions o = AgentOptions.defaults().withOut(Path.of("/p/target/forkscope"));
    assertThat(o.prependVMArguments(null, JAR, List.of()))
        .isEqualTo("-javaagent:" + JAR + "=out=/p/target/forkscope");
    assertThat(o.prependVMArguments("  -Xmx256m   -ea ", JAR, JIT))
        .isEqualTo(
            "-javaagent:"
                + JAR
                + "=out=/p/target/forkscope "
                + String.join(" ", JIT)
                + " -Xmx256m -ea");
  }

  @Test
  void aSecondRunReplacesTheFirstAgentAndKeepsEveryOtherOption() {
    AgentOptions first = AgentOptions.defaults().withOut(Path.of("/p/target/forkscope"));
    AgentOptions second = first.withOut(Path.of("/p/target/forkscope-it"));
    String jacoco =
        "-javaagent:/m2/org/jacoco/org.jacoco.agent-0.8.12-runtime.jar=destfile=/p/j.exec";
    String once = first.prependVMArguments(jacoco + " -Xmx1g", JAR, JIT);
    String twice = second.prependVMArguments(once, JAR, JIT);
    assertThat(twice)
        .isEqualTo(second.prependVMArguments(jacoco + " -Xmx1g", JAR, JIT))
        .contains(jacoco)
        .endsWith(" -Xmx1g");
    assertThat(twice.split("-javaagent:/home")).hasSize(2);
    assertThat(twice.split("CompileCommand=quiet")).hasSize(2);
    assertThat(twice).contains("out=/p/target/forkscope-it").doesNotContain("forkscope ");
  }

  @Test
  void quotedOptionsStayWholeAndPathsWithSpacesAreQuoted() {
    AgentOptions o = AgentOptions.defaults().withOut(Path.of("/my dir/target/forkscope"));
    Path jar = Path.of("/my home/forkscope-agent-0123.jar");
    String first =
        o.prependVMArguments("\"-Dgreeting=hello world\" -XX:CompileCommand=quiet", jar, JIT);
    assertThat(first)
        .startsWith(
            "\"-javaagent:/my home/forkscope-agent-0123.jar=out=/my dir/target/forkscope\" ")
        .endsWith(" \"-Dgreeting=hello world\" -XX:CompileCommand=quiet");
    assertThat(o.prependVMArguments(first, jar, JIT)).isEqualTo(first);
    assertThat(
            o.prependVMArguments(
                "-javaagent:/x/other-agent.jar=forkscope-agent.jar", jar, List.of()))
        .endsWith(" -javaagent:/x/other-agent.jar=forkscope-agent.jar");
  }

  private static java.util.Map.Entry<String, String> entry(String key, String value) {
    return java.util.Map.entry(key, value);
  }
}
