package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import dev.forkscope.lint.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Copy on fork becomes index ranges: FJDetector's transformation (Pinto et al. 2017, §VI),
 * generalised. A task class T that hands its subtasks copies of its data field {@code f} gets
 * bounds fields {@code lo} and {@code hi}; the field then holds the whole array (or list), and the
 * task's slice is {@code f[lo, hi)}.
 *
 * <p>Implementation note: the rewrite is a change of representation, applied to every use of the
 * field in the class, and it is refused as a whole unless every use is one it knows. All int
 * expressions of the class stay in slice coordinates, as they were; only where the slice is indexed
 * or handed on are they shifted by {@code lo}:
 *
 * <pre>
 *   f.length, f.size()          -> hi - lo
 *   f[i], f.get(i)              -> f[lo + i], f.get(lo + i)
 *   for (E x : f) S             -> for (int i = lo; i &lt; hi; i++) { E x = f[i]; S }  (lists: f.subList(lo, hi))
 *   for (int i = 0; i &lt; f.length; i++) with i used only as f[i]  -> for (int i = lo; i &lt; hi; i++)
 *   new T(copyOfRange(f, a, b)) -> new T(f, lo + a, lo + b)   (also copyOf, clone, subList,
 *                                                              new ArrayList&lt;&gt;(..), System.arraycopy)
 *   new T(f)                    -> new T(f, lo, hi)
 *   m(f, a, b)                  -> m(f, lo + a, lo + b)   if m reads only p[i] for a &lt;= i &lt; b
 * </pre>
 *
 * The preconditions make the shared slice indistinguishable from the copies: the field is private
 * and set once, from one constructor parameter that is used for nothing else; no slot of the data
 * is ever written (a copy kept writes apart; a shared array would not); a copy is handed only to
 * {@code new T(..)}, and its bounds provably lie within the slice ({@code 0}, {@code f.length},
 * {@code f.length / k}, or an effectively final local holding one of them), because {@code
 * copyOfRange} would have thrown or padded where the shared array cannot. The old constructor stays
 * as the whole-range overload, {@code this(f, 0, f.length)}, so every other caller keeps compiling
 * and behaving the same.
 */
final class IndexRanges implements Rewrite {
  private static final Set<String> LIST_TYPES = Set.of("List", "ArrayList");
  private static final Set<String> COPYING_IMPORTS =
      Set.of("java.util.Arrays", "java.util.ArrayList", "java.util.LinkedList");
  private static final Set<String> LIST_VIEWS =
      Set.of("stream", "forEach", "iterator", "contains", "containsAll", "toArray");

  @Override
  public Proposal propose(Finding finding, Source source) {
    Expression copy = source.at(finding, Expression.class).orElse(null);
    ClassOrInterfaceDeclaration task =
        copy == null ? null : copy.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
    if (task == null) {
      return Rewrite.refuse("the copy is not in a task class declared in this file");
    }
    String field = copiedField(copy);
    if (field == null) {
      return Rewrite.refuse("the copied data is not a field of " + task.getNameAsString());
    }
    try {
      return new Plan(source, task, field).edits();
    } catch (Blocked e) {
      return Rewrite.refuse(e.getMessage());
    }
  }

  /** The name of the data a copy reads from: {@code f} in copyOfRange(f, ..), f.clone(), .. */
  private static String copiedField(Expression copy) {
    Expression data = null;
    if (copy instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if ((name.equals("copyOfRange") || name.equals("copyOf") || name.equals("arraycopy"))
          && !call.getArguments().isEmpty()) {
        data = call.getArgument(0);
      } else if ((name.equals("clone") || name.equals("subList") || name.equals("toArray"))
          && call.getScope().isPresent()) {
        data = call.getScope().get();
      }
    } else if (copy instanceof ObjectCreationExpr created && created.getArguments().size() == 1) {
      data = created.getArgument(0);
      if (data instanceof MethodCallExpr view
          && view.getNameAsString().equals("subList")
          && view.getScope().isPresent()) {
        data = view.getScope().get();
      }
    }
    if (data instanceof FieldAccessExpr access && access.getScope() instanceof ThisExpr) {
      return access.getNameAsString();
    }
    return data instanceof NameExpr name ? name.getNameAsString() : null;
  }

  /** A precondition failed; the message says which, for the user. */
  private static final class Blocked extends Exception {
    Blocked(String message) {
      super(message, null, false, false);
    }
  }

  /** The rewrite of one field of one task class. */
  private static final class Plan {
    private final Source source;
    private final ClassOrInterfaceDeclaration task;
    private final String f;
    private final String taskName;
    private final String newline;
    private boolean list;
    private String lo;
    private String hi;
    private final List<TextEdit> edits = new ArrayList<>();

    /** Uses of the field already covered by an edit of an enclosing construct. */
    private final Set<Node> consumed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    Plan(Source source, ClassOrInterfaceDeclaration task, String field) {
      this.source = source;
      this.task = task;
      this.f = field;
      this.taskName = task.getNameAsString();
      this.newline = source.newline();
    }

