package dev.forkscope.agent;

import dev.forkscope.agent.boot.Recorder;
import java.util.Collection;
import net.bytebuddy.asm.Advice;

/**
 * The advice inlined into hooked methods. Each body is one call into {@link Recorder} (on the boot class
 * path), so that the copied bytecode stays small; {@code suppress = Throwable.class} makes a recorder
 * failure invisible to the program.
 */
final class Hooks {
  private Hooks() {}

  /** An execution method: {@code run}, {@code call}, {@code exec}, {@code doExec}, {@code runAndReset}. */
  static final class Execution {
    private Execution() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter(@Advice.This Object self, @Advice.Origin("#m") String method) {
      return Recorder.enter(self, method);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
      Recorder.exit(token);
    }
  }

  /** {@code VirtualThread.run(Runnable)}: the body of a virtual thread. */
  static final class VirtualThreadBody {
    private VirtualThreadBody() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter(@Advice.Argument(0) Object task) {
      return Recorder.enterVirtual(task);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
      Recorder.exit(token);
    }
  }

  /** A constructor of a task class. */
  static final class Creation {
    private Creation() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object self, @Advice.Origin Class<?> type) {
      Recorder.created(self, type);
    }
  }

  /** A submission method taking the task first: execute, submit, invoke, schedule*. */
  static final class Submission {
    private Submission() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object executor, @Advice.Argument(0) Object task) {
      Recorder.submitEnter(executor, task);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit() {
      Recorder.submitExit();
    }
  }

  /** invokeAll / invokeAny. */
  static final class SubmissionOfAll {
    private SubmissionOfAll() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object executor, @Advice.Argument(0) Collection<?> tasks) {
      Recorder.submitAllEnter(executor, tasks);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit() {
      Recorder.submitExit();
    }
  }

  /** {@code ForkJoinTask.fork()}. */
  static final class Fork {
    private Fork() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object task) {
      Recorder.forked(task);
    }
  }

  /** A wait that may run other tasks on this thread: join, helpQuiesce, managedBlock... */
  static final class Join {
    private Join() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      Recorder.joinEnter();
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit() {
      Recorder.joinExit();
    }
  }
}
