package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Name-based approximations of the few type facts the rules need: the declared type of a variable,
 * the type of a receiver expression, the enclosing method or loop. Types are simple names as
 * written (generics and qualifiers dropped); {@code null} means unknown.
 */
final class Syntax {
  private Syntax() {}

  /**
   * A variable as declared.
   *
   * @param type simple type name, or null when not written and not inferable
   * @param field whether it is a field (possibly shared between tasks) rather than a local or
   *     parameter
   * @param init its initializer, or null
   * @param decl the declaring node
   */
  record Var(String type, boolean field, Expression init, Node decl) {}

  static boolean isCall(Node node, String name, int arity) {
    return node instanceof MethodCallExpr call
        && call.getNameAsString().equals(name)
        && call.getArguments().size() == arity;
  }

  /**
   * The scope's simple name if it is a plain identifier, e.g. "Thread" in {@code Thread.sleep(1)}.
   */
  static String scopeName(MethodCallExpr call) {
    return call.getScope()
        .filter(Expression::isNameExpr)
        .map(s -> s.asNameExpr().getNameAsString())
        .orElse(null);
  }

  /**
   * The variable name of a receiver written {@code x} or {@code this.x}, else null. The scope of a
   * method reference ({@code out::add}) parses as a type; a simple one is treated as a name too.
   */
  static String variableName(Expression e) {
    e = unwrap(e);
    if (e instanceof NameExpr n) {
      return n.getNameAsString();
    }
    if (e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
      return f.getNameAsString();
    }
    if (e instanceof TypeExpr t
        && t.getType() instanceof ClassOrInterfaceType c
        && c.getScope().isEmpty()) {
      return c.getNameAsString();
    }
    return null;
  }

  static Expression unwrap(Expression e) {
    while (e instanceof EnclosedExpr enclosed) {
      e = enclosed.getInner();
    }
    return e;
  }

  /**
   * The declaration of the variable an expression names ({@code x} or {@code this.x}), if found.
   */
  static Optional<Var> variable(Expression e, ProjectIndex index) {
    String name = variableName(e);
    if (name == null) {
      return Optional.empty();
    }
    boolean fieldOnly = unwrap(e) instanceof FieldAccessExpr;
    return lookup(name, e, index, fieldOnly);
  }

  /**
   * Simple type name of an expression when it can be told from syntax, else null. A new way of
   * typing must be mirrored in {@link Dependents}, which finds from text the files a type can come
   * from.
   */
  static String typeOf(Expression e, ProjectIndex index) {
    return typeOf(e, index, MAX_CHAIN);
  }

  /**
   * How many calls and field accesses of a receiver chain {@link #typeOf} follows: each link costs
   * lookups in the index, so typing every call of an n-link chain would cost n² of them (a
   * generated 30,000-link chain took minutes and overflowed the stack); past this many links the
   * type is unknown.
   */
  private static final int MAX_CHAIN = 16;

  private static String typeOf(Expression e, ProjectIndex index, int links) {
    e = unwrap(e);
    if (e instanceof CastExpr cast) {
      return typeName(cast.getType());
    }
    if (e instanceof ObjectCreationExpr created) {
      return created.getType().getNameAsString();
    }
    if (e instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if ((name.equals("commonPool") || name.equals("getPool")) && call.getArguments().isEmpty()) {
        return "ForkJoinPool";
      }
      if (name.equals("currentThread") && "Thread".equals(scopeName(call))) {
        return "Thread";
      }
      return call.getScope().isPresent() && index != null && links > 0
          ? returnType(typeOf(call.getScope().get(), index, links - 1), call, index)
          : null;
    }
    if (e instanceof FieldAccessExpr f && !(f.getScope() instanceof ThisExpr) && index != null) {
      return links > 0
          ? fieldOf(typeOf(f.getScope(), index, links - 1), f.getNameAsString(), f, index)
          : null;
    }
    return variable(e, index).map(Var::type).orElse(null);
  }

  /** The declared type of a field of a project type ({@code receiver.dispatcher}), or null. */
  private static String fieldOf(String owner, String field, Node at, ProjectIndex index) {
    if (owner == null) {
      return null;
    }
    for (ProjectIndex.TypeInfo type : index.indexed(owner, at.findCompilationUnit().orElse(null))) {
      Var v = field(field, type.decl(), index, ProjectIndex.identitySet());
      if (v != null) {
        return v.type();
      }
    }
    return null;
  }