    Rewrite.Proposal edits() throws Blocked {
      FieldDeclaration declaration = fieldDeclaration();
      ConstructorDeclaration constructor = settingConstructor();
      chooseBoundNames();
      Parameter parameter = parameterOf(constructor);
      List<Expression> uses = uses(constructor);
      for (Expression use : uses) {
        if (!consumed.contains(use)) {
          rewriteCopyOrLoop(use);
        }
      }
      for (Expression use : uses) {
        if (!consumed.contains(use)) {
          TextEdit edit = rewriteUse(use);
          if (edit != null) {
            edits.add(edit);
          }
        }
      }
      addBoundsFields(declaration);
      addRangeConstructor(constructor, parameter);
      removeUnusedImports();
      return new Rewrite.Edits(
          "copy-on-fork@" + taskName + "." + f,
          taskName
              + " works on the range ["
              + lo
              + ", "
              + hi
              + ") of the shared "
              + f
              + " instead of copies",
          edits);
    }

    private FieldDeclaration fieldDeclaration() throws Blocked {
      for (FieldDeclaration decl : task.getFields()) {
        for (VariableDeclarator v : decl.getVariables()) {
          if (!v.getNameAsString().equals(f)) {
            continue;
          }
          if (decl.getVariables().size() != 1 || decl.isStatic()) {
            throw new Blocked(f + " is not declared alone as an instance field");
          }
          if (!decl.isPrivate()) {
            throw new Blocked(f + " is not private, so code elsewhere may use the whole " + f);
          }
          if (v.getInitializer().isPresent()) {
            throw new Blocked(f + " has an initializer");
          }
          if (v.getType() instanceof ArrayType) {
            list = false;
          } else if (v.getType() instanceof ClassOrInterfaceType t
              && LIST_TYPES.contains(t.getNameAsString())) {
            list = true;
          } else {
            throw new Blocked(f + " is neither an array nor a List");
          }
          return decl;
        }
      }
      throw new Blocked(f + " is not a field of " + taskName);
    }

    /** The one constructor that sets the field from a parameter; others must delegate to it. */
    private ConstructorDeclaration settingConstructor() throws Blocked {
      ConstructorDeclaration found = null;
      for (ConstructorDeclaration c : task.getConstructors()) {
        boolean delegates =
            c.getBody().getStatements().isNonEmpty()
                && c.getBody().getStatement(0) instanceof ExplicitConstructorInvocationStmt e
                && e.isThis();
        if (delegates) {
          continue;
        }
        if (found != null) {
          throw new Blocked(taskName + " has several constructors that set " + f);
        }
        found = c;
      }
      if (found == null) {
        throw new Blocked(taskName + " has no constructor that sets " + f);
      }
      for (ConstructorDeclaration c : task.getConstructors()) {
        if (c != found && c.getParameters().size() == found.getParameters().size() + 2) {
          throw new Blocked(
              taskName
                  + " already has a constructor with "
                  + c.getParameters().size()
                  + " parameters");
        }
      }
      if (!found.getTypeParameters().isEmpty()) {
        throw new Blocked("the constructor of " + taskName + " is generic");
      }
      return found;
    }

    /** The parameter the constructor stores in the field, used for nothing else. */
    private Parameter parameterOf(ConstructorDeclaration c) throws Blocked {
      List<AssignExpr> sets = c.findAll(AssignExpr.class, a -> isField(a.getTarget(), c));
      if (sets.size() != 1
          || !(sets.get(0).getValue() instanceof NameExpr value)
          || !(sets.get(0).getParentNode().orElse(null) instanceof ExpressionStmt)) {
        throw new Blocked("the constructor does not simply store a parameter in " + f);
      }
      Parameter p =
          c.getParameters().stream()
              .filter(q -> q.getNameAsString().equals(value.getNameAsString()))
              .findFirst()
              .orElseThrow(() -> new Blocked(f + " is not set from a constructor parameter"));
      if (p.isVarArgs()) {
        throw new Blocked("the parameter " + p.getNameAsString() + " is a varargs parameter");
      }
      long mentions =
          c.getBody()
              .findAll(NameExpr.class, n -> n.getNameAsString().equals(p.getNameAsString()))
              .size();
      if (mentions != 1) {
        throw new Blocked("the constructor uses " + p.getNameAsString() + " for more than " + f);
      }
      return p;
    }

    private boolean isField(Expression e, ConstructorDeclaration c) {
      if (e instanceof FieldAccessExpr access && access.getScope() instanceof ThisExpr) {
        return access.getNameAsString().equals(f);
      }
      return e instanceof NameExpr n
          && n.getNameAsString().equals(f)
          && c.getParameters().stream().noneMatch(p -> p.getNameAsString().equals(f));
    }

    private void chooseBoundNames() throws Blocked {
      Set<String> names = new HashSet<>();
      task.findAll(SimpleName.class).forEach(n -> names.add(n.getIdentifier()));
      for (String[] pair : new String[][] {{"lo", "hi"}, {f + "Lo", f + "Hi"}}) {
        if (!names.contains(pair[0]) && !names.contains(pair[1])) {
          lo = pair[0];
          hi = pair[1];
          return;
        }
      }
      throw new Blocked(
          "the names lo, hi, " + f + "Lo and " + f + "Hi are all taken in " + taskName);
    }

