package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * An execution method that splits without a sequential cutoff, or whose only cutoff is a problem
 * size of zero to two elements ({@code if (n <= 1)}). A method with any other size comparison
 * (against a named threshold or a larger literal) has a real cutoff; methods using {@code
 * getSurplusQueuedTaskCount} decide dynamically and are exempt. A task that makes one subtask per
 * element of the collection its only test sizes ({@code if (children.size() == 0)} then {@code new
 * Task(children.get(i))}) walks a tree a node per task: its grain is the data's, so that is a note.
 */
final class NoSequentialCutoff extends Check {
  static final Rule RULE =
      Rule.builder("no-sequential-cutoff")
          .severity(Severity.WARNING)
          .title("No sequential cutoff")
          .why(
              "Without a sequential cutoff, or with a cutoff of one or two elements, the smallest subtasks are too small "
                  + "and task overhead dominates; a task should perform between 100 and 10,000 basic steps "
                  + "(ForkJoinTask and RecursiveTask javadoc).")
          .instead(
              "Split only above a threshold (a named constant) and solve smaller problems with a sequential loop.")
          .precision("medium")
          .noRewrite(FixSafety.SUGGESTION)
          .build();
  private static final Set<String> SIZE_NAMES =
      Set.of("n", "len", "length", "size", "count", "num", "remaining");
  private static final Set<String> SIZE_CALLS =
      Set.of("size", "length", "estimateSize", "remaining");
  private static final Set<BinaryExpr.Operator> COMPARISONS =
      Set.of(
          BinaryExpr.Operator.LESS,
          BinaryExpr.Operator.LESS_EQUALS,
          BinaryExpr.Operator.GREATER,
          BinaryExpr.Operator.GREATER_EQUALS,
          BinaryExpr.Operator.EQUALS,
          BinaryExpr.Operator.NOT_EQUALS);

