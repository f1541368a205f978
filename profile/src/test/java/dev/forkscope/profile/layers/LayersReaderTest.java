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
        .hasSize(2)
        .anyMatch(s -> s.startsWith("JFR") && s.contains(LayerFiles.JFR))
        .anyMatch(s -> s.contains("no /proc samples"));
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
  void jfrInstantsBecomeNanoTimesThroughTheMeasuredOffset() {
    long offset = LayerFiles.wallMinusMonotonicNs();
    long now = System.nanoTime();
    long aligned = LayersReader.toNanoTime(Instant.now(), offset);

    assertThat(aligned - now).isBetween(-1_000_000L, 50_000_000L);
  }

  @Test
  void theSamplerRecordsThisProcessesThreads() throws Exception {
    Files.writeString(dir.resolve(LayerFiles.CLOCK), "start 0\n");
    try (ProcSampler sampler = ProcSampler.start(dir, ProcessHandle.current().pid())) {
      Thread.sleep(3 * ProcSampler.PERIOD_MS);
    }
    if (!Files.isDirectory(Path.of("/proc/self/task"))) {
      assertThat(dir.resolve(LayerFiles.THREADS)).doesNotExist();
      return;
    }
    Layers layers = LayersReader.read(dir);
    assertThat(layers.samples())
        .isNotEmpty()
        .allSatisfy(s -> assertThat(s.cpuNs()).isNotNegative());
    assertThat(Files.readString(dir.resolve(LayerFiles.CLOCK))).contains("\nend ");
  }
}
