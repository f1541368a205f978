import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

class SumTask extends RecursiveTask<Long> {
  private final int[] data;

  SumTask(int[] data) {
    this.data = data;
  }

  @Override
  protected Long compute() {
    if (data.length <= 16) {
      long sum = 0;
      for (int i = 0; i < data.length; i++) {
        sum += data[i];
      }
      return sum;
    }
    int mid = data.length / 2;
    SumTask left = new SumTask(Arrays.copyOfRange(data, 0, mid));
    SumTask right = new SumTask(Arrays.copyOfRange(data, mid, data.length));
    left.fork();
    return right.compute() + left.join();
  }

  static long sum(int[] all) {
    return new SumTask(all).invoke();
  }
}
