package dev.forkscope.lsp;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import dev.forkscope.lint.fix.TextEdit;
import java.util.Comparator;
import java.util.Optional;

/**
 * The edit that silences one rule on the declaration enclosing a line, in the form docs/lint.md
 * documents: {@code @SuppressWarnings("forkscope:RULE")} on the innermost method, constructor or
 * field that holds the line, else on the innermost type. An existing {@code @SuppressWarnings} gets
 * the value added; one that already names the rule gets no edit.
 */
final class Suppression {
  private Suppression() {}

  /**
   * The edit on {@code text} that silences {@code rule} at the 1-based {@code line}; empty when the
   * text does not parse, no declaration holds the line, or the rule is already suppressed there.
   */
  static Optional<TextEdit> at(String text, int line, String rule) {
    CompilationUnit unit =
        new JavaParser(
                new ParserConfiguration()
                    .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
                    .setAttributeComments(false))
            .parse(text)
            .getResult()
            .orElse(null);
    if (unit == null) {
      return Optional.empty();
    }
    Comparator<Node> innermost =
        Comparator.comparing(n -> n.getBegin().orElseThrow(), Comparator.naturalOrder());
    Optional<BodyDeclaration> member =
        unit.findAll(BodyDeclaration.class, d -> holds(d, line)).stream()
            .filter(d -> d instanceof CallableDeclaration || d instanceof FieldDeclaration)
            .max(innermost);
    Optional<BodyDeclaration> declaration =
        member.or(
            () ->
                unit.findAll(BodyDeclaration.class, d -> holds(d, line)).stream()
                    .filter(d -> d instanceof TypeDeclaration)
                    .max(innermost));
    if (declaration.isEmpty()) {
      return Optional.empty();
    }
    String value = "\"forkscope:" + rule + "\"";
    LineMap lines = new LineMap(text);
    BodyDeclaration<?> target = declaration.get();
    Optional<AnnotationExpr> existing = target.getAnnotationByName("SuppressWarnings");
    if (existing.isEmpty()) {
      int at = offset(lines, text, target.getBegin().orElseThrow());
      int lineStart = lines.lineStart(target.getBegin().orElseThrow().line - 1);
      String indent = text.substring(lineStart, at).isBlank() ? text.substring(lineStart, at) : "";
      String newline = text.contains("\r\n") ? "\r\n" : "\n";
      return Optional.of(
          new TextEdit(at, at, "@SuppressWarnings(" + value + ")" + newline + indent));
    }
    Expression values =
        existing.get() instanceof SingleMemberAnnotationExpr single
            ? single.getMemberValue()
            : existing.get() instanceof NormalAnnotationExpr normal
                ? normal.getPairs().stream()
                    .filter(p -> p.getNameAsString().equals("value"))
                    .map(p -> p.getValue())
                    .findFirst()
                    .orElse(null)
                : null;
    if (values == null) {
      return Optional.empty();
    }
    if (values.findAll(StringLiteralExpr.class).stream()
        .anyMatch(s -> s.getValue().equals("forkscope:" + rule))) {
      return Optional.empty();
    }
    if (values instanceof ArrayInitializerExpr array && array.getValues().isNonEmpty()) {
      int end =
          offset(lines, text, array.getValues().getLast().orElseThrow().getEnd().orElseThrow()) + 1;
      return Optional.of(new TextEdit(end, end, ", " + value));
    }
    int start = offset(lines, text, values.getBegin().orElseThrow());
    int end = offset(lines, text, values.getEnd().orElseThrow()) + 1;
    String old = text.substring(start, end);
    String inner = values instanceof ArrayInitializerExpr ? "" : old + ", ";
    return Optional.of(new TextEdit(start, end, "{" + inner + value + "}"));
  }

  private static boolean holds(Node node, int line) {
    return node.getBegin().isPresent()
        && node.getEnd().isPresent()
        && node.getBegin().get().line <= line
        && line <= node.getEnd().get().line;
  }

  /** The offset of a JavaParser position (1-based line and column, a tab one column). */
  private static int offset(LineMap lines, String text, com.github.javaparser.Position at) {
    return Math.min(text.length(), lines.lineStart(at.line - 1) + at.column - 1);
  }
}
