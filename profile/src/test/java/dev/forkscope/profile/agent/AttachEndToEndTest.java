package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.attach.AttachException;
import dev.forkscope.profile.attach.RunningJvms;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Attaches to {@link AttachTarget}s running on JDK 17 and JDK 25 and checks each window's trace
 * against the batches the target logged: every batch that started and ended inside the window is
 * recorded whole, nothing outside it is, and the target runs on, unprofiled, after each window.
 */
class AttachEndToEndTest {
  private static final String TASK = AttachTarget.BatchTask.class.getName();
  private static final long MARGIN_NS = 1_000_000;

  @TempDir Path tmp;

  /** One batch as the target logged it. */
  private record Batch(long startNs, long endNs) {}

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void attachTwiceRecordsTheBatchesOfEachWindow(String jdk) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path log = tmp.resolve("batches.log");
    Process target =
        jvm.startPlain(tmp, AttachTarget.class.getName(), log.toString(), "20", "0", "200");
    try {
      awaitReady(tmp, target);
      Trace first = record(target, tmp.resolve("first"), 1500);
      Trace second = record(target, tmp.resolve("second"), 1000);
      assertThat(second.meta().window().startNs()).isGreaterThan(first.meta().window().endNs());
      long afterSecond = second.meta().window().endNs();
      awaitBatchAfter(log, afterSecond, target);
      List<Batch> batches = batches(log);
      assertWindowMatches(first, batches);
      assertWindowMatches(second, batches);
      assertThat(first.meta().settings()).containsEntry("duration", "1500");
    } finally {
      target.destroy();
      target.waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(Files.readString(tmp.resolve("stdout.txt")).strip()).isEqualTo("ready 200");
    // only the JVM's own warnings: the dynamically loaded agent (JDK 21+), and class data sharing
    // narrowed by the recorder's jar on the boot class path
    assertThat(Files.readAllLines(tmp.resolve("stderr.txt")))
        .allSatisfy(
            line ->
                assertThat(line)
                    .matches("WARNING: .*|.*VM warning: Sharing is only supported for boot .*"));
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aTargetThatEndsDuringTheWindowClosesTheTrace(String jdk) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path log = tmp.resolve("batches.log");
    // 150 batches of 20 ms: on a loaded machine attaching alone can take most of a second
    Process target = jvm.startPlain(tmp, AttachTarget.class.getName(), log.toString(), "20", "150");
    awaitReady(tmp, target);
    Path out = tmp.resolve("out");
    RunningJvms.Recording r =
        RunningJvms.start(target.pid(), out, AgentOptions.defaults().withSampling(false), 60_000);
    assertThat(r.awaitEnd(60_000)).isTrue();
    assertThat(target.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(target.exitValue()).isZero();
    Trace trace = TraceReader.read(out);
    assertThat(trace.meta().window().endNs()).isGreaterThan(trace.meta().window().startNs());
    assertWindowMatches(trace, batches(log));
  }

  @Test
  void aProcessThatIsNotAJvmIsLeftAlone() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "60").start();
    try {
      assertThatThrownBy(() -> RunningJvms.start(sleep.pid(), tmp, AgentOptions.defaults(), 1000))
          .isInstanceOf(AttachException.class)
          .hasMessage("process " + sleep.pid() + " is not a Java virtual machine");
      assertThat(sleep.isAlive()).isTrue(); // no SIGQUIT was sent
    } finally {
      sleep.destroy();
    }
  }

  @Test
  void aPidWithoutAProcess() {
    assertThatThrownBy(
            () -> RunningJvms.start(Integer.MAX_VALUE, tmp, AgentOptions.defaults(), 1000))
        .isInstanceOf(AttachException.class)
        .hasMessage("no process with pid " + Integer.MAX_VALUE);
  }

  private static Trace record(Process target, Path out, long durationMs) throws Exception {
    RunningJvms.Recording r =
        RunningJvms.start(
            target.pid(), out, AgentOptions.defaults().withSampling(false), durationMs);
    assertThat(r.awaitEnd(durationMs + 30_000)).as("the trace in " + out + " is closed").isTrue();
    assertThat(target.isAlive()).isTrue();
    Trace trace = TraceReader.read(out);
    assertThat(trace.meta().window()).isNotNull();
    assertThat(awaitStatus(out, "stopped"))
        .as("the hooks are removed")
        .matches("stopped: hooks removed from [1-9][0-9]* classes");
    assertThat(trace.meta().window().partialExecutions()).isBetween(0L, 2L);
    return trace;
  }

  /**
   * Every batch inside the window is recorded whole, the batches across its ends in part, and no
   * execution lies outside it.
   */
  private static void assertWindowMatches(Trace trace, List<Batch> batches) {
    Trace.Window w = trace.meta().window();
    List<TaskExecution> executions =
        trace.executions().stream().filter(e -> e.taskClass().equals(TASK)).toList();
    long inside = 0;
    long touching = 0;
    for (Batch b : batches) {
      // a batch's end is logged when its last task counts down, just before that task's exit hook
      if (b.startNs() >= w.startNs() && b.endNs() <= w.endNs() - MARGIN_NS) {
        inside++;
      }
      if (b.endNs() >= w.startNs() && b.startNs() <= w.endNs()) {
        touching++;
      }
    }
    assertThat(inside).as("batches inside the window").isGreaterThan(10);
    assertThat((long) executions.size())
        .isBetween(inside * AttachTarget.BATCH, touching * AttachTarget.BATCH);
    assertThat(executions)
        .allSatisfy(
            e -> {
              assertThat(e.startNs()).isGreaterThanOrEqualTo(w.startNs());
              assertThat(e.endNs()).isLessThanOrEqualTo(w.endNs());
            });
  }

  /** The agent's status line in {@code out}, once it starts with {@code prefix}. */
  private static String awaitStatus(Path out, String prefix) throws Exception {
    Path status = out.resolve("attach-status.txt");
    for (int i = 0; i < 600; i++) {
      String line = Files.exists(status) ? Files.readString(status).strip() : "";
      if (line.startsWith(prefix)) {
        return line;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no status '" + prefix + "...' in " + out);
  }

  private static void awaitReady(Path scratch, Process target) throws Exception {
    Path stdout = scratch.resolve("stdout.txt");
    for (int i = 0; i < 1200 && target.isAlive(); i++) {
      if (Files.readString(stdout).startsWith("ready")) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the target did not get ready: " + Files.readString(stdout));
  }

  private static void awaitBatchAfter(Path log, long ns, Process target) throws Exception {
    for (int i = 0; i < 200 && target.isAlive(); i++) {
      if (batches(log).stream().anyMatch(b -> b.startNs() > ns)) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the target ran no batch after the window");
  }

  private static List<Batch> batches(Path log) throws IOException {
    return Files.readAllLines(log).stream()
        .filter(l -> !l.isBlank())
        .map(l -> l.split(" "))
        .filter(f -> f.length == 2)
        .map(f -> new Batch(Long.parseLong(f[0]), Long.parseLong(f[1])))
        .toList();
  }
}
