package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import dev.forkscope.lint.Finding;
import java.util.List;
import java.util.Set;

/**
 * Scattered data: a loop that creates and forks subtasks one at a time, then joins them, creates
 * them all first and forks them in one call (Pinto et al. 2017, Fig. 8):
 *
 * <pre>{@code
 * for (int i = 0; i < n; i++) {          for (int i = 0; i < n; i++) {
 *   Task t = new Task(i);                  Task t = new Task(i);
 *   t.fork();                      ->      tasks[i] = t;
 *   tasks[i] = t;                        }
 * }                                      invokeAll(tasks);
 * long r = tasks[0].join(); ..           long r = tasks[0].join(); ..
 * }</pre>
 *
 * <p>Implementation note: every run of the new code is a run the old code already allowed. A forked
 * task may start at any time after its fork, or not before its join; the new code is the schedule
 * in which no subtask starts before the loop ends. {@code invokeAll} forks the tasks and waits for
 * all of them, and the statement after the loop waits for one of them anyway; the joins that follow
 * return the same results, now at once. That needs the collection to hold exactly the forked tasks
 * when {@code invokeAll} reads it: it is a local created empty (an {@code ArrayList}) or as {@code
 * new T[n]} right before the loop, the loop stores each iteration's task once (into {@code
 * tasks[i]} for {@code i} from 0 to the same {@code n}, which cannot change) and reads the
 * collection for nothing else, the fork is an unconditional statement of the loop's body, and no
 * iteration is cut short. Nothing else in the loop may touch the task: a loop that looks at a
 * forked task's state would see it unforked. As for every rewrite here, subtasks are assumed not to
 * wait for their parent's or each other's side effects; and when creating a subtask throws, the
 * subtasks created before it are no longer run.
 */
final class BatchedForks {
  private static final Set<String> LISTS = Set.of("ArrayList", "LinkedList");

  private BatchedForks() {}

  static Rewrite.Proposal invokeAll(Finding finding, Source source) {
    MethodCallExpr fork = source.at(finding, MethodCallExpr.class).orElse(null);
    Statement forkStatement = fork == null ? null : statementOf(fork);
    if (forkStatement == null
        || !(forkStatement.getParentNode().orElse(null) instanceof BlockStmt body)
        || !(body.getParentNode().orElse(null) instanceof ForStmt
            || body.getParentNode().orElse(null) instanceof ForEachStmt)) {
      return Rewrite.refuse(
          "the fork is not an unconditional statement t.fork(); of a for loop's body");
    }
    Statement loop = (Statement) body.getParentNode().get();
    if (body.findFirst(Node.class, BatchedForks::leavesEarly).isPresent()) {
      return Rewrite.refuse("the loop can skip or end an iteration early, so a task may be missed");
    }
    Expression forked = fork.getScope().get();
    Store store = store(body, forked);
    if (store == null) {
      return Rewrite.refuse(
          "the loop does not store the forked task exactly once, as tasks[i] = t or tasks.add(t)");
    }
    String tasks = store.collection();
    for (Node n : body.findAll(NameExpr.class)) {
      NameExpr name = (NameExpr) n;
      boolean inStore = Nodes.isInside(name, store.statement());
      boolean inFork = Nodes.isInside(name, forkStatement);
      if (!inStore && !inFork && (name.getNameAsString().equals(tasks) || isSame(name, forked))) {
        return Rewrite.refuse(
            "the loop uses "
                + name
                + " other than to create, fork and store the task; it would see it unforked");
      }
    }
    String why = holdsExactlyTheForkedTasks(tasks, store, loop);
    if (why != null) {
      return Rewrite.refuse(why);
    }
    if (!(loop.getParentNode().orElse(null) instanceof BlockStmt block)) {
      return Rewrite.refuse("the loop is not a statement of a block");
    }
    List<Statement> after =
        block
            .getStatements()
            .subList(Nodes.indexOf(block.getStatements(), loop) + 1, block.getStatements().size());
    Statement next = after.stream().filter(s -> !declaresConstant(s)).findFirst().orElse(null);
    if (next == null || !joinsOneOf(next, tasks)) {
      return Rewrite.refuse(
          "the statement after the loop does not join one of the tasks: code there would run"
              + " only after all of them");
    }
    ClassOrInterfaceDeclaration owner =
        loop.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
    boolean inTask =
        owner != null
            && TaskTypes.isTaskClass(owner, source)
            && Nodes.directlyIn(loop, loop.findAncestor(CallableDeclaration.class).orElseThrow());
    String invokeAll =
        (inTask ? "" : TaskTypes.forkJoinTask(source.unit()) + ".") + "invokeAll(" + tasks + ");";
    int end = source.end(loop);
    return new Rewrite.Edits(
        "scattered-data@" + source.begin(loop),
        "creates the subtasks first, then forks them with " + invokeAll,
        List.of(
            source.removeLine(forkStatement),
            new TextEdit(end, end, source.newline() + source.indentOf(loop) + invokeAll)));
  }

