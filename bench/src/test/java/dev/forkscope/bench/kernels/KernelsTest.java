package dev.forkscope.bench.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KernelsTest {

  static List<Kernel> smallKernels() {
    return List.of(
        new FibKernel(18, 2),
        new IntegrateKernel(64, 8),
        new MatrixMultiplyKernel(64, 8),
        new LuKernel(96, 16),
        new JacobiKernel(64, 10),
        new SortKernel(20_000, 256, 1),
        new SortKernel(1152, 1024, 3),
        new SumsKernel(50_000, 1000),
        new SpawnJoinKernel(1000));
  }

  static Stream<Arguments> kernelsOnEveryVariant() {
    return Variants.all().stream()
        .flatMap(v -> smallKernels().stream().map(k -> Arguments.of(v, k.name(), k)));
  }

  @ParameterizedTest(name = "{1} on {0}")
  @MethodSource("kernelsOnEveryVariant")
  void kernelMatchesItsSequentialVersion(String variant, String name, Kernel kernel) {
    try (Dialect d = Variants.open(variant, 2)) {
      kernel.prepare();
      kernel.run(d);
      kernel.verify();
      kernel.prepare();
      kernel.run(d);
      kernel.verify();
    }
    assertThat(kernel.ops()).isPositive();
  }

  @Test
  void verifyRejectsAResultThatWasNeverComputed() {
    for (Kernel k :
        List.of(
            new FibKernel(18, 2),
            new IntegrateKernel(64, 8),
            new MatrixMultiplyKernel(32, 8),
            new JacobiKernel(32, 4),
            new SumsKernel(1000, 100))) {
      k.prepare();
      assertThatThrownBy(k::verify).as(k.name()).isInstanceOf(RuntimeException.class);
    }
  }

  @Test
  void fibCountsOneForkPerCallAboveTheThreshold() {
    // fib(4, t=2): fib(4) forks fib(3) and calls fib(2); fib(3) forks fib(2) and calls fib(1)
    assertThat(new FibKernel(4, 2).ops()).isEqualTo(2);
    assertThat(new FibKernel(2, 2).ops()).isZero();
  }

  @Test
  void jdkParallelSortRunsInsideTheForkJoinPool() {
    SortKernel sort = new SortKernel(10_000, 1024, 2);
    JdkParallelSortKernel jdk = new JdkParallelSortKernel(sort);
    try (ForkJoinPoolDialect d = new ForkJoinPoolDialect(2)) {
      jdk.run(d);
    }
    jdk.verify();
    assertThat(jdk.ops()).isEqualTo(20_000);
  }

  @Test
  void everyVariantIsNamedAfterItsRuntimeAndPolicy() {
    assertThat(Variants.all())
        .containsExactly(
            "forkjoinpool",
            "forkscope/PARK",
            "forkscope/SPIN_THEN_PARK",
            "forkscope/YIELD_THEN_SLEEP",
            "forkscope/BUSY_SPIN");
    for (String v : Variants.all()) {
      try (Dialect d = Variants.open(v, 2)) {
        assertThat(d.variant()).isEqualTo(v);
        assertThat(d.parallelism()).isEqualTo(2);
        assertThat(d.invoke(() -> 7)).isEqualTo(7);
        assertThat(d.workers()).isNotEmpty();
      }
    }
    assertThatThrownBy(() -> Variants.open("nope", 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
