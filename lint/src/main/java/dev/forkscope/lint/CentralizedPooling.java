package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Bottleneck 1: submitting work to a pool from inside a task (Pinto et al. 2017, Akka's mailbox
 * dispatch), instead of forking it onto the worker's own deque.
 *
 * <p>Implementation note: what a submission costs depends on where it goes. On JDK 8 every {@code
 * execute}, {@code submit} and {@code invoke} went through one of the pool's shared submission
 * queues, even from the pool's own worker; that is what Akka did and what the paper measured. Since
 * JDK 9, {@code ForkJoinPool} pushes a submission made by one of its own workers onto that worker's
 * deque (JDK 25: {@code poolSubmit} checks {@code wt.pool == this}), so a submission to the pool a
 * task runs in costs little more than {@code fork()} today. A submission to another pool (the
 * common pool from a task of a custom pool) or to a plain executor still goes through a shared
 * queue, outside the task's work stealing. The rule therefore tells the cases apart:
 *
 * <ul>
 *   <li>own pool: the receiver is {@code getPool()}, the pool a pool lambda was handed to, or the
 *       task submits an instance of its own class (its kind runs in that pool, as Akka's mailboxes
 *       do): a note, costly on JDK 8 only;
 *   <li>another pool: the same file starts the task in a pool that is not the receiver: a warning;
 *   <li>an executor that is not a ForkJoinPool (a field of type {@code ExecutorService}, {@code
 *       Executors.newFixedThreadPool(..)}): a warning;
 *   <li>a ForkJoinPool of unknown relation to the task: a warning whose message states both cases.
 * </ul>
 *
 * A submission in the branch of an {@code if} that only runs off the pool's workers ({@code else}
 * of {@code Thread.currentThread() instanceof ForkJoinWorkerThread}, of {@code
 * ForkJoinTask.inForkJoinPool()} or of {@code ForkJoinTask.getPool() == pool}) is the external
 * entry point of a fork-first design (Listing 2) and is not reported. Neither is a submission to an
 * {@code Executor} field the code never creates: its user chose where that work runs, and {@code
 * fork()} would bypass the choice.
 */
