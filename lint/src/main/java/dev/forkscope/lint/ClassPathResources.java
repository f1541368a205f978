package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import java.util.List;
import java.util.Set;

/**
 * Whether an expression is a class-path resource or a stream read from one: {@code
 * getResource(..)}, {@code getResourceAsStream(..)}, an element of {@code getResources(..)}, and
 * what is made of them, followed back through locals, the parameters and fields of the same file
 * (every call or assignment must pass one) and the file's own methods (every {@code return}).
 *
 * <p>Only syntax is read, so a value of several origins counts only when every origin found is a
 * resource. The search follows at most {@link #MAX_STEPS} variables, parameters, fields and methods
 * (a value passed around further is not taken for one); calls on a value and wrappers around it are
 * part of the expression, so they cost no step.
 */
final class ClassPathResources {
  private static final Set<String> RESOURCE_CALLS =
      Set.of(
          "getResource",
          "getResourceAsStream",
          "getResources",
          "getSystemResource",
          "getSystemResourceAsStream",
          "getSystemResources");

  /** Calls whose result is read from their receiver: a URL's stream, an enumeration's element. */
  private static final Set<String> DERIVED_CALLS =
      Set.of(
          "openStream",
          "openConnection",
          "getInputStream",
          "nextElement",
          "next",
          "toURI",
          "toURL");

  private static final int MAX_STEPS = 8;

  private ClassPathResources() {}

  static boolean isResource(Expression e, ProjectIndex index) {
    return isResource(e, index, MAX_STEPS);
  }

  private static boolean isResource(Expression expression, ProjectIndex index, int steps) {
    if (steps == 0 || expression == null) {
      return false;
    }
    Expression e = Syntax.unwrap(expression);
    if (e instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if (RESOURCE_CALLS.contains(name)) {
        return true;
      }
      if (DERIVED_CALLS.contains(name) && call.getScope().isPresent()) {
        return isResource(call.getScope().get(), index, steps);
      }
      return ownCall(call) && returnsResource(call, index, steps - 1);
    }
    if (e instanceof ObjectCreationExpr created) {
      // a reader or stream wrapping one: new BufferedReader(new InputStreamReader(in))
      return created.getArguments().isNonEmpty()
          && isResource(created.getArgument(0), index, steps);
    }
    Syntax.Var v = Syntax.variableName(e) == null ? null : Syntax.variable(e, index).orElse(null);
    if (v == null) {
      return false;
    }
    if (v.init() != null) {
      return isResource(v.init(), index, steps - 1);
    }
    if (v.decl() instanceof Parameter p) {
      return argumentsAreResources(p, index, steps - 1);
    }
    return v.field() && assignedResources(v.decl(), index, steps - 1);
  }

  private static boolean ownCall(MethodCallExpr call) {
    return call.getScope().isEmpty() || call.getScope().get() instanceof ThisExpr;
  }

  /** Whether every return of the file's methods of this name and arity gives a resource. */
  private static boolean returnsResource(MethodCallExpr call, ProjectIndex index, int steps) {
    List<Expression> returned =
        call.findRootNode().findAll(MethodDeclaration.class).stream()
            .filter(m -> m.getNameAsString().equals(call.getNameAsString()))
            .filter(m -> m.getParameters().size() == call.getArguments().size())
            .flatMap(m -> m.findAll(ReturnStmt.class).stream())
            .map(r -> r.getExpression().orElse(null))
            .toList();
    return allResources(returned, index, steps);
  }

  /** Whether every call of the parameter's method or constructor in the file passes a resource. */
  private static boolean argumentsAreResources(Parameter p, ProjectIndex index, int steps) {
    if (!(p.getParentNode().orElse(null) instanceof CallableDeclaration<?> callable)) {
      return false;
    }
    int at = callable.getParameters().indexOf(p);
    int arity = callable.getParameters().size();
    Node unit = p.findRootNode();
    List<Expression> passed;
    if (callable instanceof ConstructorDeclaration) {
      passed =
          unit.findAll(ObjectCreationExpr.class).stream()
              .filter(c -> c.getType().getNameAsString().equals(callable.getNameAsString()))
              .filter(c -> c.getArguments().size() == arity)
              .map(c -> c.getArgument(at))
              .toList();
    } else {
      passed =
          unit.findAll(MethodCallExpr.class).stream()
              .filter(c -> c.getNameAsString().equals(callable.getNameAsString()))
              .filter(c -> c.getArguments().size() == arity && ownCall(c))
              .map(c -> c.getArgument(at))
              .toList();
    }
    return allResources(passed, index, steps);
  }

  /** Whether every assignment to the field in its class gives a resource. */
  private static boolean assignedResources(Node declarator, ProjectIndex index, int steps) {
    if (!(declarator instanceof VariableDeclarator variable)
        || !(variable.getParentNode().orElse(null) instanceof FieldDeclaration field)
        || !(field.getParentNode().orElse(null) instanceof TypeDeclaration<?> owner)) {
      return false;
    }
    String name = variable.getNameAsString();
    List<Expression> assigned =
        owner.findAll(AssignExpr.class).stream()
            .filter(a -> name.equals(Syntax.variableName(a.getTarget())))
            .map(AssignExpr::getValue)
            .toList();
    return allResources(assigned, index, steps);
  }

  private static boolean allResources(List<Expression> origins, ProjectIndex index, int steps) {
    return !origins.isEmpty() && origins.stream().allMatch(o -> isResource(o, index, steps));
  }
}
