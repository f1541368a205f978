package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import java.util.Optional;
import java.util.Set;

/**
 * Bottleneck 5, exacting intra-task synchronization (Pinto et al. 2017, Fig. 9, Mandelbrot): locks,
 * synchronized code, synchronized collections and a shared {@code java.util.Random} inside a task.
 */
final class IntraTaskSync extends Check {
  static final Rule RULE =
      Rule.builder("intra-task-sync")
          .bottleneck(5)
          .severity(Severity.WARNING)
          .title("Exacting intra-task synchronization")
          .why(
              "A worker that blocks on a lock in the middle of a task cannot run the other tasks in its deque, so "
                  + "synchronization inside tasks stalls work stealing (Pinto et al. 2017, bottleneck 5).")
          .instead(
              "Give each task its own data and combine results through join; where sharing is unavoidable use "
                  + "non-blocking structures (LongAdder, ThreadLocalRandom.current(), concurrent collections).")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.LOCK_REMOVAL)
          .build();
  private static final Set<String> LOCKS = Set.of("lock", "lockInterruptibly");
  private static final Set<String> SYNCHRONIZED_TYPES = Set.of("Vector", "Hashtable", "Stack");
  private static final Set<String> RANDOM_METHODS =
      Set.of(
          "nextInt",
          "nextLong",
          "nextDouble",
          "nextFloat",
          "nextBoolean",
          "nextGaussian",
          "nextBytes",
          "ints",
          "longs",
          "doubles");

  IntraTaskSync() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (node instanceof SynchronizedStmt sync) {
      scope.report(
          this,
          sync,
          "synchronized block in "
              + scope.where()
              + ": a worker waiting for the lock cannot run other tasks",
          rule().fix().safety());
    } else if (node instanceof MethodDeclaration method && method.isSynchronized()) {
      Optional<Modifier> modifier =
          method.getModifiers().stream()
              .filter(m -> m.getKeyword() == Modifier.Keyword.SYNCHRONIZED)
              .findFirst();
      scope.report(
          this,
          modifier.<Node>map(m -> m).orElse(method),
          "synchronized method "
              + method.getNameAsString()
              + "() runs in "
              + scope.where()
              + ": a worker waiting for the lock cannot run other tasks",
          rule().fix().safety());
    } else if (node instanceof MethodCallExpr call) {
      String problem = problem(call, scope);
      if (problem != null) {
        scope.report(
            this,
            call,
            problem
                + " in "
                + scope.where()
                + ": a worker waiting for the lock cannot run other tasks",
            rule().fix().safety());
      }
    }
  }

  private static String problem(MethodCallExpr call, Scope scope) {
    String name = call.getNameAsString();
    if (LOCKS.contains(name) && call.getArguments().isEmpty() && call.getScope().isPresent()) {
      return "acquires a lock with " + name + "()";
    }
    if (name.equals("random")
        && "Math".equals(Syntax.scopeName(call))
        && call.getArguments().isEmpty()) {
      return "Math.random() shares one synchronized Random";
    }
    if (call.getScope().isEmpty()) {
      return null;
    }
    Syntax.Var receiver =
        Syntax.variable(call.getScope().get(), scope.index())
            .filter(Syntax.Var::field)
            .orElse(null);
    if (receiver == null) {
      return null;
    }
    if (RANDOM_METHODS.contains(name) && "Random".equals(receiver.type())) {
      return "shared java.util.Random field " + call.getScope().get() + " is contended";
    }
    if (receiver.type() != null && SYNCHRONIZED_TYPES.contains(receiver.type())
        || isSynchronizedWrapper(receiver.init())
        || receiver.init() == null && passedSynchronized(receiver, scope.index())) {
      return "uses the synchronized collection " + call.getScope().get();
    }
    return null;
  }

  private static boolean isSynchronizedWrapper(Expression e) {
    return Syntax.unwrap(e) instanceof MethodCallExpr init
        && init.getNameAsString().startsWith("synchronized")
        && "Collections".equals(Syntax.scopeName(init));
  }

  /**
   * Whether a field without initializer is set by a constructor from a parameter to which the same
   * file passes a synchronized wrapper ({@code new Task(root, Collections.synchronizedSet(..))},
   * directly or through a local): the way a shared collection usually reaches a task.
   */
  private static boolean passedSynchronized(Syntax.Var field, ProjectIndex index) {
    if (!(field.decl() instanceof VariableDeclarator declarator)) {
      return false;
    }
    TypeDeclaration<?> owner = ProjectIndex.enclosingType(declarator);
    if (owner == null) {
      return false;
    }
    String name = declarator.getNameAsString();
    CompilationUnit unit = owner.findCompilationUnit().orElse(null);
    if (unit == null) {
      return false;
    }
    for (ConstructorDeclaration constructor : owner.getConstructors()) {
      int param = parameterStoredIn(constructor, name);
      if (param < 0) {
        continue;
      }
      for (ObjectCreationExpr created :
          unit.findAll(
              ObjectCreationExpr.class,
              c ->
                  c.getType().getNameAsString().equals(owner.getNameAsString())
                      && c.getArguments().size() == constructor.getParameters().size())) {
        if (Copies.source(created.getArgument(param), index, IntraTaskSync::isSynchronizedWrapper)
            != null) {
          return true;
        }
      }
    }
    return false;
  }

  /** The index of the parameter a constructor assigns to the field ({@code this.f = p}), or -1. */
  private static int parameterStoredIn(ConstructorDeclaration constructor, String field) {
    for (AssignExpr assign : constructor.getBody().findAll(AssignExpr.class)) {
      Expression target = assign.getTarget();
      boolean toField =
          target instanceof FieldAccessExpr f
                  && f.getScope() instanceof ThisExpr
                  && f.getNameAsString().equals(field)
              || target instanceof NameExpr n
                  && n.getNameAsString().equals(field)
                  && constructor.getParameters().stream()
                      .noneMatch(p -> p.getNameAsString().equals(field));
      if (toField && Syntax.unwrap(assign.getValue()) instanceof NameExpr value) {
        for (int i = 0; i < constructor.getParameters().size(); i++) {
          if (constructor.getParameter(i).getNameAsString().equals(value.getNameAsString())) {
            return i;
          }
        }
      }
    }
    return -1;
  }
}