final class CentralizedPooling extends Check {
  static final Rule RULE =
      Rule.builder("centralized-pooling")
          .bottleneck(1)
          .severity(Severity.WARNING)
          .title("Centralized pooling")
          .why(
              "Submitting work from inside a task to another pool or to an executor goes through that pool's "
                  + "shared submission queue instead of the worker's own deque, against the decentralized spirit "
                  + "of work stealing; on JDK 8 even a submission to the task's own pool did (Pinto et al. 2017, "
                  + "bottleneck 1).")
          .instead(
              "Fork the new task from the running one (task.fork(), task.invoke() or invokeAll(..)) so it lands on "
                  + "the current worker's deque.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.FORK_IN_OWN_POOL)
          .build();

  /** The same rule for a submission to the pool the code runs in: costly on JDK 8 only. */
  static final Rule OWN_POOL =
      RULE.variant("the task's own pool")
          .severity(Severity.NOTE)
          .why(
              "On JDK 8 a worker's submission to its own pool went through the pool's shared submission queue "
                  + "(Pinto et al. 2017, bottleneck 1, Akka's mailboxes); since JDK 9 ForkJoinPool pushes it onto "
                  + "the worker's own deque, so it costs little more than fork().")
          .instead(
              "Use fork() (or invoke()/invokeAll(..)) for work created inside a task: it says what is meant and "
                  + "is cheap on every JDK.")
          .build();

  private static final Set<String> EXECUTOR_SUBMISSIONS =
      Set.of("execute", "submit", "invokeAll", "invokeAny");
  private static final Set<String> EXECUTOR_TYPES =
      Set.of(
          "Executor",
          "ExecutorService",
          "AbstractExecutorService",
          "ThreadPoolExecutor",
          "ScheduledExecutorService",
          "ScheduledThreadPoolExecutor",
          "ListeningExecutorService",
          "ListeningScheduledExecutorService",
          "CompletionService",
          "ExecutorCompletionService");

  /** Executors.newXxx factories whose executor is not a ForkJoinPool. */
  private static final Set<String> PLAIN_EXECUTOR_FACTORIES =
      Set.of(
          "newFixedThreadPool",
          "newCachedThreadPool",
          "newSingleThreadExecutor",
          "newScheduledThreadPool",
          "newSingleThreadScheduledExecutor",
          "newVirtualThreadPerTaskExecutor",
          "newThreadPerTaskExecutor");

  static final String COMMON = "the common pool";
  private static final String OWN = "own";

  private enum Target {
    OWN_POOL,
    OTHER_POOL,
    EXECUTOR,
    UNKNOWN
  }

  private final Check ownPool = new Variant(OWN_POOL);
  private final TargetRelease releases = new TargetRelease();

  CentralizedPooling() {
    super(RULE);
  }

  /** Reports under a variant of this rule (same id and number, another severity and text). */
  private static final class Variant extends Check {
    Variant(Rule rule) {
      super(rule);
    }
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (!(node instanceof MethodCallExpr call)
        || call.getScope().isEmpty()
        || call.getScope().get() instanceof ObjectCreationExpr) {
      return;
    }
    ProjectIndex index = scope.index();
    boolean forkJoinPool = Entries.isPoolSubmission(call, index);
    boolean executor =
        !forkJoinPool
            && scope.isTaskLike()
            && EXECUTOR_SUBMISSIONS.contains(call.getNameAsString())
            && !call.getArguments().isEmpty()
            && isExecutor(call.getScope().get(), index);
    if ((!forkJoinPool && !executor)
        || offWorkersOnly(call, index)
        || executor && handedIn(call.getScope().get(), index)) {
      return;
    }
    Expression receiver = Syntax.unwrap(call.getScope().get());
    String name = call.getNameAsString() + "()";
    String pool = abbreviate(receiver.toString());
    switch (target(call, receiver, forkJoinPool, scope)) {
      case OWN_POOL ->
          scope.report(
              ownPool,
              call,
              "submits to the pool it runs in ("
                  + pool
                  + ") with "
                  + name
                  + " from inside "
                  + scope.where()
                  + ": "
                  + ownPoolCost(scope)
                  + "; use fork()",
              rule().fix().safety());
      case OTHER_POOL ->
          scope.report(
              this,
              call,
              "submits to another pool ("
                  + pool
                  + ") with "
                  + name
                  + " from inside "
                  + scope.where()
                  + ", which runs in a pool of its own: the work goes through that pool's shared "
                  + "submission queue and leaves this pool's work stealing; fork it instead",
              rule().fix().safety());
      case EXECUTOR ->
          scope.report(
              this,
              call,
              "hands work to the executor "
                  + pool
                  + " with "
                  + name
                  + " from inside "
                  + scope.where()
                  + ": it goes through the executor's shared queue, outside work stealing; fork it "
                  + "as a subtask instead (or suppress this if it is blocking work moved off the pool "
                  + "on purpose)",
              rule().fix().safety());
      case UNKNOWN ->
          scope.report(
              this,
              call,
              "submits work to a pool ("
                  + pool
                  + ") with "
                  + name
                  + " from inside "
                  + scope.where()
                  + ": unless it is the pool this code runs in (on JDK 9 or later), it goes through "
                  + "the pool's shared submission queue instead of this worker's deque; fork it instead",
              rule().fix().safety());
    }
  }

  /** What a submission to the task's own pool costs, on the JDK the file is built for if known. */
  private String ownPoolCost(Scope scope) {
    OptionalInt release = releases.of(scope.file().path());
    if (release.isPresent() && release.getAsInt() >= 9) {
      return "built for JDK "
          + release.getAsInt()
          + ", where it lands on this worker's own deque and costs little more than fork() (on JDK 8"
          + " it went through the pool's shared submission queue)";
    }
    return "costly on JDK 8 only, where it goes through the pool's shared submission queue "
        + "(since JDK 9 it lands on this worker's own deque)";
  }

  private static Target target(
      MethodCallExpr call, Expression receiver, boolean forkJoinPool, Scope scope) {
    ProjectIndex index = scope.index();
    if (!forkJoinPool && isPlainExecutor(receiver, index)) {
      return Target.EXECUTOR;
    }
    String key = poolKey(receiver, index);
    if (OWN.equals(key)) {
      return Target.OWN_POOL;
    }
    String task = runningTaskName(scope);
    if (task != null
        && call.getArguments().stream().anyMatch(a -> instanceOf(a, task, call, index))) {
      return Target.OWN_POOL;
    }
    if (!forkJoinPool) {
      return Target.EXECUTOR;
    }
    Set<String> running = runningPools(scope, task);
    if (key == null || running.isEmpty()) {
      return Target.UNKNOWN;
    }
    return running.contains(key) ? Target.OWN_POOL : Target.OTHER_POOL;
  }

  /** The simple name of the task class whose execution method is the context's entry, or null. */
  private static String runningTaskName(Scope scope) {
    if (scope.kind() != Scope.Kind.TASK) {
      return null;
    }
    Node owner = scope.entry().getParentNode().orElse(null);
    return owner instanceof TypeDeclaration<?> type ? type.getNameAsString() : null;
  }

  /**
   * Keys of the pools the context is known to run in: the pool a lambda was handed to, the common
   * pool for async stages, and for a task the pools the files at hand start it in.
   */
  private static Set<String> runningPools(Scope scope, String task) {
    Set<String> keys = new HashSet<>();
    ProjectIndex index = scope.index();
    Node entry = scope.entry();
    switch (scope.kind()) {
      case POOL -> {
        Node submission = entry.getParentNode().orElse(null);
        if (submission instanceof ObjectCreationExpr) {
          submission = submission.getParentNode().orElse(null);
        }
        if (submission instanceof MethodCallExpr call && call.getScope().isPresent()) {
          String key = poolKey(call.getScope().get(), index);
          if (key != null) {
            keys.add(key);
          }
        }
      }
      case ASYNC -> keys.add(COMMON);
      case TASK -> {
        if (task != null) {
          Set<CompilationUnit> units = ProjectIndex.identitySet();
          entry.findCompilationUnit().ifPresent(units::add);
          scope.file().unit().ifPresent(units::add);
          for (CompilationUnit unit : units) {
            startsOf(task, unit, index, keys);
          }
        }
      }
      case STREAM -> {}
    }
    return keys;
  }

  /**
   * Adds the keys of the pools a file starts a task class in, from outside the class: {@code
   * pool.invoke(new T(..))}, {@code pool.submit(t)} with {@code t} a T; {@code new T(..).invoke()}
   * from outside any task runs it in the caller and forks into the common pool.
   */
  private static void startsOf(
      String task, CompilationUnit unit, ProjectIndex index, Set<String> keys) {
    for (MethodCallExpr call : unit.findAll(MethodCallExpr.class)) {
      if (!isDriverCode(call, index)) {
        continue;
      }
      String name = call.getNameAsString();
      if (Entries.POOL_SUBMISSIONS.contains(name)
          && Entries.isPoolSubmission(call, index)
          && call.getArguments().stream().anyMatch(a -> instanceOf(a, task, call, index))) {
        String key = poolKey(call.getScope().get(), index);
        if (key != null && !OWN.equals(key)) {
          keys.add(key);
        }
      } else if ((name.equals("invoke") || name.equals("fork"))
          && call.getArguments().isEmpty()
          && call.getScope().isPresent()
          && instanceOf(call.getScope().get(), task, call, index)) {
        keys.add(COMMON);
      }
    }
  }

  /**
   * Whether code runs outside the instances of a task class: in a class that is not a task, or in a
   * static method of one (a task's {@code main} or static entry point is a driver).
   */
  private static boolean isDriverCode(Node node, ProjectIndex index) {
    TypeDeclaration<?> type = ProjectIndex.enclosingType(node);
    if (type == null || !index.isTask(type.getNameAsString())) {
      return true;
    }
    for (Node n = node.getParentNode().orElse(null);
        n != null && n != type;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> callable) {
        return callable.isStatic();
      }
    }
    return false;
  }

