import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

class Batch extends RecursiveTask<Long> {
  private final int len;

  Batch(int len) {
    this.len = len;
  }

  @Override
  protected Long compute() {
    if (len == 1) return 1L;
    @SuppressWarnings({"unchecked", "rawtypes"})
    ForkJoinTask<Long>[] tasks = new ForkJoinTask[len];
    for (int i = 0; i < len; i++) {
      ForkJoinTask<Long> task = new Batch(1);
      task.fork();
      tasks[i] = task;
    }
    long result = tasks[0].join();
    for (int i = 1; i < len; i++) {
      result = result * 31 + tasks[i].join();
    }
    return result;
  }
}
