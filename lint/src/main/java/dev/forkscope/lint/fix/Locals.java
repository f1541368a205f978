package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.type.Type;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the source of one file proves about a variable: its declared type, whether it is assigned,
 * and whether reading it twice gives the same value. Names are resolved syntactically: a name
 * declared more than once in a method is not resolved at all.
 */
final class Locals {
  private Locals() {}

  /**
   * Why {@code e} may give another value when read again, or null if it cannot: it must be an
   * integer literal, a final field of a class around it (by name or {@code this.name}), or an
   * effectively final local or parameter, declared with one of {@code types} (any type if empty).
   */
  static String unstable(Expression e, Set<String> types) {
    if (e instanceof IntegerLiteralExpr) {
      return null;
    }
    String name =
        e instanceof NameExpr n
            ? n.getNameAsString()
            : e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                ? f.getNameAsString()
                : null;
    if (name == null) {
      return e + " is not a variable";
    }
    CallableDeclaration<?> method = e.findAncestor(CallableDeclaration.class).orElse(null);
    List<Type> locals =
        e instanceof NameExpr && method != null ? declarations(name, method) : List.of();
    if (locals.size() > 1) {
      return name + " is declared more than once in " + method.getNameAsString() + "()";
    }
    if (locals.size() == 1) {
      if (assigned(name, method)) {
        return name + " is assigned in " + method.getNameAsString() + "()";
      }
      return typed(name, locals.get(0), types);
    }
    for (ClassOrInterfaceDeclaration type = enclosingClass(e);
        type != null;
        type = enclosingClass(type)) {
      Optional<FieldDeclaration> field = type.getFieldByName(name);
      if (field.isPresent()) {
        return field.get().isFinal()
            ? typed(name, field.get().getElementType(), types)
            : "the field " + name + " is not final";
      }
    }
    return name + " is not a field of a class of this file";
  }

  private static String typed(String name, Type type, Set<String> types) {
    return types.isEmpty() || types.contains(type.asString())
        ? null
        : name + " is not declared as a " + types.stream().sorted().findFirst().orElseThrow();
  }

  /** The declared type of a parameter or local of a method, if it declares exactly one. */
  static Optional<Type> type(String name, CallableDeclaration<?> method) {
    List<Type> declared = declarations(name, method);
    return declared.size() == 1 ? Optional.of(declared.get(0)) : Optional.empty();
  }

  /** The declared types of the parameters and locals of this name in a method. */
  private static List<Type> declarations(String name, CallableDeclaration<?> method) {
    return Stream.concat(
            method.findAll(Parameter.class, p -> p.getNameAsString().equals(name)).stream()
                .map(Parameter::getType),
            method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(name)).stream()
                .map(VariableDeclarator::getType))
        .toList();
  }

  /** Whether code inside {@code scope} assigns, increments or decrements the name. */
  static boolean assigned(String name, Node scope) {
    return scope
            .findFirst(
                AssignExpr.class,
                a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name))
            .isPresent()
        || scope
            .findFirst(
                UnaryExpr.class,
                u -> u.getExpression() instanceof NameExpr n && n.getNameAsString().equals(name))
            .isPresent();
  }

  private static ClassOrInterfaceDeclaration enclosingClass(Node node) {
    return node.findAncestor(ClassOrInterfaceDeclaration.class).orElse(null);
  }
}