  /**
   * A name for the pool an expression denotes, equal for two expressions that denote the same pool
   * when that can be told from syntax: "the common pool", "own" for {@code getPool()}, a field by
   * its class and name, a local by its declaration. Null when unknown.
   */
  static String poolKey(Expression receiver, ProjectIndex index) {
    Expression e = Syntax.unwrap(receiver);
    if (e instanceof MethodCallExpr call && call.getArguments().isEmpty()) {
      String name = call.getNameAsString();
      if (name.equals("commonPool")) {
        return COMMON;
      }
      if (name.equals("getPool")
          && (call.getScope().isEmpty() || call.getScope().get() instanceof ThisExpr)) {
        return OWN;
      }
      return null;
    }
    if (e instanceof FieldAccessExpr f && !(f.getScope() instanceof ThisExpr)) {
      String owner = Syntax.typeOf(f.getScope(), index);
      return owner == null ? null : "field " + owner + "." + f.getNameAsString();
    }
    Syntax.Var v = Syntax.variable(e, index).orElse(null);
    if (v == null) {
      return null;
    }
    if (v.init() instanceof MethodCallExpr init
        && init.getNameAsString().equals("commonPool")
        && init.getArguments().isEmpty()) {
      return COMMON;
    }
    if (v.field()) {
      TypeDeclaration<?> owner = ProjectIndex.enclosingType(v.decl());
      return owner == null
          ? null
          : "field " + owner.getNameAsString() + "." + Syntax.variableName(e);
    }
    return "local "
        + Syntax.variableName(e)
        + "@"
        + v.decl().getBegin().map(Object::toString).orElse("?")
        + "#"
        + v.decl().findCompilationUnit().map(System::identityHashCode).orElse(0);
  }

