package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.FibKernel;
import dev.forkscope.bench.kernels.ForkJoinPoolDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RaplTest {

  private static void domain(Path root, String name, String energy, String range) throws Exception {
    Path dir = Files.createDirectories(root.resolve(name));
    if (energy != null) {
      Files.writeString(dir.resolve("energy_uj"), energy + "\n");
    }
    Files.writeString(dir.resolve("max_energy_range_uj"), range + "\n");
  }

  @Test
  void missingPowercapMeansNotAvailable(@TempDir Path dir) {
    assertThat(Rapl.open(dir.resolve("absent"))).isEmpty();
    assertThat(Rapl.open(dir)).isEmpty();
  }

  @Test
  void anUnreadableCounterMeansNotAvailable(@TempDir Path dir) throws Exception {
    domain(dir, "intel-rapl:0", null, "1000");
    assertThat(Rapl.open(dir)).isEmpty();
    Files.writeString(dir.resolve("intel-rapl:0").resolve("energy_uj"), "garbage");
    assertThat(Rapl.open(dir)).isEmpty();
  }

  @Test
  void sumsPackagesIgnoresSubdomainsAndCorrectsOneWrap(@TempDir Path dir) throws Exception {
    domain(dir, "intel-rapl:0", "900", "1000");
    domain(dir, "intel-rapl:1", "5000000", "100000000");
    domain(dir, "intel-rapl:0:0", "77", "1000");
    Rapl rapl = Rapl.open(dir).orElseThrow();
    long[] before = rapl.read();
    assertThat(before).containsExactly(900, 5_000_000);
    Files.writeString(dir.resolve("intel-rapl:0").resolve("energy_uj"), "100");
    Files.writeString(dir.resolve("intel-rapl:1").resolve("energy_uj"), "7000000");
    // package 0 wrapped: 900 -> 1000 -> 100 is 200 uJ; package 1: 2 J
    assertThat(rapl.joulesBetween(before, rapl.read())).isCloseTo(2.0002, within(1e-9));
  }

  @Test
  void harnessReportsNoEnergyWithoutRapl() {
    Harness harness = new Harness(1, 1, Rapl.open(Path.of("/nonexistent-powercap")));
    try (Dialect d = new ForkJoinPoolDialect(1)) {
      assertThat(harness.measure(new FibKernel(10, 2), d).energyJoules()).isNull();
    }
  }
}
