package dev.forkscope.lint;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files whose execution-context entries can reach given files: a finding located in a file G
 * comes from G's own nodes ({@link Check#anywhere}) or from the walk of an entry that reached a
 * body in G, so analysing the entries of these files alone gives every finding of G that a lint of
 * the whole project gives.
 *
 * <p>Implementation note: computed from the text alone (no parse), conservatively. A walk reaches a
 * body in G through at most {@link Analyzer#MAX_DEPTH} calls, and one call from a file X enters a
 * method of a file Y only if both hold: (1) X's text has the method's name as a token (a call or a
 * method reference always writes the name it calls); (2) the type the call resolves to is one the
 * index finds by a simple name, and every such name comes from a chain of texts starting at X: a
 * name in X (a variable's type, a static call, a supertype), or a name in the file of a type found
 * that way (an inherited field's type, a field of a field, a supertype's supertype, a record
 * component read through its accessor, the element type of a collection a lambda streams over, a
 * method's declared return type), or a subtype of a type found that way: a method reference to an
 * interface or abstract method enters the project's implementations of it ({@link
 * Implementations#overriding}), in files that X's chain need not name. So Y's types are among those
 * X reaches by following "mentions a type declared in, or extended or implemented in" from file to
 * file, with no bound on the chain: X is in the reverse closure of that relation from Y. (A call of
 * a functional interface's method enters only the calling file's own implementations: no other
 * file.) A few type names the walk infers from a method's name rather than from a type's ({@code
 * commonPool()}: {@code ForkJoinPool}, as {@link Syntax#typeOf} does) count as mentioned where the
 * method's name is. Comments and string literals are not tokens; a file's declared types are the
 * names after {@code class}, {@code interface}, {@code enum} and {@code record}, its supertypes
 * every name after {@code extends} or {@code implements} between such a name and its body (type
 * bounds and arguments too), its declared methods every name followed by {@code (} after a
 * type-like token (a name that is not a statement keyword, {@code >} or {@code ]}): a superset of
 * the declarations, never fewer.
 *
 * <p>Every inference by which the walk types an expression or picks a call's target must be
 * mirrored here: {@link Syntax#typeOf} and {@link Analyzer}'s {@code resolve} point back to this
 * note.
 */
final class Dependents {
  /** Names whose call makes the walk infer a type: {@link Syntax#typeOf}'s special cases. */
  private static final Map<String, String> IMPLIED_TYPES =
      Map.of("commonPool", "ForkJoinPool", "getPool", "ForkJoinPool", "currentThread", "Thread");

  private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record");

  /** Words that may come right before a call, which then is not a declaration. */
  private static final Set<String> BEFORE_CALLS =
      Set.of("return", "new", "throw", "else", "case", "yield", "assert", "do", "default");

  private static final Set<String> KEYWORDS =
      Set.of(
          "abstract",
          "assert",
          "boolean",
          "break",
          "byte",
          "case",
          "catch",
          "char",
          "class",
          "const",
          "continue",
          "default",
          "do",
          "double",
          "else",
          "enum",
          "extends",
          "final",
          "finally",
          "float",
          "for",
          "goto",
          "if",
          "implements",
          "import",
          "instanceof",
          "int",
          "interface",
          "long",
          "native",
          "new",
          "package",
          "private",
          "protected",
          "public",
          "return",
          "short",
          "static",
          "strictfp",
          "super",
          "switch",
          "synchronized",
          "this",
          "throw",
          "throws",
          "transient",
          "try",
          "void",
          "volatile",
          "while",
          "true",
          "false",
          "null");

  /**
   * What a file's text tells about its dependencies.
   *
   * @param used every identifier outside comments and literals, with the types it implies
   * @param types the simple names of the types the text may declare
   * @param methods the names of the methods (and constructors) the text may declare
   * @param supertypes the names the text's type declarations may extend or implement
   */
  record Names(Set<String> used, Set<String> types, Set<String> methods, Set<String> supertypes) {
    static Names of(String text) {
      Set<String> used = new HashSet<>();
      Set<String> types = new HashSet<>();
      Set<String> methods = new HashSet<>();
      Set<String> supertypes = new HashSet<>();
      String previous = "";
      // between a declared type's name and its body: every name after extends or implements there
      boolean header = false;
      boolean supertypeClause = false;
      int n = text.length();
      int i = 0;
      while (i < n) {
        char c = text.charAt(i);
        if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
          i = text.indexOf('\n', i);
          i = i < 0 ? n : i;
        } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
          i = text.indexOf("*/", i + 2);
          i = i < 0 ? n : i + 2;
        } else if (c == '"' && text.startsWith("\"\"\"", i)) {
          i = endOfLiteral(text, i + 3, "\"\"\"");
          previous = "\"";
        } else if (c == '"' || c == '\'') {
          i = endOfLiteral(text, i + 1, String.valueOf(c));
          previous = "\"";
        } else if (Character.isJavaIdentifierStart(c)) {
          int start = i;
          while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
            i++;
          }
          String name = text.substring(start, i);
          int next = i;
          while (next < n && Character.isWhitespace(text.charAt(next))) {
            next++;
          }
          if (TYPE_KEYWORDS.contains(previous)) {
            types.add(name);
            header = true;
            supertypeClause = false;
          } else if (header) {
            supertypeClause =
                name.equals("extends")
                    || name.equals("implements")
                    || supertypeClause && !name.equals("permits");
            if (supertypeClause && !KEYWORDS.contains(name)) {
              supertypes.add(name);
            }
          }
          if (next < n
              && text.charAt(next) == '('
              && !KEYWORDS.contains(name)
              && declares(previous)) {
            methods.add(name);
          }
          used.add(name);
          String implied = IMPLIED_TYPES.get(name);
          if (implied != null) {
            used.add(implied);
          }
          previous = name;
        } else if (Character.isDigit(c)) {
          while (i < n
              && (Character.isJavaIdentifierPart(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
          }
          previous = "0";
        } else {
          if (!Character.isWhitespace(c)) {
            previous = String.valueOf(c);
          }
          if (c == '{' || c == ';') {
            header = false;
            supertypeClause = false;
          }
          i++;
        }
      }
      return new Names(
          Set.copyOf(used), Set.copyOf(types), Set.copyOf(methods), Set.copyOf(supertypes));
    }

    /** Whether a name followed by {@code (} after this token may be declared there. */
    private static boolean declares(String previous) {
      if (previous.equals(">") || previous.equals("]")) {
        return true;
      }
      return !previous.isEmpty()
          && Character.isJavaIdentifierStart(previous.charAt(0))
          && !BEFORE_CALLS.contains(previous);
    }

    /** The index after a literal's closing quote, skipping escapes; the end of the text if none. */
    private static int endOfLiteral(String text, int from, String quote) {
      int i = from;
      while (i < text.length()) {
        if (text.charAt(i) == '\\') {
          i += 2;
        } else if (text.startsWith(quote, i)) {
          return i + quote.length();
        } else if (quote.length() == 1 && text.charAt(i) == '\n') {
          return i; // an unclosed literal ends with its line, as javac reports it
        } else {
          i++;
        }
      }
      return text.length();
    }
  }

  private final Map<Path, Names> files;

  /** Files that use a name, for the names some file declares (as a type or a method). */
  private final Map<String, List<Path>> users = new HashMap<>();

  /**
   * @param files the project's files and their names, in a deterministic order
   */
  Dependents(Map<Path, Names> files) {
    this.files = files;
    Set<String> declared = new HashSet<>();
    for (Names names : files.values()) {
      declared.addAll(names.types());
      declared.addAll(names.methods());
    }
    files.forEach(
        (path, names) -> {
          for (String name : names.used()) {
            if (declared.contains(name)) {
              users.computeIfAbsent(name, k -> new ArrayList<>()).add(path);
            }
          }
        });
  }

  /**
   * The files whose entries may reach a body in one of the targets within {@code depth} calls, the
   * targets among the project's files included.
   */
  Set<Path> reaching(Collection<Path> targets, int depth) {
    Set<Path> reached = new HashSet<>();
    for (Path target : targets) {
      if (files.containsKey(target)) {
        reached.add(target);
      }
    }
    Set<Path> frontier = new HashSet<>(reached);
    for (int step = 0; step < depth && !frontier.isEmpty(); step++) {
      Set<Path> mentioning = mentioning(frontier);
      Set<Path> callers = new HashSet<>();
      for (Path callee : frontier) {
        for (String method : files.get(callee).methods()) {
          for (Path caller : users.getOrDefault(method, List.of())) {
            if (mentioning.contains(caller) && !reached.contains(caller)) {
              callers.add(caller);
            }
          }
        }
      }
      reached.addAll(callers);
      frontier = callers;
    }
    return reached;
  }

  /**
   * The files from which a chain of "uses the name of a type declared in, or extended or
   * implemented in" leads to one of {@code files}, those included.
   */
  private Set<Path> mentioning(Set<Path> from) {
    Set<Path> found = new HashSet<>(from);
    Deque<Path> queue = new ArrayDeque<>(from);
    Set<String> seenTypes = new HashSet<>();
    while (!queue.isEmpty()) {
      Names names = files.get(queue.pop());
      for (Set<String> reachedThrough : List.of(names.types(), names.supertypes())) {
        for (String type : reachedThrough) {
          if (seenTypes.add(type)) {
            for (Path user : users.getOrDefault(type, List.of())) {
              if (found.add(user)) {
                queue.push(user);
              }
            }
          }
        }
      }
    }
    return found;
  }
}
