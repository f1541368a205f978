package dev.forkscope.profile.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrLayerTest {
  @TempDir Path tmp;

  @Test
  void aRecordingWithoutAllocationSamplesSaysWhyRatherThanBlamingTheJdk() throws Exception {
    Path jfr = tmp.resolve("gc-only.jfr");
    try (Recording r = new Recording()) {
      r.enable("jdk.GarbageCollection");
      r.start();
      System.gc();
      r.stop();
      r.dump(jfr);
    }
    List<Layers.Pause> pauses = new ArrayList<>();
    List<String> unavailable = new ArrayList<>();

    JfrLayer.read(
        jfr,
        0,
        pauses,
        new ArrayList<>(),
        new ArrayList<>(),
        new HashMap<>(),
        new HashMap<>(),
        unavailable);

    assertThat(pauses).isNotEmpty();
    assertThat(unavailable)
        .singleElement()
        .asString()
        .startsWith("allocation samples: none in the recording")
        .contains("allocated too little");
  }

  /** The monitor of {@link #aContendedMonitorEnterIsOneWaitNamingTheMonitorsClass}. */
  private static final class Guard {}

  @Test
  void aContendedMonitorEnterIsOneWaitNamingTheMonitorsClass() throws Exception {
    Path jfr = tmp.resolve("monitors.jfr");
    Guard guard = new Guard();
    Thread blocked = new Thread(() -> enter(guard), "blocked-on-guard");
    try (Recording r = new Recording()) {
      r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO).withStackTrace();
      r.start();
      synchronized (guard) {
        blocked.start();
        while (blocked.getState() != Thread.State.BLOCKED) { // it cannot enter while this holds
          Thread.onSpinWait();
        }
      }
      blocked.join();
      r.stop();
      r.dump(jfr);
    }
    List<Layers.Wait> waits = new ArrayList<>();

    JfrLayer.read(
        jfr,
        0,
        new ArrayList<>(),
        waits,
        new ArrayList<>(),
        new HashMap<>(),
        new HashMap<>(),
        new ArrayList<>());

    assertThat(waits)
        .filteredOn(w -> w.threadId() == blocked.getId())
        .singleElement()
        .satisfies(
            w -> {
              assertThat(w.kind()).isEqualTo(Layers.WaitKind.MONITOR);
              assertThat(w.lock()).isEqualTo(Guard.class.getName());
              assertThat(w.frames()).first().asString().startsWith(JfrLayerTest.class.getName());
            });
  }

  private static void enter(Object monitor) {
    synchronized (monitor) {
      monitor.hashCode();
    }
  }
}
