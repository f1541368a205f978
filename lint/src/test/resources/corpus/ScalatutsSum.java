// Modelled on scalatuts' fork/join tutorial code (Table II: copy on fork), in Java: each half of
// the list is collected into a new list with addAll before it is handed to a subtask.
package corpus.scalatuts;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

class SumTask extends RecursiveTask<Long> {
  static final int SEQUENTIAL_THRESHOLD = 5000;
  final List<Long> numbers;

  SumTask(List<Long> numbers) {
    this.numbers = numbers;
  }

  @Override
  protected Long compute() {
    if (numbers.size() <= SEQUENTIAL_THRESHOLD) {
      long sum = 0;
      for (long n : numbers) {
        sum += n;
      }
      return sum;
    }
    int mid = numbers.size() / 2;
    List<Long> firstHalf = new ArrayList<>(mid);
    // expect: copy-on-fork
    firstHalf.addAll(numbers.subList(0, mid));
    List<Long> secondHalf = new ArrayList<>(numbers.size() - mid);
    // expect: copy-on-fork
    secondHalf.addAll(numbers.subList(mid, numbers.size()));
    SumTask left = new SumTask(firstHalf);
    SumTask right = new SumTask(secondHalf);
    left.fork();
    long rightSum = right.compute();
    return left.join() + rightSum;
  }
}

class SumTutorial {
  public static void main(String[] args) {
    List<Long> numbers = new ArrayList<>();
    for (long i = 0; i < 1_000_000; i++) {
      numbers.add(i);
    }
    System.out.println(ForkJoinPool.commonPool().invoke(new SumTask(numbers)));
  }
}
