package dev.forkscope.profile;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * tgp's offline aggregation of nested tasks into their outer tasks (Rosà et al. (2019), §3.4 and
 * §5.2), with our corrections (docs/profile.md, aggregation).
 *
 * <p>A nested execution is folded into its outer execution when
 *
 * <ol>
 *   <li>the outer task is not a thread, or
 *   <li>the outer task is a thread, the nested task was never submitted to an executor, and it was
 *       created and executed by the same thread (the {@code new MyRunnable().run()} pattern); a
 *       fork/join task whose creation the agent only counted (creation thread unknown) is taken to
 *       be created by the thread that runs it, as one invoked directly almost always is,
 * </ol>
 *
 * <p>and never when the nested execution was run by a helping join (it is an unrelated task the
 * joiner happened to run), when it was submitted or forked (it was offered to the pool and could
 * have run in parallel; a fork/join task that joins its own unstolen child runs it inline, and
 * folding those would collapse a whole recursion tree into its root), or when the outer task is a
 * framework runnable such as a pool's worker loop (every pool task runs inside one). tgp asks "not
 * submitted" only of tasks nested in threads, and its submissions are {@code execute}/{@code
 * submit} calls, not forks. Folding is transitive: a nested execution's self time moves to the
 * nearest enclosing execution that is itself not folded, so a valid chain of n tasks becomes one.
 *
 * <p>The outer execution of a nested one is the execution of its outer task on the same thread
 * whose interval contains it; when the trace holds no such execution (it was dropped), the nested
 * execution stays a root.
 */
final class Aggregation {

  /** Framework runnables and threads: tasks never aggregate into these. */
  private static final Set<String> FRAMEWORK_CLASSES =
      Set.of(
          "java.util.concurrent.ThreadPoolExecutor$Worker",
          "java.util.concurrent.ForkJoinWorkerThread",
          "java.util.concurrent.ForkJoinPool$InnocuousForkJoinWorkerThread",
          "jdk.internal.misc.CarrierThread");

  /**
   * The result: executions that remain (roots), with the self times of everything folded into them.
   *
   * @param executions the remaining executions, in input order (a view of the input: see {@link
   *     Roots})
   * @param folded how many executions were folded into others
   */
  record Result(List<TaskExecution> executions, int folded) {}

  private Aggregation() {}

  static boolean isFramework(String taskClass) {
    return FRAMEWORK_CLASSES.contains(taskClass);
  }

