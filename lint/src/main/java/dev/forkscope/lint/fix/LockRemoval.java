package dev.forkscope.lint.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.type.Type;
import dev.forkscope.lint.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Exacting intra-task synchronization: a {@code synchronized} block that makes a single store, and
 * reads nothing that can change, loses its lock (Pinto et al. 2017, Fig. 9, Mandelbrot):
 *
 * <pre>{@code
 * synchronized (mb.lock) {                      ->   mb.renderImage.setRGB(j, i, color);
 *   mb.renderImage.setRGB(j, i, color);              // setRGB: argb[y * width + x] = rgb;
 * }
 * }</pre>
 *
 * <p>Implementation note: a lock orders only the code that holds it. When this block is the only
 * code that ever takes the lock, the lock serializes the block's executions with each other and
 * with nothing else. The block is analysed statement by statement, into the methods it calls (of
 * classes of this file or beside it, two calls deep): it may declare locals, call such methods and
 * store, with no other control flow; its expressions read only locals, parameters and final fields
 * (no array element, no other field, no call for a value). Then no execution reads anything another
 * execution writes, and each execution makes exactly one store, of an int, a reference or any type
 * but long and double (whose stores the Java memory model lets tear). A single atomic store that
 * depends on nothing shared is already indivisible: every interleaving of lock-free executions ends
 * in the state of some order of locked ones, and their stores reach the caller through the join as
 * before. So the tasks do not even need to write disjoint data (two stores to one slot leave one of
 * the values either way); a block that stores twice keeps its lock, since another task's stores
 * could fall between its own. The lock's object is a final field created with {@code new}, never
 * null, so {@code synchronized} could not throw; where it is reached through a variable ({@code
 * mb.lock}), the block's first statement dereferences that variable first, so a null one throws the
 * same NullPointerException before anything is stored. As for every rewrite here, tasks are assumed
 * not to read each other's side effects outside the block: the lock no longer orders such reads.
 */
final class LockRemoval {
  private static final int DEPTH = 2;
  private static final Set<String> TEARING = Set.of("long", "double");

  private final Source source;
  private final List<String> stores = new ArrayList<>();

  private LockRemoval(Source source) {
    this.source = source;
  }

  static Rewrite.Proposal unlock(Finding finding, Source source) {
    SynchronizedStmt sync = source.at(finding, SynchronizedStmt.class).orElse(null);
    if (sync == null) {
      return Rewrite.refuse(
          "only a synchronized block is unlocked; a synchronized method, a Lock or a shared"
              + " Random needs a design change");
    }
    if (!(sync.getParentNode().orElse(null) instanceof BlockStmt)
        || sync.getBody().getStatements().isEmpty()) {
      return Rewrite.refuse("the block is empty or not a statement of a block");
    }
    try {
      return new LockRemoval(source).propose(sync);
    } catch (Blocked blocked) {
      return Rewrite.refuse(blocked.getMessage());
    }
  }

  private Rewrite.Proposal propose(SynchronizedStmt sync) {
    Expression lock = sync.getExpression();
    VariableDeclarator field = field(lock);
    if (field == null
        || !(field.getParentNode().orElse(null) instanceof FieldDeclaration declaration)
        || !declaration.isFinal()
        || !(field.getInitializer().orElse(null) instanceof ObjectCreationExpr)) {
      throw new Blocked(
          "the lock "
              + lock
              + " is not a final field created with new (it could be null or shared)");
    }
    usedOnlyHere(field, sync);
    List<Statement> body = sync.getBody().getStatements();
    if (lock instanceof FieldAccessExpr access
        && !(access.getScope() instanceof ThisExpr)
        && !access.getScope().toString().equals(root(body.get(0)))) {
      throw new Blocked(
          "the block does not start by dereferencing "
              + access.getScope()
              + ", so a null one would no longer fail before the store");
    }
    statements(body, DEPTH);
    if (stores.size() != 1) {
      throw new Blocked(
          "the block stores "
              + (stores.isEmpty()
                  ? "nothing"
                  : stores.size() + " times (" + String.join(", ", stores) + ")")
              + ": only a single store is atomic without the lock");
    }
    return new Rewrite.Edits(
        "intra-task-sync@" + source.begin(sync),
        "removes the lock on " + lock + " around the single store " + stores.get(0),
        List.of(unwrap(sync)));
  }

