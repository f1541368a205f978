package dev.forkscope.lint;

import com.github.javaparser.ast.Node;

/**
 * One rule's detection logic, in the style of an Error Prone check: a declarative {@link Rule} plus
 * callbacks from the shared traversal. The {@link Analyzer} walks each file once and offers every
 * node to every enabled check, so a check must be cheap for nodes it does not care about (an {@code
 * instanceof} test first).
 */
abstract class Check {
  private final Rule rule;

  Check(Rule rule) {
    this.rule = rule;
  }

  final Rule rule() {
    return rule;
  }

  /**
   * Offers a node that runs inside an execution context (a task, a lambda handed to a pool, a
   * parallel stream or an async stage), either directly or through calls into the project's own
   * methods.
   */
  void inContext(Node node, Scope scope) {}

  /**
   * Offers a node of a parsed file regardless of context, for rules that also concern the code that
   * drives a computation (for example a pool created in a loop).
   */
  void anywhere(Node node, FileScope file) {}
}
