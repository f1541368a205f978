package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Bottleneck 5, exacting intra-task synchronization (Pinto et al. 2017, Fig. 9, Mandelbrot): locks,
 * synchronized code, synchronized collections and a shared {@code java.util.Random} inside a task.
 */
final class IntraTaskSync extends Check {
  static final Rule RULE =
      Rule.builder("intra-task-sync")
          .bottleneck(5)
          .severity(Severity.WARNING)
          .title("Exacting intra-task synchronization")
          .why(
              "A worker that blocks on a lock in the middle of a task cannot run the other tasks in its deque, so "
                  + "synchronization inside tasks stalls work stealing (Pinto et al. 2017, bottleneck 5).")
          .instead(
              "Give each task its own data and combine results through join; where sharing is unavoidable use "
                  + "non-blocking structures (LongAdder, ThreadLocalRandom.current(), concurrent collections).")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.LOCK_REMOVAL)
          .build();
  private static final String WAITS = "a worker waiting for the lock cannot run other tasks";
  private static final String READERS =
      "a read lock: the tasks wait for each other only while a writer holds it, and how often"
          + " one does is not shown";
  private static final String CONTENDED_SEED =
      "every thread retries the compare-and-set of its one seed, and the retries grow with the"
          + " workers";

  /** What a call does, what it costs the pool, and why that is not proven here (null if it is). */
  private record Problem(String what, String consequence, String unproven) {}

  private static final Set<String> LOCKS = Set.of("lock", "lockInterruptibly");

  /** Calls by which a task runs subtasks at once with itself. */
  private static final Set<String> SUBTASK_CALLS = Set.of("fork", "invokeAll", "invoke");

  /** Stream stages whose lambda runs once per element. */
  private static final Set<String> STREAM_STAGES =
      Set.of("map", "mapToObj", "mapToInt", "mapToLong", "mapToDouble", "flatMap", "forEach");

  private static final Set<String> SYNCHRONIZED_TYPES = Set.of("Vector", "Hashtable", "Stack");
  private static final Set<String> RANDOM_METHODS =
      Set.of(
          "nextInt",
          "nextLong",
          "nextDouble",
          "nextFloat",
          "nextBoolean",
          "nextGaussian",
          "nextBytes",
          "ints",
          "longs",
          "doubles");

  IntraTaskSync() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (node instanceof SynchronizedStmt sync) {
      Expression monitor = Syntax.unwrap(sync.getExpression());
      boolean classWide = classWide(monitor, scope);
      if (!perItem(monitor, scope) && matters(sync, classWide, scope)) {
        Owner owner = owner(sync, monitor, classWide, scope);
        if (owner != Owner.TASK) {
          report(
              scope,
              sync,
              sync.toString(),
              "synchronized block in " + scope.where(),
              WAITS,
              unshared(classWide, owner, scope));
        }
      }
    } else if (node instanceof MethodDeclaration method
        && method.isSynchronized()
        && matters(method, method.isStatic(), scope)) {
      Owner owner = owner(method, new ThisExpr(), method.isStatic(), scope);
      if (owner != Owner.TASK) {
        reportMethod(scope, method, owner);
      }
    } else if (node instanceof MethodCallExpr call) {
      Problem problem = problem(call, scope);
      if (problem != null) {
        report(
            scope,
            call,
            call.toString(),
            problem.what() + " in " + scope.where(),
            problem.consequence(),
            problem.unproven());
      }
    }
  }

  private void reportMethod(Scope scope, MethodDeclaration method, Owner owner) {
    Optional<Modifier> modifier =
        method.getModifiers().stream()
            .filter(m -> m.getKeyword() == Modifier.Keyword.SYNCHRONIZED)
            .findFirst();
    report(
        scope,
        modifier.<Node>map(m -> m).orElse(method),
        method.getDeclarationAsString(true, false, true).strip(),
        "synchronized method " + method.getNameAsString() + "() runs in " + scope.where(),
        WAITS,
        unshared(method.isStatic(), owner, scope));
  }

  /**
   * Reports what a task waits or retries for: a note saying why where it is not proven, the lock
   * being an object's the tasks may not share ({@code unproven}) or on an error path.
   */
  private void report(
      Scope scope, Node at, String code, String what, String consequence, String unproven) {
    String message = what + ": " + consequence;
    if (unproven == null && ErrorPath.reaches(at, scope)) {
      unproven = ErrorPath.REASON;
    }
    if (unproven == null) {
      scope.report(this, at, code, message, rule().fix().safety());
    } else {
      scope.note(this, at, code, message, unproven, rule().fix().safety());
    }
  }

  /**
   * Why tasks are not shown to contend for a lock, or null. A lock every instance shares, or an
   * object's lock taken in the task's own code or one call away (on an object the task's code
   * names), is contended. An object's lock reached through two calls or more belongs to an object
   * handed along the calls, which may be the task's own (a per-element node, a per-example
   * sentence): lint does not follow which object it is. So does the lock of the element at hand
   * ({@link Owner#ELEMENT}), or one reached through a method reference that names a type ({@code
   * forEach(Terms::close)}), whose receiver is the element.
   */
  private static String unshared(boolean classWide, Owner owner, Scope scope) {
    List<Node> sites = scope.callSites();
    if (classWide || sites.isEmpty()) {
      return null;
    }
    Node first = sites.get(0);
    if (owner == Owner.ELEMENT
        || sites.size() == 1
            && first instanceof MethodReferenceExpr ref
            && ref.getScope() instanceof TypeExpr) {
      return "the lock belongs to the element "
          + calledOn(first)
          + " is called on, which the tasks may not share";
    }
    return sites.size() >= 2
        ? "the lock belongs to an object reached through "
            + sites.size()
            + " calls, which the tasks may not share"
        : null;
  }

  /** A call site as the element's method: {@code Terms::close}, {@code s.close()}. */
  private static String calledOn(Node site) {
    return site instanceof MethodCallExpr call
        ? call.getScope().map(r -> r + ".").orElse("") + call.getNameAsString() + "()"
        : site.toString();
  }

  /**
   * Whose object a monitor belongs to, as far as the call path shows: the object is the task's own,
   * or the element at hand, or null where not shown.
   */
  private enum Owner {
    /**
     * An object the task made itself (the pool's other tasks cannot reach it): no task waits for
     * another there.
     */
    TASK,
    /** The element the context runs for: tasks share it only if elements repeat. */
    ELEMENT
  }

  /**
   * Whose object an object's lock belongs to, or null. The monitor must be the callee's own: {@code
   * this} (a synchronized method) or a final field of it that only ever holds an object it made
   * ({@code final Object lock = new Object()}). Going back along the calls, a call on {@code this}
   * or on such a field keeps the owner; the first receiver that is neither says whose it is: an
   * object the code made in that very call ({@code new}, or a local only ever assigned {@code
   * new}), which no other task can reach (flink's per-iteration producer and its closing lock), or
   * the element the context runs for (the entry lambda's parameter, or a method reference that
   * names a type). Anything else, such as an object a field or a parameter holds, may be shared.
   */
  private static Owner owner(Node at, Expression monitor, boolean classWide, Scope scope) {
    if (classWide) {
      return null;
    }
    List<Node> sites = scope.callSites();
    ProjectIndex index = scope.index();
    if (sites.isEmpty() || !(monitor instanceof ThisExpr || ownField(monitor, at, index))) {
      return null;
    }
    Node callee = at;
    for (int i = sites.size() - 1; i >= 0; i--) {
      Node site = sites.get(i);
      Expression receiver = receiver(site);
      if (receiver instanceof ThisExpr
          ? !sameThis(site, callee)
          : !ownField(receiver, site, index)) {
        if (madeHere(receiver, site, index)) {
          return Owner.TASK;
        }
        return i == 0 && element(receiver, scope) ? Owner.ELEMENT : null;
      }
      callee = site;
    }
    return null;
  }

  /** The object a call site calls its method on; {@code this} for an unqualified call. */
  private static Expression receiver(Node site) {
    Expression scope =
        site instanceof MethodReferenceExpr ref
            ? ref.getScope()
            : ((MethodCallExpr) site).getScope().orElse(null);
    return scope == null ? new ThisExpr() : Syntax.unwrap(scope);
  }

  /**
   * Whether a call on {@code this} enters a method of the same object: the method around {@code
   * callee} is its class's own, or, from a class that is not an inner one (where an unqualified
   * call may be the outer object's), its supertype's.
   */
  private static boolean sameThis(Node site, Node callee) {
    TypeDeclaration<?> caller = thisType(site);
    TypeDeclaration<?> entered = thisType(callee);
    return caller != null && entered != null && (caller == entered || !inner(caller));
  }

  /**
   * Whether the expression names a final instance field of the object code at {@code at} runs on,
   * which only ever holds an object made for it ({@code new} in its initialiser or every
   * assignment).
   */
  private static boolean ownField(Expression e, Node at, ProjectIndex index) {
    TypeDeclaration<?> self = thisType(at);
    Syntax.Var v = Syntax.variable(e, index).filter(Syntax.Var::field).orElse(null);
    if (self == null
        || v == null
        || !(v.decl().getParentNode().orElse(null) instanceof FieldDeclaration field)
        || field.isStatic()
        || !field.isFinal()
        || inner(self) && ProjectIndex.enclosingType(field) != self) {
      return false;
    }
    List<Expression> made = CentralizedPooling.madeBy(e, index);
    return !made.isEmpty() && made.stream().allMatch(m -> m instanceof ObjectCreationExpr);
  }

  /**
   * Whether the receiver is an object made in the call the site is in: {@code new}, or a local of
   * that call (not one a lambda captures) whose initialiser and every assignment are {@code new} or
   * null.
   */
  private static boolean madeHere(Expression receiver, Node site, ProjectIndex index) {
    if (receiver instanceof ObjectCreationExpr) {
      return true;
    }
    Syntax.Var local =
        Syntax.variable(receiver, index)
            .filter(v -> !v.field() && v.decl() instanceof VariableDeclarator)
            .orElse(null);
    Node call = Syntax.enclosingCallable(site);
    if (local == null || Syntax.enclosingCallable(local.decl()) != call) {
      return false;
    }
    List<Expression> values =
        call
            .findAll(
                AssignExpr.class,
                a ->
                    Syntax.variable(a.getTarget(), index)
                        .filter(v -> v.decl() == local.decl())
                        .isPresent())
            .stream()
            .map(a -> a.getOperator() == AssignExpr.Operator.ASSIGN ? a.getValue() : a)
            .collect(Collectors.toCollection(ArrayList::new));
    if (local.init() != null) {
      values.add(local.init());
    }
    return values.stream().map(Syntax::unwrap).anyMatch(v -> v instanceof ObjectCreationExpr)
        && values.stream()
            .map(Syntax::unwrap)
            .allMatch(v -> v instanceof ObjectCreationExpr || v instanceof NullLiteralExpr);
  }

  /**
   * Whether the receiver is the element the context runs for: the entry lambda's parameter, or the
   * type a method reference names (its instance method's receiver).
   */
  private static boolean element(Expression receiver, Scope scope) {
    return receiver instanceof TypeExpr
        || Syntax.variable(receiver, scope.index())
            .filter(
                v ->
                    v.decl() instanceof Parameter p
                        && p.getParentNode().orElse(null) == scope.entry())
            .isPresent();
  }

  /**
   * The class whose instance {@code this} is at a node; null inside an anonymous class, whose
   * {@code this} is not its enclosing type's.
   */
  private static TypeDeclaration<?> thisType(Node at) {
    for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
      Node parent = n.getParentNode().orElse(null);
      if (parent instanceof TypeDeclaration<?> type) {
        return type;
      }
      if (n instanceof BodyDeclaration<?> && parent instanceof ObjectCreationExpr) {
        return null;
      }
    }
    return null;
  }

  /** A nested class that is not static: its code also sees an outer object's members. */
  private static boolean inner(TypeDeclaration<?> type) {
    return !type.isTopLevelType() && !type.isStatic();
  }

  /**
   * Whether a lock taken here matters: tasks of one pool contend for it, and the task takes it on
   * its own path rather than once in a while. A class-wide lock (static, or a class literal) is
   * contended by every task that reaches it. An object's own lock is contended where the context
   * runs many times at once over the same objects: a parallel stream's lambda, a task class (unless
   * its file shows it made once and forking nothing, like a cache's maintenance task), a function
   * submitted in a loop or per element of a stream. A single async stage or pool function reaching
   * an object's lock waits at most for the object's other users, which lint cannot see. A lock
   * taken only when {@code i % n == 0} is a rare branch. (One reached only from a catch block still
   * matters, as a note: {@link ErrorPath}.)
   */
  private static boolean matters(Node at, boolean classWide, Scope scope) {
    return (classWide || runsManyAtOnce(scope)) && !offThePath(at, scope);
  }

  /**
   * Whether the task reaches the lock only once in a while or only while it already holds a lock:
   * the lock, or a call on the way to it from the entry, sits in a rare branch, in a synchronized
   * method, or in a region holding a monitor or an explicit lock the tasks share (anything but a
   * parameter: the item at hand). Tasks then wait at the outer lock, which is judged where it is
   * taken, or, where it was taken with {@code tryLock}, never wait at all: one task at a time is
   * inside, and the others skip the region. The inner lock adds no wait of its own.
   */
  private static boolean offThePath(Node at, Scope scope) {
    ProjectIndex index = scope.index();
    return guarded(at, index) || scope.callSites().stream().anyMatch(n -> guarded(n, index));
  }

  /**
   * Whether a call on the way from the entry to a lock takes the task off its own path: it is
   * {@link #guarded}, or in a catch block ({@link ErrorPath#inCatchBlock}). The {@link Analyzer}
   * walks a method again when a later path reaches it without such a call.
   */
  static boolean leavesThePath(Node site, ProjectIndex index) {
    return guarded(site, index) || ErrorPath.inCatchBlock(site);
  }

  /**
   * Whether a lock or a call on the way to it runs once in a while or only while its thread already
   * holds a lock the tasks share: in a rare branch, under a shared lock, or in a synchronized
   * method (the method's own modifier is judged where it is declared).
   */
  private static boolean guarded(Node at, ProjectIndex index) {
    return inRareBranch(at, index)
        || insideSharedLock(at, index)
        || !(at instanceof CallableDeclaration<?>)
            && Syntax.enclosingCallable(at) instanceof MethodDeclaration m
            && m.isSynchronized();
  }

  /**
   * Whether the node runs while its thread holds a lock the tasks share: inside {@code synchronized
   * (m)}, in the then-branch of {@code if (l.tryLock())}, or after {@code l.lock();} or {@code if
   * (!l.tryLock()) return;} in an enclosing block (the usual {@code l.lock(); try {..} finally
   * {l.unlock();}}).
   */
  private static boolean insideSharedLock(Node at, ProjectIndex index) {
    return Syntax.enclosedBy(
        at,
        (n, child) ->
            n instanceof SynchronizedStmt outer && shared(outer.getExpression(), index)
                || n instanceof IfStmt test
                    && test.getThenStmt() == child
                    && acquired(test.getCondition(), "tryLock", index) != null
                || n instanceof BlockStmt block && heldAfter(block, child, index));
  }

  /**
   * Whether a statement before {@code child} in the block takes a shared lock that no statement
   * between them releases.
   */
  private static boolean heldAfter(BlockStmt block, Node child, ProjectIndex index) {
    String held = null;
    for (Statement s : block.getStatements()) {
      if (s == child) {
        return held != null;
      }
      Expression lock = taken(s, index);
      if (lock != null) {
        held = lock.toString();
      } else if (held != null && releases(s, held)) {
        held = null;
      }
    }
    return false;
  }

  /**
   * The lock a statement takes and keeps: {@code l.lock();}, or {@code if (!l.tryLock()) return;}
   * (any exit from the block); null for any other statement.
   */
  private static Expression taken(Statement s, ProjectIndex index) {
    Expression acquire = null;
    if (s instanceof ExpressionStmt e) {
      acquire = acquired(e.getExpression(), "lock", index);
    } else if (s instanceof IfStmt test
        && test.getElseStmt().isEmpty()
        && Syntax.leavesBlock(test.getThenStmt())
        && Syntax.unwrap(test.getCondition()) instanceof UnaryExpr not
        && not.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
      acquire = acquired(not.getExpression(), "tryLock", index);
    }
    return acquire;
  }

  private static boolean releases(Statement s, String lock) {
    return s.findFirst(
            MethodCallExpr.class,
            c ->
                c.getNameAsString().equals("unlock")
                    && c.getScope().map(r -> r.toString().equals(lock)).orElse(false))
        .isPresent();
  }

  /** The lock of {@code e} if it is {@code l.<method>(..)} on a lock the tasks share, else null. */
  private static Expression acquired(Expression e, String method, ProjectIndex index) {
    return Syntax.unwrap(e) instanceof MethodCallExpr call
            && call.getNameAsString().equals(method)
            && call.getScope().filter(lock -> shared(lock, index)).isPresent()
        ? call.getScope().get()
        : null;
  }

  /** A lock that is not a parameter: not the item at hand. */
  private static boolean shared(Expression lock, ProjectIndex index) {
    return Syntax.variable(Syntax.unwrap(lock), index)
        .filter(v -> v.decl() instanceof Parameter)
        .isEmpty();
  }

  private static boolean runsManyAtOnce(Scope scope) {
    Node entry = scope.entry();
    return switch (scope.kind()) {
      case STREAM -> true;
      case TASK -> !oneOff(entry);
      case POOL, ASYNC -> Syntax.enclosingLoop(entry) != null || inStreamLambda(entry);
    };
  }

  /**
   * Whether a task class is run one instance at a time, as far as its file shows: it forks nothing,
   * and every instance the file creates is made once (a field, a constructor, a statement outside
   * loops and lambdas), like a cache's maintenance task. A task created nowhere in sight, or in a
   * loop, or forking subtasks, runs many at once.
   */
  private static boolean oneOff(Node execution) {
    if (!(execution.getParentNode().orElse(null) instanceof TypeDeclaration<?> type)
        || type.findFirst(MethodCallExpr.class, c -> SUBTASK_CALLS.contains(c.getNameAsString()))
            .isPresent()) {
      return false;
    }
    CompilationUnit unit = type.findCompilationUnit().orElse(null);
    List<ObjectCreationExpr> made =
        unit == null
            ? List.of()
            : unit.findAll(
                ObjectCreationExpr.class,
                c -> c.getType().getNameAsString().equals(type.getNameAsString()));
    return !made.isEmpty()
        && made.stream()
            .allMatch(
                c ->
                    Syntax.enclosingLoop(c) == null
                        && !(Syntax.enclosingCallable(c) instanceof LambdaExpr)
                        && !Syntax.isInside(c, type));
  }

  private static boolean inStreamLambda(Node entry) {
    for (Node n = entry.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr lambda) {
        return lambda.getParentNode().orElse(null) instanceof MethodCallExpr call
            && STREAM_STAGES.contains(call.getNameAsString());
      }
      if (n instanceof CallableDeclaration<?>) {
        return false;
      }
    }
    return false;
  }

  /**
   * Whether the node sits in the then-branch of {@code if (i % n == k)}, n not a literal below 10:
   * a lock taken once in n times (a progress counter), not on the task's own path; or of {@code if
   * (f == null)} on a field that the branch itself assigns (lazy initialisation, double-checked or
   * not): once the field is set no task takes the branch again, so the lock is contended only while
   * the object is first used.
   */
  private static boolean inRareBranch(Node at, ProjectIndex index) {
    return Syntax.enclosedBy(
        at,
        (n, child) ->
            n instanceof IfStmt test
                && test.getThenStmt() == child
                && (test.getCondition()
                        .findFirst(BinaryExpr.class, IntraTaskSync::everyNth)
                        .isPresent()
                    || initialises(test, index)));
  }

  /** Whether the if is {@code if (f == null)} on a field its then-branch assigns. */
  private static boolean initialises(IfStmt test, ProjectIndex index) {
    if (!(Syntax.unwrap(test.getCondition()) instanceof BinaryExpr compare)
        || compare.getOperator() != BinaryExpr.Operator.EQUALS) {
      return false;
    }
    Expression field =
        compare.getRight() instanceof NullLiteralExpr
            ? compare.getLeft()
            : compare.getLeft() instanceof NullLiteralExpr ? compare.getRight() : null;
    Syntax.Var unset =
        field == null ? null : Syntax.variable(field, index).filter(Syntax.Var::field).orElse(null);
    return unset != null
        && test.getThenStmt()
            .findFirst(
                AssignExpr.class,
                a ->
                    a.getOperator() == AssignExpr.Operator.ASSIGN
                        && Syntax.variable(a.getTarget(), index)
                            .filter(v -> v.decl() == unset.decl())
                            .isPresent())
            .isPresent();
  }

  private static boolean everyNth(BinaryExpr b) {
    return b.getOperator() == BinaryExpr.Operator.EQUALS
        && Syntax.unwrap(b.getLeft()) instanceof BinaryExpr remainder
        && remainder.getOperator() == BinaryExpr.Operator.REMAINDER
        && !(Syntax.unwrap(remainder.getRight()) instanceof IntegerLiteralExpr n
            && n.asNumber().longValue() < 10);
  }

  /**
   * A monitor that belongs to the item at hand ({@code synchronized (node)} on a parameter or a
   * local, unless the local just holds a field): tasks contend only when they hold the same item,
   * which the code does not show.
   */
  private static boolean perItem(Expression monitor, Scope scope) {
    ProjectIndex index = scope.index();
    return monitor instanceof NameExpr
        && Syntax.variable(monitor, index)
            .filter(v -> !v.field())
            .filter(
                v ->
                    v.init() == null
                        || Syntax.variable(v.init(), index).filter(Syntax.Var::field).isEmpty())
            .isPresent();
  }

  /** A lock every instance shares: a class literal or a static field. */
  private static boolean classWide(Expression lock, Scope scope) {
    return lock instanceof ClassExpr
        || Syntax.variable(lock, scope.index()).filter(IntraTaskSync::isStatic).isPresent();
  }

  private static boolean isStatic(Syntax.Var v) {
    return v.field()
        && v.decl().getParentNode().orElse(null) instanceof FieldDeclaration f
        && f.isStatic();
  }

  private static Problem problem(MethodCallExpr call, Scope scope) {
    String name = call.getNameAsString();
    if (LOCKS.contains(name) && call.getArguments().isEmpty() && call.getScope().isPresent()) {
      Expression lock = Syntax.unwrap(call.getScope().get());
      boolean classWide = classWide(lock, scope);
      if (perItem(lock, scope) || !matters(call, classWide, scope)) {
        return null;
      }
      Owner owner = owner(call, lock, classWide, scope);
      return owner == Owner.TASK
          ? null
          : new Problem(
              "acquires a lock with " + name + "()",
              WAITS,
              isReadLock(lock, scope.index()) ? READERS : unshared(classWide, owner, scope));
    }
    if (name.equals("random")
        && "Math".equals(Syntax.scopeName(call))
        && call.getArguments().isEmpty()) {
      return matters(call, true, scope)
          ? new Problem("Math.random() shares one Random", CONTENDED_SEED, null)
          : null;
    }
    if (call.getScope().isEmpty()) {
      return null;
    }
    Syntax.Var receiver =
        Syntax.variable(call.getScope().get(), scope.index())
            .filter(Syntax.Var::field)
            .orElse(null);
    // What the field is comes first: whether the context runs many at once asks for the entry,
    // and the walk shares a node's offers between entries only where no check asked.
    if (receiver == null) {
      return null;
    }
    if (RANDOM_METHODS.contains(name) && "Random".equals(receiver.type())) {
      // An instance Random reached through calls belongs to whatever object the call chain
      // started from, often one the task made for itself: only its own or a static one is shown.
      return (isStatic(receiver) || scope.direct()) && matters(call, isStatic(receiver), scope)
          ? new Problem(
              "shared java.util.Random field " + call.getScope().get() + " is contended",
              CONTENDED_SEED,
              null)
          : null;
    }
    if ((receiver.type() != null && SYNCHRONIZED_TYPES.contains(receiver.type())
            || isSynchronizedWrapper(receiver.init())
            || receiver.init() == null && passedSynchronized(receiver, scope.index()))
        && matters(call, isStatic(receiver), scope)) {
      Owner owner = owner(call, Syntax.unwrap(call.getScope().get()), isStatic(receiver), scope);
      return owner == Owner.TASK
          ? null
          : new Problem(
              "uses the synchronized collection " + call.getScope().get(),
              WAITS,
              unshared(isStatic(receiver), owner, scope));
    }
    return null;
  }

  /**
   * A read lock ({@code rw.readLock().lock()}, or a variable holding {@code rw.readLock()}):
   * readers never wait for one another, only while a writer holds the lock.
   */
  private static boolean isReadLock(Expression lock, ProjectIndex index) {
    Expression e = Syntax.unwrap(lock);
    Expression source =
        e instanceof MethodCallExpr
            ? e
            : Syntax.variable(e, index).map(Syntax.Var::init).map(Syntax::unwrap).orElse(null);
    return source instanceof MethodCallExpr c
        && c.getNameAsString().equals("readLock")
        && c.getArguments().isEmpty();
  }

  private static boolean isSynchronizedWrapper(Expression e) {
    return Syntax.unwrap(e) instanceof MethodCallExpr init
        && init.getNameAsString().startsWith("synchronized")
        && "Collections".equals(Syntax.scopeName(init));
  }

  /**
   * Whether a field without initializer is set by a constructor from a parameter to which the same
   * file passes a synchronized wrapper ({@code new Task(root, Collections.synchronizedSet(..))},
   * directly or through a local): the way a shared collection usually reaches a task.
   */
  private static boolean passedSynchronized(Syntax.Var field, ProjectIndex index) {
    if (!(field.decl() instanceof VariableDeclarator declarator)) {
      return false;
    }
    TypeDeclaration<?> owner = ProjectIndex.enclosingType(declarator);
    if (owner == null) {
      return false;
    }
    String name = declarator.getNameAsString();
    CompilationUnit unit = owner.findCompilationUnit().orElse(null);
    if (unit == null) {
      return false;
    }
    for (ConstructorDeclaration constructor : owner.getConstructors()) {
      int param = parameterStoredIn(constructor, name);
      if (param < 0) {
        continue;
      }
      for (ObjectCreationExpr created :
          unit.findAll(
              ObjectCreationExpr.class,
              c ->
                  c.getType().getNameAsString().equals(owner.getNameAsString())
                      && c.getArguments().size() == constructor.getParameters().size())) {
        if (Copies.source(created.getArgument(param), index, IntraTaskSync::isSynchronizedWrapper)
            != null) {
          return true;
        }
      }
    }
    return false;
  }

  /** The index of the parameter a constructor assigns to the field ({@code this.f = p}), or -1. */
  private static int parameterStoredIn(ConstructorDeclaration constructor, String field) {
    for (AssignExpr assign : constructor.getBody().findAll(AssignExpr.class)) {
      Expression target = assign.getTarget();
      boolean toField =
          target instanceof FieldAccessExpr f
                  && f.getScope() instanceof ThisExpr
                  && f.getNameAsString().equals(field)
              || target instanceof NameExpr n
                  && n.getNameAsString().equals(field)
                  && constructor.getParameters().stream()
                      .noneMatch(p -> p.getNameAsString().equals(field));
      if (toField && Syntax.unwrap(assign.getValue()) instanceof NameExpr value) {
        for (int i = 0; i < constructor.getParameters().size(); i++) {
          if (constructor.getParameter(i).getNameAsString().equals(value.getNameAsString())) {
            return i;
          }
        }
      }
    }
    return -1;
  }
}