  /** The statement {@code x.fork();} of a fork call, else null. */
  private static Statement statementOf(MethodCallExpr fork) {
    return fork.getScope().isPresent()
            && fork.getArguments().isEmpty()
            && fork.getParentNode().orElse(null) instanceof ExpressionStmt statement
        ? statement
        : null;
  }

  private static boolean leavesEarly(Node n) {
    return n instanceof BreakStmt
        || n instanceof ContinueStmt
        || n instanceof ReturnStmt
        || n instanceof ThrowStmt;
  }

  /**
   * Where an iteration puts its task: {@code tasks[i] = t;} or {@code tasks.add(t);} for the forked
   * {@code t}, or {@code tasks[i] = new ..;} when the fork is {@code tasks[i].fork()}.
   *
   * @param index the array index variable, null for a list
   */
  private record Store(Statement statement, String collection, String index) {}

  private static Store store(BlockStmt body, Expression forked) {
    Store found = null;
    for (Statement s : body.getStatements()) {
      Store store = null;
      Expression e = s instanceof ExpressionStmt es ? es.getExpression() : null;
      if (e instanceof AssignExpr assign
          && assign.getOperator() == AssignExpr.Operator.ASSIGN
          && assign.getTarget() instanceof ArrayAccessExpr slot
          && slot.getName() instanceof NameExpr array
          && slot.getIndex() instanceof NameExpr index
          && (isSame(assign.getValue(), forked) || isSame(slot, forked))) {
        store = new Store(s, array.getNameAsString(), index.getNameAsString());
      } else if (e instanceof MethodCallExpr add
          && add.getNameAsString().equals("add")
          && add.getArguments().size() == 1
          && isSame(add.getArgument(0), forked)
          && add.getScope().orElse(null) instanceof NameExpr list) {
        store = new Store(s, list.getNameAsString(), null);
      }
      if (store != null) {
        if (found != null) {
          return null;
        }
        found = store;
      }
    }
    return found;
  }

  /** Whether two expressions are the same local name or the same {@code a[i]}. */
  private static boolean isSame(Expression a, Expression b) {
    return (a instanceof NameExpr || a instanceof ArrayAccessExpr) && a.equals(b);
  }