  /**
   * The type of {@code receiver.name(..)} where the receiver is of a project type: the declared
   * return type of the method of that name and arity in the type or its project supertypes ({@code
   * scanBuilder.execute()} is a {@code ScanJobFuture}); where the type declares no such method but
   * a field or record component of that name and the call has no argument, the field's type (an
   * accessor the compiler generates, a record's, or Lombok does, {@code @Accessors(fluent =
   * true)}). The first project type of the receiver's name that answers, in the index's order; null
   * if none does. (Mirrored in {@link Dependents}: the return type is written in the file of the
   * method's type, the field's type in the owner's file.)
   */
  private static String returnType(String owner, MethodCallExpr call, ProjectIndex index) {
    if (owner == null) {
      return null;
    }
    String name = call.getNameAsString();
    int arity = call.getArguments().size();
    for (ProjectIndex.TypeInfo type : index.types(owner, call.findCompilationUnit().orElse(null))) {
      List<MethodDeclaration> methods = index.methods(type, name, arity);
      if (!methods.isEmpty()) {
        return typeName(methods.get(0).getType());
      }
      Var v = arity == 0 ? field(name, type.decl(), index, ProjectIndex.identitySet()) : null;
      if (v != null) {
        return v.type();
      }
    }
    return null;
  }

  /**
   * Finds the declaration of a name visible from a node: locals, parameters, then fields outwards.
   */
  static Optional<Var> lookup(String name, Node from, ProjectIndex index, boolean fieldOnly) {
    for (Node n = from; n != null; n = n.getParentNode().orElse(null)) {
      Var found = fieldOnly ? null : local(name, n);
      if (found == null && n instanceof TypeDeclaration<?> type) {
        found = field(name, type, index, ProjectIndex.identitySet());
      }
      if (found == null
          && n instanceof ObjectCreationExpr created
          && created.getAnonymousClassBody().isPresent()) {
        found = fieldIn(name, created.getAnonymousClassBody().get());
      }
      if (found != null) {
        return Optional.of(found);
      }
    }
    return Optional.empty();
  }

  private static Var local(String name, Node n) {
    if (n instanceof BlockStmt block) {
      return inStatements(name, block.getStatements());
    }
    if (n instanceof SwitchEntry entry) {
      return inStatements(name, entry.getStatements());
    }
    if (n instanceof ForStmt loop) {
      for (Expression init : loop.getInitialization()) {
        Var v =
            init instanceof VariableDeclarationExpr decl
                ? declarator(name, decl.getVariables(), false)
                : null;
        if (v != null) {
          return v;
        }
      }
    }
    if (n instanceof ForEachStmt loop) {
      return declarator(name, loop.getVariable().getVariables(), false);
    }
    if (n instanceof TryStmt t) {
      for (Expression r : t.getResources()) {
        Var v =
            r instanceof VariableDeclarationExpr decl
                ? declarator(name, decl.getVariables(), false)
                : null;
        if (v != null) {
          return v;
        }
      }
    }
    if (n instanceof CatchClause c && c.getParameter().getNameAsString().equals(name)) {
      return parameter(c.getParameter());
    }
    if (n instanceof LambdaExpr lambda) {
      for (Parameter p : lambda.getParameters()) {
        if (p.getNameAsString().equals(name)) {
          return p.getType().isUnknownType()
              ? new Var(StreamElements.typeOf(lambda), false, null, p)
              : parameter(p);
        }
      }
    }
    if (n instanceof CallableDeclaration<?> callable) {
      for (Parameter p : callable.getParameters()) {
        if (p.getNameAsString().equals(name)) {
          return parameter(p);
        }
      }
    }
    return null;
  }

  private static Var inStatements(String name, List<Statement> statements) {
    for (Statement s : statements) {
      if (s instanceof ExpressionStmt es
          && es.getExpression() instanceof VariableDeclarationExpr decl) {
        Var v = declarator(name, decl.getVariables(), false);
        if (v != null) {
          return v;
        }
      }
    }
    return null;
  }

  private static Var parameter(Parameter p) {
    return new Var(p.getType().isUnknownType() ? null : typeName(p.getType()), false, null, p);
  }

