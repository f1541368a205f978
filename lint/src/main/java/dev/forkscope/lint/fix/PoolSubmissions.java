package dev.forkscope.lint.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.type.Type;
import dev.forkscope.lint.Finding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

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
 * }</pre>
 *
 * <p>Implementation note: both rewrites keep the pool that runs the task. {@code fork()} pushes the
 * task onto the deque of the current worker, in that worker's pool; {@code pool.execute(task)}
 * called from a worker of {@code pool} pushes it onto the same deque (JDK 17 and later), and from
 * any other thread queues it in {@code pool}. So {@code fork()} may replace the submission exactly
 * where the current thread is a worker of {@code pool}. The first rewrite proves that from the
 * source: the receiver is {@code getPool()} (or a local that holds it and is never assigned again),
 * called directly in the execution method of a task class. Elsewhere (a pool from a field or a
 * parameter, a dispatcher called both from tasks and from outside the pool) the second rewrite, the
 * fork-first dispatch of Pinto et al. (Listing 2), tests it at run time, {@code
 * ForkJoinTask.getPool()} being the current worker's pool or null; the submission stays for every
 * other thread. The guard reads the pool a second time, so the pool expression must give the same
 * pool both times: a final field, an effectively final local or parameter, or {@code
 * ForkJoinPool.commonPool()}; and the call must be a statement of its own, its result unused. In
 * both, the argument must be a {@code ForkJoinTask}: a task class of this file or of {@code
 * Name.java} beside it, since {@code submit} also takes a Runnable or Callable, which cannot be
 * forked. {@code invoke} becomes {@code task.invoke()}, which runs the task and waits for it as the
 * pool's {@code invoke} does.
 */
final class PoolSubmissions {
  private static final Map<String, String> REPLACEMENTS =
      Map.of("execute", "fork", "submit", "fork", "invoke", "invoke");
  private static final Set<String> JDK_TASKS =
      Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter");
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
    if (!isProjectTask(task, source)) {
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
    if (!(call.getParentNode().orElse(null) instanceof ExpressionStmt statement)) {
      return Rewrite.refuse(
          "cannot prove that "
              + pool
              + " is the pool running this task, and the call's result is used, so it cannot be"
              + " guarded with if (ForkJoinTask.getPool() == "
              + pool
              + ")");
    }
    String unstable = unstable(pool);
    if (unstable != null) {
      return Rewrite.refuse(
          "cannot prove that "
              + pool
              + " is the pool running this task, and "
              + unstable
              + ": a guard that reads it twice could see two pools");
    }
    String indent = source.indentOf(statement);
    String inner = indent + source.indentUnit(statement);
    String nl = source.newline();
    String guard =
        "if ("
            + forkJoinTask(source.unit())
            + ".getPool() == "
            + source.text(pool)
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
        "centralized-pooling@" + source.begin(call),
        "forks "
            + source.text(task)
            + " when this thread is a worker of "
            + pool
            + " (fork-first); other threads still submit it",
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
   * Whether the call is directly in the execution method of a task class and its receiver is {@code
   * getPool()}, or a local initialized with it and never assigned again.
   */
  private static boolean runsOnWorkerOf(MethodCallExpr call, Expression pool, Source source) {
    MethodDeclaration method = call.findAncestor(MethodDeclaration.class).orElse(null);
    return method != null
        && Set.of("compute", "exec").contains(method.getNameAsString())
        && Nodes.directlyIn(call, method)
        && method.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner
        && isTaskClass(owner, source)
        && isCurrentPool(pool, method);
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
          && !assigned(name.getNameAsString(), method)
          && locals.get(0).getInitializer().filter(i -> isCurrentPool(i, method)).isPresent();
    }
    return false;
  }