  /** Whether an expression is an instance of the named task class, as far as syntax tells. */
  private static boolean instanceOf(Expression e, String task, Node at, ProjectIndex index) {
    e = Syntax.unwrap(e);
    while (e instanceof CastExpr cast) {
      e = Syntax.unwrap(cast.getExpression());
    }
    if (e instanceof ThisExpr) {
      TypeDeclaration<?> type = ProjectIndex.enclosingType(at);
      return type != null && type.getNameAsString().equals(task);
    }
    if (e instanceof ObjectCreationExpr created) {
      return created.getAnonymousClassBody().isEmpty()
          && created.getType().getNameAsString().equals(task);
    }
    return task.equals(Syntax.typeOf(e, index));
  }

  /** Whether an expression is an executor (of a type that can hold a pool or a plain executor). */
  private static boolean isExecutor(Expression receiver, ProjectIndex index) {
    Expression e = Syntax.unwrap(receiver);
    if (isExecutorFactory(e)) {
      return true;
    }
    String type = Syntax.typeOf(e, index);
    if (type != null && EXECUTOR_TYPES.contains(type)) {
      return true;
    }
    return Syntax.variable(e, index)
        .map(v -> v.init() != null && isExecutorFactory(Syntax.unwrap(v.init())))
        .orElse(false);
  }

  /**
   * Whether the receiver is an {@code Executor} field the code does not create: one its user
   * configured (a cache's or a client's executor). Where such work runs is the user's choice, and
   * {@code fork()} would bypass it, so a submission to it is the library keeping its contract.
   */
  private static boolean handedIn(Expression receiver, ProjectIndex index) {
    return Syntax.variable(Syntax.unwrap(receiver), index)
        .filter(v -> v.field() && v.init() == null && "Executor".equals(v.type()))
        .isPresent();
  }

  /** Whether an executor is known not to be a ForkJoinPool (created by a plain factory). */
  static boolean isPlainExecutor(Expression receiver, ProjectIndex index) {
    Expression made = creation(receiver, index);
    if (made instanceof MethodCallExpr call) {
      return PLAIN_EXECUTOR_FACTORIES.contains(call.getNameAsString());
    }
    return made instanceof ObjectCreationExpr created
        && created.getType().getNameAsString().endsWith("ThreadPoolExecutor");
  }