    /** Every use of the field in the class outside the setting constructor; all must be known. */
    private List<Expression> uses(ConstructorDeclaration setter) throws Blocked {
      for (FieldAccessExpr access :
          source.unit().findAll(FieldAccessExpr.class, a -> a.getNameAsString().equals(f))) {
        if (!(access.getScope() instanceof ThisExpr)) {
          throw new Blocked(
              "line " + line(access) + " reads " + source.text(access) + " from another object");
        }
      }
      List<Expression> uses = new ArrayList<>();
      for (Node n : task.findAll(Node.class)) {
        if (Nodes.isInside(n, setter)) {
          continue;
        }
        if (n instanceof Parameter p && p.getNameAsString().equals(f)
            || n instanceof VariableDeclarator v
                && v.getNameAsString().equals(f)
                && !(v.getParentNode().orElse(null) instanceof FieldDeclaration)) {
          throw new Blocked("line " + line(n) + " declares another variable named " + f);
        }
        if (n instanceof ClassOrInterfaceDeclaration nested
            && nested != task
            && nested.getFieldByName(f).isPresent()) {
          throw new Blocked("the nested class " + nested.getNameAsString() + " has its own " + f);
        }
        if (n instanceof NameExpr name && name.getNameAsString().equals(f)
            || n instanceof FieldAccessExpr access
                && access.getScope() instanceof ThisExpr
                && access.getNameAsString().equals(f)) {
          Expression use = (Expression) n;
          if (use.getParentNode().orElse(null) instanceof AssignExpr assign
              && assign.getTarget() == use) {
            throw new Blocked("line " + line(use) + " assigns " + f);
          }
          uses.add(use);
        }
      }
      return uses;
    }

    /** Copies handed to new T(..) and index loops over the slice, whole. */
    private void rewriteCopyOrLoop(Expression use) throws Blocked {
      Node parent = use.getParentNode().orElseThrow();
      Expression copy = copyAround(use, parent);
      if (copy != null) {
        rewriteCopy(copy);
        return;
      }
      if (!list
          && parent instanceof Expression length
          && isLength(length)
          && length.getParentNode().orElse(null) instanceof BinaryExpr cond
          && cond.getParentNode().orElse(null) instanceof ForStmt loop
          && loop.getCompare().orElse(null) == cond) {
        rewriteIndexLoop(loop, cond, length, use);
      }
    }

    /** The copy expression a use of the field is the data of, or null. */
    private Expression copyAround(Expression use, Node parent) {
      if (parent instanceof MethodCallExpr call) {
        String name = call.getNameAsString();
        boolean dataArgument = !call.getArguments().isEmpty() && call.getArgument(0) == use;
        if (dataArgument
            && (name.equals("copyOfRange") || name.equals("copyOf"))
            && Set.of("Arrays", "java.util.Arrays").contains(scopeText(call))) {
          return call;
        }
        if (dataArgument
            && name.equals("arraycopy")
            && Set.of("System", "java.lang.System").contains(scopeText(call))) {
          return call;
        }
        if (call.getScope().orElse(null) == use
            && (name.equals("clone") && call.getArguments().isEmpty()
                || name.equals("subList") && call.getArguments().size() == 2)) {
          return call.getParentNode().orElse(null) instanceof ObjectCreationExpr created
                  && isListCopy(created)
              ? created
              : call;
        }
      }
      if (parent instanceof ObjectCreationExpr created && isListCopy(created)) {
        return created;
      }
      return null;
    }

    private static boolean isListCopy(ObjectCreationExpr created) {
      return created.getArguments().size() == 1
          && Set.of("ArrayList", "LinkedList").contains(created.getType().getNameAsString());
    }

    private void rewriteCopy(Expression copy) throws Blocked {
      String[] range = copyRange(copy);
      Expression handed = copy;
      List<Node> removals = new ArrayList<>();
      if (copy instanceof MethodCallExpr call && call.getNameAsString().equals("arraycopy")) {
        handed = arraycopyTarget(call, removals);
      } else if (copy.getParentNode().orElse(null) instanceof VariableDeclarator local) {
        handed = onlyUse(local, copy, removals);
      }
      if (!(handed.getParentNode().orElse(null) instanceof ObjectCreationExpr created)
          || !created.getType().getNameAsString().equals(taskName)
          || !Nodes.contains(created.getArguments(), handed)
          || created.getAnonymousClassBody().isPresent()) {
        throw new Blocked(
            "line "
                + line(copy)
                + ": the copy "
                + source.text(copy)
                + " is not handed straight to new "
                + taskName
                + "(..)");
      }
      for (Node removed : removals) {
        edits.add(source.removeLine(removed));
        removed.findAll(Expression.class).forEach(consumed::add);
      }
      edits.add(source.replace(handed, f + ", " + range[0] + ", " + range[1]));
      copy.findAll(Expression.class).forEach(consumed::add);
    }

