package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.forkscope.lint.Finding;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Centralized pooling: a task that hands a subtask to the pool that runs it, {@code
 * getPool().execute(sub)}, forks it instead, {@code sub.fork()}.
 *
 * <p>Implementation note: the rewrite is made only where the source proves both sides. The pool
 * must be the one running the current task: the receiver is {@code getPool()} (or a local that
 * holds it and is never assigned again), called directly in the execution method of a task class,
 * where the current thread is that pool's worker. A pool held in a field or a parameter, or {@code
 * ForkJoinPool.commonPool()}, could be any pool for all the source shows. The argument must be a
 * {@code ForkJoinTask} of a class declared in this file, since {@code submit} wraps a Runnable or
 * Callable and {@code fork()} does not exist for them. Then both calls schedule the same task in
 * the same pool and return it; {@code fork()} puts it on this worker's deque.
 */
final class PoolSubmissions {
  private static final Map<String, String> REPLACEMENTS =
      Map.of("execute", "fork", "submit", "fork", "invoke", "invoke");
  private static final Set<String> JDK_TASKS =
      Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter");

  private PoolSubmissions() {}

  static Rewrite.Proposal fork(Finding finding, Source source) {
    MethodCallExpr call = source.at(finding, MethodCallExpr.class).orElse(null);
    if (call == null
        || !REPLACEMENTS.containsKey(call.getNameAsString())
        || call.getArguments().size() != 1
        || call.getScope().isEmpty()) {
      return Rewrite.refuse("not a pool.execute/submit/invoke(task) call");
    }
    MethodDeclaration method = call.findAncestor(MethodDeclaration.class).orElse(null);
    boolean direct =
        method != null
            && Set.of("compute", "exec").contains(method.getNameAsString())
            && Nodes.directlyIn(call, method)
            && method.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner
            && isTaskClass(owner, source);
    Expression pool = call.getScope().get();
    if (!direct) {
      return Rewrite.refuse(
          "cannot prove that "
              + pool
              + " is the pool running the task: the call is not directly in a task's compute()"
              + (method == null
                  ? ""
                  : " but in "
                      + method.getNameAsString()
                      + "(), which code outside the pool may call"));
    }
    if (!isCurrentPool(pool, method)) {
      return Rewrite.refuse(
          "cannot prove that " + pool + " is the pool running this task (only getPool() is)");
    }
    Expression task = call.getArgument(0);
    if (!isProjectTask(task, call, source)) {
      return Rewrite.refuse(
          source.text(task) + " is not known to be a ForkJoinTask of a class in this file");
    }
    String replacement = REPLACEMENTS.get(call.getNameAsString());
    String taskText = source.text(task);
    if (!(task instanceof NameExpr
        || task instanceof ObjectCreationExpr
        || task instanceof MethodCallExpr)) {
      taskText = "(" + taskText + ")";
    }
    return new Rewrite.Edits(
        "centralized-pooling@" + source.begin(call),
        "forks "
            + source.text(task)
            + " onto this worker's deque instead of submitting it to the pool",
        List.of(source.replace(call, taskText + "." + replacement + "()")));
  }

  /** {@code getPool()}, or a local initialized with it and never assigned again. */
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
      boolean assigned =
          method
              .findFirst(
                  AssignExpr.class, a -> a.getTarget().toString().equals(name.getNameAsString()))
              .isPresent();
      return locals.size() == 1
          && !assigned
          && locals.get(0).getInitializer().filter(i -> isCurrentPool(i, method)).isPresent();
    }
    return false;
  }

  private static boolean isProjectTask(Expression task, Node at, Source source) {
    String type = null;
    if (task instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isEmpty()) {
      type = created.getType().getNameAsString();
    } else if (task instanceof NameExpr name) {
      MethodDeclaration method = at.findAncestor(MethodDeclaration.class).orElseThrow();
      List<VariableDeclarator> locals =
          method.findAll(
              VariableDeclarator.class, v -> v.getNameAsString().equals(name.getNameAsString()));
      if (locals.size() == 1 && locals.get(0).getType() instanceof ClassOrInterfaceType t) {
        type = t.getNameAsString();
      }
    }
    if (type == null) {
      return false;
    }
    if (JDK_TASKS.contains(type)) {
      return true;
    }
    String name = type;
    return source
        .unit()
        .findFirst(ClassOrInterfaceDeclaration.class, c -> c.getNameAsString().equals(name))
        .map(c -> isTaskClass(c, source))
        .orElse(false);
  }

  /** Whether a class of this file extends a JDK task class, directly or through this file. */
  private static boolean isTaskClass(ClassOrInterfaceDeclaration type, Source source) {
    for (int depth = 0;
        depth < 8 && type != null && type.getExtendedTypes().isNonEmpty();
        depth++) {
      String parent = type.getExtendedTypes(0).getNameAsString();
      if (JDK_TASKS.contains(parent)) {
        return true;
      }
      type =
          source
              .unit()
              .findFirst(ClassOrInterfaceDeclaration.class, c -> c.getNameAsString().equals(parent))
              .orElse(null);
    }
    return false;
  }
}
