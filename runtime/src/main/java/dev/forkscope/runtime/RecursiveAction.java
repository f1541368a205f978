package dev.forkscope.runtime;

/** A {@link Task} without a result: {@link #join()} returns null. */
public abstract class RecursiveAction extends Task<Void> {
  /** For subclasses. */
  protected RecursiveAction() {}

  /** The computation performed by this task. */
  protected abstract void compute();

  @Override
  final Void doCompute() {
    compute();
    return null;
  }
}
