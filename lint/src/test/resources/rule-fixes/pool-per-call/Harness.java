import java.util.concurrent.ForkJoinPool;

class Harness {
  static void each(String[] names) {
    for (String name : names) {
      ForkJoinPool pool = new ForkJoinPool();
      pool.submit(() -> System.out.println(name));
    }
  }
}