    /** The copy's bounds as whole-array offsets: {lo + a, lo + b}. */
    private String[] copyRange(Expression copy) throws Blocked {
      Expression a;
      Expression b;
      if (copy instanceof ObjectCreationExpr created) {
        if (created.getArgument(0) instanceof MethodCallExpr view) {
          a = view.getArgument(0);
          b = view.getArgument(1);
        } else {
          return new String[] {lo, hi};
        }
      } else {
        MethodCallExpr call = (MethodCallExpr) copy;
        switch (call.getNameAsString()) {
          case "clone":
            return new String[] {lo, hi};
          case "subList":
            a = call.getArgument(0);
            b = call.getArgument(1);
            break;
          case "copyOf":
            if (call.getArguments().size() != 2) {
              throw new Blocked("line " + line(call) + ": unknown form of copyOf");
            }
            a = null;
            b = call.getArgument(1);
            break;
          case "copyOfRange":
            if (call.getArguments().size() != 3) {
              throw new Blocked("line " + line(call) + ": unknown form of copyOfRange");
            }
            a = call.getArgument(1);
            b = call.getArgument(2);
            break;
          default: // arraycopy(f, a, dest, 0, n): the range is [a, a + n)
            if (!(call.getArgument(3) instanceof IntegerLiteralExpr zero
                && zero.asNumber().intValue() == 0)) {
              throw new Blocked("line " + line(call) + ": arraycopy into the middle of an array");
            }
            a = call.getArgument(1);
            Expression n = call.getArgument(4);
            Bound from = bound(a);
            if (from == Bound.ZERO && bound(n) != Bound.UNKNOWN) {
              return new String[] {lo, offset(n)};
            }
            if (n instanceof BinaryExpr minus
                && minus.getOperator() == BinaryExpr.Operator.MINUS
                && bound(minus.getLeft()) == Bound.LENGTH
                && minus.getRight().toString().equals(a.toString())
                && from != Bound.UNKNOWN) {
              return new String[] {offset(a), hi};
            }
            throw new Blocked(
                "line "
                    + line(call)
                    + ": cannot prove that "
                    + source.text(call)
                    + " stays within "
                    + f);
        }
      }
      Bound from = a == null ? Bound.ZERO : bound(a);
      Bound to = bound(b);
      boolean ordered =
          from != Bound.UNKNOWN
              && to != Bound.UNKNOWN
              && (from == Bound.ZERO || to == Bound.LENGTH || a.toString().equals(b.toString()));
      if (!ordered) {
        throw new Blocked(
            "line "
                + line(copy)
                + ": cannot prove that 0 <= from <= to <= "
                + lengthText()
                + " in "
                + source.text(copy));
      }
      return new String[] {a == null ? lo : offset(a), offset(b)};
    }

    /** A slice coordinate as a whole-array offset. */
    private String offset(Expression e) throws Blocked {
      Bound kind = bound(e);
      if (kind == Bound.ZERO) {
        return lo;
      }
      if (isLength(e)) {
        return hi;
      }
      String text = render(e);
      boolean simple =
          !(e instanceof BinaryExpr binary)
              || Set.of(
                      BinaryExpr.Operator.PLUS,
                      BinaryExpr.Operator.MINUS,
                      BinaryExpr.Operator.MULTIPLY,
                      BinaryExpr.Operator.DIVIDE,
                      BinaryExpr.Operator.REMAINDER)
                  .contains(binary.getOperator());
      return lo + " + " + (simple ? text : "(" + text + ")");
    }

    private enum Bound {
      ZERO,
      LENGTH,
      INSIDE,
      UNKNOWN
    }

    /** Whether an int expression provably lies in [0, length of the slice]. */
    private Bound bound(Expression e) {
      e = unwrap(e);
      if (e instanceof IntegerLiteralExpr literal && literal.asNumber().intValue() == 0) {
        return Bound.ZERO;
      }
      if (isLength(e)) {
        return Bound.LENGTH;
      }
      if (e instanceof BinaryExpr binary
          && bound(binary.getLeft()) == Bound.LENGTH
          && binary.getRight() instanceof IntegerLiteralExpr k
          && k.asNumber().intValue() >= 1
          && Set.of(
                  BinaryExpr.Operator.DIVIDE,
                  BinaryExpr.Operator.SIGNED_RIGHT_SHIFT,
                  BinaryExpr.Operator.UNSIGNED_RIGHT_SHIFT)
              .contains(binary.getOperator())) {
        return Bound.INSIDE;
      }
      if (e instanceof NameExpr name) {
        VariableDeclarator local =
            effectivelyFinalLocal(
                name.getNameAsString(), name.findAncestor(BodyDeclaration.class).orElse(null));
        if (local != null && local.getInitializer().isPresent()) {
          Bound init = bound(local.getInitializer().get());
          return init == Bound.UNKNOWN ? Bound.UNKNOWN : Bound.INSIDE;
        }
      }
      return Bound.UNKNOWN;
    }

    /** {@code f.length} (arrays) or {@code f.size()} (lists). */
    private boolean isLength(Expression e) {
      e = unwrap(e);
      if (list) {
        return e instanceof MethodCallExpr call
            && call.getNameAsString().equals("size")
            && call.getArguments().isEmpty()
            && call.getScope().filter(this::isFieldRef).isPresent();
      }
      return e instanceof FieldAccessExpr access
          && access.getNameAsString().equals("length")
          && isFieldRef(access.getScope());
    }

    private boolean isFieldRef(Expression e) {
      return e instanceof NameExpr n && n.getNameAsString().equals(f)
          || e instanceof FieldAccessExpr a
              && a.getScope() instanceof ThisExpr
              && a.getNameAsString().equals(f);
    }

    private String lengthText() {
      return f + (list ? ".size()" : ".length");
    }

