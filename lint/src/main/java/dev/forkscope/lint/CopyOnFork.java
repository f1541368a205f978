package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Bottleneck 2: data copied for a subtask at every level of the recursion (Pinto et al. 2017, Fig.
 * 2; FJDetector), in the shapes real code writes it:
 *
 * <ul>
 *   <li>a copy handed to a subtask's constructor ({@code Arrays.copyOfRange}, {@code new
 *       ArrayList<>(list.subList(..))}, {@code System.arraycopy} or {@code addAll} into a fresh
 *       array or collection, Guava's {@code ImmutableList.copyOf}, {@code toArray()});
 *   <li>a copy made in the constructor of a task that forks instances of itself ({@code this.items
 *       = new ArrayList<>(items)}): repeated for every subtask, reported at the copy;
 *   <li>parts cut by a library: Guava's {@code Iterables.partition} copies each part, {@code
 *       Lists.partition} (like Commons' {@code ListUtils.partition}) returns subList views;
 *   <li>a {@code subList} view per subtask, which the paper counts (cq4j, exhibitor) and whose
 *       accepted patches replaced it by index ranges. A view is not a copy: it costs one view
 *       object per level that keeps its parent list reachable, and a walk per access on a
 *       LinkedList (or, on JDK 8, through nested views of an AbstractList). It is reported as a
 *       note.
 * </ul>
 *
 * Only code in the recursion counts: the running task must create instances of its own class (a
 * root task that cuts the data once, flat partitioning, only copies once, like a driver), and the
 * data must flow into a subtask, so a copy made in the sequential leaf is not reported.
 */
final class CopyOnFork extends Check {
  static final Rule RULE =
      Rule.builder("copy-on-fork")
          .bottleneck(2)
          .severity(Severity.WARNING)
          .title("Copy on fork")
          .why(
              "Copying the data for each subtask at every level of the recursion creates masses of short-lived "
                  + "objects and up to O(n log n) copying, a burden for the allocator and the garbage collector "
                  + "(Pinto et al. 2017, bottleneck 2).")
          .instead(
              "Share the array or list and pass index bounds (data, lo, hi) so each subtask works on its own range.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.INDEX_RANGES)
          .snippet(
              "// share the data and pass index bounds: new Task(data, lo, mid), new Task(data, mid, hi)")
          .build();

  /** The same rule for views (subList, Lists.partition): not copies, so a note. */
  static final Rule VIEW =
      RULE.variant("`subList` views")
          .severity(Severity.NOTE)
          .why(
              "A subList view per subtask copies nothing, but every level allocates a view object that keeps its "
                  + "parent list reachable, and on a LinkedList each get(i) walks the nodes (on JDK 8 nested views "
                  + "of an AbstractList also forward every access through each level); Pinto et al. 2017 count it "
                  + "with copy on fork (bottleneck 2) and their accepted patches replaced it by index ranges.")
          .build();

  private static final Set<String> BULK_ADDS = Set.of("addAll", "putAll");

  /** Calls that change single elements of a collection or map. */
  private static final Set<String> ELEMENT_CHANGES =
      Set.of("add", "set", "put", "remove", "addFirst", "addLast", "push", "offer", "merge");

  private final Check view = new Variant(VIEW);

  CopyOnFork() {
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
    if (scope.kind() != Scope.Kind.TASK) {
      return;
    }
    List<Expression> args;
    String subtask;
    List<ConstructorDeclaration> constructors = List.of();
    String created = null;
    if (node instanceof ObjectCreationExpr creation
        && creation.getAnonymousClassBody().isEmpty()
        && scope.index().isTask(creation.getType().getNameAsString())) {
      args = creation.getArguments();
      created = creation.getType().getNameAsString();
      subtask = "new " + created + "(..)";
      constructors = constructors(creation, scope);
    } else if (node instanceof MethodCallExpr call && makesSubtask(call, scope.index())) {
      args = call.getArguments();
      subtask = call.getNameAsString() + "(..)";
    } else {
      return;
    }
    TypeDeclaration<?> running = runningType(scope);
    if (running != null && !createsItself(running, scope.index())) {
      return;
    }
    boolean self = running != null && running.getNameAsString().equals(created);
    for (int i = 0; i < args.size(); i++) {
      Expression arg = args.get(i);
      Expression copy = Copies.source(arg, scope.index(), e -> Copies.isCopy(e, scope.index()));
      if (copy != null && copy != Syntax.unwrap(arg) && isOwnState(copy, arg)) {
        continue;
      }
      if (copy == null && Syntax.unwrap(arg) instanceof NameExpr name) {
        copy = arrayCopyInto(name, scope);
        if (copy == null) {
          copy = bulkAddInto(name, scope);
        }
      }
      if (copy != null) {
        scope.report(
            this,
            copy,
            (copy instanceof MethodCallExpr call && BULK_ADDS.contains(call.getNameAsString())
                    ? "copies data into a new collection with " + call.getNameAsString() + "()"
                    : "copies data")
                + " for the subtask "
                + subtask
                + " in "
                + scope.where()
                + ": the copy is repeated at every level of the recursion",
            rule().fix().safety());
        continue;
      }
      Expression copyInConstructor = constructorCopy(constructors, i, scope);
      if (copyInConstructor != null) {
        if (self) {
          scope.report(
              this,
              copyInConstructor,
              "copies its argument in the constructor of "
                  + created
                  + ", which forks instances of itself: the copy is repeated for every subtask, at "
                  + "every level of the recursion",
              rule().fix().safety());
        }
        continue;
      }
      reportViews(arg, subtask, scope);
    }
  }

  /**
   * Whether a call is a factory of subtasks: an unqualified (or this.) call of a method of the
   * enclosing class or its project supertypes, abstract or not, that returns a task (CSSTProto's
   * {@code createTask}).
   */
  private static boolean makesSubtask(MethodCallExpr call, ProjectIndex index) {
    if (call.getArguments().isEmpty()
        || call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) {
      return false;
    }
    TypeDeclaration<?> type = ProjectIndex.enclosingType(call);
    ProjectIndex.TypeInfo info = type == null ? null : index.info(type);
    if (info == null) {
      return false;
    }
    for (MethodDeclaration m :
        index.methods(info, call.getNameAsString(), call.getArguments().size())) {
      if (index.isTask(Syntax.typeName(m.getType()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a whole copy kept in a local is changed before it is handed on: the child's own state
   * in a search (a board with one more queen placed, a path one step longer), not a slice of shared
   * data that index bounds could replace.
   */
  private static boolean isOwnState(Expression copy, Expression arg) {
    if (!(Syntax.unwrap(arg) instanceof NameExpr local) || !Copies.isWholeCopy(copy)) {
      return false;
    }
    Node callable = Syntax.enclosingCallable(local);
    String name = local.getNameAsString();
    return callable != null
        && (callable
                .findFirst(
                    AssignExpr.class,
                    a ->
                        a.getTarget() instanceof ArrayAccessExpr element
                            && element.getName() instanceof NameExpr array
                            && array.getNameAsString().equals(name))
                .isPresent()
            || callable
                .findFirst(
                    MethodCallExpr.class,
                    c ->
                        ELEMENT_CHANGES.contains(c.getNameAsString())
                            && c.getScope().orElse(null) instanceof NameExpr target
                            && target.getNameAsString().equals(name))
                .isPresent());
  }

  /** A subList view, or a part cut by a library partition, handed to the subtask. */
  private void reportViews(Expression arg, String subtask, Scope scope) {
    Expression subList = Copies.source(arg, scope.index(), Copies::isSubList);
    if (subList != null) {
      scope.report(
          view,
          subList,
          "hands a subList view to the subtask "
              + subtask
              + " in "
              + scope.where()
              + ": not a copy, but every level adds a view object that keeps its parent list "
              + "reachable, on a LinkedList every get(i) walks the nodes, and on JDK 8 every "
              + "access through nested views walks the chain of views; pass the list with index "
              + "bounds instead",
          rule().fix().safety());
      return;
    }
    Expression partition = partitionOf(arg, scope.index());
    if (partition == null) {
      return;
    }
    String owner = Copies.partitionOwner(partition);
    if (Copies.partitionIsView(owner)) {
      scope.report(
          view,
          partition,
          "cuts the list with "
              + owner
              + ".partition for the subtasks "
              + subtask
              + " in "
              + scope.where()
              + ": each part is a subList view (not a copy), so every level adds view objects that "
              + "keep the parent list reachable; pass the list with index bounds instead",
          rule().fix().safety());
    } else {
      scope.report(
          this,
          partition,
          "copies the data into new lists with "
              + owner
              + ".partition for the subtasks "
              + subtask
              + " in "
              + scope.where()
              + ": the copy is repeated at every level of the recursion",
          rule().fix().safety());
    }
  }

  /** The named task class whose execution method is the context's entry, or null if anonymous. */
  private static TypeDeclaration<?> runningType(Scope scope) {
    Node owner = scope.entry().getParentNode().orElse(null);
    return owner instanceof TypeDeclaration<?> type ? type : null;
  }

  /**
   * Whether a task class creates instances of itself outside static code, directly or through a
   * factory method of its own that returns its type: it recurses, so what it does per subtask is
   * repeated at every level. A task that only creates other tasks partitions once.
   */
  static boolean createsItself(TypeDeclaration<?> type, ProjectIndex index) {
    String name = type.getNameAsString();
    if (type.findFirst(
            ObjectCreationExpr.class,
            c ->
                c.getType().getNameAsString().equals(name)
                    && c.getAnonymousClassBody().isEmpty()
                    && ProjectIndex.enclosingType(c) == type
                    && !inStaticCode(c, type))
        .isPresent()) {
      return true;
    }
    ProjectIndex.TypeInfo info = index.info(type);
    return info != null
        && type.findFirst(
                MethodCallExpr.class,
                c ->
                    (c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr)
                        && ProjectIndex.enclosingType(c) == type
                        && !inStaticCode(c, type)
                        && index
                            .methods(info, c.getNameAsString(), c.getArguments().size())
                            .stream()
                            .anyMatch(m -> Syntax.typeName(m.getType()).equals(name)))
            .isPresent();
  }

  private static boolean inStaticCode(Node node, TypeDeclaration<?> type) {
    for (Node n = node.getParentNode().orElse(null);
        n != null && n != type;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?> callable) {
        return callable.isStatic();
      }
    }
    return false;
  }

  /** The constructors of the created project class that take this many arguments. */
  private static List<ConstructorDeclaration> constructors(
      ObjectCreationExpr created, Scope scope) {
    List<ConstructorDeclaration> found = new ArrayList<>();
    CompilationUnit unit = created.findCompilationUnit().orElse(null);
    int arity = created.getArguments().size();
    for (ProjectIndex.TypeInfo info :
        scope.index().types(created.getType().getNameAsString(), unit)) {
      for (ConstructorDeclaration c : info.decl().getConstructors()) {
        if (c.getParameters().size() == arity
            || (c.isVariableArityMethod() && arity >= c.getParameters().size() - 1)) {
          found.add(c);
        }
      }
    }
    return found;
  }

  /**
   * A copy of the constructor's i-th parameter that the constructor keeps (assigns to a field or
   * passes to this(..) or super(..)), in the file being walked; else null.
   */
  private static Expression constructorCopy(
      List<ConstructorDeclaration> constructors, int i, Scope scope) {
    CompilationUnit here = scope.file().unit().orElse(null);
    for (ConstructorDeclaration c : constructors) {
      if (i >= c.getParameters().size()
          || c.findCompilationUnit().orElse(null) != here
          || c.getBody() == null) {
        continue;
      }
      Parameter p = c.getParameter(i);
      for (Expression e : c.getBody().findAll(Expression.class)) {
        if (Copies.isCopy(e, scope.index())
            && Copies.copiedFrom(e) instanceof NameExpr from
            && from.getNameAsString().equals(p.getNameAsString())
            && kept(e)) {
          return e;
        }
      }
    }
    return null;
  }

  /** Whether a copy made in a constructor is stored: in a field, or through this(..)/super(..). */
  private static boolean kept(Expression copy) {
    Node parent = copy.getParentNode().orElse(null);
    if (parent instanceof ExplicitConstructorInvocationStmt call) {
      return call.getArguments().stream().anyMatch(a -> a == copy);
    }
    if (parent instanceof AssignExpr assign && assign.getValue() == copy) {
      Expression target = assign.getTarget();
      if (target instanceof FieldAccessExpr f) {
        return f.getScope() instanceof ThisExpr;
      }
      return target instanceof NameExpr name
          && Syntax.lookup(name.getNameAsString(), name, null, false)
              .map(Syntax.Var::field)
              .orElse(false);
    }
    return false;
  }

  /**
   * The partition call whose parts an argument is: the variable of a for-each loop over {@code
   * Lists.partition(..)}, or {@code parts.get(i)} of one; else null.
   */
  private static Expression partitionOf(Expression arg, ProjectIndex index) {
    Expression e = Syntax.unwrap(arg);
    Expression parts = null;
    if (e instanceof MethodCallExpr get
        && get.getNameAsString().equals("get")
        && get.getArguments().size() == 1
        && get.getScope().isPresent()) {
      parts = get.getScope().get();
    } else if (e instanceof NameExpr name) {
      parts =
          Syntax.lookup(name.getNameAsString(), name, index, false)
              .filter(v -> !v.field())
              .map(Syntax.Var::decl)
              .filter(d -> d instanceof VariableDeclarator)
              .flatMap(d -> d.getParentNode())
              .filter(d -> d instanceof VariableDeclarationExpr)
              .flatMap(d -> d.getParentNode())
              .filter(loop -> loop instanceof ForEachStmt)
              .map(loop -> ((ForEachStmt) loop).getIterable())
              .orElse(null);
    }
    return parts == null
        ? null
        : Copies.source(parts, index, p -> Copies.partitionOwner(p) != null);
  }

  /** A {@code System.arraycopy} into a fresh local array that is then handed to a subtask. */
  private static Expression arrayCopyInto(NameExpr name, Scope scope) {
    boolean fresh =
        Copies.valuesOf(name, scope.index()).stream().anyMatch(v -> v instanceof ArrayCreationExpr);
    Node callable = Syntax.enclosingCallable(name);
    if (!fresh || callable == null) {
      return null;
    }
    return callable
        .findFirst(
            MethodCallExpr.class,
            c ->
                c.getNameAsString().equals("arraycopy")
                    && c.getArguments().size() == 5
                    && c.getArgument(2) instanceof NameExpr dest
                    && dest.getNameAsString().equals(name.getNameAsString()))
        .orElse(null);
  }

  /**
   * An {@code addAll}/{@code putAll} (or {@code Collections.addAll}) into a fresh local collection
   * that is then handed to a subtask.
   */
  private static Expression bulkAddInto(NameExpr name, Scope scope) {
    boolean fresh =
        Copies.valuesOf(name, scope.index()).stream()
            .anyMatch(v -> Copies.isFreshCollection(v, scope.index()));
    Node callable = Syntax.enclosingCallable(name);
    if (!fresh || callable == null) {
      return null;
    }
    String var = name.getNameAsString();
    return callable
        .findFirst(
            MethodCallExpr.class,
            c ->
                BULK_ADDS.contains(c.getNameAsString())
                    && !c.getArguments().isEmpty()
                    && (c.getScope().orElse(null) instanceof NameExpr target
                            && target.getNameAsString().equals(var)
                        || "Collections".equals(Syntax.scopeName(c))
                            && c.getArgument(0) instanceof NameExpr first
                            && first.getNameAsString().equals(var)))
        .orElse(null);
  }
}
