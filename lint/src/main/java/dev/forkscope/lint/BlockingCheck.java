package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

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

  /** The consequence, appended to "&lt;call&gt; &lt;verb&gt; in &lt;context&gt;". */
  abstract String consequence();

  @Override
  final void inContext(Node node, Scope scope) {
    if (!(node instanceof MethodCallExpr) && !(node instanceof ObjectCreationExpr)) {
      return;
    }
    Blocking.Category category = Blocking.classify(node, scope.index());
    if (category != null && applies(scope, category)) {
      scope.report(
          this,
          node,
          name(node) + " " + category.verb + " in " + scope.where() + ": " + consequence(),
          rule().fix().safety());
    }
  }

  private static String name(Node node) {
    if (node instanceof MethodCallExpr call) {
      return call.getScope().map(s -> s.isNameExpr() ? s + "." : "").orElse("")
          + call.getNameAsString()
          + "()";
    }
    return "new " + ((ObjectCreationExpr) node).getType().getNameAsString() + "()";
  }
}
