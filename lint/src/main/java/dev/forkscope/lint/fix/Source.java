package dev.forkscope.lint.fix;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import dev.forkscope.lint.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One file as the fixer sees it: the exact text as read, its syntax tree, and the mapping from the
 * tree's line/column positions to offsets in the text, so that rewrites can be expressed as {@link
 * TextEdit}s on the original characters.
 */
final class Source {
  private static final ThreadLocal<JavaParser> PARSER =
      ThreadLocal.withInitial(
          () ->
              new JavaParser(
                  new ParserConfiguration()
                      .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
                      .setAttributeComments(false)));

  private final Path path;
  private final String text;
  private final CompilationUnit unit;
  private final int[] lineStarts;

  private Source(Path path, String text, CompilationUnit unit) {
    this.path = path;
    this.text = text;
    this.unit = unit;
    this.lineStarts = lineStarts(text);
  }

  /** Parses a text; empty if it does not parse. */
  static Optional<Source> parse(Path path, String text) {
    ParseResult<CompilationUnit> result = PARSER.get().parse(text);
    return result.isSuccessful() && result.getResult().isPresent()
        ? Optional.of(new Source(path, text, result.getResult().get()))
        : Optional.empty();
  }

  /** Whether a text parses as a compilation unit. */
  static boolean parses(String text) {
    return PARSER.get().parse(text).isSuccessful();
  }

  Path path() {
    return path;
  }

  String text() {
    return text;
  }

  CompilationUnit unit() {
    return unit;
  }

  /**
   * This file's syntax tree, then that of {@code Owner.java} beside it when {@code owner} names one
   * that parses (a class of the same package); null {@code owner}: this file only.
   */
  List<CompilationUnit> unitsDeclaring(String owner) {
    List<CompilationUnit> units = new ArrayList<>();
    units.add(unit);
    Path dir = path.getParent();
    if (owner != null && dir != null && Files.isRegularFile(dir.resolve(owner + ".java"))) {
      try {
        Path sibling = dir.resolve(owner + ".java");
        parse(sibling, Files.readString(sibling)).ifPresent(s -> units.add(s.unit()));
      } catch (IOException | UncheckedIOException e) {
        // unreadable: only this file is known
      }
    }
    return units;
  }

  /** The line separator the file uses ({@code \n} if it has none). */
  String newline() {
    int n = text.indexOf('\n');
    return n > 0 && text.charAt(n - 1) == '\r' ? "\r\n" : "\n";
  }

  /** The node of the given type that spans exactly the finding's decisive code, if any. */
  <T extends Node> Optional<T> at(Finding finding, Class<T> type) {
    return unit.findFirst(
        type,
        n ->
            n.getBegin()
                    .filter(b -> b.line == finding.line() && b.column == finding.column())
                    .isPresent()
                && n.getEnd()
                    .filter(e -> e.line == finding.endLine() && e.column == finding.endColumn())
                    .isPresent());
  }

  /** Offset of a node's first char. */
  int begin(Node node) {
    return offset(node.getBegin().orElseThrow());
  }

  /** Offset after a node's last char. */
  int end(Node node) {
    return offset(node.getEnd().orElseThrow()) + 1;
  }

  /** The node's text exactly as written. */
  String text(Node node) {
    return text.substring(begin(node), end(node));
  }

  /** An edit that replaces a node's text. */
  TextEdit replace(Node node, String replacement) {
    return new TextEdit(begin(node), end(node), replacement);
  }

  /**
   * An edit that removes a node together with its line when nothing else is on it (the leading
   * indentation and the line break go too), or just the node otherwise; comments always stay.
   */
  TextEdit removeLine(Node node) {
    int start = begin(node);
    int end = end(node);
    int lineStart = start;
    while (lineStart > 0
        && (text.charAt(lineStart - 1) == ' ' || text.charAt(lineStart - 1) == '\t')) {
      lineStart--;
    }
    int lineEnd = end;
    while (lineEnd < text.length()
        && (text.charAt(lineEnd) == ' ' || text.charAt(lineEnd) == '\t')) {
      lineEnd++;
    }
    boolean alone =
        (lineStart == 0 || text.charAt(lineStart - 1) == '\n')
            && (lineEnd == text.length()
                || text.charAt(lineEnd) == '\n'
                || text.charAt(lineEnd) == '\r');
    if (!alone) {
      // a comment after it stays, where the node's text began
      return new TextEdit(start, text.startsWith("//", lineEnd) ? lineEnd : end, "");
    }
    if (text.startsWith("\r\n", lineEnd)) {
      lineEnd += 2;
    } else if (lineEnd < text.length()) {
      lineEnd++;
    }
    return new TextEdit(lineStart, lineEnd, "");
  }

  /** The whitespace that precedes a node on its line. */
  String indentOf(Node node) {
    int start = begin(node);
    int lineStart = start;
    while (lineStart > 0 && text.charAt(lineStart - 1) != '\n') {
      lineStart--;
    }
    String prefix = text.substring(lineStart, start);
    return prefix.isBlank() ? prefix : prefix.replaceAll("\\S.*", "");
  }

  /**
   * One level of indentation as the file writes it: how much deeper a statement is indented than
   * the line that opens its block, else two spaces.
   */
  String indentUnit(Node statement) {
    Node opener = statement.getParentNode().flatMap(Node::getParentNode).orElse(null);
    if (opener != null) {
      String outer = indentOf(opener);
      String inner = indentOf(statement);
      if (inner.length() > outer.length() && inner.startsWith(outer)) {
        return inner.substring(outer.length());
      }
    }
    return "  ";
  }

  private int offset(Position p) {
    return lineStarts[p.line - 1] + p.column - 1;
  }

  private static int[] lineStarts(String text) {
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines++;
      }
    }
    int[] starts = new int[lines];
    int n = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts[n++] = i + 1;
      }
    }
    return starts;
  }
}
