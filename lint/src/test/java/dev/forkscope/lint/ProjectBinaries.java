package dev.forkscope.lint;

import dev.forkscope.lint.fix.FileFix;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Test support: the files {@code fix} rewrote in a suite project, compiled with javac against the
 * project's binary jar and its dependencies, so that the rest of the project comes from the jar and
 * only the rewritten files are compiled; optionally the project's own tests, from its published
 * {@code tests} jar, run on the result.
 *
 * <p>Implementation note: the jars are resolved from Maven Central at test time by one Maven
 * subprocess ({@code dependency:build-classpath}) on a generated reactor, one module per class
 * path; they never reach lint's own test class path, where they would clash with lint's
 * dependencies. A project's coordinates are read from its sources jar's place in the local
 * repository; lint's pom passes that repository, the Maven launcher and the dependency plugin's
 * version as {@code forkscope.*} system properties. {@code precision/binaries.tsv} lists, per
 * project, the dependencies to leave out (those not on Maven Central) and what its tests need.
 */
final class ProjectBinaries {
  // JUnit 4's summary, "OK (19 tests)" or "Tests run: 19,  Failures: 1" after numbered failures
  // "1) testName(ClassName)".
  private static final Pattern JUNIT_OK = Pattern.compile("OK \\((\\d+) tests?\\)");
  private static final Pattern JUNIT_FAILED = Pattern.compile("Tests run: (\\d+),.*");
  private static final Pattern JUNIT_FAILURE = Pattern.compile("\\d+\\) (\\S+\\(\\S+\\))");

  /** The javac outcome for one project: its rewritten files, errors, class path and output. */
  record Compiled(String jar, int files, List<String> errors, List<Path> classpath, Path classes) {}

  /** A dependency of a generated pom: {@code group:artifact:version}, and what it leaves out. */
  record Dependency(String coordinates, String classifier, String type, List<String> exclusions) {}

  /**
   * A project's row of binaries.tsv: the dependencies of its binary jar to leave out, as {@code
   * group:artifact}, and the artifacts its tests need beside its {@code tests} jar.
   */
  record Binary(List<String> exclusions, List<String> testDependencies) {}

  private ProjectBinaries() {}

  /**
   * Compiles each project's rewritten files (and, for a project whose rewrites do not compile, its
   * originals too, to tell a rewrite's error from a class path that is not enough).
   */
  static List<Compiled> compile(List<PrecisionSuite.Rewritten> projects, Path work)
      throws IOException {
    if (projects.isEmpty()) {
      return List.of();
    }
    Map<String, List<Dependency>> wanted = new LinkedHashMap<>();
    for (PrecisionSuite.Rewritten project : projects) {
      wanted.put(
          project.jar(),
          List.of(
              new Dependency(
                  coordinates(project.jar()), "", "jar", binary(project.jar()).exclusions())));
    }
    Map<String, List<Path>> classpaths = resolve(wanted, work.resolve("resolve"));
    List<Compiled> compiled = new ArrayList<>();
    for (PrecisionSuite.Rewritten project : projects) {
      List<Path> classpath = classpaths.get(project.jar());
      Path rewritten = work.resolve(project.jar());
      List<String> errors = javac(project, FileFix::rewritten, classpath, rewritten);
      if (!errors.isEmpty()) {
        List<String> before =
            javac(project, FileFix::original, classpath, work.resolve(project.jar() + "-original"));
        if (!before.isEmpty()) {
          errors = List.of("the originals do not compile against the binaries: " + before.get(0));
        }
      }
      compiled.add(
          new Compiled(
              project.jar(),
              project.files().size(),
              errors,
              classpath,
              rewritten.resolve("classes")));
    }
    return compiled;
  }

  /** A JUnit 4 run: how many tests ran and the failures as JUnit names them. */
  record TestRun(int tests, List<String> failures, String log) {
    @Override
    public String toString() {
      return tests
          + " tests, "
          + (failures.isEmpty() ? "no failure" : failures.size() + " failed " + failures);
    }
  }