  static Result aggregate(List<TaskExecution> list) {
    ExecutionList executions = ExecutionList.of(list);
    int n = executions.size();
    int[] outer = outerIndices(executions);
    int[] root = new int[n];
    Arrays.fill(root, -1);
    long[] wall = new long[n];
    long[] cpu = null; // until an execution has CPU time
    int folded = 0;
    for (int i = 0; i < n; i++) {
      int r = findRoot(i, outer, root);
      long weight = r == i ? 1 : executions.weight(i); // a folded sample stands for its peers
      wall[r] += weight * executions.selfWallNs(i);
      long selfCpu = executions.selfCpuNs(i);
      if (selfCpu > 0) {
        if (cpu == null) {
          cpu = new long[n];
        }
        cpu[r] += weight * selfCpu;
      }
      if (r != i) {
        folded++;
      }
    }
    int[] roots = new int[n - folded];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (root[i] == i) {
        roots[k++] = i;
      }
    }
    return new Result(new Roots(executions, roots, wall, cpu), folded);
  }

  /**
   * Index of the execution each one folds into, or -1 when it stays a root. The candidates for an
   * execution's outer execution are its outer task's executions: all executions sorted by task id
   * (each task's in input order), found by binary search.
   */
  private static int[] outerIndices(ExecutionList executions) {
    int n = executions.size();
    long[] task = new long[n];
    long[] thread = new long[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long[] outerTask = new long[n];
    for (int i = 0; i < n; i++) {
      task[i] = executions.taskId(i);
      thread[i] = executions.executionThreadId(i);
      start[i] = executions.startNs(i);
      end[i] = executions.endNs(i);
      outerTask[i] = executions.outerTaskId(i);
    }
    int[] byTask = IndexSort.byKey(task);
    long[] sortedTask = new long[n];
    for (int k = 0; k < n; k++) {
      sortedTask[k] = task[byTask[k]];
    }
    int[] outer = new int[n];
    for (int i = 0; i < n; i++) {
      int o = -1;
      if (outerTask[i] != 0) {
        for (int k = IndexSort.first(sortedTask, outerTask[i]);
            k < n && sortedTask[k] == outerTask[i];
            k++) {
          int c = byTask[k];
          boolean contains =
              c != i && thread[c] == thread[i] && start[c] <= start[i] && end[i] <= end[c];
          if (contains && (o < 0 || start[c] > start[o])) {
            o = c;
          }
        }
      }
      outer[i] = o >= 0 && folds(executions, i, o) ? o : -1;
    }
    return outer;
  }

  /** tgp's rule with our corrections; see the class comment. */
  private static boolean folds(ExecutionList executions, int nested, int outer) {
    boolean submitted = executions.submittedNs(nested) >= 0 || executions.executorId(nested) >= 0;
    if (executions.helped(nested) || submitted || isFramework(executions.taskClass(outer))) {
      return false; // the common case, read without making either execution
    }
    if (!executions.get(outer).kind().thread()) {
      return true;
    }
    TaskExecution e = executions.get(nested);
    long creator =
        e.creationThreadId() < 0 && e.kind().forkJoinTask()
            ? e.executionThreadId()
            : e.creationThreadId();
    return creator >= 0 && creator == e.executionThreadId();
  }

  /** Follows outer links to the first execution that does not fold, memoising the answers. */
  private static int findRoot(int i, int[] outer, int[] root) {
    int r = i;
    int steps = 0;
    while (root[r] < 0 && outer[r] >= 0 && steps++ < outer.length) {
      r = outer[r];
    }
    r = root[r] >= 0 ? root[r] : r;
    for (int j = i; root[j] < 0 && j != r; j = outer[j]) {
      root[j] = r;
    }
    root[r] = r;
    return r;
  }

  /**
   * The roots of an aggregation as a view of its input: each root with the self times folded into
   * it, made when asked, so that the result of aggregating millions of executions holds an index
   * and two times per root rather than a copy of each. The self times are those {@code get(k)}
   * gives: the root itself when nothing changed them.
   */
  private static final class Roots extends ExecutionSubset {
    /** Per execution of the input, the self wall time folded into it. */
    private final long[] wall;

    /** Likewise the self CPU time; null when no execution has CPU time: all 0. */
    private final long[] cpu;

    Roots(ExecutionList executions, int[] roots, long[] wall, long[] cpu) {
      super(executions, roots);
      this.wall = wall;
      this.cpu = cpu;
    }

    @Override
    public TaskExecution get(int k) {
      TaskExecution e = super.get(k);
      int i = index(k);
      long selfCpu = cpu == null ? 0 : cpu[i];
      return wall[i] == e.selfWallNs() && (e.selfCpuNs() < 0 || selfCpu == e.selfCpuNs())
          ? e
          : withSelf(e, wall[i], e.selfCpuNs() < 0 ? -1 : selfCpu);
    }

    @Override
    public long selfWallNs(int k) {
      return wall[index(k)];
    }

    @Override
    public long selfCpuNs(int k) {
      int i = index(k);
      long own = all().selfCpuNs(i);
      if (own < 0) { // unmeasured: kept when the wall time is too, else -1
        return wall[i] == all().selfWallNs(i) ? own : -1;
      }
      return cpu == null ? 0 : cpu[i];
    }
  }

  private static TaskExecution withSelf(TaskExecution e, long selfWallNs, long selfCpuNs) {
    return new TaskExecution(
        e.taskId(),
        e.taskClass(),
        e.executionNumber(),
        e.outerTaskId(),
        e.helped(),
        e.creationThreadId(),
        e.creationThreadName(),
        e.executionThreadId(),
        e.executionThreadName(),
        e.virtualThread(),
        e.executorId(),
        e.executorClass(),
        e.forked(),
        e.createdNs(),
        e.submittedNs(),
        e.startNs(),
        e.endNs(),
        selfWallNs,
        selfCpuNs,
        e.kind(),
        e.method(),
        e.creationSite(),
        e.submissionSite(),
        e.submissionThreadId(),
        e.submissionStampNs(),
        e.weight());
  }
}
