package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** Recognises copies of arrays and collections, and the values a local variable is given. */
final class Copies {
  /** Collection classes whose one-argument constructor copies a collection (or map). */
  static final Set<String> COLLECTIONS =
      Set.of(
          "ArrayList",
          "LinkedList",
          "HashSet",
          "LinkedHashSet",
          "TreeSet",
          "HashMap",
          "LinkedHashMap",
          "TreeMap",
          "ArrayDeque",
          "Vector",
          "PriorityQueue",
          "CopyOnWriteArrayList");

  /** Declared types of variables that hold collections. */
  static final Set<String> COLLECTION_TYPES =
      Set.of(
          "List",
          "Collection",
          "Set",
          "Map",
          "Queue",
          "Deque",
          "ArrayList",
          "LinkedList",
          "HashSet",
          "LinkedHashSet",
          "TreeSet",
          "HashMap",
          "LinkedHashMap",
          "TreeMap",
          "ArrayDeque",
          "Vector",
          "SortedSet",
          "SortedMap",
          "NavigableSet",
          "NavigableMap");

  private static final Set<String> VIEWS =
      Set.of(
          "subList",
          "values",
          "keySet",
          "entrySet",
          "headSet",
          "tailSet",
          "subSet",
          "headMap",
          "tailMap",
          "subMap");

  private Copies() {}

  /** Whether an expression makes a copy of an array or a collection, or a part of one. */
  static boolean isCopy(Expression e, ProjectIndex index) {
    e = Syntax.unwrap(e);
    if (e instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      String scope = Syntax.scopeName(call);
      if ((name.equals("copyOfRange") || name.equals("copyOf"))
          && (scope == null
              || scope.equals("Arrays")
              || scope.equals("List")
              || scope.equals("Set")
              || scope.equals("Map"))) {
        return true;
      }
      return (name.equals("toArray") || name.equals("clone")) && call.getScope().isPresent();
    }
    if (e instanceof ObjectCreationExpr created
        && COLLECTIONS.contains(created.getType().getNameAsString())
        && created.getArguments().size() == 1) {
      Expression arg = Syntax.unwrap(created.getArgument(0));
      if (arg instanceof MethodCallExpr view) {
        return VIEWS.contains(view.getNameAsString());
      }
      String type = Syntax.typeOf(arg, index);
      return type != null && COLLECTION_TYPES.contains(type);
    }
    return false;
  }

  /**
   * The expressions that give a local variable its value in the enclosing method: its initializer
   * and every plain assignment to it. Empty for fields and parameters.
   */
  static List<Expression> valuesOf(NameExpr name, ProjectIndex index) {
    List<Expression> values = new ArrayList<>();
    Syntax.lookup(name.getNameAsString(), name, index, false)
        .ifPresent(
            v -> {
              if (v.field() || !(v.decl() instanceof VariableDeclarator)) {
                return;
              }
              if (v.init() != null) {
                values.add(v.init());
              }
              Node callable = Syntax.enclosingCallable(name);
              if (callable != null) {
                for (AssignExpr assign :
                    callable.findAll(
                        AssignExpr.class,
                        a ->
                            a.getOperator() == AssignExpr.Operator.ASSIGN
                                && a.getTarget() instanceof NameExpr t
                                && t.getNameAsString().equals(name.getNameAsString()))) {
                  values.add(assign.getValue());
                }
              }
            });
    return values;
  }

  /**
   * The first expression (the node itself or a value of the local it names) that satisfies a test.
   */
  static Expression source(Expression e, ProjectIndex index, Predicate<Expression> test) {
    e = Syntax.unwrap(e);
    if (test.test(e)) {
      return e;
    }
    if (e instanceof NameExpr name) {
      for (Expression value : valuesOf(name, index)) {
        if (test.test(Syntax.unwrap(value))) {
          return Syntax.unwrap(value);
        }
      }
    }
    return null;
  }
}
