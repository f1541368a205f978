package dev.forkscope.bench.kernels;

/**
 * Micro-benchmark M1 (docs/bench.md): one task forks an empty task and joins it at once, {@code
 * count} times. The fork lands on the worker's own deque and the join pops it back, so this is the
 * cost of one local fork+join plus whatever thieves disturb.
 */
public final class SpawnJoinKernel implements Kernel {
  private final int count;
  private long result;

  public SpawnJoinKernel(int count) {
    this.count = count;
  }

  @Override
  public String name() {
    return "spawn-join";
  }

  @Override
  public long ops() {
    return count;
  }

  @Override
  public void run(Dialect d) {
    result =
        d.invoke(
            () -> {
              long joined = 0;
              for (int i = 0; i < count; i++) {
                joined += d.fork(() -> 1L).join();
              }
              return joined;
            });
  }

  @Override
  public void verify() {
    Checks.equal(name(), count, result);
  }
}