    /** A local variable declared once and never assigned afterwards, or null. */
    private static VariableDeclarator effectivelyFinalLocal(String variable, Node callable) {
      if (callable == null) {
        return null;
      }
      List<VariableDeclarator> declared =
          callable.findAll(
              VariableDeclarator.class,
              v ->
                  v.getNameAsString().equals(variable)
                      && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr);
      boolean assigned =
          callable
              .findFirst(
                  Node.class,
                  n ->
                      n instanceof AssignExpr a
                              && a.getTarget() instanceof NameExpr t
                              && t.getNameAsString().equals(variable)
                          || n instanceof UnaryExpr u
                              && u.getExpression() instanceof NameExpr operand
                              && operand.getNameAsString().equals(variable)
                              && u.getOperator() != UnaryExpr.Operator.MINUS
                              && u.getOperator() != UnaryExpr.Operator.PLUS
                              && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT
                              && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT)
              .isPresent();
      return declared.size() == 1 && !assigned ? declared.get(0) : null;
    }

    /** The expression that receives a local copy: its only use; the declaration goes. */
    private Expression onlyUse(VariableDeclarator local, Expression copy, List<Node> removals)
        throws Blocked {
      NameExpr use = singleUse(local);
      if (use == null
          || !(local.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl)
          || decl.getVariables().size() != 1
          || !(decl.getParentNode().orElse(null) instanceof ExpressionStmt statement)) {
        throw new Blocked(
            "line "
                + line(copy)
                + ": the copy "
                + local.getNameAsString()
                + " is used for more than one new "
                + taskName
                + "(..)");
      }
      removals.add(statement);
      return use;
    }

    private static NameExpr singleUse(VariableDeclarator local) {
      Node callable = local.findAncestor(BodyDeclaration.class).orElse(null);
      if (callable == null || effectivelyFinalLocal(local.getNameAsString(), callable) == null) {
        return null;
      }
      List<NameExpr> uses =
          callable.findAll(
              NameExpr.class, n -> n.getNameAsString().equals(local.getNameAsString()));
      return uses.size() == 1 ? uses.get(0) : null;
    }

    /** {@code E[] d = new E[n]; System.arraycopy(f, a, d, 0, n); .. new T(d)}: the use of d. */
    private Expression arraycopyTarget(MethodCallExpr call, List<Node> removals) throws Blocked {
      if (!(call.getArgument(2) instanceof NameExpr dest)
          || !(call.getParentNode().orElse(null) instanceof ExpressionStmt statement)) {
        throw new Blocked(
            "line " + line(call) + ": arraycopy into something other than a fresh local");
      }
      BodyDeclaration<?> callable = call.findAncestor(BodyDeclaration.class).orElseThrow();
      VariableDeclarator local =
          callable
              .findFirst(
                  VariableDeclarator.class, v -> v.getNameAsString().equals(dest.getNameAsString()))
              .orElse(null);
      if (local == null
          || !(local.getInitializer().orElse(null) instanceof ArrayCreationExpr created)
          || created.getLevels().size() != 1
          || !created
              .getLevels()
              .get(0)
              .getDimension()
              .map(Object::toString)
              .equals(Optional.of(call.getArgument(4).toString()))) {
        throw new Blocked(
            "line " + line(call) + ": " + dest + " is not a fresh array of the copied length");
      }
      List<NameExpr> uses =
          callable.findAll(NameExpr.class, n -> n.getNameAsString().equals(dest.getNameAsString()));
      uses.removeIf(n -> n == call.getArgument(2));
      if (uses.size() != 1) {
        throw new Blocked(
            "line " + line(call) + ": the copy " + dest + " is used for more than one task");
      }
      Node declStatement = local.getParentNode().flatMap(Node::getParentNode).orElse(null);
      if (!(declStatement instanceof ExpressionStmt)
          || ((VariableDeclarationExpr) local.getParentNode().get()).getVariables().size() != 1) {
        throw new Blocked("line " + line(call) + ": " + dest + " is declared with other variables");
      }
      removals.add(declStatement);
      removals.add(statement);
      return uses.get(0);
    }

    /** {@code for (int i = 0; i < f.length; i++)} whose i only indexes f: iterate over [lo, hi). */
    private void rewriteIndexLoop(ForStmt loop, BinaryExpr cond, Expression length, Expression use)
        throws Blocked {
      if (loop.getInitialization().size() != 1
          || !(loop.getInitialization().get(0) instanceof VariableDeclarationExpr init)
          || init.getVariables().size() != 1
          || cond.getOperator() != BinaryExpr.Operator.LESS
          || cond.getRight() != length
          || !(cond.getLeft() instanceof NameExpr index)
          || loop.getUpdate().size() != 1) {
        return;
      }
      VariableDeclarator i = init.getVariable(0);
      if (!i.getNameAsString().equals(index.getNameAsString())
          || i.getInitializer()
              .map(IndexRanges.Plan::unwrap)
              .map(e -> bound(e) != Bound.ZERO)
              .orElse(true)
          || !increments(loop.getUpdate().get(0), i.getNameAsString())) {
        return;
      }
      List<NameExpr> indexUses =
          loop.getBody()
              .findAll(NameExpr.class, n -> n.getNameAsString().equals(i.getNameAsString()));
      for (NameExpr indexUse : indexUses) {
        if (!(indexUse.getParentNode().orElse(null) instanceof ArrayAccessExpr access)
            || access.getIndex() != indexUse
            || !isFieldRef(access.getName())) {
          return;
        }
      }
      for (NameExpr indexUse : indexUses) {
        ArrayAccessExpr access = (ArrayAccessExpr) indexUse.getParentNode().get();
        checkNotWritten(access);
        consumed.add(access.getName());
      }
      edits.add(source.replace(i.getInitializer().get(), lo));
      edits.add(source.replace(length, hi));
      consumed.add(use);
    }