  /** Why the collection may hold other elements than the tasks forked, or null. */
  private static String holdsExactlyTheForkedTasks(String tasks, Store store, Statement loop) {
    CallableDeclaration<?> method = loop.findAncestor(CallableDeclaration.class).orElseThrow();
    List<VariableDeclarator> declared =
        method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(tasks));
    VariableDeclarator declarator = declared.size() == 1 ? declared.get(0) : null;
    Statement declaration =
        declarator == null
            ? null
            : declarator.getParentNode().orElse(null) instanceof VariableDeclarationExpr d
                    && d.getVariables().size() == 1
                    && d.getParentNode().orElse(null) instanceof ExpressionStmt s
                ? s
                : null;
    if (declaration == null
        || !(loop.getParentNode().orElse(null) instanceof BlockStmt block)
        || Nodes.indexOf(block.getStatements(), declaration) < 0) {
      return tasks + " is not a local declared in the block of the loop";
    }
    int from = Nodes.indexOf(block.getStatements(), declaration);
    int to = Nodes.indexOf(block.getStatements(), loop);
    for (Statement between : block.getStatements().subList(from + 1, to)) {
      if (between.findFirst(NameExpr.class, n -> n.getNameAsString().equals(tasks)).isPresent()) {
        return tasks + " is used between its declaration and the loop";
      }
    }
    if (Locals.assigned(tasks, method)) {
      return tasks + " is assigned again";
    }
    Expression init = declarator.getInitializer().orElse(null);
    if (store.index() == null) {
      return init instanceof ObjectCreationExpr created
              && LISTS.contains(created.getType().getNameAsString())
              && created.getArguments().stream().allMatch(a -> isCapacity(a, method))
              && created.getAnonymousClassBody().isEmpty()
          ? null
          : tasks + " is not created empty (new ArrayList<>() or new LinkedList<>())";
    }
    if (!(init instanceof ArrayCreationExpr array)
        || array.getLevels().size() != 1
        || array.getLevels().get(0).getDimension().isEmpty()
        || array.getInitializer().isPresent()) {
      return tasks + " is not created as new T[n]";
    }
    Expression length = array.getLevels().get(0).getDimension().get();
    if (!(loop instanceof ForStmt counted) || !countsUpTo(counted, store.index(), length)) {
      return "the loop does not fill "
          + tasks
          + "[0] to "
          + tasks
          + "["
          + length
          + " - 1] with for (int "
          + store.index()
          + " = 0; "
          + store.index()
          + " < "
          + length
          + "; "
          + store.index()
          + "++), so invokeAll could see empty slots";
    }
    String unstable = Locals.unstable(length, Set.of());
    return unstable == null ? null : "the length " + length + " may change: " + unstable;
  }

  /** An int literal or int local: a list's initial capacity, not elements to copy. */
  private static boolean isCapacity(Expression e, CallableDeclaration<?> method) {
    return e instanceof IntegerLiteralExpr
        || e instanceof NameExpr n
            && Locals.type(n.getNameAsString(), method)
                .map(t -> t.asString().equals("int"))
                .orElse(false);
  }

  /** {@code for (int i = 0; i < n; i++)} with {@code i} not assigned in the body. */
  private static boolean countsUpTo(ForStmt loop, String i, Expression n) {
    return loop.getInitialization().size() == 1
        && loop.getInitialization().get(0) instanceof VariableDeclarationExpr init
        && init.getVariables().size() == 1
        && init.getVariable(0).getNameAsString().equals(i)
        && init.getVariable(0).getInitializer().map(Object::toString).orElse("").equals("0")
        && loop.getCompare().orElse(null) instanceof BinaryExpr compare
        && compare.getOperator() == BinaryExpr.Operator.LESS
        && compare.getLeft().toString().equals(i)
        && compare.getRight().equals(n)
        && loop.getUpdate().size() == 1
        && loop.getUpdate().get(0) instanceof UnaryExpr step
        && step.getExpression().toString().equals(i)
        && (step.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT
            || step.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT)
        && !Locals.assigned(i, loop.getBody());
  }

  /**
   * {@code long sum = 0;} and the like: a local declared with a literal, which waits for nothing.
   */
  private static boolean declaresConstant(Statement s) {
    return s instanceof ExpressionStmt es
        && es.getExpression() instanceof VariableDeclarationExpr d
        && d.getVariables().stream()
            .allMatch(v -> v.getInitializer().filter(Expression::isLiteralExpr).isPresent());
  }

  /**
   * Whether a statement joins one of the tasks: {@code tasks[k].join()}, {@code
   * tasks.get(k).join()}, or {@code for (T t : tasks) .. t.join() ..}.
   */
  private static boolean joinsOneOf(Statement s, String tasks) {
    if (s instanceof ForEachStmt each
        && each.getIterable() instanceof NameExpr iterable
        && iterable.getNameAsString().equals(tasks)) {
      String t = each.getVariableDeclarator().getNameAsString();
      return each.getBody()
          .findFirst(
              MethodCallExpr.class,
              c -> isJoin(c) && c.getScope().map(Object::toString).orElse("").equals(t))
          .isPresent();
    }
    return s.findFirst(MethodCallExpr.class, c -> isJoin(c) && isElementOf(c, tasks)).isPresent();
  }

  private static boolean isJoin(MethodCallExpr call) {
    return Set.of("join", "quietlyJoin", "get", "invoke").contains(call.getNameAsString())
        && call.getArguments().isEmpty();
  }

  private static boolean isElementOf(MethodCallExpr call, String tasks) {
    Expression scope = call.getScope().orElse(null);
    return scope instanceof ArrayAccessExpr slot && slot.getName().toString().equals(tasks)
        || scope instanceof MethodCallExpr get
            && get.getNameAsString().equals("get")
            && get.getScope().map(Object::toString).orElse("").equals(tasks);
  }
}