  /**
   * Why the pool expression may give another pool when read again, or null if it cannot: it must be
   * {@code ForkJoinPool.commonPool()}, a final ForkJoinPool field of a class around the call, or an
   * effectively final ForkJoinPool local or parameter.
   */
  private static String unstable(Expression pool) {
    if (pool instanceof MethodCallExpr common
        && common.getNameAsString().equals("commonPool")
        && common.getArguments().isEmpty()
        && common.getScope().map(s -> POOL_TYPES.contains(s.toString())).orElse(false)) {
      return null;
    }
    String name =
        pool instanceof NameExpr n
            ? n.getNameAsString()
            : pool instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                ? f.getNameAsString()
                : null;
    if (name == null) {
      return pool + " is neither a variable nor ForkJoinPool.commonPool()";
    }
    CallableDeclaration<?> method = pool.findAncestor(CallableDeclaration.class).orElse(null);
    int declarations =
        pool instanceof NameExpr && method != null ? declarations(name, method).size() : 0;
    if (declarations > 1) {
      return name + " is declared more than once in " + method.getNameAsString() + "()";
    }
    if (declarations == 1) {
      Type local = localType(name, method).orElseThrow();
      if (assigned(name, method)) {
        return name + " is assigned in " + method.getNameAsString() + "()";
      }
      return POOL_TYPES.contains(local.asString())
          ? null
          : name + " is not declared as a ForkJoinPool";
    }
    for (ClassOrInterfaceDeclaration type = enclosingClass(pool);
        type != null;
        type = enclosingClass(type)) {
      Optional<FieldDeclaration> field = type.getFieldByName(name);
      if (field.isPresent()) {
        if (!field.get().isFinal()) {
          return "the field " + name + " is not final";
        }
        return POOL_TYPES.contains(field.get().getElementType().asString())
            ? null
            : name + " is not declared as a ForkJoinPool";
      }
    }
    return name + " is not a field of a class of this file";
  }

  /** The declared type of a parameter or local of a method, if it declares exactly one. */
  private static Optional<Type> localType(String name, CallableDeclaration<?> method) {
    List<Type> declared = declarations(name, method);
    return declared.size() == 1 ? Optional.of(declared.get(0)) : Optional.empty();
  }

  /** The declared types of the parameters and locals of this name in a method. */
  private static List<Type> declarations(String name, CallableDeclaration<?> method) {
    return Stream.concat(
            method.findAll(Parameter.class, p -> p.getNameAsString().equals(name)).stream()
                .map(Parameter::getType),
            method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(name)).stream()
                .map(VariableDeclarator::getType))
        .toList();
  }

  private static boolean assigned(String name, Node method) {
    return method
            .findFirst(
                AssignExpr.class,
                a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name))
            .isPresent()
        || method
            .findFirst(
                UnaryExpr.class,
                u -> u.getExpression() instanceof NameExpr n && n.getNameAsString().equals(name))
            .isPresent();
  }

  private static ClassOrInterfaceDeclaration enclosingClass(Node node) {
    return node.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
  }

  /** How this file can name ForkJoinTask: its simple name if imported, else the qualified one. */
  private static String forkJoinTask(CompilationUnit unit) {
    for (ImportDeclaration i : unit.getImports()) {
      String name = i.getNameAsString();
      if (!i.isStatic()
          && (i.isAsterisk() && name.equals("java.util.concurrent")
              || !i.isAsterisk() && name.equals("java.util.concurrent.ForkJoinTask"))) {
        return "ForkJoinTask";
      }
    }
    return "java.util.concurrent.ForkJoinTask";
  }

  /** A new task, or a local or parameter declared with a task class of this file or beside it. */
  private static boolean isProjectTask(Expression task, Source source) {
    String type = null;
    if (task instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isEmpty()) {
      type = created.getType().getNameAsString();
    } else if (task instanceof NameExpr name) {
      CallableDeclaration<?> method = task.findAncestor(CallableDeclaration.class).orElse(null);
      Optional<Type> declared =
          method == null ? Optional.empty() : localType(name.getNameAsString(), method);
      if (declared.isPresent() && declared.get().isClassOrInterfaceType()) {
        type = declared.get().asClassOrInterfaceType().getNameAsString();
      }
    }
    return type != null && isTaskType(type, source);
  }

  private static boolean isTaskType(String type, Source source) {
    if (JDK_TASKS.contains(type)) {
      return true;
    }
    ClassOrInterfaceDeclaration declared = declaration(type, source);
    return declared != null && isTaskClass(declared, source);
  }

  /** Whether a class extends a JDK task class, through classes of this file or beside it. */
  private static boolean isTaskClass(ClassOrInterfaceDeclaration type, Source source) {
    for (int depth = 0;
        depth < 8 && type != null && type.getExtendedTypes().isNonEmpty();
        depth++) {
      String parent = type.getExtendedTypes(0).getNameAsString();
      if (JDK_TASKS.contains(parent)) {
        return true;
      }
      type = declaration(parent, source);
    }
    return false;
  }

  /** The class of this name declared in this file, or in {@code Name.java} beside it. */
  private static ClassOrInterfaceDeclaration declaration(String name, Source source) {
    for (CompilationUnit unit : source.unitsDeclaring(name)) {
      Optional<ClassOrInterfaceDeclaration> found =
          unit.findFirst(ClassOrInterfaceDeclaration.class, c -> c.getNameAsString().equals(name));
      if (found.isPresent()) {
        return found.get();
      }
    }
    return null;
  }
}
