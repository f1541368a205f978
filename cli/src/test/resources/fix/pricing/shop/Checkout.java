package shop;

import java.util.concurrent.ForkJoinPool;

/** Prices the same orders from the storefront's thread and from the checkout's pool. */
public final class Checkout {
  private Checkout() {}

  public static String run() {
    long[][][] orders = {
      {{1, 1999}, {12, 250}, {3, 4500}},
      {{10, 99}},
      {},
      {{2, 1500}, {1, 30000}, {25, 120}, {4, 999}},
    };
    ForkJoinPool pricingPool = new ForkJoinPool(2);
    ForkJoinPool checkoutPool = new ForkJoinPool(2);
    try {
      Pricing pricing = new Pricing(pricingPool, 10);
      StringBuilder out = new StringBuilder();
      for (long[][] order : orders) {
        long storefront = pricing.price(order);
        long checkout = pricing.priceIn(checkoutPool, order).join();
        out.append(storefront).append(' ').append(checkout).append('\n');
      }
      return out.toString();
    } finally {
      pricingPool.shutdown();
      checkoutPool.shutdown();
    }
  }
}
