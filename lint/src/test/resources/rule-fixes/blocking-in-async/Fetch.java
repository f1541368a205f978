import java.util.concurrent.CompletableFuture;

class Fetch {
  static CompletableFuture<String> get() {
    return CompletableFuture.supplyAsync(
        () -> {
          sleep();
          return "a";
        });
  }

  static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
