package dev.forkscope.lint;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.postprocessors.Java25PostProcessor;
import com.github.javaparser.ast.validator.postprocessors.PostProcessors;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One Java file: its text, a cheap textual pre-scan, and its syntax tree once parsed.
 *
 * <p>Implementation note: the pre-scan decides from raw text whether a file can hold task code, so
 * that most files of a large code base are never parsed. A file is a candidate when it mentions one
 * of {@link #TRIGGERS}; a file that only extends a project task class is found later by {@link
 * #extendsNames()}. Parsing is lazy and happens at most once ({@link #unit()} is synchronized),
 * because rules may ask for a skipped file's tree when they follow a call into it. To keep the heap
 * small, a file that is not a candidate forgets its text after the pre-scan and reads it again if
 * it is ever parsed. A unit is shared by all workers once parsed: it is read-only from then on, its
 * printer included ({@link #parse}), so printing its nodes from several threads is safe. For the
 * same reason a unit can be kept for later runs ({@link ParseCache}): a file whose text has not
 * changed takes the kept outcome instead of being parsed again.
 */
final class SourceFile {
  /** Tokens without which a file can neither declare a task nor hand work to a pool. */
  private static final String[] TRIGGERS = {
    "ForkJoin",
    "RecursiveTask",
    "RecursiveAction",
    "CountedCompleter",
    "fork(",
    "invokeAll",
    "parallelStream",
    "parallel()",
    "Async(",
  };

  /**
   * Files with task text above this size are reported instead of parsed: generated code of this
   * size takes the parser minutes, and nobody hand-writes fork/join code in a 2 MB file.
   */
  static final int MAX_PARSED_CHARS = 2_000_000;

  private static final ThreadLocal<JavaParser> PARSER =
      ThreadLocal.withInitial(SourceFile::newParser);

  private final Path path;
  private final ParseCache cache;
  private String text;
  private final int lines;
  private final boolean candidate;
  private final Set<String> extendsNames;
  private final Set<String> declaredNames;
  private final Dependents.Names names;
  private int[] lineStarts;
  private boolean parsed;
  private CompilationUnit unit;
  private Outline outline;
  private FileError error;

  private SourceFile(Path path, String text, ParseCache cache, boolean withNames) {
    this.path = path;
    this.cache = cache;
    Scan scan = cache.scan(path, text, withNames);
    this.lines = scan.lines();
    this.candidate = scan.candidate();
    this.extendsNames = scan.extendsNames();
    this.declaredNames = scan.declaredNames();
    this.names = scan.names();
    this.text = candidate ? text : null;
  }

  /**
   * What the pre-scan finds in a text: a function of the text alone, so a {@link ParseCache} may
   * keep it for the next run.
   *
   * @param names the text's names for {@link Dependents}, or null if not asked for
   */
  record Scan(
      int lines,
      boolean candidate,
      Set<String> extendsNames,
      Set<String> declaredNames,
      Dependents.Names names) {}

  static Scan scan(String text, boolean withNames) {
    boolean candidate = mentionsTrigger(text);
    Set<String> declared = new HashSet<>();
    if (!candidate) {
      for (String keyword : new String[] {"class", "interface", "enum", "record"}) {
        declared.addAll(namesAfter(text, keyword));
      }
    }
    return new Scan(
        countLines(text),
        candidate,
        candidate ? Set.of() : supertypeNames(text),
        declared,
        withNames ? Dependents.Names.of(text) : null);
  }

  /**
   * Reads a file, replacing bytes that are not valid UTF-8 instead of failing; its parse is taken
   * from {@code cache} if kept there for the same text, and kept there otherwise.
   */
  static SourceFile read(Path path, ParseCache cache) throws IOException {
    return read(path, cache, false);
  }

  /** Reads a file as {@link #read(Path, ParseCache)}, and with its {@link #names()} if asked. */
  static SourceFile read(Path path, ParseCache cache, boolean withNames) throws IOException {
    return new SourceFile(path, decode(path), cache, withNames);
  }

  /** Reads a file with a cache of its own. */
  static SourceFile read(Path path) throws IOException {
    return read(path, new ParseCache(false));
  }

  private static String decode(Path path) throws IOException {
    return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
  }

  Path path() {
    return path;
  }

  int lines() {
    return lines;
  }

  /** Whether the text mentions fork/join, a parallel stream or an async stage at all. */
  boolean candidate() {
    return candidate;
  }

  /**
   * Simple names that follow {@code extends} or {@code implements} anywhere in the text (generic
   * bounds included); only collected for files that are not candidates.
   */
  Set<String> extendsNames() {
    return extendsNames;
  }

  /**
   * Simple names of the types the text appears to declare; only collected for files that are not
   * candidates.
   */
  Set<String> declaredNames() {
    return declaredNames;
  }

  /** What the text tells about the file's dependencies, if it was read with them; else null. */
  Dependents.Names names() {
    return names;
  }

  synchronized boolean isParsed() {
    return parsed;
  }

  /**
   * The syntax tree, parsing on first use; empty if the file does not parse (see {@link #error()}).
   */
  synchronized Optional<CompilationUnit> unit() {
    if (!parsed) {
      parsed = true;
      parse();
    }
    return Optional.ofNullable(unit);
  }

  /** The outline of the syntax tree, parsing on first use; null if the file does not parse. */
  synchronized Outline outline() {
    unit();
    return outline;
  }

  /** Why the file could not be parsed, or {@code null}. */
  synchronized FileError error() {
    return error;
  }

  /**
   * The text of a 1-based line without its line terminator, or "" if out of range or not parsed.
   */
  synchronized String line(int line) {
    if (text == null) {
      return "";
    }
    if (lineStarts == null) {
      lineStarts = computeLineStarts(text, lines);
    }
    if (line < 1 || line > lineStarts.length) {
      return "";
    }
    int start = lineStarts[line - 1];
    int end = line < lineStarts.length ? lineStarts[line] : text.length();
    while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return text.substring(start, end);
  }

  /**
   * A parser for Java 25 syntax that skips the language-level validators: they only reject code
   * javac would reject anyway (misplaced modifiers and the like) and cost about as much as parsing
   * itself. Syntax errors are still reported; the Java 25 post-processing (for example {@code var})
   * still runs.
   */
  private static JavaParser newParser() {
    ParserConfiguration config =
        new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_25)
            .setAttributeComments(false);
    PostProcessors java25 = new Java25PostProcessor();
    config.getProcessors().clear();
    config
        .getProcessors()
        .add(
            () ->
                new Processor() {
                  @Override
                  public void postProcess(
                      ParseResult<? extends Node> result, ParserConfiguration configuration) {
                    java25.postProcess(result, configuration);
                  }
                });
    return new JavaParser(config);
  }

  private void parse() {
    if (text == null) {
      try {
        text = decode(path);
      } catch (IOException e) {
        error = new FileError(path, 0, "cannot read: " + e.getMessage());
        return;
      }
    }
    ParseCache.Parsed kept = cache.get(path, text);
    if (kept == null) {
      kept = parse(path, text);
      cache.put(path, kept);
    }
    unit = kept.unit();
    outline = kept.outline();
    error = kept.error();
  }

  private static ParseCache.Parsed parse(Path path, String text) {
    if (text.length() > MAX_PARSED_CHARS) {
      return failed(
          path,
          text,
          0,
          String.format(
              "too large to analyse (%.1f MB > %d MB)",
              text.length() / 1_000_000.0, MAX_PARSED_CHARS / 1_000_000));
    }
    try {
      ParseResult<CompilationUnit> result = PARSER.get().parse(text);
      if (result.isSuccessful() && result.getResult().isPresent()) {
        CompilationUnit unit = result.getResult().get();
        // Node.toString() creates the unit's printer on first use and stores it in the unit's
        // unsynchronized data map: two workers printing nodes of one unit at once could then lose
        // the printer and throw. Installed here, before the unit is shared, printing only reads.
        unit.printer(new DefaultPrettyPrinter());
        dropTokens(unit);
        return new ParseCache.Parsed(text, unit, Outline.of(unit), null);
      }
      Problem first = result.getProblems().isEmpty() ? null : result.getProblems().get(0);
      int line =
          first == null
              ? 0
              : first
                  .getLocation()
                  .flatMap(l -> l.getBegin().getRange())
                  .map(r -> r.begin.line)
                  .orElse(0);
      String message = first == null ? "does not parse" : firstLine(first.getMessage());
      return failed(path, text, line, "parse error: " + message);
    } catch (StackOverflowError e) {
      return failed(path, text, 0, "parse error: nesting too deep to parse");
    } catch (RuntimeException e) {
      return failed(path, text, 0, "parse error: " + firstLine(String.valueOf(e.getMessage())));
    }
  }

  /**
   * Lets the unit's tokens go, keeping each node's range: the parser links every token (spaces and
   * line ends included, a few dozen per line) to its node, about half of a tree's memory, and
   * nothing reads them once the tree is built (fix re-parses the files it rewrites).
   */
  private static void dropTokens(CompilationUnit unit) {
    unit.walk(
        node -> {
          Range range = node.getRange().orElse(null);
          node.setTokenRange(null);
          node.setRange(range);
        });
  }

  private static ParseCache.Parsed failed(Path path, String text, int line, String message) {
    return new ParseCache.Parsed(text, null, null, new FileError(path, line, message));
  }

  private static String firstLine(String message) {
    int newline = message.indexOf('\n');
    return (newline < 0 ? message : message.substring(0, newline)).strip();
  }

  private static boolean mentionsTrigger(String text) {
    for (String trigger : TRIGGERS) {
      if (text.contains(trigger)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every name listed after {@code extends} and after {@code implements} ({@code implements
   * Comparable<T>, Task}: both), so that a type implementing a second interface is found as its
   * subtype before its file is parsed. A type bound's list ({@code <T extends A<X>, U>}) adds a
   * name or two too many, which costs a parse, never a finding.
   */
  private static Set<String> supertypeNames(String text) {
    Set<String> names = namesAfter(text, "extends", true);
    names.addAll(namesAfter(text, "implements", true));
    return names;
  }

  private static Set<String> namesAfter(String text, String keyword) {
    return namesAfter(text, keyword, false);
  }

  /**
   * The name after each {@code keyword}; with {@code lists}, each name of a comma-separated list.
   */
  private static Set<String> namesAfter(String text, String keyword, boolean lists) {
    Set<String> names = new HashSet<>();
    int from = 0;
    while ((from = text.indexOf(keyword, from)) >= 0) {
      int i = from + keyword.length();
      boolean wordStart = from == 0 || !Character.isJavaIdentifierPart(text.charAt(from - 1));
      from = i;
      if (!wordStart || i >= text.length() || !Character.isWhitespace(text.charAt(i))) {
        continue;
      }
      while (true) {
        i = afterWhitespace(text, i);
        int start = i;
        while (i < text.length()
            && (Character.isJavaIdentifierPart(text.charAt(i)) || text.charAt(i) == '.')) {
          i++;
        }
        String name = text.substring(start, i);
        name = name.substring(name.lastIndexOf('.') + 1);
        if (name.isEmpty()) {
          break;
        }
        names.add(name);
        i = afterWhitespace(text, afterTypeArguments(text, afterWhitespace(text, i)));
        if (!lists || i >= text.length() || text.charAt(i) != ',') {
          break;
        }
        i++;
      }
    }
    return names;
  }

  private static int afterWhitespace(String text, int i) {
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /**
   * The index after the balanced {@code <...>} starting at {@code i}, or {@code i} if none does.
   */
  private static int afterTypeArguments(String text, int i) {
    if (i >= text.length() || text.charAt(i) != '<') {
      return i;
    }
    int depth = 0;
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '<') {
        depth++;
      } else if (c == '>' && --depth == 0) {
        return i + 1;
      } else if (c == '{' || c == ';') {
        return i;
      }
    }
    return i;
  }

  private static int countLines(String text) {
    if (text.isEmpty()) {
      return 0;
    }
    int count = 0;
    for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      count++;
    }
    return text.charAt(text.length() - 1) == '\n' ? count : count + 1;
  }

  private static int[] computeLineStarts(String text, int lines) {
    int[] starts = new int[Math.max(lines, 1)];
    int n = 1;
    for (int i = text.indexOf('\n'); i >= 0 && n < starts.length; i = text.indexOf('\n', i + 1)) {
      starts[n++] = i + 1;
    }
    return starts;
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
