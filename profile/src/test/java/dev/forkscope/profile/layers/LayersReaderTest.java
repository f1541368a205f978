package dev.forkscope.profile.layers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the layers' files, and saying what is missing instead of failing. */
class LayersReaderTest {
  @TempDir Path dir;

  @Test
  void aDirectoryWithoutLayersSaysWhyAndReadsAsEmpty() {
    Layers layers = LayersReader.read(dir);

    assertThat(layers.gcPauses()).isEmpty();
    assertThat(layers.waits()).isEmpty();
    assertThat(layers.samples()).isEmpty();
    assertThat(layers.unavailable())
        .hasSize(4)
        .anyMatch(s -> s.startsWith("GC pauses: no " + LayerFiles.GC))
        .anyMatch(s -> s.startsWith("waits") && s.contains(LayerFiles.AGENT))
        .anyMatch(s -> s.startsWith("allocation samples: recorded with --jfr only"))
        .anyMatch(s -> s.contains("no /proc samples"));
  }

  /** Lines of JDK 17 and 25 logs: G1, Parallel, ZGC, generational ZGC, Shenandoah, and others. */
  @Test
  void everyCollectorsPausesAreReadFromTheGcLog() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.GC),
        String.join(
            "\n",
            "[8038189399277ns] Using G1",
            "[8038189399277ns] GC(0) Pause Young (Concurrent Start) (G1 Humongous Allocation)"
                + " 115M->1M(256M) 1.405ms",
            "[8038189400000ns] GC(0) Pre Evacuate Collection Set: 0.0ms",
            "[8038190000000ns] GC(1) Concurrent Mark Cycle 12.345ms",
            "[8038397766149ns] GC(2) Pause Full (System.gc()) 63M->0M(245M) 1.710ms",
            "[8038901717119ns] GC(3) Pause Mark Start 0.008ms",
            "[8039547126299ns] GC(4) Y: Pause Mark Start (Major) 0.016ms",
            "[8042221362504ns] GC(5) Pause Init Mark (unload classes) 0.056ms",
            "[8042221362999ns] GC(6) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(25",
            ""));

    assertThat(LayersReader.read(dir).gcPauses())
        .containsExactly(
            new Layers.Pause(
                8038189399277L - 1_405_000,
                8038189399277L,
                "Pause Young (Concurrent Start) (G1 Humongous Allocation)"),
            new Layers.Pause(
                8038397766149L - 1_710_000, 8038397766149L, "Pause Full (System.gc())"),
            new Layers.Pause(8038901717119L - 8_000, 8038901717119L, "Pause Mark Start"),
            new Layers.Pause(8039547126299L - 16_000, 8039547126299L, "Pause Mark Start (Major)"),
            new Layers.Pause(
                8042221362504L - 56_000, 8042221362504L, "Pause Init Mark (unload classes)"));
  }

  @Test
  void theAgentsThreadsAndWaitsAreRead() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.AGENT),
        String.join(
            "\n",
            "thread,21,4242,ForkJoinPool-1-worker-1",
            "thread,22,-1,a, name, with commas",
            "wait,21,1000,6000,SLEEP,java.lang.Thread.sleep|app.Task.compute:12",
            "wait,22,2000,3000,PARK,",
            "wait,21,7000,80",
            ""));
    Files.writeString(
        dir.resolve(LayerFiles.THREADS),
        "timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches\n"
            + "100,4242,ForkJoinPool-1-,5000,3,4\n");

    Layers layers = LayersReader.read(dir);

    assertThat(layers.waits())
        .containsExactly(
            new Layers.Wait(
                21,
                Layers.WaitKind.SLEEP,
                1000,
                6000,
                java.util.List.of("java.lang.Thread.sleep", "app.Task.compute:12")),
            new Layers.Wait(22, Layers.WaitKind.PARK, 2000, 3000, java.util.List.of()));
    assertThat(layers.samples())
        .containsExactly(new Layers.ThreadSample(21, "ForkJoinPool-1-worker-1", 100, 5000, 3, 4));
  }

  @Test
  void aJdkWithoutJfrIsNamed() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.CLOCK), "start 5\njfr-off the JDK at /x has no jdk.jfr module\n");

    assertThat(LayersReader.read(dir).unavailable())
        .contains("JFR: not recorded, the JDK at /x has no jdk.jfr module");
  }

  @Test
  void aBrokenRecordingIsReportedNotThrown() throws Exception {
    Files.writeString(dir.resolve(LayerFiles.CLOCK), "start 5\n");
    Files.writeString(dir.resolve(LayerFiles.JFR), "not a recording");

    assertThat(LayersReader.read(dir).unavailable())
        .anyMatch(s -> s.startsWith("JFR: cannot read"));
  }

  @Test
  void procSamplesAreReadWithTheirThreads() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.THREADS),
        "timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches\n"
            + "100,4242,C2 CompilerThre,5000,3,4\n"
            + "120,4242,C2 CompilerThre,7000,5,6\n");

    Layers layers = LayersReader.read(dir);

    assertThat(layers.samples())
        .containsExactly(
            new Layers.ThreadSample(-4242, "C2 CompilerThre", 100, 5000, 3, 4),
            new Layers.ThreadSample(-4242, "C2 CompilerThre", 120, 7000, 5, 6));
  }

  @Test
  void theTimeWaitedForACpuAndTheMachinesLoadAreReadWhereRecorded() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.THREADS),
        "timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches,runDelayNs\n"
            + "100,4242,C2 CompilerThre,5000,3,4,700\n");
    Files.writeString(
        dir.resolve(LayerFiles.MACHINE),
        "timeNs,procsRunning,stealTicks,totalTicks\n100,3,7,1000\n200,5,9,1200\n");

    Layers layers = LayersReader.read(dir);

    assertThat(layers.samples())
        .containsExactly(new Layers.ThreadSample(-4242, "C2 CompilerThre", 100, 5000, 3, 4, 700));
    assertThat(layers.machine())
        .containsExactly(
            new Layers.MachineSample(100, 3, 7, 1000), new Layers.MachineSample(200, 5, 9, 1200));
  }

  @Test
  void withoutTheMachinesFileItsLoadIsEmptyAndTheWaitForACpuUnknown() throws Exception {
    Files.writeString(
        dir.resolve(LayerFiles.THREADS),
        "timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches\n100,4242,x,5000,3,4\n");

    Layers layers = LayersReader.read(dir);

    assertThat(layers.machine()).isEmpty();
    assertThat(layers.samples())
        .singleElement()
        .extracting(Layers.ThreadSample::runDelayNs)
        .isEqualTo(-1L);
  }

  @Test
  void jfrInstantsBecomeNanoTimesThroughTheMeasuredOffset() {
    long offset = LayerFiles.wallMinusMonotonicNs();
    long now = System.nanoTime();
    long aligned = LayersReader.toNanoTime(Instant.now(), offset);

    assertThat(aligned - now).isBetween(-1_000_000L, 50_000_000L);
  }

  @Test
  void theSamplerRecordsThisProcessesThreads() throws Exception {
    Files.writeString(dir.resolve(LayerFiles.CLOCK), "start 0\n");
    ProcSampler sampler = ProcSampler.start(dir, ProcessHandle.current().pid());
    assertThat(sampler.cpuNs()).isEqualTo(-1); // not known while it runs
    try (sampler) {
      Thread.sleep(3 * ProcSampler.PERIOD_MS);
    }
    if (!Files.isDirectory(Path.of("/proc/self/task"))) {
      assertThat(dir.resolve(LayerFiles.THREADS)).doesNotExist();
      assertThat(sampler.cpuNs()).isEqualTo(-1);
      return;
    }
    assertThat(sampler.cpuNs()).isPositive(); // its own cost: reading this process's threads
    Layers layers = LayersReader.read(dir);
    assertThat(layers.samples())
        .isNotEmpty()
        .allSatisfy(s -> assertThat(s.cpuNs()).isNotNegative());
    if (Files.isRegularFile(Path.of("/proc/self/schedstat"))) {
      assertThat(layers.samples()).allSatisfy(s -> assertThat(s.runDelayNs()).isNotNegative());
    }
    if (Files.isReadable(Path.of("/proc/stat"))) {
      assertThat(layers.machine())
          .isNotEmpty()
          .allSatisfy(m -> assertThat(m.procsRunning()).isPositive());
    }
    assertThat(Files.readString(dir.resolve(LayerFiles.CLOCK))).contains("\nend ");
  }
}
