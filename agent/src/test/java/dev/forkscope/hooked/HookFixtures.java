package dev.forkscope.hooked;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Classes for HookTransformerTest to hook: outside {@code dev.forkscope.agent}, which the
 * transformer never touches.
 */
public final class HookFixtures {
  private HookFixtures() {}

  public static final class Thrower implements Runnable {
    @Override
    public void run() {
      throw new IllegalStateException("thrown by the task");
    }
  }

  public static final class Catcher implements Callable<String> {
    @Override
    public String call() {
      try {
        throw new IllegalArgumentException("caught inside");
      } catch (IllegalArgumentException e) {
        return "caught";
      }
    }
  }

  public static final class ManyReturns implements Callable<Long> {
    private final int n;

    public ManyReturns(int n) {
      this.n = n;
    }

    @Override
    public Long call() {
      if (n < 0) {
        return -1L;
      }
      long sum = 0;
      for (int i = 0; i < n; i++) {
        if (i == 100) {
          return sum;
        }
        sum += i;
      }
      return sum;
    }
  }

  public static final class Delegating implements Runnable {
    public final int value;

    public Delegating() {
      this(new Delegating(1).value + 1);
    }

    public Delegating(int value) {
      this.value = value;
    }

    @Override
    public void run() {
      // nothing
    }
  }

  public static final class Action extends RecursiveAction {
    @Override
    protected void compute() {
      // nothing
    }
  }

  /** A fork/join task that is also a Runnable, as a Pekko mailbox: {@code exec()} runs it. */
  public static final class Mailbox extends ForkJoinTask<Void> implements Runnable {
    private int processed;

    @Override
    public Void getRawResult() {
      return null;
    }

    @Override
    protected void setRawResult(Void value) {
      // no result
    }

    @Override
    protected boolean exec() {
      run();
      return false;
    }

    @Override
    public void run() {
      processed++;
    }
  }

  public static final class DirectExecutor implements Executor {
    @Override
    public void execute(Runnable command) {
      command.run();
    }

    public void execute(String notATask) {
      // same name, not a submission
    }
  }

  public static final class NotATask {
    public void run() {
      // a method named run on a class that is no task
    }
  }

  /** No task, with a {@code synchronized} block and no blocking call. */
  public static final class Synchronizing {
    private final Object lock = new Object();
    private int count;

    public int increment() {
      synchronized (lock) {
        return ++count;
      }
    }
  }

  /** No task, with blocking calls: a sleep and a lock. */
  public static final class Sleeper {
    private final java.util.concurrent.locks.ReentrantLock lock =
        new java.util.concurrent.locks.ReentrantLock();

    public void nap() throws InterruptedException {
      Thread.sleep(0);
      lock.lock();
      lock.unlock();
    }
  }
}
