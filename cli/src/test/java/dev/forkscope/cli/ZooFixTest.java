package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import dev.forkscope.examples.ZooSources;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.FixWriter;
import dev.forkscope.lint.fix.Fixer;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The zoo proves the fixer: each bottleneck's "before" program goes through {@code fix} for its
 * rule. Where a rewrite is made, the result compiles against the examples, runs in a fresh class
 * loader beside the other examples classes with the same checksum as the original, and lints clean
 * for the rule. Where none is made, the finding comes back as a concrete suggestion that says why.
 */
class ZooFixTest {
  /**
   * The exhibits the fixer rewrites, with the number of fixes; an exhibit not listed must come back
   * as a suggestion.
   */
  private static final Map<String, Integer> FIXES =
      Map.of(
          "copy-on-fork",
          1,
          "sleepy-worker",
          1,
          "centralized-pooling",
          1,
          "scattered-data",
          1,
          "intra-task-sync",
          1,
          "copy-on-join",
          1);

  @TempDir Path dir;

  static List<Exhibit> bottlenecks() {
    return Zoo.exhibits().stream().filter(e -> e.bottleneck() != null).collect(Collectors.toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bottlenecks")
  void beforeIsFixedOrGetsAConcreteSuggestion(Exhibit exhibit) throws Exception {
    ZooSources.extractTo(dir);
    Path before = dir.resolve(exhibit.before().getName().replace('.', '/') + ".java");
    FixResult result = Fixer.builder().rules(List.of(exhibit.ruleId())).build().fix(List.of(dir));
    FileFix file =
        result.files().stream()
            .filter(f -> f.path().toAbsolutePath().normalize().equals(before.toAbsolutePath()))
            .findFirst()
            .orElseThrow();
    int expectedFixes = FIXES.getOrDefault(exhibit.ruleId(), 0);
    assertThat(file.fixes()).as("fixes in %s", before.getFileName()).hasSize(expectedFixes);
    if (expectedFixes == 0) {
      assertThat(file.changed()).isFalse();
      assertThat(file.suggestions())
          .isNotEmpty()
          .allSatisfy(
              s -> {
                assertThat(s.reason()).isNotBlank();
                assertThat(s.before()).isNotBlank();
                assertThat(s.after()).isNotBlank().isNotEqualTo(s.before());
              });
      return;
    }
    assertThat(result.compileCheck()).isEqualTo("compiled with javac");
    FixWriter.write(file);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    compile(before, classes);
    ZooProgram program = (ZooProgram) exhibit.before().getDeclaredConstructor().newInstance();
    int size = Math.max(1, program.defaultSize() / 8); // a sleepy worker sleeps 10 ms a chunk
    long original = program.compute(size);
    assertThat(runFixed(exhibit.before().getName(), classes, size)).isEqualTo(original);
    assertThat(
            Linter.builder()
                .rules(List.of(exhibit.ruleId()))
                .build()
                .lint(List.of(before))
                .findings())
        .isEmpty();
  }

  private static void compile(Path source, Path classes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String classpath = System.getProperty("java.class.path");
    int status =
        javac.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-cp",
            classpath,
            "-proc:none",
            source.toString());
    assertThat(status).as("javac on the fixed %s", source.getFileName()).isZero();
  }

  /** Runs the fixed program's compute(size) with the fixed class first on a fresh class path. */
  private static long runFixed(String name, Path classes, int size) throws Exception {
    URL examples = Zoo.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL(), examples}, ClassLoader.getPlatformClassLoader())) {
      Class<?> program = loader.loadClass(name);
      assertThat(program.getClassLoader()).isSameAs(loader);
      Object instance = program.getDeclaredConstructor().newInstance();
      return (Long) program.getMethod("compute", int.class).invoke(instance, size);
    }
  }
}