    private static boolean increments(Expression update, String name) {
      return update instanceof UnaryExpr u
          && u.getExpression().toString().equals(name)
          && (u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT
              || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT);
    }

    /** A slot of the data is never written: each copy kept such writes to itself. */
    private void checkNotWritten(ArrayAccessExpr access) throws Blocked {
      Node parent = access.getParentNode().orElse(null);
      if (parent instanceof AssignExpr assign && assign.getTarget() == access
          || parent instanceof UnaryExpr u
              && (u.getOperator().isPostfix()
                  || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                  || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
        throw new Blocked(
            "line "
                + line(access)
                + " writes "
                + source.text(access)
                + ": the copies kept such writes apart, a shared array would not");
      }
    }

    /** The edit for one use of the field outside copies and index loops. */
    private TextEdit rewriteUse(Expression use) throws Blocked {
      Node parent = use.getParentNode().orElseThrow();
      if (parent instanceof Expression length && isLength(length)) {
        return source.replace(length, parenthesised(length, hi + " - " + lo));
      }
      if (!list && parent instanceof ArrayAccessExpr access && access.getName() == use) {
        checkNotWritten(access);
        return source.replace(access.getIndex(), offset(access.getIndex()));
      }
      if (list && parent instanceof MethodCallExpr call && call.getScope().orElse(null) == use) {
        String name = call.getNameAsString();
        if (name.equals("get") && call.getArguments().size() == 1) {
          return source.replace(call.getArgument(0), offset(call.getArgument(0)));
        }
        if (name.equals("isEmpty") && call.getArguments().isEmpty()) {
          return source.replace(call, parenthesised(call, hi + " == " + lo));
        }
        if (LIST_VIEWS.contains(name)) {
          return source.replace(use, source.text(use) + ".subList(" + lo + ", " + hi + ")");
        }
        throw new Blocked(
            "line "
                + line(call)
                + " calls "
                + source.text(call)
                + ", which the rewrite does not know");
      }
      if (parent instanceof ForEachStmt loop && loop.getIterable() == use) {
        return list
            ? source.replace(use, source.text(use) + ".subList(" + lo + ", " + hi + ")")
            : forEachOverArray(loop);
      }
      if (parent instanceof ObjectCreationExpr created
          && created.getType().getNameAsString().equals(taskName)
          && created.getAnonymousClassBody().isEmpty()) {
        return source.replace(use, source.text(use) + ", " + lo + ", " + hi);
      }
      if (parent instanceof MethodCallExpr call && Nodes.contains(call.getArguments(), use)) {
        return rangeCall(call, use);
      }
      throw new Blocked(
          "line "
              + line(use)
              + ": "
              + source.text(parent)
              + " uses "
              + f
              + " in a way the rewrite does not know");
    }

    /**
     * {@code for (E x : f) S} over an array: {@code for (int i = lo; i < hi; i++) { E x = f[i]; S
     * }}.
     */
    private TextEdit forEachOverArray(ForEachStmt loop) throws Blocked {
      if (!(loop.getBody() instanceof BlockStmt body)) {
        throw new Blocked("line " + line(loop) + ": the for-each over " + f + " has no braces");
      }
      Set<String> names = new HashSet<>();
      loop.findAncestor(BodyDeclaration.class)
          .orElseThrow()
          .findAll(SimpleName.class)
          .forEach(n -> names.add(n.getIdentifier()));
      String i =
          List.of("i", "k", "index", "at").stream()
              .filter(n -> !names.contains(n))
              .findFirst()
              .orElseThrow(() -> new Blocked("line " + line(loop) + ": no free name for an index"));
      String indent = source.indentOf(loop);
      String inner =
          body.getStatements().isEmpty() ? indent + "  " : source.indentOf(body.getStatement(0));
      String header =
          "for (int "
              + i
              + " = "
              + lo
              + "; "
              + i
              + " < "
              + hi
              + "; "
              + i
              + "++) {"
              + newline
              + inner
              + source.text(loop.getVariable())
              + " = "
              + source.text(loop.getIterable())
              + "["
              + i
              + "];";
      consumed.add(loop.getIterable());
      return new TextEdit(source.begin(loop), source.begin(body) + 1, header);
    }

    /**
     * {@code m(f, a, b)}: the callee receives the slice with explicit bounds; allowed when its
     * source shows that it reads only {@code p[i]} for {@code a <= i < b} and writes no slot.
     */
    private TextEdit rangeCall(MethodCallExpr call, Expression use) throws Blocked {
      int at = Nodes.indexOf(call.getArguments(), use);
      String blocked =
          "line " + line(call) + " passes " + f + " to " + call.getNameAsString() + "(..)";
      if (at + 2 >= call.getArguments().size()) {
        throw new Blocked(blocked + " without bounds");
      }
      MethodDeclaration callee = callee(call);
      if (callee == null) {
        throw new Blocked(blocked + ", whose source the fixer cannot see");
      }
      String why = readsOnlyRange(callee, at);
      if (why != null) {
        throw new Blocked(blocked + ", which " + why);
      }
      Expression a = call.getArgument(at + 1);
      Expression b = call.getArgument(at + 2);
      Bound from = bound(a);
      Bound to = bound(b);
      if (from == Bound.UNKNOWN
          || to == Bound.UNKNOWN
          || !(from == Bound.ZERO || to == Bound.LENGTH)) {
        throw new Blocked(blocked + ": cannot prove that its bounds lie within " + f);
      }
      a.findAll(Expression.class).forEach(consumed::add);
      b.findAll(Expression.class).forEach(consumed::add);
      return new TextEdit(
          source.begin(use), source.end(b), source.text(use) + ", " + offset(a) + ", " + offset(b));
    }

    /** The declaration a call reaches: this file, or a class of the same package beside it. */
    private MethodDeclaration callee(MethodCallExpr call) {
      int arity = call.getArguments().size();
      String owner = scopeName(call);
      List<MethodDeclaration> found = new ArrayList<>();
      for (var unit : source.unitsDeclaring(owner)) {
        for (ClassOrInterfaceDeclaration type : unit.findAll(ClassOrInterfaceDeclaration.class)) {
          boolean ownerMatches =
              owner == null ? Nodes.isInside(call, type) : type.getNameAsString().equals(owner);
          if (ownerMatches) {
            type.getMethodsByName(call.getNameAsString()).stream()
                .filter(m -> m.getParameters().size() == arity && m.getBody().isPresent())
                .forEach(found::add);
          }
        }
      }
      return found.size() == 1 ? found.get(0) : null;
    }

    /** Null if the method reads only p[i] for {@code for (int i = a; i < b; i++)}; else why not. */
    private static String readsOnlyRange(MethodDeclaration m, int at) {
      String p = m.getParameter(at).getNameAsString();
      String a = m.getParameter(at + 1).getNameAsString();
      String b = m.getParameter(at + 2).getNameAsString();
      for (String bound : List.of(p, a, b)) {
        if (m.findFirst(AssignExpr.class, x -> x.getTarget().toString().equals(bound)).isPresent()
            || m.findFirst(UnaryExpr.class, x -> x.getExpression().toString().equals(bound))
                .isPresent()) {
          return "changes " + bound;
        }
      }
      for (NameExpr use : m.findAll(NameExpr.class, n -> n.getNameAsString().equals(p))) {
        if (!(use.getParentNode().orElse(null) instanceof ArrayAccessExpr access)
            || access.getName() != use
            || !(access.getIndex() instanceof NameExpr i)) {
          return "uses " + p + " other than as " + p + "[i]";
        }
        Node target = access.getParentNode().orElse(null);
        if (target instanceof AssignExpr assign && assign.getTarget() == access
            || target instanceof UnaryExpr) {
          return "writes " + access;
        }
        ForStmt loop = loopOf(access, i.getNameAsString());
        if (loop == null
            || !loop.getInitialization()
                .get(0)
                .asVariableDeclarationExpr()
                .getVariable(0)
                .getInitializer()
                .map(Object::toString)
                .equals(Optional.of(a))
            || !loop.getCompare().map(Object::toString).equals(Optional.of(i + " < " + b))
            || !increments(
                loop.getUpdate().isEmpty() ? null : loop.getUpdate().get(0), i.getNameAsString())
            || loop.getBody()
                .findFirst(AssignExpr.class, x -> x.getTarget().toString().equals(i.toString()))
                .isPresent()) {
          return "reads " + access + " outside a loop from " + a + " to " + b;
        }
      }
      return null;
    }

    private static ForStmt loopOf(Node node, String index) {
      for (ForStmt loop = node.findAncestor(ForStmt.class).orElse(null);
          loop != null;
          loop = loop.findAncestor(ForStmt.class).orElse(null)) {
        if (loop.getInitialization().size() == 1
            && loop.getInitialization().get(0) instanceof VariableDeclarationExpr decl
            && decl.getVariables().size() == 1
            && decl.getVariable(0).getNameAsString().equals(index)) {
          return loop;
        }
      }
      return null;
    }

    /** The bounds fields, on the lines after the data field (after its trailing comment). */
    private void addBoundsFields(FieldDeclaration declaration) {
      String indent = source.indentOf(declaration);
      int lineEnd = source.text().indexOf('\n', source.end(declaration));
      lineEnd = lineEnd < 0 ? source.text().length() : lineEnd;
      if (lineEnd > 0 && source.text().charAt(lineEnd - 1) == '\r') {
        lineEnd--;
      }
      edits.add(
          new TextEdit(
              lineEnd,
              lineEnd,
              newline
                  + indent
                  + "private final int "
                  + lo
                  + ";"
                  + newline
                  + indent
                  + "private final int "
                  + hi
                  + ";"));
    }

    /**
     * The constructor keeps its signature and delegates {@code this(.., f, 0, f.length, ..)}; a new
     * constructor takes the bounds after the data parameter.
     */
    private void addRangeConstructor(ConstructorDeclaration c, Parameter p) {
      String indent = source.indentOf(c);
      BlockStmt body = c.getBody();
      String inner =
          body.getStatements().isEmpty() ? indent + "  " : source.indentOf(body.getStatement(0));
      List<String> args = new ArrayList<>();
      for (Parameter q : c.getParameters()) {
        args.add(q.getNameAsString());
        if (q == p) {
          args.add("0");
          args.add(p.getNameAsString() + (list ? ".size()" : ".length"));
        }
      }
      String bodyText = source.text(body);
      boolean oneLine = !bodyText.contains("\n");
      String delegate = "this(" + String.join(", ", args) + ");";
      String oldBody =
          oneLine
              ? "{ " + delegate + " }"
              : "{" + newline + inner + delegate + newline + indent + "}";
      int close = bodyText.lastIndexOf('}');
      String head = bodyText.substring(0, close).stripTrailing();
      String newBody =
          oneLine
              ? head + " this." + lo + " = " + lo + "; this." + hi + " = " + hi + "; }"
              : head + newline + inner + "this." + lo + " = " + lo + ";" + newline + inner + "this."
                  + hi + " = " + hi + ";" + newline + indent + "}";
      String signature = source.text().substring(source.begin(c.getName()), source.begin(body));
      int after = source.end(p) - source.begin(c.getName());
      signature =
          signature.substring(0, after)
              + ", int "
              + lo
              + ", int "
              + hi
              + signature.substring(after);
      StringBuilder modifiers = new StringBuilder();
      c.getModifiers().forEach(m -> modifiers.append(m.getKeyword().asString()).append(' '));
      edits.add(
          new TextEdit(
              source.begin(body),
              source.end(body),
              oldBody + newline + newline + indent + modifiers + signature + newBody));
    }

    /** Drops the imports of copying classes whose only uses were the removed copies. */
    private void removeUnusedImports() {
      for (var imported : source.unit().getImports()) {
        String name = imported.getNameAsString();
        if (imported.isStatic() || imported.isAsterisk() || !COPYING_IMPORTS.contains(name)) {
          continue;
        }
        String simple = name.substring(name.lastIndexOf('.') + 1);
        boolean used =
            source
                .unit()
                .findFirst(
                    Node.class,
                    n ->
                        (n instanceof NameExpr e && e.getNameAsString().equals(simple)
                                || n instanceof ClassOrInterfaceType t
                                    && t.getNameAsString().equals(simple))
                            && !removed(n))
                .isPresent();
        if (!used) {
          edits.add(source.removeLine(imported));
        }
      }
    }

    private boolean removed(Node node) {
      for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
        if (consumed.contains(n)) {
          return true;
        }
      }
      return false;
    }

