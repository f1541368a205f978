package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.stream.Collectors;

/**
 * Base of the rules that report a blocking call ({@link Blocking}) in some kinds of execution
 * context; subclasses say which contexts and categories they own, so each blocking call is reported
 * by one rule.
 */
abstract class BlockingCheck extends Check {
  BlockingCheck(Rule rule) {
    super(rule);
  }

  /** Whether this rule owns blocking of this category in this context. */
  abstract boolean applies(Scope scope, Blocking.Category category);

  /** The consequence in a context, appended to "&lt;call&gt; &lt;verb&gt; in &lt;context&gt;". */
  abstract String consequence(Scope scope);

  @Override
  final void inContext(Node node, Scope scope) {
    if (!(node instanceof MethodCallExpr)
        && !(node instanceof ObjectCreationExpr)
        && !(node instanceof MethodReferenceExpr)) {
      return;
    }
    Blocking.Category category = Blocking.classify(node, scope.index());
    if (category != null && applies(scope, category)) {
      report(
          scope,
          node,
          category,
          name(node) + " " + category.verb + " in " + scope.where() + ": " + consequence(scope));
    }
  }

  /**
   * Reports a blocking call this rule owns; a rule that cannot always prove its consequence lowers
   * it here. A wait with a short timeout that nothing repeats ({@link Timeouts}) is a note, and so
   * is one the task reaches only from a catch block ({@link ErrorPath}), as intra-task-sync treats
   * a lock there.
   */
  void report(Scope scope, Node node, Blocking.Category category, String message) {
    long bound = Timeouts.shortBoundMillis(node);
    if (bound >= 0) {
      scope.note(
          this,
          node,
          node.toString(),
          message,
          "the wait ends as soon as its condition holds and never lasts more than its "
              + bound
              + " ms timeout, once per task (no loop repeats it)",
          rule().fix().safety());
    } else if (ErrorPath.reaches(node, scope)) {
      scope.note(this, node, node.toString(), message, ErrorPath.REASON, rule().fix().safety());
    } else {
      scope.report(this, node, message, rule().fix().safety());
    }
  }

  private static String name(Node node) {
    if (node instanceof MethodCallExpr call) {
      return call.getScope().map(s -> s.isNameExpr() ? s + "." : "").orElse("")
          + call.getNameAsString()
          + arguments(call);
    }
    if (node instanceof MethodReferenceExpr ref) {
      return ref.toString();
    }
    return "new " + ((ObjectCreationExpr) node).getType().getNameAsString() + "()";
  }

  /** The arguments as written, short ones in full ({@code get(Long.MAX_VALUE, NANOSECONDS)}). */
  static String arguments(MethodCallExpr call) {
    String written =
        call.getArguments().stream()
            .map(a -> a.toString().replaceAll("\\s+", " "))
            .collect(Collectors.joining(", "));
    return "(" + (written.length() <= 40 ? written : "...") + ")";
  }
}
