package dev.forkscope.lint.fix;

import java.io.File;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The compile check of the rewritten files: javac, in memory, on the rewritten files, with the
 * other sources of their source roots on the source path (compiled only as far as they are
 * referenced) and the user's class path. No class file is written.
 *
 * <p>Implementation note: the originals are compiled first, the same way. The check applies when
 * the user gave a class path or the originals compile without errors; a file whose rewrite has more
 * errors than its original loses all its rewrites, which become suggestions saying why. Rewrites
 * never change what another file can see (a rewritten task class keeps its old constructor), so the
 * files are judged one by one.
 */
final class CompileCheck {
  private final List<Path> classpath;

  /**
   * @param classpath the user's class path, or null if none was given
   */
  CompileCheck(List<Path> classpath) {
    this.classpath = classpath;
  }

  /** The checked files and one line on the check. */
  record Outcome(List<FileFix> files, String note) {}

  Outcome verify(List<FileFix> files) {
    List<FileFix> changed = files.stream().filter(FileFix::changed).toList();
    if (changed.isEmpty()) {
      return new Outcome(files, "nothing to compile");
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      return new Outcome(files, "not compiled: this Java runtime has no compiler (use a JDK)");
    }
    Map<Path, List<String>> before = errors(javac, changed, false);
    boolean cleanOriginals = before.values().stream().allMatch(List::isEmpty);
    if (classpath == null && !cleanOriginals) {
      String first =
          before.entrySet().stream()
              .filter(e -> !e.getValue().isEmpty())
              .map(e -> e.getKey().getFileName() + ": " + e.getValue().get(0))
              .findFirst()
              .orElse("");
      return new Outcome(
          files,
          "not compiled: the sources do not compile on their own ("
              + first
              + "); give --classpath to check the rewrites with javac");
    }
    Map<Path, List<String>> after = errors(javac, changed, true);
    List<FileFix> checked = new ArrayList<>();
    int dropped = 0;
    for (FileFix file : files) {
      List<String> now = after.getOrDefault(file.path(), List.of());
      List<String> was = before.getOrDefault(file.path(), List.of());
      if (file.changed() && now.size() > was.size()) {
        String firstNew = now.stream().filter(e -> !was.contains(e)).findFirst().orElse(now.get(0));
        dropped += file.fixes().size();
        checked.add(file.without(file.fixes(), "the rewritten file does not compile: " + firstNew));
      } else {
        checked.add(file);
      }
    }
    return new Outcome(
        checked,
        "compiled with javac"
            + (dropped == 0
                ? ""
                : "; " + dropped + " rewrite" + (dropped == 1 ? "" : "s") + " dropped"));
  }

  /** Error messages per file when the originals (or the rewrites) of the files are compiled. */
  private Map<Path, List<String>> errors(
      JavaCompiler javac, List<FileFix> files, boolean rewritten) {
    Map<URI, Path> byUri = new HashMap<>();
    List<JavaFileObject> units = new ArrayList<>();
    Set<String> roots = new LinkedHashSet<>();
    for (FileFix file : files) {
      String text = rewritten ? file.rewritten() : file.original();
      URI uri = file.path().toAbsolutePath().toUri();
      byUri.put(uri, file.path());
      units.add(new InMemorySource(uri, text));
      Source.parse(file.path(), file.original())
          .map(s -> sourceRoot(file.path(), s))
          .ifPresent(roots::add);
    }
    List<String> options = new ArrayList<>(List.of("-proc:none", "-implicit:none", "-Xlint:none"));
    options.add("-sourcepath");
    options.add(String.join(File.pathSeparator, roots));
    options.add("-classpath");
    options.add(
        classpath == null
            ? ""
            : String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT, null);
    JavaFileManager discarding = new DiscardingFileManager(standard);
    javac.getTask(null, discarding, diagnostics, options, null, units).call();
    Map<Path, List<String>> errors = new HashMap<>();
    files.forEach(f -> errors.put(f.path(), new ArrayList<>()));
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null) {
        Path path = byUri.get(d.getSource().toUri());
        if (path != null) {
          errors
              .get(path)
              .add("line " + d.getLineNumber() + ": " + oneLine(d.getMessage(Locale.ROOT)));
        }
      }
    }
    return errors;
  }

  /** The directory the package of a file starts at, or the file's directory. */
  private static String sourceRoot(Path file, Source source) {
    Path dir = file.toAbsolutePath().getParent();
    String pkg = source.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    List<String> parts = pkg.isEmpty() ? List.of() : List.of(pkg.split("\\."));
    Path root = dir;
    for (int i = parts.size() - 1; i >= 0 && root != null; i--) {
      root =
          root.getFileName() != null && root.getFileName().toString().equals(parts.get(i))
              ? root.getParent()
              : null;
    }
    return (root == null ? dir : root).toString();
  }

  /** javac's message on one line ("cannot find symbol, symbol: method invoke(), ..."). */
  private static String oneLine(String message) {
    return String.join(", ", message.lines().map(String::strip).toList());
  }

  private static final class InMemorySource extends SimpleJavaFileObject {
    private final String text;

    InMemorySource(URI uri, String text) {
      super(uri, Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }

  /** Accepts class files and throws them away. */
  private static final class DiscardingFileManager
      extends ForwardingJavaFileManager<JavaFileManager> {
    DiscardingFileManager(JavaFileManager delegate) {
      super(delegate);
    }

    @Override
    public JavaFileObject getJavaFileForOutput(
        Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
      return new SimpleJavaFileObject(
          URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
        @Override
        public OutputStream openOutputStream() {
          return OutputStream.nullOutputStream();
        }
      };
    }
  }
}