  /**
   * Whether an executor is known to be a ForkJoinPool of its own, not the common pool: created by
   * {@code new ForkJoinPool(..)} or {@code Executors.newWorkStealingPool(..)}, directly or in a
   * variable's initialiser, or, for a field without one, in every assignment to it in its class (a
   * pool set up in a static initialiser; {@code FileUtils.IO_POOL} of another class too); a call of
   * a method of that class stands for every value the method returns (a factory that names the
   * pool's threads).
   */
  static boolean isNewForkJoinPool(Expression receiver, ProjectIndex index) {
    List<Expression> made = madeBy(receiver, index);
    return !made.isEmpty() && made.stream().allMatch(CentralizedPooling::makesForkJoinPool);
  }

  private static boolean makesForkJoinPool(Expression made) {
    return made instanceof MethodCallExpr call
        ? call.getNameAsString().equals("newWorkStealingPool")
        : made instanceof ObjectCreationExpr created
            && created.getType().getNameAsString().equals("ForkJoinPool");
  }

  /**
   * The expressions that may have made the object an expression denotes (a pool, a queue): a
   * constructor or an executor factory, directly, in a variable's initialiser or in every
   * assignment to a field without one, a call of a method of the field's class standing for what it
   * returns; empty where not shown.
   */
  static List<Expression> madeBy(Expression receiver, ProjectIndex index) {
    List<Expression> values = new ArrayList<>();
    Expression init = creation(receiver, index);
    VariableDeclarator field = init == null ? uninitialisedField(receiver, index) : null;
    TypeDeclaration<?> fieldOwner = field == null ? null : ProjectIndex.enclosingType(field);
    if (init != null) {
      values.add(init);
    } else if (fieldOwner != null) {
      for (AssignExpr a : fieldOwner.findAll(AssignExpr.class)) {
        if (a.getOperator() == AssignExpr.Operator.ASSIGN
            && field.getNameAsString().equals(Syntax.variableName(a.getTarget()))) {
          values.add(Syntax.unwrap(a.getValue()));
        }
      }
    }
    List<Expression> made = new ArrayList<>();
    for (Expression value : values) {
      List<Expression> returned = returnedBy(value, ProjectIndex.enclosingType(value));
      made.addAll(returned.isEmpty() ? List.of(value) : returned);
    }
    return made;
  }

  /** A field without initialiser that the expression names: its own class's, or {@code T.f}. */
  private static VariableDeclarator uninitialisedField(Expression e, ProjectIndex index) {
    Syntax.Var v = Syntax.variable(e, index).orElse(null);
    if (v != null) {
      return v.field() && v.decl() instanceof VariableDeclarator d ? d : null;
    }
    if (!(Syntax.unwrap(e) instanceof FieldAccessExpr access
        && access.getScope() instanceof NameExpr type
        && Character.isUpperCase(type.getNameAsString().charAt(0)))) {
      return null;
    }
    for (ProjectIndex.TypeInfo info :
        index.types(type.getNameAsString(), e.findCompilationUnit().orElse(null))) {
      for (FieldDeclaration f : info.decl().getFields()) {
        for (VariableDeclarator d : f.getVariables()) {
          if (d.getNameAsString().equals(access.getNameAsString())) {
            return d.getInitializer().isPresent() ? null : d;
          }
        }
      }
    }
    return null;
  }

  /**
   * The values returned by the methods of {@code owner} (the class the value is written in) that an
   * unqualified call may enter, not by lambdas inside them; empty if the value is no such call.
   */
  private static List<Expression> returnedBy(Expression value, TypeDeclaration<?> owner) {
    List<Expression> returned = new ArrayList<>();
    if (owner != null && value instanceof MethodCallExpr call && call.getScope().isEmpty()) {
      for (MethodDeclaration m : owner.getMethodsByName(call.getNameAsString())) {
        if (m.getParameters().size() != call.getArguments().size()) {
          continue;
        }
        for (ReturnStmt r : m.findAll(ReturnStmt.class)) {
          if (Syntax.enclosingCallable(r) == m && r.getExpression().isPresent()) {
            returned.add(Syntax.unwrap(r.getExpression().get()));
          }
        }
      }
    }
    return returned;
  }

  /** The expression that created an executor: a factory call or constructor, or null. */
  private static Expression creation(Expression receiver, ProjectIndex index) {
    Expression e = Syntax.unwrap(receiver);
    return isExecutorFactory(e) || e instanceof ObjectCreationExpr
        ? e
        : Syntax.variable(e, index).map(Syntax.Var::init).map(Syntax::unwrap).orElse(null);
  }

