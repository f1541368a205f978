package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.Set;

/**
 * The type of the element a stream or collection lambda is given, for a lambda parameter whose type
 * is not written ({@code futures.stream().filter(..).allMatch(f -> f.get() != null)}): read from
 * the declared type of the variable the elements come from, an array ({@code T[]}) or a collection
 * of one type argument ({@code List<T>}), through operations that pass elements on unchanged.
 * Anything else (a {@code map} on the way, a source that is not a variable) is unknown. (Mirrored
 * in {@link Dependents}: the element type is written where the variable is declared.)
 */
final class StreamElements {
  /** Operations whose one-parameter lambda is given each element. */
  private static final Set<String> PER_ELEMENT =
      Set.of(
          "forEach",
          "forEachOrdered",
          "map",
          "mapToInt",
          "mapToLong",
          "mapToDouble",
          "mapToObj",
          "flatMap",
          "filter",
          "peek",
          "anyMatch",
          "allMatch",
          "noneMatch",
          "takeWhile",
          "dropWhile",
          "removeIf");

  /** Operations that pass the elements on as they are. */
  private static final Set<String> PASS_ON =
      Set.of(
          "filter",
          "peek",
          "sorted",
          "distinct",
          "limit",
          "skip",
          "parallel",
          "sequential",
          "unordered",
          "takeWhile",
          "dropWhile");

  private static final Set<String> COLLECTION_SOURCES = Set.of("stream", "parallelStream");

  private StreamElements() {}

  /** The simple type name of the element a one-parameter lambda is given, or null if unknown. */
  static String typeOf(LambdaExpr lambda) {
    if (lambda.getParameters().size() != 1
        || !(lambda.getParentNode().orElse(null) instanceof MethodCallExpr op)
        || !PER_ELEMENT.contains(op.getNameAsString())
        || op.getScope().isEmpty()) {
      return null;
    }
    Expression source = op.getScope().get();
    while (source instanceof MethodCallExpr call
        && PASS_ON.contains(call.getNameAsString())
        && call.getScope().isPresent()) {
      source = call.getScope().get();
    }
    if (source instanceof MethodCallExpr call) {
      if (COLLECTION_SOURCES.contains(call.getNameAsString())
          && call.getArguments().isEmpty()
          && call.getScope().isPresent()) {
        return elementOf(call.getScope().get());
      }
      boolean arrayStream =
          call.getNameAsString().equals("stream") && "Arrays".equals(Syntax.scopeName(call))
              || call.getNameAsString().equals("of") && "Stream".equals(Syntax.scopeName(call));
      return arrayStream && call.getArguments().size() == 1
          ? componentOf(call.getArgument(0))
          : null;
    }
    // Iterable.forEach and Collection.removeIf on the collection itself
    return op.getNameAsString().equals("forEach") || op.getNameAsString().equals("removeIf")
        ? elementOf(source)
        : null;
  }

  /** The component type of an array variable, or null. */
  private static String componentOf(Expression array) {
    String type = Syntax.variable(array, null).map(Syntax.Var::type).orElse(null);
    return type != null && type.endsWith("[]") ? type.substring(0, type.length() - 2) : null;
  }

  /** The one type argument of a collection variable's declared type ({@code List<T>}), or null. */
  private static String elementOf(Expression collection) {
    Node decl = Syntax.variable(collection, null).map(Syntax.Var::decl).orElse(null);
    Type type =
        decl instanceof VariableDeclarator v
            ? v.getType()
            : decl instanceof Parameter p ? p.getType() : null;
    return type instanceof ClassOrInterfaceType c
            && c.getTypeArguments().filter(args -> args.size() == 1).isPresent()
        ? Syntax.typeName(c.getTypeArguments().get().get(0))
        : null;
  }
}