  NoSequentialCutoff() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    // the node's type first: asking for the entry keeps the walk from sharing the node's offers
    if (!(node instanceof MethodDeclaration method)
        || scope.kind() != Scope.Kind.TASK
        || node != scope.entry()) {
      return;
    }
    String own = ownTypeName(method);
    List<ObjectCreationExpr> splits =
        own == null
            ? List.of()
            : method.findAll(
                ObjectCreationExpr.class,
                c -> recursive(c.getType().getNameAsString(), own, scope.index()));
    if (splits.isEmpty()
        || method
            .findFirst(
                MethodCallExpr.class, c -> c.getNameAsString().equals("getSurplusQueuedTaskCount"))
            .isPresent()) {
      return;
    }
    Set<Node> guards = ProjectIndex.identitySet();
    for (ObjectCreationExpr split : splits) {
      guards.addAll(guardsOf(split, method));
    }
    List<BinaryExpr> sizeTests = new ArrayList<>();
    for (Node guard : guards) {
      Expression condition = condition(guard);
      if (condition != null) {
        condition.walk(
            BinaryExpr.class,
            b -> {
              if (COMPARISONS.contains(b.getOperator())
                  && (isSize(b.getLeft()) || isSize(b.getRight()))) {
                sizeTests.add(b);
              }
            });
      }
    }
    sizeTests.sort(Comparator.comparingInt(Syntax::line));
    if (guards.isEmpty()) {
      scope.report(
          this,
          method.getName(),
          method.getNameAsString()
              + "() of "
              + scope.where()
              + " always splits: there is no sequential base case",
          rule().fix().safety());
      return;
    }
    if (sizeTests.isEmpty() || sizeTests.stream().anyMatch(b -> !tiny(b))) {
      return;
    }
    BinaryExpr first = sizeTests.get(0);
    String message =
        "the only sequential cutoff in "
            + scope.where()
            + " is "
            + first
            + ": the smallest subtasks are far too small to pay for their fork and join";
    String elements = sizedCollection(first);
    if (elements != null && splits.stream().allMatch(split -> takesAnElementOf(split, elements))) {
      scope.note(
          this,
          first,
          first.toString(),
          message,
          "each subtask is one element of "
              + elements
              + ", the collection the test sizes (a tree walked one task per node): the grain is"
              + " the data's, with no range to cut; if the elements are small, batch them",
          rule().fix().safety());
    } else {
      scope.report(this, first, message, rule().fix().safety());
    }
  }

  /**
   * The collection a size test sizes ({@code children} in {@code children.size() == 0}), or null.
   */
  private static String sizedCollection(BinaryExpr test) {
    Expression size = Syntax.unwrap(isSize(test.getLeft()) ? test.getLeft() : test.getRight());
    return size instanceof MethodCallExpr call
            && call.getNameAsString().equals("size")
            && call.getScope().isPresent()
        ? call.getScope().get().toString()
        : null;
  }

  /** Whether a split is given an element of the collection: {@code new Task(children.get(i))}. */
  private static boolean takesAnElementOf(ObjectCreationExpr split, String collection) {
    return split.getArguments().stream()
        .anyMatch(
            a ->
                Syntax.unwrap(a) instanceof MethodCallExpr get
                    && get.getNameAsString().equals("get")
                    && get.getScope().map(s -> s.toString().equals(collection)).orElse(false));
  }

  /**
   * The simple name of the task class declaring the method; null for an anonymous class (it cannot
   * recurse by new).
   */
  private static String ownTypeName(MethodDeclaration method) {
    Node parent = method.getParentNode().orElse(null);
    return parent instanceof TypeDeclaration<?> type ? type.getNameAsString() : null;
  }

  /**
   * The branching constructs that decide whether a split happens: those that contain it (an if, a
   * loop, a switch, a conditional expression), and ifs that come before it in an enclosing block
   * (an early return of the base case).
   */
  private static List<Node> guardsOf(Node split, MethodDeclaration method) {
    List<Node> guards = new ArrayList<>();
    Node child = split;
    for (Node n = split.getParentNode().orElse(null);
        n != null && n != method;
        child = n, n = n.getParentNode().orElse(null)) {
      boolean branching =
          n instanceof IfStmt
              || n instanceof WhileStmt
              || n instanceof DoStmt
              || n instanceof ForStmt
              || n instanceof ForEachStmt
              || n instanceof ConditionalExpr
              || n instanceof SwitchStmt
              || n instanceof SwitchExpr;
      if (branching && !(n instanceof IfStmt s && s.getCondition() == child)) {
        guards.add(n);
      }
      if (n instanceof BlockStmt block) {
        for (Statement s : block.getStatements()) {
          if (s == child) {
            break;
          }
          if (s instanceof IfStmt) {
            guards.add(s);
          }
        }
      }
    }
    return guards;
  }

  /**
   * Whether creating a task of this type continues the recursion: it is the method's own class, or
   * a project task class that creates the own class back. Handing the work to a different task
   * class (split once) is not recursion.
   */
  private static boolean recursive(String created, String own, ProjectIndex index) {
    if (created.equals(own)) {
      return true;
    }
    if (!index.isTask(created)) {
      return false;
    }
    for (ProjectIndex.TypeInfo type : index.indexed(created)) {
      if (type.decl()
          .findFirst(ObjectCreationExpr.class, c -> c.getType().getNameAsString().equals(own))
          .isPresent()) {
        return true;
      }
    }
    return false;
  }

  private static Expression condition(Node n) {
    if (n instanceof IfStmt s) {
      return s.getCondition();
    }
    if (n instanceof WhileStmt s) {
      return s.getCondition();
    }
    if (n instanceof DoStmt s) {
      return s.getCondition();
    }
    if (n instanceof ConditionalExpr s) {
      return s.getCondition();
    }
    return null;
  }

  /** Whether a comparison compares a size with a literal 0, 1 or 2. */
  private static boolean tiny(BinaryExpr b) {
    Expression other = isSize(b.getLeft()) ? b.getRight() : b.getLeft();
    other = Syntax.unwrap(other);
    if (!(other instanceof IntegerLiteralExpr literal)) {
      return false;
    }
    try {
      return literal.asNumber().longValue() <= 2;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isSize(Expression e) {
    e = Syntax.unwrap(e);
    if (e instanceof AssignExpr assign) {
      e = Syntax.unwrap(assign.getValue());
    }
    if (e instanceof BinaryExpr b) {
      return b.getOperator() == BinaryExpr.Operator.MINUS;
    }
    if (e instanceof FieldAccessExpr f) {
      return f.getNameAsString().equals("length");
    }
    if (e instanceof MethodCallExpr c) {
      return SIZE_CALLS.contains(c.getNameAsString()) && c.getArguments().isEmpty();
    }
    return e instanceof NameExpr n && SIZE_NAMES.contains(n.getNameAsString());
  }
}