  /**
   * The block's inside (statements and comments) in place of the block, one indentation level less;
   * the line of the {@code synchronized} keeps its own indentation.
   */
  private TextEdit unwrap(SynchronizedStmt sync) {
    String nl = source.newline();
    String inside =
        source.text().substring(source.begin(sync.getBody()) + 1, source.end(sync.getBody()) - 1);
    if (!inside.contains(nl)) {
      return source.replace(sync, inside.strip());
    }
    inside = inside.substring(inside.indexOf(nl) + nl.length(), inside.lastIndexOf(nl));
    String outer = source.indentOf(sync);
    String inner = source.indentOf(sync.getBody().getStatement(0));
    String level =
        inner.startsWith(outer) && inner.length() > outer.length()
            ? inner.substring(outer.length())
            : "";
    String unwrapped =
        Stream.of(inside.split(nl, -1))
            .map(l -> l.startsWith(outer + level) ? outer + l.substring(inner.length()) : l)
            .collect(Collectors.joining(nl));
    return source.replace(sync, unwrapped.substring(Math.min(outer.length(), unwrapped.length())));
  }

  /** The name a statement dereferences first: {@code mb} of {@code mb.image.set(..)}. */
  private static String root(Statement statement) {
    Expression e = statement instanceof ExpressionStmt es ? es.getExpression() : null;
    if (e instanceof AssignExpr assign) {
      e = assign.getTarget();
    }
    while (e != null && !(e instanceof NameExpr)) {
      e =
          e instanceof MethodCallExpr call
              ? call.getScope().orElse(null)
              : e instanceof FieldAccessExpr access
                  ? access.getScope()
                  : e instanceof ArrayAccessExpr slot ? slot.getName() : null;
    }
    return e == null ? null : e.toString();
  }