  /**
   * Runs the project's own tests of the rewritten classes ({@code <Class>Test} in its published
   * {@code tests} jar) with JUnit 4 twice: on the binary jar as published, then with the rewritten
   * classes ahead of it.
   *
   * @return the run on the originals, then the run on the rewrites
   */
  static List<TestRun> runTests(Compiled compiled, List<String> testClasses, Path work)
      throws IOException, InterruptedException {
    List<Dependency> deps = new ArrayList<>();
    deps.add(new Dependency(coordinates(compiled.jar()), "tests", "test-jar", List.of("*:*")));
    for (String d : binary(compiled.jar()).testDependencies()) {
      deps.add(new Dependency(d, "", "jar", List.of()));
    }
    List<Path> runner = resolve(Map.of("tests", deps), work.resolve("resolve")).get("tests");
    List<Path> classpath = Stream.concat(compiled.classpath().stream(), runner.stream()).toList();
    List<Path> rewritten =
        Stream.concat(Stream.of(compiled.classes()), classpath.stream()).toList();
    return List.of(
        junit(classpath, testClasses, work.resolve("original.log")),
        junit(rewritten, testClasses, work.resolve("rewritten.log")));
  }

  private static TestRun junit(List<Path> classpath, List<String> testClasses, Path log)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(
        classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    command.add("org.junit.runner.JUnitCore");
    command.addAll(testClasses);
    run(command, log);
    List<String> lines = Files.readAllLines(log);
    int tests = -1;
    List<String> failures = new ArrayList<>();
    for (String line : lines) {
      Matcher ok = JUNIT_OK.matcher(line);
      Matcher failed = JUNIT_FAILED.matcher(line);
      Matcher failure = JUNIT_FAILURE.matcher(line);
      if (ok.matches() || failed.matches()) {
        tests = Integer.parseInt((ok.matches() ? ok : failed).group(1));
      } else if (failure.matches()) {
        failures.add(failure.group(1));
      }
    }
    if (tests < 0) {
      throw new IllegalStateException("no JUnit summary in the tests' output:\n" + tail(log));
    }
    return new TestRun(tests, failures, tail(log));
  }

  /** The names {@code <Class>Test} of the top-level classes of a project's rewritten files. */
  static List<String> testClassesOf(PrecisionSuite.Rewritten project) {
    return project.files().stream()
        .map(f -> project.root().relativize(f.path().toAbsolutePath()).toString())
        .map(p -> p.substring(0, p.length() - ".java".length()).replace(File.separatorChar, '.'))
        .map(name -> name + "Test")
        .toList();
  }

  /** javac on the project's files as {@code text} gives them, into {@code dir/classes}. */
  private static List<String> javac(
      PrecisionSuite.Rewritten project,
      Function<FileFix, String> text,
      List<Path> classpath,
      Path dir)
      throws IOException {
    List<Path> sources = new ArrayList<>();
    for (FileFix file : project.files()) {
      Path source =
          dir.resolve("src").resolve(project.root().relativize(file.path().toAbsolutePath()));
      Files.createDirectories(source.getParent());
      Files.writeString(source, text.apply(file));
      sources.add(source);
    }
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options =
        List.of(
            "-proc:none",
            "-implicit:none",
            "-nowarn",
            "-Xlint:none",
            "-d",
            classes.toString(),
            "-classpath",
            classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      javac
          .getTask(
              null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources))
          .call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(ProjectBinaries::oneLine)
        .toList();
  }

  private static String oneLine(Diagnostic<? extends JavaFileObject> d) {
    String file = d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName() + ":";
    return file
        + d.getLineNumber()
        + ": "
        + d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
  }

  /** {@code group:artifact:version}, from where the sources jar lies in the local repository. */
  private static String coordinates(String jar) {
    Path sources = PrecisionSuite.sourcesJar(jar).toAbsolutePath();
    Path relative = localRepository().relativize(sources);
    int n = relative.getNameCount();
    if (relative.startsWith("..") || n < 4) {
      throw new IllegalStateException(
          sources + " is not in the local repository " + localRepository());
    }
    String group =
        Stream.iterate(0, i -> i < n - 3, i -> i + 1)
            .map(i -> relative.getName(i).toString())
            .collect(Collectors.joining("."));
    return group + ":" + relative.getName(n - 3) + ":" + relative.getName(n - 2);
  }

