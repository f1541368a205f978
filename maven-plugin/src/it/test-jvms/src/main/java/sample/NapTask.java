package sample;

import java.util.concurrent.RecursiveAction;

/** Sleeps inside a fork/join task: the worker sleeps with it (forkscope's sleepy-worker). */
public final class NapTask extends RecursiveAction {
  @Override
  protected void compute() {
    try {
      Thread.sleep(40);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
