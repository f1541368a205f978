package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /** Classes whose static {@code copyOf} copies its argument (the JDK's and Guava's). */
  private static final Set<String> COPY_OF_OWNERS =
      Set.of(
          "Arrays",
          "List",
          "Set",
          "Map",
          "ImmutableList",
          "ImmutableSet",
          "ImmutableSortedSet",
          "ImmutableMap",
          "ImmutableSortedMap",
          "ImmutableMultiset",
          "EnumSet");

  /** Guava's collection factories that copy an iterable given as their only argument. */
  private static final Set<String> GUAVA_COPY_FACTORIES =
      Set.of(
          "newArrayList",
          "newLinkedList",
          "newHashSet",
          "newLinkedHashSet",
          "newTreeSet",
          "newHashMap",
          "newLinkedHashMap",
          "newTreeMap",
          "newCopyOnWriteArrayList");

  /**
   * Library methods that cut a list into consecutive parts, by the class that declares them and its
   * package: Guava's {@code Lists.partition} returns subList views, Guava's {@code
   * Iterables.partition} and {@code Iterators.partition} copy each part into a new list, and
   * Commons Collections' {@code ListUtils.partition} returns views.
   */
  private static final Map<String, String> PARTITIONS =
      Map.of(
          "Lists", "com.google.common.collect",
          "Iterables", "com.google.common.collect",
          "Iterators", "com.google.common.collect",
          "ListUtils", "org.apache.commons.collections4");

  private Copies() {}

  /** Whether an expression makes a copy of an array or a collection, or a part of one. */
  static boolean isCopy(Expression e, ProjectIndex index) {
    e = Syntax.unwrap(e);
    if (e instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      String scope = Syntax.scopeName(call);
      if ((name.equals("copyOfRange") || name.equals("copyOf"))
          && !call.getArguments().isEmpty()
          && (scope == null || COPY_OF_OWNERS.contains(scope))) {
        return true;
      }
      if (GUAVA_COPY_FACTORIES.contains(name)
          && ("Lists".equals(scope) || "Sets".equals(scope) || "Maps".equals(scope))
          && call.getArguments().size() == 1) {
        return isCollection(call.getArgument(0), index);
      }
      return (name.equals("toArray") || name.equals("clone")) && call.getScope().isPresent();
    }
    if (e instanceof ObjectCreationExpr created
        && COLLECTIONS.contains(created.getType().getNameAsString())
        && created.getArguments().size() == 1) {
      return isCollection(created.getArgument(0), index);
    }
    return false;
  }

  /** Whether an expression is a collection: a view of one, or a variable of a collection type. */
  private static boolean isCollection(Expression e, ProjectIndex index) {
    Expression arg = Syntax.unwrap(e);
    if (arg instanceof MethodCallExpr view) {
      return VIEWS.contains(view.getNameAsString());
    }
    String type = Syntax.typeOf(arg, index);
    return type != null && COLLECTION_TYPES.contains(type);
  }

  /**
   * The array or collection a copy is made from ({@code x} in {@code Arrays.copyOf(x, n)}, {@code
   * new ArrayList<>(x)}, {@code x.clone()}, {@code new ArrayList<>(x.subList(..))}), or null.
   */
  static Expression copiedFrom(Expression copy) {
    copy = Syntax.unwrap(copy);
    Expression from = null;
    if (copy instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if ((name.equals("toArray") || name.equals("clone")) && call.getScope().isPresent()) {
        from = call.getScope().get();
      } else if (!call.getArguments().isEmpty()) {
        from = call.getArgument(0);
      }
    } else if (copy instanceof ObjectCreationExpr created && created.getArguments().size() == 1) {
      from = created.getArgument(0);
    }
    from = from == null ? null : Syntax.unwrap(from);
    if (from instanceof MethodCallExpr view
        && VIEWS.contains(view.getNameAsString())
        && view.getScope().isPresent()) {
      from = Syntax.unwrap(view.getScope().get());
    }
    return from;
  }

  /**
   * Whether a copy takes all of its source ({@code a.clone()}, {@code new ArrayList<>(list)},
   * {@code Arrays.copyOf(a, a.length)}), as opposed to a slice ({@code Arrays.copyOfRange}, a copy
   * of a subList, {@code Arrays.copyOf(a, mid)}).
   */
  static boolean isWholeCopy(Expression copy) {
    copy = Syntax.unwrap(copy);
    Expression raw = null;
    if (copy instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if (name.equals("copyOfRange")) {
        return false;
      }
      if (name.equals("copyOf") && call.getArguments().size() == 2) {
        return call.getArgument(1)
                .findFirst(FieldAccessExpr.class, f -> f.getNameAsString().equals("length"))
                .isPresent()
            || call.getArgument(1)
                .findFirst(MethodCallExpr.class, c -> c.getNameAsString().equals("size"))
                .isPresent();
      }
      if (!call.getArguments().isEmpty() && !name.equals("toArray")) {
        raw = call.getArgument(0);
      }
    } else if (copy instanceof ObjectCreationExpr created && created.getArguments().size() == 1) {
      raw = created.getArgument(0);
    }
    return !(raw != null
        && Syntax.unwrap(raw) instanceof MethodCallExpr view
        && VIEWS.contains(view.getNameAsString()));
  }

  /** Whether an expression is a subList view ({@code list.subList(lo, hi)}). */
  static boolean isSubList(Expression e) {
    return Syntax.unwrap(e) instanceof MethodCallExpr call
        && call.getNameAsString().equals("subList")
        && call.getArguments().size() == 2
        && call.getScope().isPresent();
  }

  /**
   * Whether an expression is a new, empty collection ({@code new ArrayList<>()}, {@code new
   * ArrayList<>(capacity)}, {@code Lists.newArrayList()}), one that data can be copied into.
   */
  static boolean isFreshCollection(Expression e, ProjectIndex index) {
    e = Syntax.unwrap(e);
    if (e instanceof ObjectCreationExpr created
        && COLLECTIONS.contains(created.getType().getNameAsString())
        && created.getAnonymousClassBody().isEmpty()) {
      return created.getArguments().isEmpty()
          || (created.getArguments().size() == 1 && isCapacity(created.getArgument(0), index));
    }
    return e instanceof MethodCallExpr call
        && call.getArguments().isEmpty()
        && GUAVA_COPY_FACTORIES.contains(call.getNameAsString())
        && ("Lists".equals(Syntax.scopeName(call)) || "Sets".equals(Syntax.scopeName(call)));
  }

  /** An initial capacity: an int literal or variable, arithmetic, a size or a length. */
  private static boolean isCapacity(Expression e, ProjectIndex index) {
    e = Syntax.unwrap(e);
    if (e instanceof IntegerLiteralExpr || e instanceof BinaryExpr) {
      return true;
    }
    if (e instanceof MethodCallExpr call) {
      return call.getNameAsString().equals("size") && call.getArguments().isEmpty();
    }
    if (e instanceof FieldAccessExpr f && f.getNameAsString().equals("length")) {
      return true;
    }
    String type = Syntax.typeOf(e, index);
    return "int".equals(type) || "long".equals(type) || "Integer".equals(type);
  }

  /**
   * The declaring class ("Lists", "Iterables", ...) if an expression is a library call that
   * partitions a list, matched by the class's simple name and the file's imports (or a qualified
   * call); else null.
   */
  static String partitionOwner(Expression e) {
    e = Syntax.unwrap(e);
    if (!(e instanceof MethodCallExpr call)
        || !call.getNameAsString().equals("partition")
        || call.getArguments().size() != 2
        || call.getScope().isEmpty()) {
      return null;
    }
    Expression scope = call.getScope().get();
    String owner;
    String qualifier = null;
    if (scope instanceof NameExpr name) {
      owner = name.getNameAsString();
    } else if (scope instanceof FieldAccessExpr qualified) {
      owner = qualified.getNameAsString();
      qualifier = qualified.getScope().toString();
    } else {
      return null;
    }
    String pkg = PARTITIONS.get(owner);
    if (pkg == null) {
      return null;
    }
    if (qualifier != null) {
      return qualifier.equals(pkg) ? owner : null;
    }
    CompilationUnit unit = call.findCompilationUnit().orElse(null);
    if (unit == null) {
      return null;
    }
    for (ImportDeclaration imp : unit.getImports()) {
      String imported = imp.getNameAsString();
      if (!imp.isStatic()
          && ((imp.isAsterisk() && imported.equals(pkg))
              || (!imp.isAsterisk() && imported.equals(pkg + "." + owner)))) {
        return owner;
      }
    }
    return null;
  }

  /** Whether a partition of this library class is made of views of the list, not copies. */
  static boolean partitionIsView(String owner) {
    return owner.equals("Lists") || owner.equals("ListUtils");
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
