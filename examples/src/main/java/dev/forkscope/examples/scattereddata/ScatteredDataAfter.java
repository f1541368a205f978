package dev.forkscope.examples.scattereddata;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Scattered data, fixed: all subtasks are created first and handed to invokeAll in one call. */
public final class ScatteredDataAfter implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new ScatteredDataAfter(), args);
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
        return createTask(from).invoke();
      }
      List<RecursiveTask<Long>> tasks = new ArrayList<>(len);
      for (int i = 0; i < len; i++) {
        tasks.add(createTask(from + i));
      }
      invokeAll(tasks);
      long result = tasks.get(0).join();
      for (int i = 1; i < len; i++) {
        result = Segments.merge(result, tasks.get(i).join());
      }
      return result;
    }

    private RecursiveTask<Long> createTask(int index) {
      return new Segments.SegmentTask(data, index);
    }
  }
}
