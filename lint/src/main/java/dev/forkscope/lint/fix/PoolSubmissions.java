package dev.forkscope.lint.fix;

import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import dev.forkscope.lint.Finding;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Centralized pooling: a task that submits a subtask to a pool forks it instead when it runs on a
 * worker of that pool. Two rewrites, the first where it applies:
 *
 * <pre>{@code
 * getPool().execute(sub);           ->  sub.fork();                     (in a task's compute())
 * pool.execute(mbox);               ->  if (ForkJoinTask.getPool() == pool) {
 *                                         mbox.fork();
 *                                       } else {
 *                                         pool.execute(mbox);
 *                                       }
 * f = pool.submit(t);               ->  f = (ForkJoinTask.getPool() == pool ? t.fork() : pool.submit(t));
 * }</pre>
 *
 * <p>Implementation note: both rewrites keep the pool that runs the task. {@code fork()} pushes the
 * task onto the deque of the current worker, in that worker's pool; {@code pool.execute(task)}
 * called from a worker of {@code pool} pushes it onto the same deque (JDK 17 and later), and from
 * any other thread queues it in {@code pool}. So {@code fork()} may replace the submission exactly
 * where the current thread is a worker of {@code pool}. The first rewrite proves that from the
 * source: the receiver is {@code getPool()} (or a local that holds it and is never assigned again),
 * called directly in the execution method of a task class, or in a private method of one that only
 * such code calls. Elsewhere (a pool from a field or a parameter, a dispatcher called both from
 * tasks and from outside the pool) the second rewrite, the fork-first dispatch of Pinto et al.
 * (Listing 2), tests it at run time, {@code ForkJoinTask.getPool()} being the current worker's pool
 * or null; the submission stays for every other thread. The guard reads the pool a second time, so
 * the pool expression must give the same pool both times: a final field, an effectively final local
 * or parameter, or {@code ForkJoinPool.commonPool()}. Where the call's result is used, the guard is
 * a conditional expression: {@code fork()} returns the task as {@code submit(task)} does, and
 * {@code task.invoke()} its result as {@code pool.invoke(task)} does. In both, the argument must be
 * a {@code ForkJoinTask}: a task class of this file or of {@code Name.java} beside it, since {@code
 * submit} also takes a Runnable or Callable, which cannot be forked. {@code invoke} becomes {@code
 * task.invoke()}, which runs the task and waits for it as the pool's {@code invoke} does.
 */
final class PoolSubmissions {
  private static final Map<String, String> REPLACEMENTS =
      Map.of("execute", "fork", "submit", "fork", "invoke", "invoke");
  private static final Set<String> POOL_TYPES =
      Set.of("ForkJoinPool", "java.util.concurrent.ForkJoinPool");

  private PoolSubmissions() {}

  static Rewrite.Proposal fork(Finding finding, Source source) {
    MethodCallExpr call = source.at(finding, MethodCallExpr.class).orElse(null);
    if (call == null
        || !REPLACEMENTS.containsKey(call.getNameAsString())
        || call.getArguments().size() != 1
        || call.getScope().isEmpty()) {
      return Rewrite.refuse("not a pool.execute/submit/invoke(task) call");
    }
    Expression pool = call.getScope().get();
    Expression task = call.getArgument(0);
    if (!TaskTypes.isTask(task, source)) {
      return Rewrite.refuse(
          source.text(task) + " is not known to be a ForkJoinTask of a class in this file");
    }
    String forked = taskText(task, source) + "." + REPLACEMENTS.get(call.getNameAsString()) + "()";
    if (runsOnWorkerOf(call, pool, source)) {
      return new Rewrite.Edits(
          "centralized-pooling@" + source.begin(call),
          "forks "
              + source.text(task)
              + " onto this worker's deque instead of submitting it to the pool",
          List.of(source.replace(call, forked)));
    }
    MethodDeclaration method = call.findAncestor(MethodDeclaration.class).orElse(null);
    if (method != null && isCurrentPool(pool, method)) {
      // A guard would compare getPool() with itself; the call itself throws off a worker.
      return Rewrite.refuse(
          "cannot prove that this code runs on a worker of a pool: it is not directly in a task's"
              + " compute() or in a private method only that calls, and elsewhere "
              + source.text(pool)
              + " may be null, so the submission throws where fork() would not");
    }
    String unstable = commonPool(pool) ? null : Locals.unstable(pool, POOL_TYPES);
    if (unstable != null) {
      return Rewrite.refuse(
          "cannot prove that "
              + pool
              + " is the pool running this task, and "
              + unstable
              + ": a guard that reads it twice could see two pools");
    }
    String onWorker = TaskTypes.forkJoinTask(source.unit()) + ".getPool() == " + source.text(pool);
    String id = "centralized-pooling@" + source.begin(call);
    String forkFirst =
        "forks " + source.text(task) + " when this thread is a worker of " + pool + " (fork-first)";
    if (!(call.getParentNode().orElse(null) instanceof ExpressionStmt statement)) {
      if (call.getNameAsString().equals("execute")) {
        return Rewrite.refuse("execute() returns nothing, so its use cannot be a conditional");
      }
      // The result is used: submit() and fork() both give the task back as a ForkJoinTask of
      // its result type, invoke() and the task's invoke() its result, so one conditional
      // expression keeps the value, and each branch evaluates the task expression once.
      return new Rewrite.Edits(
          id,
          forkFirst + ", keeping the call's result; other threads still submit it",
          List.of(
              source.replace(
                  call, "(" + onWorker + " ? " + forked + " : " + source.text(call) + ")")));
    }
    String indent = source.indentOf(statement);
    String inner = indent + source.indentUnit(statement);
    String nl = source.newline();
    String guard =
        "if ("
            + onWorker
            + ") {"
            + nl
            + inner
            + forked
            + ";"
            + nl
            + indent
            + "} else {"
            + nl
            + inner
            + source.text(statement)
            + nl
            + indent
            + "}";
    return new Rewrite.Edits(
        id,
        forkFirst + "; other threads still submit it",
        List.of(source.replace(statement, guard)));
  }

  private static String taskText(Expression task, Source source) {
    String text = source.text(task);
    return task instanceof NameExpr
            || task instanceof ObjectCreationExpr
            || task instanceof MethodCallExpr
            || task instanceof FieldAccessExpr
        ? text
        : "(" + text + ")";
  }

  /**
   * Whether the call's receiver is {@code getPool()}, or a local initialized with it and never
   * assigned again, and the call runs on a worker: directly in a method of a task class that runs
   * only on workers ({@link #onWorker}).
   */
  private static boolean runsOnWorkerOf(MethodCallExpr call, Expression pool, Source source) {
    MethodDeclaration method = call.findAncestor(MethodDeclaration.class).orElse(null);
    return method != null
        && Nodes.directlyIn(call, method)
        && onWorker(method, source, new HashSet<>())
        && isCurrentPool(pool, method);
  }

  /**
   * Whether a method of a task class runs only on a worker of the pool running the task: it is the
   * execution method ({@code compute()}/{@code exec()}), or a private method every call of which
   * (by name and number of arguments, anywhere in the file, since only the file can call it) is
   * directly in such a method; a method reference to it could hand it to another thread, so none
   * may exist. A private method calling itself is judged by its other calls ({@code assumed} holds
   * the methods being judged).
   */
  private static boolean onWorker(
      MethodDeclaration method, Source source, Set<MethodDeclaration> assumed) {
    if (!(method.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner)
        || !TaskTypes.isTaskClass(owner, source)) {
      return false;
    }
    if (Set.of("compute", "exec").contains(method.getNameAsString())) {
      return method.getParameters().isEmpty();
    }
    if (!method.isPrivate()) {
      return false;
    }
    if (!assumed.add(method)) {
      return true; // being judged: its other calls decide
    }
    String name = method.getNameAsString();
    int arity = method.getParameters().size();
    if (!source
        .unit()
        .findAll(MethodReferenceExpr.class, r -> r.getIdentifier().equals(name))
        .isEmpty()) {
      return false;
    }
    List<MethodCallExpr> calls =
        source
            .unit()
            .findAll(
                MethodCallExpr.class,
                c -> c.getNameAsString().equals(name) && c.getArguments().size() == arity);
    return !calls.isEmpty()
        && calls.stream()
            .allMatch(
                c -> {
                  MethodDeclaration caller = c.findAncestor(MethodDeclaration.class).orElse(null);
                  return caller != null
                      && Nodes.directlyIn(c, caller)
                      && onWorker(caller, source, assumed);
                });
  }

  private static boolean isCurrentPool(Expression pool, MethodDeclaration method) {
    if (pool instanceof MethodCallExpr get
        && get.getNameAsString().equals("getPool")
        && get.getArguments().isEmpty()
        && get.getScope()
            .map(s -> s instanceof ThisExpr || s.toString().equals("ForkJoinTask"))
            .orElse(true)) {
      return true;
    }
    if (pool instanceof NameExpr name) {
      List<VariableDeclarator> locals =
          method.findAll(
              VariableDeclarator.class, v -> v.getNameAsString().equals(name.getNameAsString()));
      return locals.size() == 1
          && !Locals.assigned(name.getNameAsString(), method)
          && locals.get(0).getInitializer().filter(i -> isCurrentPool(i, method)).isPresent();
    }
    return false;
  }

  private static boolean commonPool(Expression pool) {
    return pool instanceof MethodCallExpr common
        && common.getNameAsString().equals("commonPool")
        && common.getArguments().isEmpty()
        && common.getScope().map(s -> POOL_TYPES.contains(s.toString())).orElse(false);
  }
}
