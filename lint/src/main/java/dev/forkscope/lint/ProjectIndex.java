package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A cheap project-wide type index: simple name to declarations, with their supertypes as written.
 *
 * <p>Implementation note: no symbol solver and no classpath. A simple name is resolved as javac
 * would from the sources alone ({@link #types(String, CompilationUnit)}): the file's own types, its
 * single-type imports, its package, its on-demand imports; where that does not decide (a type
 * inherited from a supertype, an import the project does not declare), every project type of that
 * name is consulted. Every answer is a function of the input alone, never of which worker parsed
 * first: (1) lists are kept in the order of the types' full names, then files and positions; (2)
 * the files indexed before analysis (candidates and task subclasses, the <em>eager</em> index) are
 * frozen by {@link #freeze()}, and {@link #indexed} and the task relation consult only them; (3)
 * {@link #types(String)} answers from the eager index, or when it has no type of that name, parses
 * on demand every file that the text pre-scan says may declare the name, each file indexed exactly
 * once ({@link #add}), and answers with the types of that name of those files only. A type is a
 * task if one of its supertypes is a JDK fork/join task class or, transitively, a project task;
 * this is complete because the linter parses every file that extends a known task class before
 * analysis (a fixpoint). Safe for concurrent use.
 */
final class ProjectIndex {
  /** JDK task classes: a type extending one of these, directly or not, runs as a fork/join task. */
  static final Set<String> JDK_TASKS =
      Set.of("ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter");

  private static final Set<String> COMPLETERS = Set.of("CountedCompleter");

  /** The order of the lists of types of one simple name. */
  private static final Comparator<TypeInfo> ORDER =
      Comparator.comparing(TypeInfo::fqn)
          .thenComparing(t -> t.file().path().toString())
          .thenComparingInt(t -> t.decl().getBegin().map(p -> p.line).orElse(0))
          .thenComparingInt(t -> t.decl().getBegin().map(p -> p.column).orElse(0));

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

  /** Types indexed before {@link #freeze()}, by simple name; immutable lists in {@link #ORDER}. */
  private final Map<String, List<TypeInfo>> eager = new ConcurrentHashMap<>();

  /**
   * Types of files parsed on demand during analysis, by simple name; likewise. A file is parsed for
   * one name and indexed whole, so a list may hold types of files parsed for another name: only
   * {@link #info} reads it directly.
   */
  private final Map<String, List<TypeInfo>> lazy = new ConcurrentHashMap<>();

  /** The answers of {@link #types(String)} that the eager index could not give, by simple name. */
  private final Map<String, List<TypeInfo>> onDemand = new ConcurrentHashMap<>();

  private final Map<String, List<SourceFile>> declaredIn = new ConcurrentHashMap<>();

  /**
   * Not-yet-parsed files by the names their text puts after {@code extends} or {@code implements}.
   */
  private final Map<String, List<SourceFile>> extendedIn = new ConcurrentHashMap<>();

  private final Set<SourceFile> indexedFiles = ConcurrentHashMap.newKeySet();
  private volatile boolean frozen;
  private volatile Relation relation;

  /** Remembers which not-yet-parsed file seems to declare which names, for lazy lookups. */
  void registerText(SourceFile file) {
    for (String name : file.declaredNames()) {
      declaredIn.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(file);
    }
    for (String name : file.extendsNames()) {
      extendedIn.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(file);
    }
  }

  /**
   * Adds every type declared in a parsed file, nested types included (once per file); {@code unit}
   * is the file's own tree, whose types its {@link SourceFile#outline()} lists.
   */
  void add(SourceFile file, CompilationUnit unit) {
    // under the file's lock, so that a thread that finds the file indexed finds all its types
    synchronized (file) {
      if (indexedFiles.add(file)) {
        addTypes(file, unit);
      }
    }
  }

  private void addTypes(SourceFile file, CompilationUnit unit) {
    Map<String, List<TypeInfo>> target = frozen ? lazy : eager;
    String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
    for (TypeDeclaration<?> type : file.outline().types()) {
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
      TypeInfo info =
          new TypeInfo(type.getNameAsString(), fqn, type, file, List.copyOf(supers), superclass);
      target.compute(info.name(), (k, list) -> with(list, info));
    }
    if (!frozen) {
      relation = null;
    }
  }

  private static List<TypeInfo> with(List<TypeInfo> list, TypeInfo info) {
    List<TypeInfo> longer = list == null ? new ArrayList<>() : new ArrayList<>(list);
    longer.add(info);
    longer.sort(ORDER);
    return List.copyOf(longer);
  }

  /**
   * Ends the eager index: what {@link #indexed} and the task relation see from now on. Files parsed
   * later (on demand, during analysis) are only found by {@link #types}.
   */
  void freeze() {
    frozen = true;
  }

  /**
   * Project types with this simple name: those of the eager index; when it has none, those that the
   * files the text pre-scan says may declare it do declare, parsed first if needed. Types of other
   * files parsed on demand (for another name) are never part of the answer, so it does not depend
   * on which lookups ran first.
   */
  List<TypeInfo> types(String name) {
    List<TypeInfo> known = eager.getOrDefault(name, List.of());
    if (!known.isEmpty()) {
      return known;
    }
    List<TypeInfo> answered = onDemand.get(name);
    if (answered != null) {
      return answered;
    }
    List<SourceFile> files = declaredIn.getOrDefault(name, List.of());
    for (SourceFile file : files) {
      file.unit().ifPresent(unit -> add(file, unit));
    }
    List<TypeInfo> found = new ArrayList<>();
    for (TypeInfo type : lazy.getOrDefault(name, List.of())) {
      if (files.contains(type.file())) {
        found.add(type);
      }
    }
    List<TypeInfo> answer = List.copyOf(found);
    onDemand.putIfAbsent(name, answer);
    return answer;
  }

  /**
   * The project types a simple name written in a compilation unit may denote: those declared in
   * that unit (nested or not); else the one its single-type import names (none if that import is
   * not a project type); else the top-level type of its package; else those its on-demand imports
   * name; else every project type of that name, as when the name comes from a supertype.
   */
  List<TypeInfo> types(String name, CompilationUnit from) {
    return visible(types(name), name, from);
  }

  /** Project types with this simple name in the eager index (never parses). */
  List<TypeInfo> indexed(String name) {
    return eager.getOrDefault(name, List.of());
  }

  /** {@link #indexed(String)} narrowed like {@link #types(String, CompilationUnit)}. */
  List<TypeInfo> indexed(String name, CompilationUnit from) {
    return visible(indexed(name), name, from);
  }

  private static List<TypeInfo> visible(List<TypeInfo> all, String name, CompilationUnit from) {
    if (all.isEmpty() || from == null) {
      return all;
    }
    List<TypeInfo> sameFile = new ArrayList<>();
    for (TypeInfo type : all) {
      if (type.decl().findCompilationUnit().orElse(null) == from) {
        sameFile.add(type);
      }
    }
    if (!sameFile.isEmpty()) {
      return sameFile;
    }
    List<String> onDemand = new ArrayList<>();
    for (ImportDeclaration imported : from.getImports()) {
      if (imported.isStatic()) {
        continue;
      }
      String qualified = imported.getNameAsString();
      if (imported.isAsterisk()) {
        onDemand.add(qualified + "." + name);
      } else if (qualified.equals(name) || qualified.endsWith("." + name)) {
        return withFqn(all, List.of(qualified));
      }
    }
    String pkg = from.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
    List<TypeInfo> samePackage = withFqn(all, List.of(pkg + name));
    if (!samePackage.isEmpty()) {
      return samePackage;
    }
    List<TypeInfo> imported = withFqn(all, onDemand);
    return imported.isEmpty() ? all : imported;
  }

  private static List<TypeInfo> withFqn(List<TypeInfo> all, List<String> fqns) {
    List<TypeInfo> found = new ArrayList<>();
    for (TypeInfo type : all) {
      if (fqns.contains(type.fqn())) {
        found.add(type);
      }
    }
    return found;
  }

  /** The index entry for a declaration, if it was indexed. */
  TypeInfo info(TypeDeclaration<?> decl) {
    String name = decl.getNameAsString();
    for (Map<String, List<TypeInfo>> map : List.of(eager, lazy)) {
      for (TypeInfo info : map.getOrDefault(name, List.of())) {
        if (info.decl() == decl) {
          return info;
        }
      }
    }
    return null;
  }

  /** Simple names of all types of the eager index that are tasks. */
  Set<String> taskNames() {
    return tasks();
  }

  /**
   * Whether a type of this simple name is a fork/join task (a JDK task class or a project
   * subclass).
   */
  boolean isTask(String name) {
    return name != null && (JDK_TASKS.contains(name) || tasks().contains(name));
  }

  /**
   * Whether a type of this simple name is a CountedCompleter (completion by pending counts, no
   * joins).
   */
  boolean isCountedCompleter(String name) {
    return name != null && (COMPLETERS.contains(name) || completers().contains(name));
  }

  /** Whether a declaration (named or anonymous supertypes given) is a task. */
  boolean isTask(List<String> supers) {
    return supers.stream().anyMatch(this::isTask);
  }

  /**
   * The project types that extend or implement a type of this simple name, directly or not, in a
   * stable order: those of the eager index, and those of the files the text pre-scan says may
   * extend or implement one of them, parsed first if needed.
   */
  List<TypeInfo> subtypes(String name) {
    Set<String> names = new TreeSet<>(heirs(Set.of(name)));
    List<TypeInfo> found = new ArrayList<>();
    for (String heir : names) {
      found.addAll(indexed(heir));
    }
    Set<TypeInfo> seen = identitySet();
    seen.addAll(found);
    Deque<String> parents = new ArrayDeque<>(names);
    parents.add(name);
    while (!parents.isEmpty()) {
      String parent = parents.poll();
      for (SourceFile file : extendedIn.getOrDefault(parent, List.of())) {
        file.unit().ifPresent(unit -> add(file, unit));
        for (TypeDeclaration<?> type : file.outline().types()) {
          TypeInfo info = info(type);
          if (info != null && info.supers().contains(parent) && seen.add(info)) {
            found.add(info);
            parents.add(info.name());
          }
        }
      }
    }
    found.sort(ORDER);
    return found;
  }

  /** The task relation of the eager index, computed once it is needed (again after an addition). */
  private record Relation(Set<String> tasks, Set<String> completers) {}

  private Set<String> tasks() {
    return relation().tasks();
  }

  private Set<String> completers() {
    return relation().completers();
  }

  private Relation relation() {
    Relation known = relation;
    if (known == null) {
      known = new Relation(heirs(JDK_TASKS), heirs(COMPLETERS));
      relation = known;
    }
    return known;
  }

  /**
   * Simple names of the eager index's types that extend or implement one of the roots, directly or
   * through other such types: a fixpoint, so the answer does not depend on the order of questions.
   */
  private Set<String> heirs(Set<String> roots) {
    Set<String> found = new HashSet<>();
    boolean grew = true;
    while (grew) {
      grew = false;
      for (List<TypeInfo> types : eager.values()) {
        for (TypeInfo type : types) {
          if (!found.contains(type.name())
              && type.supers().stream().anyMatch(s -> roots.contains(s) || found.contains(s))) {
            found.add(type.name());
            grew = true;
          }
        }
      }
    }
    return Set.copyOf(found);
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
