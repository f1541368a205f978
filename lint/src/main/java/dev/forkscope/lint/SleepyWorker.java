package dev.forkscope.lint;

import java.util.EnumSet;
import java.util.Set;

/** Bottleneck 6: sleeping or waiting inside a task (Pinto et al. 2017, CTask). */
final class SleepyWorker extends BlockingCheck {
  static final Rule RULE =
      Rule.builder("sleepy-worker")
          .bottleneck(6)
          .severity(Severity.ERROR)
          .title("Sleepy worker")
          .why(
              "Sleeping or waiting in a task puts the worker thread, not the task, to sleep: it cannot run the other "
                  + "tasks in its deque and no other worker replaces it (Pinto et al. 2017, bottleneck 6).")
          .instead(
              "Remove the wait (join the computation you wait for), or wrap unavoidable blocking in "
                  + "ForkJoinPool.managedBlock so the pool can add a compensating worker.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.SLEEP_REMOVAL)
          .snippet(
              "// nothing: a task must not sleep. Use the value as soon as it is computed; if the task"
                  + " really waits for another thread, wrap the wait in ForkJoinPool.managedBlock(..)")
          .build();
  private static final Set<Blocking.Category> OWNED =
      EnumSet.of(
          Blocking.Category.SLEEP,
          Blocking.Category.WAIT,
          Blocking.Category.QUEUE,
          Blocking.Category.SYNC_AID);

  SleepyWorker() {
    super(RULE);
  }

  @Override
  boolean applies(Scope scope, Blocking.Category category) {
    return scope.isTaskLike() && OWNED.contains(category);
  }

  @Override
  String consequence(Scope scope) {
    return "the worker thread blocks and cannot run other tasks meanwhile";
  }
}