    private String parenthesised(Expression replaced, String text) {
      Node parent = replaced.getParentNode().orElse(null);
      boolean bare =
          parent instanceof EnclosedExpr
              || parent instanceof VariableDeclarator
              || parent instanceof ReturnStmt
              || parent instanceof ConditionalExpr conditional
                  && conditional.getCondition() == replaced
              || parent instanceof AssignExpr assign && assign.getValue() == replaced
              || parent instanceof MethodCallExpr call
                  && Nodes.contains(call.getArguments(), replaced)
              || parent instanceof ObjectCreationExpr created
                  && Nodes.contains(created.getArguments(), replaced)
              || parent instanceof BinaryExpr binary
                  && (Set.of(
                              BinaryExpr.Operator.LESS,
                              BinaryExpr.Operator.LESS_EQUALS,
                              BinaryExpr.Operator.GREATER,
                              BinaryExpr.Operator.GREATER_EQUALS,
                              BinaryExpr.Operator.EQUALS,
                              BinaryExpr.Operator.NOT_EQUALS)
                          .contains(binary.getOperator())
                      || binary.getLeft() == replaced
                          && (binary.getOperator() == BinaryExpr.Operator.PLUS
                              || binary.getOperator() == BinaryExpr.Operator.MINUS));
      return bare ? text : "(" + text + ")";
    }

    /** An expression's text with the rewrites of the uses of the field inside it. */
    private String render(Expression e) throws Blocked {
      List<TextEdit> inner = new ArrayList<>();
      for (Expression use : e.findAll(Expression.class, this::isFieldRef)) {
        TextEdit edit = rewriteUse(use);
        inner.add(
            new TextEdit(
                edit.start() - source.begin(e), edit.end() - source.begin(e), edit.replacement()));
      }
      return TextEdit.apply(source.text(e), inner);
    }

    private int line(Node node) {
      return node.getBegin().map(p -> p.line).orElse(0);
    }

    private static Expression unwrap(Expression e) {
      while (e instanceof EnclosedExpr enclosed) {
        e = enclosed.getInner();
      }
      return e;
    }

    private static String scopeText(MethodCallExpr call) {
      return call.getScope().map(Expression::toString).orElse("");
    }

    private static String scopeName(MethodCallExpr call) {
      return call.getScope().filter(Expression::isNameExpr).map(Expression::toString).orElse(null);
    }
  }
}
