package dev.forkscope.profile.agent;

/** The template of the task classes {@link AttachTarget} defines to fill its JVM. */
final class RunnableFiller00000 implements Runnable {
  int runs;

  @Override
  public void run() {
    runs++;
  }
}
