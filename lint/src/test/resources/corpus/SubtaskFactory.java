// Subtasks made by a factory method, the way CSSTProto's createTask and many generic frameworks
// build them: the copy of each half is made in compute() and handed to the factory.
package corpus.factory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

abstract class ListReduce<T, R> extends RecursiveTask<R> {
  protected final List<T> items;

  ListReduce(List<T> items) {
    this.items = items;
  }

  protected abstract ListReduce<T, R> subtask(List<T> part);

  protected abstract R leaf(List<T> part);

  protected abstract R combine(R a, R b);

  @Override
  protected R compute() {
    if (items.size() <= 1000) {
      return leaf(items);
    }
    int mid = items.size() / 2;
    // expect: copy-on-fork
    ListReduce<T, R> left = subtask(new ArrayList<>(items.subList(0, mid)));
    // expect: copy-on-fork
    ListReduce<T, R> right = subtask(new ArrayList<>(items.subList(mid, items.size())));
    left.fork();
    R r = right.compute();
    return combine(left.join(), r);
  }
}

final class CountWords extends ListReduce<String, Long> {
  CountWords(List<String> lines) {
    super(lines);
  }

  @Override
  protected ListReduce<String, Long> subtask(List<String> part) {
    return new CountWords(part);
  }

  @Override
  protected Long leaf(List<String> part) {
    long n = 0;
    for (String line : part) {
      n += line.split("\\s+").length;
    }
    return n;
  }

  @Override
  protected Long combine(Long a, Long b) {
    return a + b;
  }
}
