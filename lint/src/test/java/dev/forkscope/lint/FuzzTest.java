package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.type.VarType;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzing the rules: real code and a mutated copy of it (the declared types of locals erased to
 * {@code var}, then statement lines deleted, from a seed per file) must never make a rule throw.
 *
 * <p>The quick form, run in every build, lints a deterministic sample of the JDK's {@code src.zip}
 * (see {@link #sampled}), all of jsr166y and extra166y, and the rules' own test fixtures. The full
 * form lints every Java file of each source archive, run by hand:
 *
 * <pre>
 * mvn -pl lint -am test -Dtest=FuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dforkscope.fuzz.all=true [-Dforkscope.fuzz.zips=a-sources.jar:b.zip]
 * </pre>
 */
class FuzzTest {
  private static final int STRIDE = 80;
  private static final boolean ALL = Boolean.getBoolean("forkscope.fuzz.all");

  @TempDir Path dir;

  @Test
  void realCodeAndItsMutantsMakeNoRuleThrow() throws IOException {
    Path originals = dir.resolve("originals");
    Path mutants = dir.resolve("mutants");
    int files = 0;
    List<Path> archives = archives();
    for (int i = 0; i < archives.size(); i++) {
      // two JDKs' archives share a name
      String label = i + "-" + archives.get(i).getFileName();
      files += copy(archives.get(i), originals.resolve(label), mutants.resolve(label));
    }
    files += copyFixtures(originals.resolve("fixtures"), mutants.resolve("fixtures"));
    assertThat(files).as("Java files from %s", archives).isGreaterThan(30);
    for (Path tree : List.of(originals, mutants)) {
      LintResult result = Linter.builder().build().lint(List.of(tree));
      if (ALL) {
        System.out.printf(
            "fuzz %s: %d files, %d lines, %d analysed, %d not parsed, %d findings, %d failures%n",
            tree.getFileName(),
            result.summary().files(),
            result.summary().lines(),
            result.summary().parsed(),
            result.summary().errors().size(),
            result.summary().findings(),
            result.summary().failures().size());
      }
      assertThat(result.summary().parsed()).isPositive();
      assertThat(result.summary().failures())
          .as(
              "internal errors in %s:%n%s",
              tree.getFileName(),
              result.summary().failures().stream()
                  .map(f -> f + "")
                  .collect(Collectors.joining(System.lineSeparator())))
          .isEmpty();
    }
  }

  /** The JDK's sources, jsr166's sources jars, and in the full form any archives named. */
  private static List<Path> archives() {
    List<Path> zips = new ArrayList<>();
    for (Path zip :
        List.of(
            Path.of(System.getProperty("java.home"), "lib", "src.zip"),
            Path.of("/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip"),
            Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip"))) {
      if (Files.isRegularFile(zip) && (zips.isEmpty() || ALL) && !zips.contains(zip)) {
        zips.add(zip);
      }
    }
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.matches(".*(jsr166y|extra166y)-[0-9.]+-sources\\.jar")) {
        zips.add(Path.of(entry));
      }
    }
    for (String entry : System.getProperty("forkscope.fuzz.zips", "").split(File.pathSeparator)) {
      if (ALL && !entry.isBlank()) {
        zips.add(Path.of(entry));
      }
    }
    return zips;
  }

  /**
   * Copies an archive's Java files (all of them in the full form or for a sources jar, else the
   * sample) and writes a mutant of each; returns how many were copied.
   */
  private static int copy(Path zip, Path originals, Path mutantDir) throws IOException {
    boolean sample = !ALL && zip.getFileName().toString().equals("src.zip");
    Files.createDirectories(originals);
    Files.createDirectories(mutantDir);
    JavaParser parser = parser();
    int copied = 0;
    int others = 0;
    try (ZipFile zf = new ZipFile(zip.toFile())) {
      List<ZipEntry> entries = new ArrayList<>(Collections.list(zf.entries()));
      entries.sort((a, b) -> a.getName().compareTo(b.getName()));
      for (ZipEntry e : entries) {
        if (e.isDirectory()
            || !e.getName().endsWith(".java")
            || sample && !sampled(e.getName(), others++)) {
          continue;
        }
        String text;
        try (InputStream in = zf.getInputStream(e)) {
          text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        keep(e.getName(), text, originals, mutantDir, parser);
        copied++;
      }
    }
    return copied;
  }

  /**
   * Copies the rules' own test fixtures (the labelled corpus and the fix examples: the code each
   * rule is written for) and writes a mutant of each; returns how many.
   */
  private static int copyFixtures(Path originals, Path mutantDir) throws IOException {
    Files.createDirectories(originals);
    Files.createDirectories(mutantDir);
    JavaParser parser = parser();
    int copied = 0;
    for (String fixtures : List.of("/corpus", "/rule-fixes")) {
      Path root;
      try {
        root = Path.of(FuzzTest.class.getResource(fixtures).toURI());
      } catch (java.net.URISyntaxException e) {
        throw new IOException(e);
      }
      try (var paths = Files.walk(root)) {
        for (Path file : paths.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          String name = fixtures + "/" + root.relativize(file);
          keep(name, Files.readString(file), originals, mutantDir, parser);
          copied++;
        }
      }
    }
    return copied;
  }

  /** Writes a file's text and its mutant (seeded by its name) under a flattened name. */
  private static void keep(
      String name, String text, Path originals, Path mutantDir, JavaParser parser)
      throws IOException {
    String flat = name.replace('/', '_');
    Files.writeString(originals.resolve(flat), text);
    Files.writeString(mutantDir.resolve(flat), mutate(text, parser, name.hashCode()));
  }

  private static JavaParser parser() {
    return new JavaParser(
        new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)
            .setAttributeComments(false));
  }

  /**
   * The quick form's sample of a JDK: every other file of java.util.concurrent and java.util.stream
   * (where the JDK's own fork/join, async and stream code lives), and every {@value #STRIDE}th
   * other file of java.base; the index counts the entries seen so far, in name order.
   */
  private static boolean sampled(String name, int index) {
    boolean concurrent =
        name.startsWith("java.base/java/util/concurrent/")
            || name.startsWith("java.base/java/util/stream/");
    return concurrent ? index % 2 == 0 : name.startsWith("java.base/") && index % STRIDE == 0;
  }

  /**
   * Erases the declared type of every local that has a plain initializer to {@code var} (and for
   * half of those initialized by {@code new}, the created type too), then deletes about one in six
   * statement lines; a file that does not parse only loses lines.
   */
  static String mutate(String text, JavaParser parser, long seed) {
    Random random = new Random(seed);
    String erased = text;
    ParseResult<CompilationUnit> parsed = parser.parse(text);
    if (parsed.isSuccessful() && parsed.getResult().isPresent()) {
      CompilationUnit unit = parsed.getResult().get();
      for (VariableDeclarationExpr local : unit.findAll(VariableDeclarationExpr.class)) {
        VariableDeclarator variable = local.getVariable(0);
        Expression init = variable.getInitializer().orElse(null);
        if (local.getVariables().size() == 1 && init != null && inferable(init)) {
          variable.setType(new VarType());
          if (init instanceof ObjectCreationExpr && random.nextBoolean()) {
            // hide the created type as well, as a factory method does
            variable.setInitializer(
                new MethodCallExpr(
                    new NameExpr("java.util.Objects"), "requireNonNull", NodeList.nodeList(init)));
          }
        }
      }
      erased = unit.toString();
    }
    StringBuilder cut = new StringBuilder();
    String previous = "{";
    for (String line : erased.lines().toList()) {
      // a whole statement: its line ends one, and the line before ends another or opens a block
      boolean statement =
          isStatement(line)
              && (previous.endsWith(";") || previous.endsWith("{") || previous.endsWith("}"));
      if (!statement || random.nextInt(6) != 0) {
        cut.append(line).append('\n');
      }
      if (!line.isBlank()) {
        previous = line.strip();
      }
    }
    return cut.toString();
  }

  private static boolean inferable(Expression init) {
    return !(init instanceof ArrayInitializerExpr
        || init instanceof LambdaExpr
        || init instanceof MethodReferenceExpr
        || init instanceof NullLiteralExpr);
  }

  private static boolean isStatement(String line) {
    String code = line.strip();
    return code.endsWith(";")
        && !code.contains("{")
        && !code.contains("}")
        && !code.startsWith("import ")
        && !code.startsWith("package ");
  }
}
