// Modelled on CSSTProto (Table II: scattered data; Pinto et al. 2017, Fig. 8): a generic
// n-ary task creates and forks one subtask per slot, one after the other, then joins and merges.
package corpus.csst;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

abstract class NaryTask<R> extends RecursiveTask<R> {
  protected final int from;
  protected final int len;

  NaryTask(int from, int len) {
    this.from = from;
    this.len = len;
  }

  protected abstract RecursiveTask<R> createTask(int index);

  protected abstract R merge(R a, R b);

  @Override
  @SuppressWarnings("unchecked")
  protected R compute() {
    if (len == 1) {
      RecursiveTask<R> task = createTask(from);
      return task.invoke();
    } else {
      ForkJoinTask<R>[] tasks = new ForkJoinTask[len];
      for (int i = 0; i < len; i++) {
        ForkJoinTask<R> task = createTask(from + i);
        // expect: scattered-data
        task.fork();
        tasks[i] = task;
      }
      R result = tasks[0].join();
      tasks[0] = null;
      for (int i = 1; i < len; i++) {
        R next = tasks[i].join();
        tasks[i] = null;
        result = merge(result, next);
      }
      return result;
    }
  }
}
