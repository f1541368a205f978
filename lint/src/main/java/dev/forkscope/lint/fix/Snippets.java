package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.Rule;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The before/after snippets of suggestions: the decisive code as written and what it could become:
 * the rule's own snippet ({@link Rule.Fix#snippet()}), else a sketch of its rewrite filled in with
 * the names the code uses, else the rule's advice.
 */
final class Snippets {
  private Snippets() {}

  /** A suggestion for a finding; {@code source} is null when the file could not be parsed. */
  static Suggestion of(Finding finding, Source source, String reason) {
    Node node = source == null ? null : source.at(finding, Node.class).orElse(null);
    if (node == null) {
      return new Suggestion(
          finding, reason, finding.sourceLine().strip(), "// " + finding.rule().instead());
    }
    Statement statement =
        node instanceof Statement s ? s : node.findAncestor(Statement.class).orElse(null);
    String before = statement == null ? source.text(node) : text(source, statement);
    Rule.Fix fix = finding.rule().fix();
    Rule.Rewrite rewrite = fix.rewrite().orElse(null);
    String after =
        fix.snippet()
            .map(s -> s.replace(Rule.Fix.FLAGGED, source.text(node)))
            .orElseGet(() -> rewrite == null ? null : sketch(rewrite, source, node));
    if (rewrite == Rule.Rewrite.SLEEP_REMOVAL && statement != null) {
      Node enclosing = sleepingTry(statement);
      before = text(source, enclosing == null ? statement : enclosing);
    }
    if (rewrite == Rule.Rewrite.BATCHED_FORKS && loopOf(node) != null) {
      before = text(source, loopOf(node));
    }
    if (rewrite == Rule.Rewrite.LOCK_REMOVAL && node instanceof SynchronizedStmt) {
      before = text(source, node);
    }
    if (node instanceof Modifier
        && node.getParentNode().orElse(null) instanceof MethodDeclaration m) {
      before = m.getDeclarationAsString(true, true, true);
    }
    return new Suggestion(
        finding, reason, before, after == null ? "// " + finding.rule().instead() : after);
  }

  /** What the rewrite would make of the code, as a sketch; null for the rule's advice. */
  private static String sketch(Rule.Rewrite rewrite, Source source, Node node) {
    return switch (rewrite) {
      case LOCK_REMOVAL -> unlocked(source, node);
      case BATCHED_FORKS -> batched(source, node);
      case FORK_IN_OWN_POOL -> forked(source, node);
      case FILTER_MARKS -> sharedOutput(node);
      case INDEX_RANGES, SLEEP_REMOVAL, RUN_LAST_SUBTASK, JOINS_INNERMOST_FIRST, INVOKE -> null;
    };
  }

  /** The try statement around a sleep when the sleep is all it tries. */
  private static Node sleepingTry(Statement statement) {
    return statement.getParentNode().orElse(null) instanceof BlockStmt block
            && block.getStatements().size() == 1
            && block.getParentNode().orElse(null) instanceof TryStmt t
            && t.getTryBlock() == block
        ? t
        : null;
  }

  /** A synchronized block without its lock, or a method without {@code synchronized}. */
  private static String unlocked(Source source, Node node) {
    if (node instanceof SynchronizedStmt sync) {
      return sync.getBody().getStatements().stream()
              .map(s -> text(source, s))
              .collect(Collectors.joining("\n"))
          + "  // no lock: only if the tasks write disjoint data";
    }
    if (node instanceof Modifier
        && node.getParentNode().orElse(null) instanceof MethodDeclaration m) {
      return m.getDeclarationAsString(true, true, true).replace("synchronized ", "")
          + "  // no lock: give each task its own data";
    }
    if (node instanceof MethodCallExpr call
        && call.getScope().isPresent()
        && call.getNameAsString().startsWith("next")) {
      return "ThreadLocalRandom.current()."
          + call.getNameAsString()
          + "("
          + call.getArguments().stream().map(source::text).collect(Collectors.joining(", "))
          + ")";
    }
    return null;
  }

  /** The create-and-fork loop without the fork, then one invokeAll over what it collected. */
  private static String batched(Source source, Node fork) {
    Statement loop = loopOf(fork);
    Statement forkStatement = fork.findAncestor(Statement.class).orElse(null);
    if (loop == null || forkStatement == null) {
      return null;
    }
    String tasks = "tasks";
    for (AssignExpr assign : loop.findAll(AssignExpr.class)) {
      if (assign.getTarget().isArrayAccessExpr()) {
        tasks = source.text(assign.getTarget().asArrayAccessExpr().getName());
      }
    }
    for (MethodCallExpr add :
        loop.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals("add"))) {
      tasks = add.getScope().map(source::text).orElse(tasks);
    }
    String text = text(source, loop);
    String forkLine = text(source, forkStatement).strip();
    String without =
        text.lines().filter(l -> !l.strip().equals(forkLine)).collect(Collectors.joining("\n"));
    return without + "\ninvokeAll(" + tasks + "); // forks all but one, runs that one here";
  }

  private static Statement loopOf(Node node) {
    return node.findAncestor(
            Statement.class,
            s -> s.isForStmt() || s.isForEachStmt() || s.isWhileStmt() || s.isDoStmt())
        .orElse(null);
  }

  private static String forked(Source source, Node node) {
    if (node instanceof MethodCallExpr call && call.getArguments().size() == 1) {
      Expression task = call.getArgument(0);
      boolean simple = task instanceof NameExpr || task instanceof ObjectCreationExpr;
      String text = simple ? source.text(task) : "(" + source.text(task) + ")";
      return text + ".fork(); // from a task of the same pool: onto this worker's deque";
    }
    return null;
  }

  /**
   * For {@code result.addAll(sub.join())} in a task: the shared-output shape of the zoo's
   * CopyOnJoinAfter, with the task's own class name.
   */
  private static String sharedOutput(Node node) {
    String task =
        node.findAncestor(ClassOrInterfaceDeclaration.class)
            .map(ClassOrInterfaceDeclaration::getNameAsString)
            .orElse("Task");
    return String.join(
        "\n",
        "// " + task + " extends RecursiveAction and marks a shared boolean[] keep (or writes a",
        "// preallocated output array) instead of returning lists:",
        "//   leaf:   for (int i = lo; i < hi; i++) keep[i] = filter.test(data.get(i));",
        "//   inner:  invokeAll(new "
            + task
            + "(.., keep, lo, mid), new "
            + task
            + "(.., keep, mid, hi));",
        "//   caller: boolean[] keep = new boolean[n]; pool.invoke(new "
            + task
            + "(.., keep, 0, n));",
        "//           then, once: for (int i = 0; i < n; i++) if (keep[i]) out.add(data.get(i));");
  }

  /** A node's text, its lines dedented by the indentation of its first line. */
  private static String text(Source source, Node node) {
    String indent = source.indentOf(node);
    List<String> lines = source.text(node).lines().collect(Collectors.toList());
    return lines.stream()
        .map(l -> l.startsWith(indent) ? l.substring(indent.length()) : l.stripLeading())
        .collect(Collectors.joining("\n"));
  }
}
