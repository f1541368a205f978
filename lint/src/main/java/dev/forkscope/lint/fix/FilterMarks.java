package dev.forkscope.lint.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.forkscope.lint.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Copy on join, for the filter of Pinto et al. (Fig. 6): a {@code RecursiveTask<List<T>>} whose
 * leaf keeps the elements of {@code [lo, hi)} that pass a predicate and whose inner node
 * concatenates its halves' lists becomes a {@code RecursiveAction} that marks a shared {@code
 * boolean[] keep}; each caller allocates {@code keep} and builds the list once, after {@code
 * invoke}, as the zoo's {@code CopyOnJoinAfter} does.
 *
 * <pre>{@code
 * List<Integer> primes =                      boolean[] keep = new boolean[size];
 *     pool.invoke(new Filter<>(p, xs, 0, size));   pool.invoke(new Filter<>(p, xs, keep, 0, size));
 *                                             List<Integer> primes = new ArrayList<>();
 *                                             for (int i = 0; i < size; i++) {
 *                                               if (keep[i]) {
 *                                                 primes.add(xs.get(i));
 *                                               }
 *                                             }
 * }</pre>
 *
 * <p>Implementation note: why the list is the same, element for element and in order. The task's
 * fields are final and set only by its one constructor, so every node of the recursion sees the
 * same predicate and list, and the rewrite keeps the leaf test and the split ({@code mid} is one of
 * {@code (lo + hi) >>> 1}, {@code (lo + hi) / 2}, {@code lo + (hi - lo) / 2}, computed the same way
 * as before): both versions build the same tree of ranges. The root's range is {@code [0, hi0)};
 * each inner node's {@code mid} lies in its {@code [lo, hi]}, so the leaves' ranges are disjoint
 * and, read left to right, cover {@code [0, hi0)} in index order. Before, a leaf returns the
 * elements {@code source.get(i)} of its range that pass, in increasing {@code i}, and an inner node
 * returns its first half's list followed by its second's (the first's {@code addAll} comes first),
 * so the root's list is the passing elements of {@code [0, hi0)} in index order. After, each leaf
 * writes {@code keep[i] = predicate.test(source.get(i))} for its own {@code i}s, every slot of
 * {@code [0, hi0)} by exactly one leaf, so no two tasks write one slot and {@code invoke} returning
 * (after every subtask's join) makes all the writes visible to the caller; the caller's loop then
 * adds {@code source.get(i)} for each {@code i} in increasing order where the test held: the same
 * elements in the same order, into a list of the same class the task created ({@code ArrayList} or
 * {@code LinkedList}, fresh, so any later use of it behaves the same). The predicate is called once
 * per element in both, by the same leaves. {@code source.get(i)} is called again by the caller, so
 * the list argument must be a variable that cannot change in between (the call site is followed
 * directly by the loop). An exception in a leaf ({@code get} out of range, the predicate throwing)
 * propagates from {@code invoke} as before and the loop never runs. The call site's shape is
 * required because the result is no longer returned: the task may be created only at {@code List<E>
 * x = pool.invoke(new Task(..., 0, hi0))} and in its own inner node, and named nowhere else (in
 * this file or another file of its package), so nothing can {@code join()} it, {@code get()} it or
 * subclass it. One edge case changes: a negative {@code hi0}, which made the old task return an
 * empty list, now fails allocating {@code keep}.
 */
final class FilterMarks {
  private static final Set<String> POOL_TYPES =
      Set.of("ForkJoinPool", "java.util.concurrent.ForkJoinPool");
  private static final Set<String> LISTS = Set.of("ArrayList", "LinkedList");

  private FilterMarks() {}

  /** A refusal with its reason, thrown inside the analysis. */
  private static final class Refusal extends RuntimeException {
    Refusal(String reason) {
      super(reason, null, false, false);
    }
  }

  private static void require(boolean condition, String reason) {
    if (!condition) {
      throw new Refusal(reason);
    }
  }

  static Rewrite.Proposal rewrite(Finding finding, Source source) {
    try {
      return propose(finding, source);
    } catch (Refusal r) {
      return Rewrite.refuse(r.getMessage());
    }
  }

  /** What the analysis learns of the task class. */
  private static final class Task {
    ClassOrInterfaceDeclaration type;
    String name;
    ClassOrInterfaceType extended;
    ConstructorDeclaration constructor;
    String predicate; // field names
    String list;
    String lo;
    String hi;
    FieldDeclaration listField;
    Parameter listParam;
    Statement listAssignment;
    List<String> argOrder = new ArrayList<>(); // the constructor's fields, in parameter order
    MethodDeclaration compute;
    MethodDeclaration helper; // the leaf, when a method of its own
    String condition;
    String index; // the leaf loop's variable
    String listClass; // "new ArrayList<>()" as written
    String mid;
    String midName;
    String subtaskType; // "Task<>" as written
    List<ObjectCreationExpr> inner = new ArrayList<>();
  }

  private static Rewrite.Proposal propose(Finding finding, Source source) {
    MethodCallExpr merge = source.at(finding, MethodCallExpr.class).orElse(null);
    require(
        merge != null && merge.getNameAsString().equals("addAll"),
        "not a result.addAll(subtask.join()) merge");
    ClassOrInterfaceDeclaration type =
        merge.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
    require(type != null, "the merge is not in a class of this file");
    Task task = new Task();
    task.type = type;
    task.name = type.getNameAsString();
    taskClass(task);
    constructor(task);
    compute(task, source);
    List<ExpressionStmt> calls = callSites(task, source);
    return edits(task, calls, source);
  }

  /** The class: a non-public RecursiveTask<List<E>> with the known members only. */
  private static void taskClass(Task task) {
    ClassOrInterfaceDeclaration type = task.type;
    require(
        !type.isInterface() && !type.isAbstract() && !type.isPublic() && !type.isProtected(),
        task.name + " is public, protected or abstract: code outside this file may use its result");
    require(
        type.getExtendedTypes().size() == 1,
        task.name + " does not extend RecursiveTask<List<..>>");
    ClassOrInterfaceType extended = type.getExtendedTypes(0);
    boolean listResult =
        extended.getNameAsString().equals("RecursiveTask")
            && extended.getTypeArguments().map(a -> a.size() == 1).orElse(false)
            && extended.getTypeArguments().get().get(0) instanceof ClassOrInterfaceType arg
            && arg.getNameAsString().equals("List")
            && arg.getScope().isEmpty();
    require(listResult, task.name + " does not extend RecursiveTask<List<..>>");
    task.extended = extended;
    for (BodyDeclaration<?> member : type.getMembers()) {
      if (member instanceof FieldDeclaration field && field.isStatic()) {
        continue;
      }
      require(
          member instanceof FieldDeclaration
              || member instanceof ConstructorDeclaration
              || member instanceof MethodDeclaration,
          task.name + " has a member the rewrite does not know: " + firstLine(member));
      if (member instanceof FieldDeclaration field) {
        require(
            field.isFinal()
                && field.getVariables().stream().allMatch(v -> v.getInitializer().isEmpty()),
            "the field "
                + field.getVariable(0).getNameAsString()
                + " of "
                + task.name
                + " is not final and set by the constructor: the task is not read-only");
      }
    }
  }

  /** One constructor of four parameters: a Predicate, a List and two ints, each stored. */
  private static void constructor(Task task) {
    List<ConstructorDeclaration> constructors = task.type.getConstructors();
    require(constructors.size() == 1, task.name + " does not have exactly one constructor");
    ConstructorDeclaration c = constructors.get(0);
    task.constructor = c;
    require(
        c.getParameters().size() == 4
            && c.getBody().getStatements().size() == 4
            && task.type.getFields().stream()
                    .filter(f -> !f.isStatic())
                    .mapToInt(f -> f.getVariables().size())
                    .sum()
                == 4,
        task.name
            + " is not the filter shape: its constructor does not store exactly a"
            + " predicate, a list and the bounds lo and hi in its four fields");
    List<String> ints = new ArrayList<>();
    for (Parameter p : c.getParameters()) {
      Statement stored =
          c.getBody().getStatements().stream()
              .filter(s -> assignedField(s, p.getNameAsString()) != null)
              .findFirst()
              .orElseThrow(
                  () -> new Refusal("the parameter " + p.getNameAsString() + " is not stored"));
      String field = assignedField(stored, p.getNameAsString());
      FieldDeclaration declared = task.type.getFieldByName(field).orElse(null);
      require(declared != null, field + " is not a field of " + task.name);
      String kind =
          p.getType().isClassOrInterfaceType()
              ? p.getType().asClassOrInterfaceType().getNameAsString()
              : p.getType().asString();
      switch (kind) {
        case "Predicate" -> {
          require(task.predicate == null, task.name + " has two predicates");
          task.predicate = field;
        }
        case "List" -> {
          require(task.list == null, task.name + " has two lists");
          task.list = field;
          task.listField = declared;
          task.listParam = p;
          task.listAssignment = stored;
        }
        case "int" -> ints.add(field);
        default ->
            throw new Refusal(
                "the constructor parameter "
                    + p.getNameAsString()
                    + " is not a Predicate, a List"
                    + " or an int bound");
      }
      task.argOrder.add(field);
    }
    require(
        task.predicate != null && task.list != null && ints.size() == 2,
        task.name + " does not take a Predicate, a List and two int bounds");
    task.lo = ints.get(0);
    task.hi = ints.get(1);
  }

  /** {@code this.f = p;} or {@code f = p;}: the field f; else null. */
  private static String assignedField(Statement s, String param) {
    if (s instanceof ExpressionStmt e
        && e.getExpression() instanceof AssignExpr a
        && a.getOperator() == AssignExpr.Operator.ASSIGN
        && a.getValue() instanceof NameExpr v
        && v.getNameAsString().equals(param)) {
      Expression target = a.getTarget();
      if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
        return f.getNameAsString();
      }
      if (target instanceof NameExpr n && !n.getNameAsString().equals(param)) {
        return n.getNameAsString();
      }
    }
    return null;
  }

  /** compute(): the leaf under {@code if (cond)}, then the inner node that merges in order. */
  private static void compute(Task task, Source source) {
    List<MethodDeclaration> methods = task.type.getMethods();
    MethodDeclaration compute =
        methods.stream()
            .filter(m -> m.getNameAsString().equals("compute") && m.getParameters().isEmpty())
            .findFirst()
            .orElseThrow(() -> new Refusal(task.name + " has no compute()"));
    task.compute = compute;
    List<Statement> body = compute.getBody().orElseThrow().getStatements();
    require(
        !body.isEmpty() && body.get(0) instanceof IfStmt,
        "compute() of " + task.name + " does not begin with the leaf test if (..)");
    IfStmt test = (IfStmt) body.get(0);
    task.condition = source.text(test.getCondition());
    require(
        names(test.getCondition()).stream()
            .allMatch(
                n -> n.equals(task.lo) || n.equals(task.hi) || Character.isUpperCase(n.charAt(0))),
        "the leaf test " + task.condition + " reads more than the bounds and constants");
    List<Statement> inner;
    if (test.getElseStmt().isPresent()) {
      require(body.size() == 1, "compute() of " + task.name + " has code after its if/else");
      inner = statements(test.getElseStmt().get());
    } else {
      inner = body.subList(1, body.size());
    }
    leaf(task, statements(test.getThenStmt()), source);
    innerNode(task, inner, source);
    for (MethodDeclaration m : methods) {
      require(
          m == compute || m == task.helper,
          task.name + " has a method the rewrite does not know: " + m.getNameAsString() + "()");
    }
  }

  private static List<Statement> statements(Statement s) {
    return s instanceof BlockStmt b ? b.getStatements() : List.of(s);
  }

  /**
   * The leaf: {@code List<E> kept = new ArrayList<>(); for (int i = lo; i < hi; i++) { E x =
   * list.get(i); if (p.test(x)) kept.add(x); } return kept;}, inline or as {@code return m();} of a
   * private method without parameters.
   */
  private static void leaf(Task task, List<Statement> leaf, Source source) {
    if (leaf.size() == 1
        && leaf.get(0) instanceof ReturnStmt r
        && r.getExpression().orElse(null) instanceof MethodCallExpr call
        && call.getArguments().isEmpty()
        && call.getScope().map(s -> s instanceof ThisExpr).orElse(true)) {
      List<MethodDeclaration> helpers = task.type.getMethodsBySignature(call.getNameAsString());
      require(
          helpers.size() == 1 && helpers.get(0).isPrivate() && helpers.get(0).getBody().isPresent(),
          "the leaf " + call + " is not a private method of " + task.name);
      task.helper = helpers.get(0);
      require(
          task.type
                  .findAll(
                      MethodCallExpr.class,
                      c -> c.getNameAsString().equals(task.helper.getNameAsString()))
                  .size()
              == 1,
          "the leaf " + call.getNameAsString() + "() is called elsewhere too");
      leaf = task.helper.getBody().get().getStatements();
    }
    String notLeaf =
        "the leaf is not a plain filter (List<E> kept = new ArrayList<>(); for (int i = "
            + task.lo
            + "; i < "
            + task.hi
            + "; i++) if ("
            + task.predicate
            + ".test(x)) kept.add(x);"
            + " return kept;) with x = "
            + task.list
            + ".get(i) unchanged";
    require(leaf.size() == 3, notLeaf);
    VariableDeclarator kept = single(leaf.get(0));
    require(kept != null, notLeaf);
    String keptName = kept.getNameAsString();
    task.listClass = freshList(kept.getInitializer().orElse(null), source);
    require(task.listClass != null, notLeaf + " (the list is not a new ArrayList or LinkedList)");
    require(
        leaf.get(2) instanceof ReturnStmt ret
            && ret.getExpression().orElse(null) instanceof NameExpr n
            && n.getNameAsString().equals(keptName),
        notLeaf);
    require(leaf.get(1) instanceof ForStmt, notLeaf);
    ForStmt loop = (ForStmt) leaf.get(1);
    require(
        loop.getInitialization().size() == 1
            && loop.getInitialization().get(0) instanceof VariableDeclarationExpr init
            && init.getVariables().size() == 1
            && init.getVariable(0).getType().asString().equals("int")
            && init.getVariable(0).getInitializer().map(e -> isField(e, task.lo)).orElse(false),
        notLeaf);
    String i =
        ((VariableDeclarationExpr) loop.getInitialization().get(0))
            .getVariable(0)
            .getNameAsString();
    task.index = i;
    require(
        loop.getCompare().orElse(null) instanceof BinaryExpr cmp
            && cmp.getOperator() == BinaryExpr.Operator.LESS
            && cmp.getLeft() instanceof NameExpr l
            && l.getNameAsString().equals(i)
            && isField(cmp.getRight(), task.hi)
            && loop.getUpdate().size() == 1
            && Set.of(i + "++", "++" + i, i + " += 1").contains(loop.getUpdate().get(0).toString()),
        notLeaf);
    List<Statement> step = statements(loop.getBody());
    String get = task.list + ".get(" + i + ")";
    String element;
    Statement filter;
    if (step.size() == 2) {
      VariableDeclarator x = single(step.get(0));
      require(
          x != null && x.getInitializer().map(e -> strip(e).equals(get)).orElse(false), notLeaf);
      element = x.getNameAsString();
      filter = step.get(1);
    } else {
      require(step.size() == 1, notLeaf);
      element = get;
      filter = step.get(0);
    }
    require(filter instanceof IfStmt, notLeaf);
    IfStmt when = (IfStmt) filter;
    List<Statement> added = statements(when.getThenStmt());
    require(
        when.getElseStmt().isEmpty()
            && strip(when.getCondition()).equals(task.predicate + ".test(" + element + ")")
            && added.size() == 1
            && strip(added.get(0)).equals(keptName + ".add(" + element + ");"),
        notLeaf);
    require(!Locals.assigned(i, loop.getBody()), notLeaf + " (" + i + " is changed in the loop)");
  }

  /** Text without {@code this.}, so {@code this.lo} and {@code lo} compare equal. */
  private static String strip(Node n) {
    return n.toString().replace("this.", "");
  }

  private static boolean isField(Expression e, String field) {
    return strip(e).equals(field);
  }

  private static VariableDeclarator single(Statement s) {
    return s instanceof ExpressionStmt e
            && e.getExpression() instanceof VariableDeclarationExpr d
            && d.getVariables().size() == 1
        ? d.getVariable(0)
        : null;
  }

  /** {@code new ArrayList<>()} or {@code new LinkedList<>()} as written, else null. */
  private static String freshList(Expression e, Source source) {
    return e instanceof ObjectCreationExpr created
            && created.getArguments().isEmpty()
            && created.getAnonymousClassBody().isEmpty()
            && LISTS.contains(created.getType().getNameAsString())
        ? source.text(created)
        : null;
  }

  private static List<String> names(Node n) {
    List<String> names = new ArrayList<>();
    n.findAll(NameExpr.class).forEach(x -> names.add(x.getNameAsString()));
    n.findAll(FieldAccessExpr.class, f -> f.getScope() instanceof ThisExpr)
        .forEach(x -> names.add(x.getNameAsString()));
    require(
        n.findAll(MethodCallExpr.class).isEmpty() && n.findAll(AssignExpr.class).isEmpty(),
        "the leaf test " + n + " calls or assigns");
    return names;
  }

  /**
   * The inner node: the result list, {@code int mid}, the two halves {@code [lo, mid)} and {@code
   * [mid, hi)}, run and merged first then second, and {@code return result;}.
   */
  private static void innerNode(Task task, List<Statement> inner, Source source) {
    String notInner =
        "the inner node is not two subtasks over ["
            + task.lo
            + ", mid) and [mid, "
            + task.hi
            + ") run and merged into a new list, first then second";
    require(inner.size() >= 6, notInner);
    require(
        inner.get(inner.size() - 1) instanceof ReturnStmt ret
            && ret.getExpression().orElse(null) instanceof NameExpr,
        notInner);
    String result =
        ((NameExpr) ((ReturnStmt) inner.get(inner.size() - 1)).getExpression().get())
            .getNameAsString();
    String mid = null;
    String first = null;
    String second = null;
    boolean resultDeclared = false;
    int k = 0;
    for (; k < inner.size() - 1; k++) {
      VariableDeclarator v = single(inner.get(k));
      if (v == null) {
        break;
      }
      String name = v.getNameAsString();
      Expression init = v.getInitializer().orElse(null);
      if (name.equals(result)) {
        require(
            task.listClass.equals(init == null ? null : freshList(init, source)),
            notInner + " (" + result + " is not a " + task.listClass + " as the leaf's list)");
        resultDeclared = true;
      } else if (v.getType().asString().equals("int") && mid == null) {
        String lo = task.lo;
        String hi = task.hi;
        require(
            init != null
                && Set.of(
                        "(" + lo + " + " + hi + ") >>> 1",
                        "(" + lo + " + " + hi + ") / 2",
                        lo + " + (" + hi + " - " + lo + ") / 2")
                    .contains(strip(init)),
            "the split " + v + " is not (lo + hi) >>> 1, (lo + hi) / 2 or lo + (hi - lo) / 2");
        mid = name;
        task.midName = name;
        task.mid = source.text(init);
      } else if (init instanceof ObjectCreationExpr sub
          && sub.getType().getNameAsString().equals(task.name)
          && sub.getAnonymousClassBody().isEmpty()
          && mid != null) {
        require(second == null, notInner + " (more than two subtasks)");
        String half =
            first == null ? "[" + task.lo + ", " + mid + ")" : "[" + mid + ", " + task.hi + ")";
        require(
            subtaskArgs(task, sub, first == null ? task.lo : mid, first == null ? mid : task.hi),
            "the subtask " + sub + " is not the same filter over " + half);
        task.subtaskType = source.text(sub.getType());
        task.inner.add(sub);
        if (first == null) {
          first = name;
        } else {
          second = name;
        }
      } else {
        throw new Refusal(notInner + " (" + v + " is not part of the shape)");
      }
    }
    require(resultDeclared && first != null && second != null, notInner);
    List<String> run = inner.subList(k, inner.size() - 1).stream().map(FilterMarks::strip).toList();
    String f = first;
    String s = second;
    String r = result;
    List<List<String>> inOrder =
        List.of(
            List.of(
                "invokeAll(" + f + ", " + s + ");",
                r + ".addAll(" + f + ".join());",
                r + ".addAll(" + s + ".join());"),
            List.of(
                "ForkJoinTask.invokeAll(" + f + ", " + s + ");",
                r + ".addAll(" + f + ".join());",
                r + ".addAll(" + s + ".join());"),
            List.of(
                f + ".fork();",
                s + ".fork();",
                r + ".addAll(" + f + ".join());",
                r + ".addAll(" + s + ".join());"),
            List.of(
                s + ".fork();",
                r + ".addAll(" + f + ".compute());",
                r + ".addAll(" + s + ".join());"));
    if (!inOrder.contains(run)) {
      int firstAt = indexOfMerge(run, r, f);
      int secondAt = indexOfMerge(run, r, s);
      require(
          firstAt < 0 || secondAt < 0 || firstAt < secondAt,
          "the merge adds "
              + s
              + "'s list before "
              + f
              + "'s: the list is not in index order,"
              + " which a shared keep[] read in order would change");
      throw new Refusal(
          notInner
              + " (runs them as "
              + String.join(" ", run)
              + "; known: invokeAll("
              + f
              + ", "
              + s
              + ") or fork/compute/join, then "
              + r
              + ".addAll of "
              + f
              + "'s result, then of "
              + s
              + "'s)");
    }
  }

  private static int indexOfMerge(List<String> run, String result, String task) {
    for (int i = 0; i < run.size(); i++) {
      if (run.get(i).startsWith(result + ".addAll(" + task + ".")) {
        return i;
      }
    }
    return -1;
  }

  /** The constructor's fields in order, the bounds replaced by {@code lo} and {@code hi}. */
  private static boolean subtaskArgs(Task task, ObjectCreationExpr sub, String lo, String hi) {
    if (sub.getArguments().size() != 4) {
      return false;
    }
    for (int i = 0; i < 4; i++) {
      String field = task.argOrder.get(i);
      String expected = field.equals(task.lo) ? lo : field.equals(task.hi) ? hi : field;
      if (!strip(sub.getArgument(i)).equals(expected)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Every other use of the task: {@code List<E> x = pool.invoke(new Task<>(p, xs, 0, hi0));}, as a
   * statement of a block; the class named nowhere else, here or beside this file.
   */
  private static List<ExpressionStmt> callSites(Task task, Source source) {
    CompilationUnit unit = source.unit();
    List<ExpressionStmt> calls = new ArrayList<>();
    for (ObjectCreationExpr created :
        unit.findAll(
            ObjectCreationExpr.class, c -> c.getType().getNameAsString().equals(task.name))) {
      if (task.inner.stream().anyMatch(x -> x == created)) {
        continue;
      }
      int line = created.getBegin().map(p -> p.line).orElse(0);
      String shape =
          "the task created at line "
              + line
              + " is not used as List<E> x = pool.invoke(new "
              + task.name
              + "(.., 0, n)); its result would change";
      require(
          created.getParentNode().orElse(null) instanceof MethodCallExpr invoke
              && invoke.getNameAsString().equals("invoke")
              && invoke.getArguments().size() == 1
              && invoke.getScope().isPresent()
              && (commonPool(invoke.getScope().get())
                  || Locals.unstable(invoke.getScope().get(), POOL_TYPES) == null)
              && invoke.getParentNode().orElse(null) instanceof VariableDeclarator x
              && x.getType().isClassOrInterfaceType()
              && x.getType().asClassOrInterfaceType().getNameAsString().equals("List")
              && x.getParentNode().orElse(null) instanceof VariableDeclarationExpr d
              && d.getVariables().size() == 1
              && d.getParentNode().orElse(null) instanceof ExpressionStmt statement
              && statement.getParentNode().orElse(null) instanceof BlockStmt,
          shape);
      require(created.getArguments().size() == 4, shape);
      Expression list = created.getArgument(task.argOrder.indexOf(task.list));
      Expression lo = created.getArgument(task.argOrder.indexOf(task.lo));
      Expression hi = created.getArgument(task.argOrder.indexOf(task.hi));
      require(
          lo instanceof IntegerLiteralExpr zero && zero.asNumber().intValue() == 0,
          "the task created at line " + line + " does not start at 0 (" + lo + ")");
      String unstable = Locals.unstable(list, Set.of());
      require(
          unstable == null,
          "the list given at line " + line + " is read again after invoke, and " + unstable);
      boolean sized =
          hi instanceof MethodCallExpr size
              && size.getNameAsString().equals("size")
              && size.getArguments().isEmpty()
              && size.getScope().map(sc -> sc.toString().equals(list.toString())).orElse(false);
      String unstableHi = sized ? null : Locals.unstable(hi, Set.of("int"));
      require(
          unstableHi == null,
          "the bound "
              + hi
              + " at line "
              + line
              + " is read again after invoke, and "
              + unstableHi);
      CallableDeclaration<?> method = created.findAncestor(CallableDeclaration.class).orElse(null);
      require(method != null, "the task created at line " + line + " is not in a method");
      require(
          !declares(method, "keep") && !mentions(created, "keep"),
          "the name keep is taken in " + method.getNameAsString() + "()");
      calls.add(
          (ExpressionStmt)
              ((VariableDeclarationExpr)
                      ((VariableDeclarator)
                              ((MethodCallExpr) created.getParentNode().get())
                                  .getParentNode()
                                  .get())
                          .getParentNode()
                          .get())
                  .getParentNode()
                  .get());
    }
    require(!calls.isEmpty(), "no call of " + task.name + " in this file: its callers are unknown");
    int allowed = 2 /* the subtasks' declared types */ + 2 + calls.size();
    long named =
        unit.findAll(ClassOrInterfaceType.class, t -> t.getNameAsString().equals(task.name)).size()
            + unit.findAll(NameExpr.class, n -> n.getNameAsString().equals(task.name)).size();
    require(
        named <= allowed
            && task.compute
                    .findAll(ClassOrInterfaceType.class, t -> t.getNameAsString().equals(task.name))
                    .size()
                == 4,
        task.name + " is named in this file beyond its call sites and its inner node");
    require(
        Stream.of(task.type.getFieldByName("keep"), task.type.getFieldByName(task.index))
                .allMatch(java.util.Optional::isEmpty)
            && !declares(task.constructor, "keep"),
        "the name keep is taken in " + task.name);
    Path dir = source.path().getParent();
    if (dir != null) {
      // another file names a nested task only through its top-level class (Outer.Task, an import
      // of it, a subclass of Outer), and a top-level task by its own name
      ClassOrInterfaceDeclaration top = task.type;
      while (top.findAncestor(ClassOrInterfaceDeclaration.class).isPresent()) {
        top = top.findAncestor(ClassOrInterfaceDeclaration.class).get();
      }
      String outer = top.getNameAsString();
      Pattern word = Pattern.compile("\\b" + Pattern.quote(outer) + "\\b");
      try (Stream<Path> files = Files.list(dir)) {
        for (Path other : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          if (!other.getFileName().equals(source.path().getFileName())
              && word.matcher(Files.readString(other)).find()) {
            throw new Refusal(
                (outer.equals(task.name)
                        ? task.name
                        : outer + ", which declares " + task.name + ",")
                    + " is named in "
                    + other.getFileName()
                    + ", which may use its result");
          }
        }
      } catch (IOException e) {
        throw new Refusal("cannot read the files beside this one: " + e.getMessage());
      }
    }
    return calls;
  }

  /** Whether code names {@code name} (a field it reads would be shadowed by a new local). */
  private static boolean mentions(Node code, String name) {
    return !code.findAll(NameExpr.class, n -> n.getNameAsString().equals(name)).isEmpty();
  }

  private static boolean declares(Node scope, String name) {
    return !scope.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(name)).isEmpty()
        || !scope.findAll(Parameter.class, p -> p.getNameAsString().equals(name)).isEmpty();
  }

  private static boolean commonPool(Expression pool) {
    return pool instanceof MethodCallExpr common
        && common.getNameAsString().equals("commonPool")
        && common.getArguments().isEmpty()
        && common.getScope().map(s -> POOL_TYPES.contains(s.toString())).orElse(false);
  }

  private static Rewrite.Proposal edits(Task task, List<ExpressionStmt> calls, Source source) {
    List<TextEdit> edits = new ArrayList<>();
    String nl = source.newline();
    // extends RecursiveAction
    String action =
        task.extended.getScope().isPresent()
            ? "java.util.concurrent.RecursiveAction"
            : "RecursiveAction";
    edits.add(source.replace(task.extended, action));
    imports(task, source, edits);
    // the field and the constructor's parameter
    edits.add(
        afterOnLine(
            source,
            task.listField,
            (task.listField.isPrivate() ? "private " : "") + "final boolean[] keep;"));
    edits.add(
        new TextEdit(source.end(task.listParam), source.end(task.listParam), ", boolean[] keep"));
    edits.add(afterOnLine(source, task.listAssignment, "this.keep = keep;"));
    // compute()
    MethodDeclaration compute = task.compute;
    edits.add(source.replace(compute.getType(), "void"));
    String indent = source.indentOf(compute);
    String unit = source.indentUnit(compute.getBody().get().getStatement(0));
    String in1 = indent + unit;
    String in2 = in1 + unit;
    String in3 = in2 + unit;
    String i = task.index;
    StringBuilder body = new StringBuilder();
    body.append("{")
        .append(nl)
        .append(in1)
        .append("if (")
        .append(task.condition)
        .append(") {")
        .append(nl)
        .append(in2)
        .append("for (int ")
        .append(i)
        .append(" = ")
        .append(task.lo)
        .append("; ")
        .append(i)
        .append(" < ")
        .append(task.hi)
        .append("; ")
        .append(i)
        .append("++) {")
        .append(nl)
        .append(in3)
        .append("keep[")
        .append(i)
        .append("] = ")
        .append(task.predicate)
        .append(".test(")
        .append(task.list)
        .append(".get(")
        .append(i)
        .append("));")
        .append(nl)
        .append(in2)
        .append("}")
        .append(nl)
        .append(in2)
        .append("return;")
        .append(nl)
        .append(in1)
        .append("}")
        .append(nl)
        .append(in1)
        .append("int ")
        .append(task.midName)
        .append(" = ")
        .append(task.mid)
        .append(";")
        .append(nl)
        .append(in1)
        .append("invokeAll(")
        .append(nl)
        .append(in1)
        .append(unit)
        .append(unit)
        .append(subtask(task, task.lo, task.midName))
        .append(",")
        .append(nl)
        .append(in1)
        .append(unit)
        .append(unit)
        .append(subtask(task, task.midName, task.hi))
        .append(");")
        .append(nl)
        .append(indent)
        .append("}");
    edits.add(source.replace(compute.getBody().get(), body.toString()));
    if (task.helper != null) {
      edits.add(removeWithBlankLine(source, task.helper));
    }
    for (ExpressionStmt call : calls) {
      edits.add(callSite(task, call, source));
    }
    return new Rewrite.Edits(
        "copy-on-join@" + source.begin(task.type),
        task.name
            + " marks a shared boolean[] keep instead of returning lists; "
            + calls.size()
            + (calls.size() == 1 ? " caller builds" : " callers build")
            + " the list once after invoke",
        edits);
  }

  private static String subtask(Task task, String lo, String hi) {
    List<String> args = new ArrayList<>();
    for (String field : task.argOrder) {
      args.add(field.equals(task.lo) ? lo : field.equals(task.hi) ? hi : field);
      if (field.equals(task.list)) {
        args.add("keep");
      }
    }
    return "new " + task.subtaskType + "(" + String.join(", ", args) + ")";
  }

  private static TextEdit callSite(Task task, ExpressionStmt statement, Source source) {
    VariableDeclarationExpr decl = (VariableDeclarationExpr) statement.getExpression();
    VariableDeclarator x = decl.getVariable(0);
    MethodCallExpr invoke = (MethodCallExpr) x.getInitializer().get();
    ObjectCreationExpr created = (ObjectCreationExpr) invoke.getArgument(0);
    Expression list = created.getArgument(task.argOrder.indexOf(task.list));
    Expression hiArg = created.getArgument(task.argOrder.indexOf(task.hi));
    String hi = hiArg instanceof MethodCallExpr ? "keep.length" : source.text(hiArg);
    List<String> args = new ArrayList<>();
    for (int k = 0; k < 4; k++) {
      String field = task.argOrder.get(k);
      args.add(field.equals(task.hi) ? hi : source.text(created.getArgument(k)));
      if (field.equals(task.list)) {
        args.add("keep");
      }
    }
    CallableDeclaration<?> method = statement.findAncestor(CallableDeclaration.class).get();
    String i =
        Stream.of("i", "j", "k", "n")
            .filter(n -> !declares(method, n) && !mentions(statement, n))
            .findFirst()
            .orElseThrow(() -> new Refusal("no free index name in " + method.getNameAsString()));
    String indent = source.indentOf(statement);
    String unit = source.indentUnit(statement);
    String nl = source.newline();
    String name = x.getNameAsString();
    String text =
        "boolean[] keep = new boolean["
            + source.text(hiArg)
            + "];"
            + nl
            + indent
            + source.text(invoke.getScope().get())
            + ".invoke(new "
            + source.text(created.getType())
            + "("
            + String.join(", ", args)
            + "));"
            + nl
            + indent
            + source.text(x.getType())
            + " "
            + name
            + " = "
            + task.listClass
            + ";"
            + nl
            + indent
            + "for (int "
            + i
            + " = 0; "
            + i
            + " < "
            + hi
            + "; "
            + i
            + "++) {"
            + nl
            + indent
            + unit
            + "if (keep["
            + i
            + "]) {"
            + nl
            + indent
            + unit
            + unit
            + name
            + ".add("
            + source.text(list)
            + ".get("
            + i
            + "));"
            + nl
            + indent
            + unit
            + "}"
            + nl
            + indent
            + "}";
    return source.replace(statement, text);
  }

  /** Replaces the RecursiveTask import by RecursiveAction's when nothing else uses it. */
  private static void imports(Task task, Source source, List<TextEdit> edits) {
    if (task.extended.getScope().isPresent()) {
      return;
    }
    boolean hasAction = false;
    boolean wildcard = false;
    ImportDeclaration taskImport = null;
    for (ImportDeclaration i : source.unit().getImports()) {
      String n = i.getNameAsString();
      if (i.isStatic()) {
        continue;
      }
      if (i.isAsterisk() && n.equals("java.util.concurrent")) {
        wildcard = true;
      } else if (!i.isAsterisk() && n.equals("java.util.concurrent.RecursiveAction")) {
        hasAction = true;
      } else if (!i.isAsterisk() && n.equals("java.util.concurrent.RecursiveTask")) {
        taskImport = i;
      }
    }
    boolean taskUsedElsewhere =
        source
                .unit()
                .findAll(
                    ClassOrInterfaceType.class,
                    t -> t.getNameAsString().equals("RecursiveTask") && t != task.extended)
                .size()
            > 0;
    if (hasAction || wildcard) {
      if (taskImport != null && !taskUsedElsewhere) {
        edits.add(source.removeLine(taskImport));
      }
      return;
    }
    if (taskImport != null && !taskUsedElsewhere) {
      edits.add(source.replace(taskImport, "import java.util.concurrent.RecursiveAction;"));
    } else if (taskImport != null) {
      edits.add(
          new TextEdit(
              source.begin(taskImport),
              source.begin(taskImport),
              "import java.util.concurrent.RecursiveAction;" + source.newline()));
    } else {
      throw new Refusal(
          "the file does not import RecursiveTask by name, so where"
              + " RecursiveAction's import goes is unclear");
    }
  }

  /** Inserts a statement or declaration after a node: on its own line if the node ends one. */
  private static TextEdit afterOnLine(Source source, Node node, String code) {
    int end = source.end(node);
    String text = source.text();
    int eol = end;
    while (eol < text.length() && (text.charAt(eol) == ' ' || text.charAt(eol) == '\t')) {
      eol++;
    }
    if (eol == text.length() || text.charAt(eol) == '\n' || text.charAt(eol) == '\r') {
      return new TextEdit(end, end, source.newline() + source.indentOf(node) + code);
    }
    return new TextEdit(end, end, " " + code);
  }

  /** Removes a member and the blank line before it. */
  private static TextEdit removeWithBlankLine(Source source, Node node) {
    TextEdit line = source.removeLine(node);
    String text = source.text();
    int start = line.start();
    int p = start;
    if (p > 0 && text.charAt(p - 1) == '\n') {
      int q = p - 1;
      if (q > 0 && text.charAt(q - 1) == '\r') {
        q--;
      }
      int b = q;
      while (b > 0 && (text.charAt(b - 1) == ' ' || text.charAt(b - 1) == '\t')) {
        b--;
      }
      if (b > 0 && text.charAt(b - 1) == '\n') {
        return new TextEdit(b, line.end(), "");
      }
    }
    return line;
  }

  private static String firstLine(Node n) {
    String s = n.toString();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