  private static boolean isExecutorFactory(Expression e) {
    return e instanceof MethodCallExpr call
        && ("Executors".equals(Syntax.scopeName(call))
            || "MoreExecutors".equals(Syntax.scopeName(call)));
  }

  /**
   * Whether the call only runs off the pool's workers: in the {@code else} branch (of an {@code if}
   * or a {@code ?:}) of a test that the current thread is a worker, or the {@code then} branch of
   * its negation.
   */
  private static boolean offWorkersOnly(MethodCallExpr call, ProjectIndex index) {
    Node child = call;
    for (Node n = call.getParentNode().orElse(null);
        n != null && !(n instanceof LambdaExpr) && !(n instanceof TypeDeclaration<?>);
        child = n, n = n.getParentNode().orElse(null)) {
      Expression test = null;
      boolean inThen = false;
      boolean inElse = false;
      if (n instanceof IfStmt branch) {
        test = branch.getCondition();
        inThen = branch.getThenStmt() == child;
        inElse = branch.getElseStmt().orElse(null) == child;
      } else if (n instanceof ConditionalExpr choice) {
        test = choice.getCondition();
        inThen = choice.getThenExpr() == child;
        inElse = choice.getElseExpr() == child;
      }
      if (test != null) {
        Expression condition = Syntax.unwrap(test);
        boolean negated = false;
        if (condition instanceof UnaryExpr not
            && not.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
          condition = Syntax.unwrap(not.getExpression());
          negated = true;
        }
        if (((inElse && !negated) || (inThen && negated)) && testsForWorker(condition, index)) {
          return true;
        }
        if (condition instanceof BinaryExpr compare
            && comparesCurrentPoolWith(compare, call.getScope().orElseThrow().toString())) {
          boolean equals = (compare.getOperator() == BinaryExpr.Operator.EQUALS) != negated;
          if (equals ? inElse : inThen) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * {@code x instanceof ForkJoinWorkerThread}, {@code ForkJoinTask.inForkJoinPool()}, or a local
   * set to one.
   */
  /**
   * {@code ForkJoinTask.getPool() == pool}, {@code pool != getPool()} and the like: the test of the
   * fork-first dispatch of Pinto et al., Listing 2, {@code if (ForkJoinTask.getPool() == pool)
   * t.fork(); else pool.execute(t);}, whose external branch runs only off the pool's workers.
   */
  private static boolean comparesCurrentPoolWith(BinaryExpr compare, String pool) {
    boolean equality =
        compare.getOperator() == BinaryExpr.Operator.EQUALS
            || compare.getOperator() == BinaryExpr.Operator.NOT_EQUALS;
    return equality
        && (isCurrentPool(compare.getLeft()) && compare.getRight().toString().equals(pool)
            || isCurrentPool(compare.getRight()) && compare.getLeft().toString().equals(pool));
  }

  /** {@code ForkJoinTask.getPool()} (static: the pool of the current worker thread, or null). */
  static boolean isCurrentPool(Expression e) {
    return e instanceof MethodCallExpr get
        && get.getNameAsString().equals("getPool")
        && get.getArguments().isEmpty()
        && get.getScope()
            .map(s -> s.toString().matches("(java\\.util\\.concurrent\\.)?ForkJoinTask"))
            .orElse(true);
  }

  private static boolean testsForWorker(Expression condition, ProjectIndex index) {
    if (condition instanceof InstanceOfExpr test) {
      return test.getType().asString().endsWith("ForkJoinWorkerThread");
    }
    if (condition instanceof MethodCallExpr call) {
      return call.getNameAsString().equals("inForkJoinPool") && call.getArguments().isEmpty();
    }
    if (condition instanceof NameExpr name) {
      return Syntax.variable(name, index)
          .filter(v -> !v.field() && v.init() != null)
          .map(v -> testsForWorker(Syntax.unwrap(v.init()), index))
          .orElse(false);
    }
    return false;
  }

  private static String abbreviate(String code) {
    String oneLine = code.replaceAll("\\s+", " ");
    return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
  }
}
