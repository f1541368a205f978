package sample;

/** A helper that sleeps: called from a task in another file, it is a sleepy worker. */
final class Pause {
  private Pause() {}

  static void settle() {
    try {
      Thread.sleep(1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
