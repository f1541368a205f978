package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import java.util.ArrayList;
import java.util.List;

/**
 * The two ways to silence a finding.
 *
 * <ul>
 *   <li>{@code @SuppressWarnings("forkscope:<rule>")} or {@code @SuppressWarnings("forkscope:all")}
 *       on any declaration enclosing the decisive code (a method, a field, a class) or enclosing
 *       the task's execution method.
 *   <li>A comment {@code // forkscope:ignore <rule>[,<rule>...]} (or {@code // forkscope:ignore}
 *       for all rules) at the end of the decisive line or alone on the line directly above it.
 * </ul>
 */
final class Suppressions {
  private static final String PREFIX = "forkscope:";
  private static final String IGNORE = "forkscope:ignore";

  private Suppressions() {}

  static boolean suppressed(String rule, SourceFile file, Node node) {
    int line = Syntax.line(node);
    return annotated(rule, node)
        || ignoredOn(rule, file.line(line), false)
        || ignoredOn(rule, file.line(line - 1), true);
  }

  /** Whether a {@code @SuppressWarnings} on the node or an enclosing declaration names the rule. */
  static boolean annotated(String rule, Node node) {
    for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof NodeWithAnnotations<?> annotated) {
        for (AnnotationExpr a : annotated.getAnnotations()) {
          if (a.getNameAsString().endsWith("SuppressWarnings")
              && names(a).stream()
                  .anyMatch(v -> v.equals(PREFIX + rule) || v.equals(PREFIX + "all"))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static List<String> names(AnnotationExpr annotation) {
    List<String> values = new ArrayList<>();
    Expression value = null;
    if (annotation instanceof SingleMemberAnnotationExpr single) {
      value = single.getMemberValue();
    } else if (annotation instanceof NormalAnnotationExpr normal) {
      value =
          normal.getPairs().stream()
              .filter(p -> p.getNameAsString().equals("value"))
              .map(p -> p.getValue())
              .findFirst()
              .orElse(null);
    }
    if (value instanceof StringLiteralExpr s) {
      values.add(s.getValue());
    } else if (value != null && value.isArrayInitializerExpr()) {
      value
          .asArrayInitializerExpr()
          .getValues()
          .forEach(
              v -> {
                if (v instanceof StringLiteralExpr s) {
                  values.add(s.getValue());
                }
              });
    }
    return values;
  }

  /**
   * Whether a line carries an ignore comment for the rule. For the line above the decisive one, the
   * comment must be the only thing on it.
   */
  static boolean ignoredOn(String rule, String line, boolean aloneOnLine) {
    int at = line.indexOf(IGNORE);
    if (at < 0) {
      return false;
    }
    int comment = line.lastIndexOf("//", at);
    if (comment < 0 || (aloneOnLine && !line.substring(0, comment).isBlank())) {
      return false;
    }
    String rest = line.substring(at + IGNORE.length()).strip();
    if (rest.isEmpty() || !(Character.isLetter(rest.charAt(0)))) {
      return true;
    }
    String list = rest.split("\\s+")[0];
    for (String id : list.split(",")) {
      if (id.equals(rule) || id.equals("all")) {
        return true;
      }
    }
    return false;
  }
}
