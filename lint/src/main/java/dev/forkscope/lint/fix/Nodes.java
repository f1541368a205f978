package dev.forkscope.lint.fix;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import java.util.List;

/** Small identity-based helpers over syntax trees (JavaParser's {@code equals} is structural). */
final class Nodes {
  private Nodes() {}

  static boolean isInside(Node node, Node ancestor) {
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (n == ancestor) {
        return true;
      }
    }
    return false;
  }

  /** Whether a node runs as part of {@code callable} itself, not in a lambda or class inside it. */
  static boolean directlyIn(Node node, Node callable) {
    for (Node n = node.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n == callable) {
        return true;
      }
      if (n instanceof LambdaExpr
          || n instanceof LocalClassDeclarationStmt
          || n instanceof ObjectCreationExpr created
              && created.getAnonymousClassBody().isPresent()) {
        return false;
      }
    }
    return false;
  }

  static int indexOf(List<? extends Node> nodes, Node node) {
    for (int i = 0; i < nodes.size(); i++) {
      if (nodes.get(i) == node) {
        return i;
      }
    }
    return -1;
  }

  static boolean contains(List<? extends Node> nodes, Node node) {
    return indexOf(nodes, node) >= 0;
  }
}
