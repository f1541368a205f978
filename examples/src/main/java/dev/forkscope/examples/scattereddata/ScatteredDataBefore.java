package dev.forkscope.examples.scattereddata;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * Bottleneck 4, scattered data: subtasks are created and forked one by one in a loop (Fig. 8 of
 * Pinto et al.).
 */
public final class ScatteredDataBefore implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new ScatteredDataBefore(), args);
  }

  @Override
  public long compute(int size) {
    int[] data = Segments.generate(size);
    return ForkJoinPool.commonPool().invoke(new BatchTask(data, 0, size));
  }

  @Override
  public int defaultSize() {
    return Segments.DEFAULT_SIZE;
  }

  static final class BatchTask extends RecursiveTask<Long> {
    private final int[] data;
    private final int from;
    private final int len;

    BatchTask(int[] data, int from, int len) {
      this.data = data;
      this.from = from;
      this.len = len;
    }

    @Override
    protected Long compute() {
      if (len == 1) {
        RecursiveTask<Long> task = createTask(from);
        return task.invoke();
      } else {
        @SuppressWarnings({"unchecked", "rawtypes"})
        ForkJoinTask<Long>[] tasks = new ForkJoinTask[len];
        for (int i = 0; i < len; i++) {
          ForkJoinTask<Long> task = createTask(from + i);
          task.fork();
          tasks[i] = task;
        }
        long result = tasks[0].join();
        tasks[0] = null;
        for (int i = 1; i < len; i++) {
          long next = tasks[i].join();
          tasks[i] = null;
          result = Segments.merge(result, next);
        }
        return result;
      }
    }

    private RecursiveTask<Long> createTask(int index) {
      return new Segments.SegmentTask(data, index);
    }
  }
}
