package dev.forkscope.cli;

import dev.forkscope.bench.Bench;
import dev.forkscope.bench.Options;
import dev.forkscope.bench.Report;
import dev.forkscope.io.AtomicFiles;
import java.util.List;

/**
 * The suites of module bench ({@code runtime}: Lea's programs and the runtime probes with the
 * targets of runtime.md §8; {@code idle}: seed 004's idle-policy study), run in this process on
 * forkscope's pool under each idle policy and on ForkJoinPool. Default threads: 1 and the CPU
 * count, so speedups can be computed.
 */
final class PoolBenchSuite implements BenchSuite {
  private final String name;

  PoolBenchSuite(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return name.equals("runtime")
        ? "Lea's fork/join programs and runtime probes on forkscope's pool (each idle policy) and ForkJoinPool"
        : "the idle-policy study of JDK-8080623 (seed 004) on each idle policy and ForkJoinPool";
  }

  @Override
  public List<Integer> defaultThreads() {
    int cpus = Runtime.getRuntime().availableProcessors();
    return cpus == 1 ? List.of(1) : List.of(1, cpus);
  }

  @Override
  public Outcome run(Context context) throws Exception {
    Options options =
        new Options(
            context.threads(),
            context.quick(),
            context.repeat(),
            line -> context.terminal().status(name + ": " + line, false));
    Report report = Bench.run(name, options);
    context.terminal().clear();
    if (context.chart() != null) {
      String svg = report.svg();
      AtomicFiles.write(context.chart(), out -> out.write(svg));
    }
    List<Result> rows =
        report.results().stream()
            .map(
                r ->
                    new Result(
                        r.benchmark(),
                        r.variant(),
                        r.threads(),
                        r.wallMsMedian(),
                        r.cpuMsMedian(),
                        r.ops(),
                        Report.fields(r)))
            .toList();
    List<String> failed =
        report.failedTargets().stream()
            .map(t -> t.id() + ": " + t.description() + " (measured " + t.measured() + ")")
            .toList();
    return new Outcome(rows, failed, report.summary(), report.table());
  }
}
