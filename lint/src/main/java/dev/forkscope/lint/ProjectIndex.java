package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A cheap project-wide type index: simple name to declarations, with their supertypes as written.
 *
 * <p>Implementation note: no symbol solver. Types are matched by simple name, which is what makes
 * the index fast and independent of a classpath; two project classes with the same simple name are
 * both consulted. A type is a task if one of its supertypes is a JDK fork/join task class or,
 * transitively, a project task; this consults only parsed files, which is complete because the
 * linter parses every file that extends a known task class before analysis (a fixpoint). When a
 * {@link #types} lookup misses, files that the text pre-scan says declare that name are parsed on
 * demand, so following a call into a skipped file still works. Safe for concurrent use.
 */
final class ProjectIndex {
  /** JDK task classes: a type extending one of these, directly or not, runs as a fork/join task. */
  static final Set<String> JDK_TASKS =
      Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter");

  /**
   * One declared type.
   *
   * @param supers simple names of all supertypes as written (extends and implements)
   * @param superclass the extended class of a class, or null
   */
  record TypeInfo(
      String name,
      String fqn,
      TypeDeclaration<?> decl,
      SourceFile file,
      List<String> supers,
      String superclass) {}

  private final Map<String, List<TypeInfo>> byName = new ConcurrentHashMap<>();
  private final Map<String, List<SourceFile>> declaredIn = new ConcurrentHashMap<>();
  private final Map<String, Boolean> taskMemo = new ConcurrentHashMap<>();
  private final Map<String, Boolean> completerMemo = new ConcurrentHashMap<>();

  /** Remembers which not-yet-parsed file seems to declare which names, for lazy lookups. */
  void registerText(SourceFile file) {
    for (String name : file.declaredNames()) {
      declaredIn.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(file);
    }
  }

  /** Adds every type declared in a parsed file, nested types included. */
  void add(SourceFile file, CompilationUnit unit) {
    String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
    for (TypeDeclaration<?> type : unit.findAll(TypeDeclaration.class)) {
      List<String> supers = new ArrayList<>();
      String superclass = null;
      if (type instanceof ClassOrInterfaceDeclaration c) {
        if (!c.isInterface() && c.getExtendedTypes().isNonEmpty()) {
          superclass = c.getExtendedTypes(0).getNameAsString();
        }
        c.getExtendedTypes().forEach(t -> supers.add(t.getNameAsString()));
        c.getImplementedTypes().forEach(t -> supers.add(t.getNameAsString()));
      } else if (type instanceof EnumDeclaration e) {
        e.getImplementedTypes().forEach(t -> supers.add(t.getNameAsString()));
      } else if (type instanceof RecordDeclaration r) {
        r.getImplementedTypes().forEach(t -> supers.add(t.getNameAsString()));
      }
      String fqn = type.getFullyQualifiedName().orElse(pkg + type.getNameAsString());
      byName
          .computeIfAbsent(type.getNameAsString(), k -> new CopyOnWriteArrayList<>())
          .add(
              new TypeInfo(
                  type.getNameAsString(), fqn, type, file, List.copyOf(supers), superclass));
    }
  }

  /** Project types with this simple name, parsing files that declare it if needed. */
  List<TypeInfo> types(String name) {
    List<TypeInfo> known = byName.get(name);
    if (known != null) {
      return known;
    }
    for (SourceFile file : declaredIn.getOrDefault(name, List.of())) {
      if (!file.isParsed()) {
        file.unit().ifPresent(unit -> add(file, unit));
      }
    }
    return byName.getOrDefault(name, List.of());
  }

  /**
   * Like {@link #types(String)}, but when the name is declared in the given compilation unit
   * (nested classes of the same name in different files are common), only those declarations; else
   * those of the same package; else all.
   */
  List<TypeInfo> types(String name, CompilationUnit from) {
    List<TypeInfo> all = types(name);
    if (all.size() < 2 || from == null) {
      return all;
    }
    List<TypeInfo> sameFile = new ArrayList<>();
    List<TypeInfo> samePackage = new ArrayList<>();
    String pkg = from.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    for (TypeInfo type : all) {
      CompilationUnit unit = type.decl().findCompilationUnit().orElse(null);
      if (unit == from) {
        sameFile.add(type);
      } else if (unit != null
          && unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("").equals(pkg)) {
        samePackage.add(type);
      }
    }
    return !sameFile.isEmpty() ? sameFile : !samePackage.isEmpty() ? samePackage : all;
  }

  /** Project types with this simple name among the files parsed so far (never parses). */
  List<TypeInfo> indexed(String name) {
    return byName.getOrDefault(name, List.of());
  }

  /** {@link #indexed(String)} narrowed like {@link #types(String, CompilationUnit)}. */
  List<TypeInfo> indexed(String name, CompilationUnit from) {
    return byName.containsKey(name) ? types(name, from) : List.of();
  }

  /** The index entry for a declaration, if it was indexed. */
  TypeInfo info(TypeDeclaration<?> decl) {
    for (TypeInfo info : byName.getOrDefault(decl.getNameAsString(), List.of())) {
      if (info.decl() == decl) {
        return info;
      }
    }
    return null;
  }

  /** Names of all indexed types that are tasks. */
  Set<String> taskNames() {
    Set<String> names = new HashSet<>();
    for (String name : byName.keySet()) {
      if (isTask(name)) {
        names.add(name);
      }
    }
    return names;
  }

  /**
   * Whether a type of this simple name is a fork/join task (a JDK task class or a project
   * subclass).
   */
  boolean isTask(String name) {
    return name != null && inherits(name, JDK_TASKS, taskMemo, new HashSet<>());
  }

  /**
   * Whether a type of this simple name is a CountedCompleter (completion by pending counts, no
   * joins).
   */
  boolean isCountedCompleter(String name) {
    return name != null
        && inherits(name, Set.of("CountedCompleter"), completerMemo, new HashSet<>());
  }

  /** Whether a declaration (named or anonymous supertypes given) is a task. */
  boolean isTask(List<String> supers) {
    return supers.stream().anyMatch(this::isTask);
  }

  private boolean inherits(
      String name, Set<String> roots, Map<String, Boolean> memo, Set<String> visiting) {
    if (roots.contains(name)) {
      return true;
    }
    Boolean known = memo.get(name);
    if (known != null) {
      return known;
    }
    if (!visiting.add(name)) {
      return false;
    }
    boolean result = false;
    for (TypeInfo type : indexed(name)) {
      for (String parent : type.supers()) {
        if (inherits(parent, roots, memo, visiting)) {
          result = true;
          break;
        }
      }
    }
    memo.put(name, result);
    return result;
  }

  /** Methods of this name and arity declared in the type or its project supertypes. */
  List<MethodDeclaration> methods(TypeInfo type, String name, int arity) {
    List<MethodDeclaration> found = new ArrayList<>();
    collectMethods(type, name, arity, found, identitySet());
    return found;
  }

  /**
   * Nodes and records of nodes hash structurally (whole subtrees); visited sets must use identity.
   */
  static <T> Set<T> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }

  private void collectMethods(
      TypeInfo type, String name, int arity, List<MethodDeclaration> found, Set<TypeInfo> visited) {
    if (!visited.add(type)) {
      return;
    }
    boolean declaredHere = false;
    for (MethodDeclaration m : type.decl().getMethodsByName(name)) {
      if (m.getParameters().size() == arity
          || (m.isVariableArityMethod() && arity >= m.getParameters().size() - 1)) {
        found.add(m);
        declaredHere = true;
      }
    }
    if (declaredHere) {
      return;
    }
    CompilationUnit unit = type.decl().findCompilationUnit().orElse(null);
    for (String parent : type.supers()) {
      if (!JDK_TASKS.contains(parent)) {
        // only the superclass is worth parsing for: interfaces rarely hold the code a task runs
        List<TypeInfo> parents =
            parent.equals(type.superclass()) ? types(parent, unit) : indexed(parent, unit);
        for (TypeInfo p : parents) {
          collectMethods(p, name, arity, found, visited);
        }
      }
    }
  }

  /** The nearest enclosing named type declaration of a node, or null. */
  static TypeDeclaration<?> enclosingType(Node node) {
    Node n = node.getParentNode().orElse(null);
    while (n != null && !(n instanceof TypeDeclaration<?>)) {
      n = n.getParentNode().orElse(null);
    }
    return (TypeDeclaration<?>) n;
  }
}
