package shop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * Prices orders in a pool of its own, one task per order line. An order's task runs in the pricing
 * pool or in a caller's pool (the checkout's); either way its lines are priced in the pricing pool.
 */
public final class Pricing {
  private final ForkJoinPool pool;
  private final long discountFrom;

  public Pricing(ForkJoinPool pool, long discountFrom) {
    this.pool = pool;
    this.discountFrom = discountFrom;
  }

  /** The order's total in cents; each line is {quantity, unit price in cents}. */
  public long price(long[][] lines) {
    return pool.invoke(new PriceOrder(lines));
  }

  /** Prices an order in the caller's pool; its lines are still priced in the pricing pool. */
  public ForkJoinTask<Long> priceIn(ForkJoinPool caller, long[][] lines) {
    return caller.submit(new PriceOrder(lines));
  }

  final class PriceOrder extends RecursiveTask<Long> {
    private final long[][] lines;

    PriceOrder(long[][] lines) {
      this.lines = lines;
    }

    @Override
    protected Long compute() {
      if (lines.length == 0) {
        return 0L;
      }
      PriceLine first = new PriceLine(lines[0]);
      ForkJoinTask<Long> firstPrice = pool.submit(first);
      List<ForkJoinTask<Long>> rest = new ArrayList<>();
      for (int i = 1; i < lines.length; i++) {
        rest.add(pool.submit(new PriceLine(lines[i])));
      }
      long total = firstPrice.join();
      for (ForkJoinTask<Long> line : rest) {
        total += line.join();
      }
      return total;
    }
  }

  final class PriceLine extends RecursiveTask<Long> {
    private final long[] line;

    PriceLine(long[] line) {
      this.line = line;
    }

    @Override
    protected Long compute() {
      // The price list is cached per pricing worker: a line priced elsewhere would miss it.
      if (ForkJoinTask.getPool() != pool) {
        throw new IllegalStateException("a line priced outside the pricing pool");
      }
      long quantity = line[0];
      long cents = quantity * line[1];
      return quantity >= discountFrom ? cents - cents / 10 : cents;
    }
  }
}
