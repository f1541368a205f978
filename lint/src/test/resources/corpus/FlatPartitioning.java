// Flat partitioning, which Pinto et al. set apart from copy on fork ("copying for flat data
// partitioning can only lead to a constant growth in memory"): the data is cut into chunks
// once, by the driver or by one root task, and the chunk tasks do not split further.
package corpus.flat;

import com.google.common.collect.Iterables;
import com.google.common.collect.Lists;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

final class Order {
  final long cents;

  Order(long cents) {
    this.cents = cents;
  }
}

final class ChunkTotal extends RecursiveTask<Long> {
  private final Order[] chunk;

  ChunkTotal(Order[] chunk) {
    this.chunk = chunk.clone();
  }

  @Override
  protected Long compute() {
    long total = 0;
    for (Order o : chunk) {
      total += o.cents;
    }
    return total;
  }
}

final class ValidateChunk extends RecursiveAction {
  private final List<Order> orders;

  ValidateChunk(List<Order> orders) {
    this.orders = orders;
  }

  @Override
  protected void compute() {
    for (Order o : orders) {
      if (o.cents < 0) {
        throw new IllegalArgumentException("negative order");
      }
    }
  }
}

final class ValidateAll extends RecursiveAction {
  private final List<Order> orders;

  ValidateAll(List<Order> orders) {
    this.orders = orders;
  }

  @Override
  protected void compute() {
    List<ValidateChunk> chunks = new ArrayList<>();
    for (List<Order> part : Iterables.partition(orders, 1000)) {
      chunks.add(new ValidateChunk(part));
    }
    invokeAll(chunks);
  }
}

final class Reports {
  static long total(Order[] orders) {
    List<ChunkTotal> tasks = new ArrayList<>();
    for (int lo = 0; lo < orders.length; lo += 10_000) {
      Order[] chunk =
          java.util.Arrays.copyOfRange(orders, lo, Math.min(orders.length, lo + 10_000));
      tasks.add(new ChunkTotal(chunk));
    }
    long total = 0;
    for (ChunkTotal t : ForkJoinTask.invokeAll(tasks)) {
      total += t.join();
    }
    return total;
  }

  static void validate(List<Order> orders) {
    List<ValidateChunk> tasks = new ArrayList<>();
    for (List<Order> part : Lists.partition(orders, 500)) {
      tasks.add(new ValidateChunk(part));
    }
    ForkJoinTask.invokeAll(tasks);
    ForkJoinPool.commonPool().invoke(new ValidateAll(orders));
  }
}