  private static Var declarator(String name, NodeList<VariableDeclarator> vars, boolean field) {
    for (VariableDeclarator v : vars) {
      if (v.getNameAsString().equals(name)) {
        Expression init = v.getInitializer().orElse(null);
        String type =
            v.getType().isVarType()
                ? (init == null ? null : typeOf(init, null))
                : typeName(v.getType());
        return new Var(type, field, init, v);
      }
    }
    return null;
  }

  private static Var field(
      String name, TypeDeclaration<?> type, ProjectIndex index, Set<TypeDeclaration<?>> seen) {
    if (!seen.add(type)) {
      return null;
    }
    Var v = fieldIn(name, type.getMembers());
    if (v == null && type instanceof RecordDeclaration record) {
      for (Parameter p : record.getParameters()) {
        if (p.getNameAsString().equals(name)) {
          return new Var(typeName(p.getType()), true, null, p);
        }
      }
    }
    if (v == null && index != null) {
      ProjectIndex.TypeInfo info = index.info(type);
      if (info != null) {
        for (String parent : info.supers()) {
          for (ProjectIndex.TypeInfo p :
              index.indexed(parent, type.findCompilationUnit().orElse(null))) {
            v = field(name, p.decl(), index, seen);
            if (v != null) {
              return v;
            }
          }
        }
      }
    }
    return v;
  }

  private static Var fieldIn(String name, List<BodyDeclaration<?>> members) {
    for (BodyDeclaration<?> member : members) {
      if (member instanceof FieldDeclaration f) {
        Var v = declarator(name, f.getVariables(), true);
        if (v != null) {
          return v;
        }
      }
    }
    return null;
  }

  /** Simple name of a type as written; arrays get a "[]" suffix. */
  static String typeName(Type type) {
    if (type instanceof ClassOrInterfaceType c) {
      return c.getNameAsString();
    }
    if (type instanceof ArrayType a) {
      return typeName(a.getComponentType()) + "[]";
    }
    return type.asString();
  }

  /**
   * The nearest enclosing method, constructor, lambda or initializer: the unit that runs as one
   * call.
   */
  static Node enclosingCallable(Node node) {
    for (Node n = node.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof CallableDeclaration<?>
          || n instanceof LambdaExpr
          || n instanceof InitializerDeclaration
          || n instanceof TypeDeclaration<?>) {
        return n;
      }
    }
    return null;
  }

  /** The nearest enclosing loop statement within the same callable, or null. */
  static Statement enclosingLoop(Node node) {
    for (Node n = node.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof ForStmt
          || n instanceof ForEachStmt
          || n instanceof WhileStmt
          || n instanceof DoStmt) {
        return (Statement) n;
      }
      if (n instanceof CallableDeclaration<?>
          || n instanceof LambdaExpr
          || n instanceof InitializerDeclaration
          || n instanceof TypeDeclaration<?>
          || n instanceof ObjectCreationExpr) {
        return null;
      }
    }
    return null;
  }

  static boolean isInside(Node node, Node ancestor) {
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (n == ancestor) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a node around {@code at}, up to its method or lambda, passes the test, given with its
   * child on the way down to {@code at}.
   */
  static boolean enclosedBy(Node at, BiPredicate<Node, Node> test) {
    Node child = at;
    for (Node n = at.getParentNode().orElse(null);
        n != null && !(n instanceof CallableDeclaration<?>) && !(n instanceof LambdaExpr);
        child = n, n = n.getParentNode().orElse(null)) {
      if (test.test(n, child)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the callable around a node calls a method of this name anywhere. */
  static boolean callableMentionsCall(Node node, Set<String> names) {
    Node callable = enclosingCallable(node);
    return callable != null
        && callable
            .findFirst(MethodCallExpr.class, c -> names.contains(c.getNameAsString()))
            .isPresent();
  }

  /** Begin line of a node, 0 if unknown. */
  /** Whether a statement, or the last statement of a block, leaves the enclosing block. */
  static boolean leavesBlock(Statement s) {
    Statement last =
        s instanceof BlockStmt b && b.getStatements().isNonEmpty()
            ? b.getStatements().getLast().orElseThrow()
            : s;
    return last instanceof ReturnStmt
        || last instanceof ThrowStmt
        || last instanceof ContinueStmt
        || last instanceof BreakStmt;
  }

  static int line(Node node) {
    return node.getBegin().map(p -> p.line).orElse(0);
  }
}
