package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The shared traversal: one pass over each parsed file offers every node to every check's {@link
 * Check#anywhere} hook and collects the execution-context entries; then each entry's code is walked
 * once, following calls into the project's own methods, and every node is offered to every check's
 * {@link Check#inContext} hook.
 *
 * <p>Implementation note: walks are iterative (generated code can nest deeply). A context walk does
 * not descend into nested class bodies, nor into lambdas that start a context of their own (they
 * are walked as their own entries), nor into the execution method of another task (also its own
 * entry). Calls are followed at most {@link #MAX_DEPTH} deep, each method at most once per entry. A
 * check that throws is recorded as a {@link RuleFailure} and never stops the other checks.
 */
final class Analyzer {
  static final int MAX_DEPTH = 4;

  /**
   * The framework's own classes, whose methods the walk does not enter (see {@link #inFramework}).
   */
  private static final Set<String> FRAMEWORK_TYPES =
      Set.of(
          "ForkJoinPool",
          "ForkJoinTask",
          "ForkJoinWorkerThread",
          "RecursiveTask",
          "RecursiveAction",
          "CountedCompleter",
          "CompletableFuture");

  private final ProjectIndex index;
  private final List<Check> checks;
  private final Findings sink;

  Analyzer(ProjectIndex index, List<Check> checks, Findings sink) {
    this.index = index;
    this.checks = checks;
    this.sink = sink;
  }

  void analyze(SourceFile file, CompilationUnit unit) {
    FileScope fileScope = new FileScope(file, sink);
    List<Entries.Entry> entries = new ArrayList<>();
    unit.walk(
        Node.TreeTraversal.PREORDER,
        node -> {
          for (Check check : checks) {
            try {
              check.anywhere(node, fileScope);
            } catch (RuntimeException | StackOverflowError e) {
              sink.fail(check.rule().id(), file, node, e);
            }
          }
          try {
            Entries.Entry entry = Entries.of(node, index);
            if (entry != null) {
              entries.add(entry);
            }
          } catch (RuntimeException | StackOverflowError e) {
            sink.fail(RuleFailure.TRAVERSAL, file, node, e);
          }
        });
    for (Entries.Entry entry : entries) {
      Node start = entry.start();
      Scope scope =
          new Scope(
              entry.kind(),
              entry.taskClass(),
              file,
              index,
              sink,
              new Step(
                  file.path(),
                  Syntax.line(start),
                  start.getBegin().map(p -> p.column).orElse(1),
                  entry.label()),
              start);
      Set<Node> visited = Collections.newSetFromMap(new IdentityHashMap<>());
      if (start instanceof MethodReferenceExpr ref) {
        walkReference(ref, scope, visited);
      } else {
        walk(start, scope, 0, visited);
      }
    }
  }

  private void walkReference(MethodReferenceExpr ref, Scope scope, Set<Node> visited) {
    offer(ref, scope);
    for (Target target : resolve(ref.getScope(), ref.getIdentifier(), -1, ref)) {
      if (visited.add(target.method())) {
        walk(target.method(), scope.callee(target.file(), step(scope, ref, target)), 1, visited);
      }
    }
  }

  private void walk(Node root, Scope scope, int depth, Set<Node> visited) {
    Deque<Node> stack = new ArrayDeque<>();
    stack.push(root);
    while (!stack.isEmpty()) {
      Node node = stack.pop();
      offer(node, scope);
      if (node instanceof MethodCallExpr call && depth < MAX_DEPTH) {
        follow(call, scope, depth, visited);
      }
      List<Node> children = node.getChildNodes();
      for (int i = children.size() - 1; i >= 0; i--) {
        Node child = children.get(i);
        if (!skipped(node, child)) {
          stack.push(child);
        }
      }
    }
  }

  /** Offers a node to every check; a check that throws is recorded and the others go on. */
  private void offer(Node node, Scope scope) {
    for (Check check : checks) {
      try {
        check.inContext(node, scope);
      } catch (RuntimeException | StackOverflowError e) {
        sink.fail(check.rule().id(), scope.file(), node, e);
      }
    }
  }

  private boolean skipped(Node parent, Node child) {
    if (child instanceof LocalClassDeclarationStmt
        || child instanceof LocalRecordDeclarationStmt
        || child instanceof TypeDeclaration<?>) {
      return true;
    }
    if (parent instanceof ObjectCreationExpr && child instanceof BodyDeclaration<?>) {
      return true;
    }
    return (child instanceof LambdaExpr || child instanceof MethodReferenceExpr)
        && Entries.functionKind((Expression) child, index) != null;
  }

  private void follow(MethodCallExpr call, Scope scope, int depth, Set<Node> visited) {
    int arity = call.getArguments().size();
    for (Target target :
        resolve(call.getScope().orElse(null), call.getNameAsString(), arity, call)) {
      MethodDeclaration method = target.method();
      if (method.getBody().isEmpty()
          || Entries.isTaskExecution(method, index)
          || inFramework(method)
          || !visited.add(method)) {
        continue;
      }
      walk(method, scope.callee(target.file(), step(scope, call, target)), depth + 1, visited);
    }
  }

  /**
   * Whether a method belongs to the fork/join framework itself (as when linting the JDK's or
   * jsr166's sources): what it does to wait or lock is the runtime's own protocol (a join helps, a
   * submission lock guards the queue array), not the task's, so the walk stops at its door.
   */
  private static boolean inFramework(MethodDeclaration method) {
    return method
        .getParentNode()
        .filter(p -> p instanceof TypeDeclaration<?>)
        .map(p -> FRAMEWORK_TYPES.contains(((TypeDeclaration<?>) p).getNameAsString()))
        .orElse(false);
  }

  private static Step step(Scope scope, Node at, Target target) {
    String owner =
        target
            .method()
            .getParentNode()
            .filter(p -> p instanceof TypeDeclaration<?>)
            .map(p -> ((TypeDeclaration<?>) p).getNameAsString() + ".")
            .orElse("");
    return new Step(
        scope.file().path(),
        Syntax.line(at),
        at.getBegin().map(p -> p.column).orElse(1),
        owner + target.method().getNameAsString() + "()");
  }

  private record Target(MethodDeclaration method, SourceFile file) {}

  /**
   * Project methods a call may reach: unqualified or this/super calls through the enclosing classes
   * and their supertypes, static calls by type name, and calls on variables of project types. An
   * arity of -1 (a method reference) matches any arity.
   */
  private List<Target> resolve(Expression receiver, String name, int arity, Node at) {
    List<Target> targets = new ArrayList<>();
    if (receiver == null || receiver instanceof ThisExpr || receiver instanceof SuperExpr) {
      for (TypeDeclaration<?> type = ProjectIndex.enclosingType(at);
          type != null;
          type = ProjectIndex.enclosingType(type)) {
        ProjectIndex.TypeInfo info = index.info(type);
        if (info != null) {
          addAll(targets, arity < 0 ? byAnyArity(info, name) : index.methods(info, name, arity));
        }
        if (!targets.isEmpty() || receiver != null) {
          break;
        }
      }
      return targets;
    }
    String typeName;
    String receiverName = Syntax.variableName(receiver);
    if (receiverName != null
        && !(receiver instanceof FieldAccessExpr)
        && Syntax.lookup(receiverName, receiver, index, false).isEmpty()
        && Character.isUpperCase(receiverName.charAt(0))) {
      typeName = receiverName;
    } else {
      typeName = Syntax.typeOf(receiver, index);
    }
    if (typeName != null && !typeName.endsWith("[]")) {
      for (ProjectIndex.TypeInfo info : index.types(typeName, scopeFileOf(at))) {
        addAll(targets, arity < 0 ? byAnyArity(info, name) : index.methods(info, name, arity));
      }
    }
    return targets;
  }

  private static CompilationUnit scopeFileOf(Node node) {
    return node.findCompilationUnit().orElse(null);
  }

  private List<MethodDeclaration> byAnyArity(ProjectIndex.TypeInfo info, String name) {
    return info.decl().getMethodsByName(name);
  }

  private void addAll(List<Target> targets, List<MethodDeclaration> methods) {
    for (MethodDeclaration m : methods) {
      TypeDeclaration<?> owner = ProjectIndex.enclosingType(m);
      ProjectIndex.TypeInfo info = owner == null ? null : index.info(owner);
      if (info != null) {
        targets.add(new Target(m, info.file()));
      }
    }
  }
}