  /**
   * One class path per name: the dependencies with what they need at run time, resolved by one
   * Maven run over a reactor of generated poms, one module per name.
   */
  private static Map<String, List<Path>> resolve(Map<String, List<Dependency>> wanted, Path dir)
      throws IOException {
    StringBuilder modules = new StringBuilder();
    Map<String, Path> outputs = new LinkedHashMap<>();
    for (Map.Entry<String, List<Dependency>> e : wanted.entrySet()) {
      String module = "m" + outputs.size();
      Path pom = Files.createDirectories(dir.resolve(module)).resolve("pom.xml");
      Files.writeString(pom, pom(module, e.getValue()));
      modules.append("<module>").append(module).append("</module>");
      outputs.put(e.getKey(), pom.resolveSibling("classpath.txt"));
    }
    Files.writeString(
        dir.resolve("pom.xml"),
        project("reactor", "<packaging>pom</packaging><modules>" + modules + "</modules>"));
    List<String> command =
        List.of(
            property("forkscope.mvn", "mvn"),
            "-B",
            "-ntp",
            "-q",
            "-Dmaven.repo.local=" + localRepository(),
            "-f",
            dir.resolve("pom.xml").toString(),
            "org.apache.maven.plugins:maven-dependency-plugin:"
                + property("forkscope.dependencyPlugin", "3.8.1")
                + ":build-classpath",
            "-Dmdep.includeScope=runtime");
    Path log = dir.resolve("maven.log");
    int status;
    try {
      status = run(command, log);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while Maven resolved " + wanted.keySet(), e);
    }
    if (status != 0) {
      throw new IllegalStateException(
          "Maven could not resolve the binaries of "
              + wanted.keySet()
              + " (a dependency that is not on Maven Central goes in precision/binaries.tsv):\n"
              + tail(log));
    }
    Map<String, List<Path>> classpaths = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : outputs.entrySet()) {
      String text = Files.readString(e.getValue()).strip();
      classpaths.put(e.getKey(), Stream.of(text.split(File.pathSeparator)).map(Path::of).toList());
    }
    return classpaths;
  }

  private static String pom(String module, List<Dependency> dependencies) {
    StringBuilder deps = new StringBuilder();
    for (Dependency d : dependencies) {
      String[] gav = d.coordinates().split(":");
      deps.append("<dependency><groupId>")
          .append(gav[0])
          .append("</groupId><artifactId>")
          .append(gav[1])
          .append("</artifactId><version>")
          .append(gav[2])
          .append("</version>");
      if (!d.classifier().isEmpty()) {
        deps.append("<classifier>").append(d.classifier()).append("</classifier>");
      }
      deps.append("<type>").append(d.type()).append("</type><exclusions>");
      for (String exclusion : d.exclusions()) {
        String[] ga = exclusion.split(":");
        deps.append("<exclusion><groupId>")
            .append(ga[0])
            .append("</groupId><artifactId>")
            .append(ga[1])
            .append("</artifactId></exclusion>");
      }
      deps.append("</exclusions></dependency>");
    }
    return project(
        module,
        "<properties><mdep.outputFile>${project.basedir}/classpath.txt</mdep.outputFile>"
            + "</properties><dependencies>"
            + deps
            + "</dependencies>");
  }

  private static String project(String artifactId, String body) {
    return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
        + "<groupId>forkscope.precision</groupId><artifactId>"
        + artifactId
        + "</artifactId><version>1</version>"
        + body
        + "</project>";
  }

  /** Runs a command, its output to {@code log}; ten minutes is a hang guard, not a budget. */
  private static int run(List<String> command, Path log) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException(command.get(0) + " hung for 10 minutes; its log is " + log);
    }
    return process.exitValue();
  }

  /** The last lines of a log, which the temporary directory does not outlive. */
  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  private static Path localRepository() {
    return Path.of(property("forkscope.m2", System.getProperty("user.home") + "/.m2/repository"))
        .toAbsolutePath();
  }

  private static String property(String name, String otherwise) {
    String value = System.getProperty(name, "");
    return value.isBlank() ? otherwise : value;
  }

  /** Whether binaries.tsv says what the project's own tests need. */
  static boolean hasTests(String jar) {
    return !binary(jar).testDependencies().isEmpty();
  }

  private static Binary binary(String jar) {
    for (String[] row : PrecisionSuite.rows("binaries.tsv", 4)) {
      if (row[0].equals(jar)) {
        return new Binary(list(row[1]), list(row[2]));
      }
    }
    return new Binary(List.of(), List.of());
  }

  private static List<String> list(String cell) {
    return cell.equals("-") ? List.of() : List.of(cell.split(","));
  }
}