  /**
   * Refuses unless the lock field is named nowhere but in its declaration and this block, in this
   * file and the other files of its directory (its package).
   */
  private void usedOnlyHere(VariableDeclarator field, SynchronizedStmt sync) {
    String name = field.getNameAsString();
    List<CompilationUnit> units = new ArrayList<>();
    units.add(source.unit());
    Path dir = source.path().getParent();
    if (dir != null) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          if (!file.getFileName().equals(source.path().getFileName())) {
            Source.parse(file, Files.readString(file)).ifPresent(s -> units.add(s.unit()));
          }
        }
      } catch (IOException | UncheckedIOException e) {
        throw new Blocked("cannot read the other files of the package: " + e.getMessage());
      }
    }
    for (CompilationUnit unit : units) {
      for (Node use :
          unit.findAll(
              Node.class,
              n ->
                  n instanceof NameExpr x && x.getNameAsString().equals(name)
                      || n instanceof FieldAccessExpr y && y.getNameAsString().equals(name))) {
        if (use != sync.getExpression()) {
          throw new Blocked(
              "the lock "
                  + sync.getExpression()
                  + " is also used at "
                  + use.getBegin().map(p -> "line " + p.line).orElse("another place")
                  + (unit == source.unit() ? "" : " of another file")
                  + ": without it this block could overlap that code");
        }
      }
    }
  }

  private void statements(List<Statement> statements, int depth) {
    for (Statement s : statements) {
      Expression e = s instanceof ExpressionStmt es ? es.getExpression() : null;
      if (e instanceof VariableDeclarationExpr locals) {
        locals.getVariables().forEach(v -> v.getInitializer().ifPresent(this::reads));
      } else if (e instanceof AssignExpr assign
          && assign.getOperator() == AssignExpr.Operator.ASSIGN) {
        store(assign.getTarget());
        reads(assign.getValue());
      } else if (e instanceof MethodCallExpr call) {
        MethodDeclaration callee = depth == 0 ? null : callee(call);
        if (callee == null) {
          throw new Blocked(
              "the block calls "
                  + call.getNameAsString()
                  + "(), whose code the fixer cannot pin down (not in this file or beside it,"
                  + " overridable, or too deep to follow)");
        }
        call.getScope().ifPresent(this::reads);
        call.getArguments().forEach(this::reads);
        statements(callee.getBody().orElseThrow().getStatements(), depth - 1);
      } else {
        throw new Blocked(
            "the block does more than compute and store (" + s.toString().strip() + ")");
      }
    }
  }

  /** Records a store to {@code a[i]}, {@code o.f} or {@code f}; refuses one that can tear. */
  private void store(Expression target) {
    Type type;
    if (target instanceof ArrayAccessExpr slot) {
      reads(slot.getIndex());
      reads(slot.getName());
      Type array = declaredType(slot.getName());
      type = array != null && array.isArrayType() ? array.asArrayType().getComponentType() : null;
    } else {
      if (target instanceof FieldAccessExpr access) {
        reads(access.getScope());
      }
      type = declaredType(target);
    }
    if (type == null || TEARING.contains(type.asString())) {
      throw new Blocked(
          "the store to "
              + target
              + (type == null ? " has a type the fixer cannot tell" : " is of a " + type)
              + ", which may tear without the lock");
    }
    stores.add(target.toString());
  }

  /** Refuses unless an expression reads only locals, parameters and final fields. */
  private void reads(Expression e) {
    if (e instanceof LiteralExpr || e instanceof ThisExpr) {
      return;
    }
    if (e instanceof EnclosedExpr enclosed) {
      reads(enclosed.getInner());
    } else if (e instanceof CastExpr cast) {
      reads(cast.getExpression());
    } else if (e instanceof BinaryExpr binary) {
      reads(binary.getLeft());
      reads(binary.getRight());
    } else if (e instanceof UnaryExpr unary
        && (unary.getOperator() == UnaryExpr.Operator.MINUS
            || unary.getOperator() == UnaryExpr.Operator.PLUS
            || unary.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
            || unary.getOperator() == UnaryExpr.Operator.BITWISE_COMPLEMENT)) {
      reads(unary.getExpression());
    } else if (e instanceof NameExpr || e instanceof FieldAccessExpr) {
      if (e instanceof FieldAccessExpr access) {
        reads(access.getScope());
      }
      VariableDeclarator field = local(e) ? null : field(e);
      if (!local(e)
          && (field == null
              || !(field.getParentNode().orElse(null) instanceof FieldDeclaration f)
              || !f.isFinal())) {
        throw new Blocked("the block reads " + e + ", which is not a final field or a local");
      }
    } else if (e instanceof ArrayAccessExpr slot) {
      throw new Blocked(
          "the block reads the array element " + slot + ", which another task may write");
    } else {
      throw new Blocked("the block evaluates " + e + ", whose effects the fixer does not know");
    }
  }

  private static boolean local(Expression e) {
    if (!(e instanceof NameExpr name)) {
      return false;
    }
    CallableDeclaration<?> method = e.findAncestor(CallableDeclaration.class).orElse(null);
    return method != null && Locals.type(name.getNameAsString(), method).isPresent();
  }

  /** The declared type of a local, parameter or field expression, or null. */
  private Type declaredType(Expression e) {
    if (local(e)) {
      return Locals.type(
              ((NameExpr) e).getNameAsString(),
              e.findAncestor(CallableDeclaration.class).orElseThrow())
          .orElse(null);
    }
    VariableDeclarator field = field(e);
    return field == null ? null : field.getType();
  }

  /** The field a name, {@code this.f} or {@code x.f} refers to, in this file or beside it. */
  private VariableDeclarator field(Expression e) {
    String name;
    ClassOrInterfaceDeclaration owner;
    if (e instanceof NameExpr n && !local(e)) {
      name = n.getNameAsString();
      for (owner = e.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
          owner != null;
          owner = owner.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null)) {
        Optional<FieldDeclaration> found = owner.getFieldByName(name);
        if (found.isPresent()) {
          return variable(found.get(), name);
        }
      }
      return null;
    }
    if (!(e instanceof FieldAccessExpr access)) {
      return null;
    }
    name = access.getNameAsString();
    owner =
        access.getScope() instanceof ThisExpr
            ? e.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null)
            : classOf(access.getScope());
    return owner == null
        ? null
        : owner.getFieldByName(name).map(f -> variable(f, name)).orElse(null);
  }

  private static VariableDeclarator variable(FieldDeclaration field, String name) {
    return field.getVariables().stream()
        .filter(v -> v.getNameAsString().equals(name))
        .findFirst()
        .orElseThrow();
  }

  /** The class of an expression's declared type, found in this file, its own file or beside it. */
  private ClassOrInterfaceDeclaration classOf(Expression e) {
    Type type = declaredType(e);
    if (type == null || !type.isClassOrInterfaceType()) {
      return null;
    }
    String name = type.asClassOrInterfaceType().getNameAsString();
    List<CompilationUnit> units = new ArrayList<>();
    type.findCompilationUnit().ifPresent(units::add);
    units.addAll(source.unitsDeclaring(name));
    for (CompilationUnit unit : units) {
      Optional<ClassOrInterfaceDeclaration> found =
          unit.findFirst(ClassOrInterfaceDeclaration.class, c -> c.getNameAsString().equals(name));
      if (found.isPresent()) {
        return found.get();
      }
    }
    return null;
  }

  /** The one method with a body that a call reaches, and no override could replace, or null. */
  private MethodDeclaration callee(MethodCallExpr call) {
    ClassOrInterfaceDeclaration owner =
        call.getScope().isEmpty() || call.getScope().get() instanceof ThisExpr
            ? call.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null)
            : classOf(call.getScope().get());
    if (owner == null) {
      return null;
    }
    List<MethodDeclaration> methods =
        owner.getMethodsByName(call.getNameAsString()).stream()
            .filter(m -> m.getParameters().size() == call.getArguments().size())
            .toList();
    boolean pinned =
        methods.size() == 1
            && (owner.isFinal()
                || methods.get(0).isPrivate()
                || methods.get(0).isStatic()
                || methods.get(0).isFinal());
    return pinned && methods.get(0).getBody().isPresent() ? methods.get(0) : null;
  }

  /** A failed precondition, named for the user. */
  private static final class Blocked extends RuntimeException {
    Blocked(String reason) {
      super(reason, null, false, false);
    }
  }
}
