package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.lint.Linter;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fix} on a small shop (test resources {@code fix/pricing}) whose order task submits its
 * lines to the pricing pool and uses the futures, while the order task itself runs in the pricing
 * pool or in the checkout's: the submissions get the guarded rewrite ({@code ForkJoinTask.getPool()
 * == pool ? t.fork() : pool.submit(t)}), which javac accepts, and the shop prices every order the
 * same before and after, each line still in the pricing pool (a line priced elsewhere throws).
 */
class GuardedSubmitFixTest {
  @TempDir Path dir;

  @Test
  void aSubmissionWhoseResultIsUsedGetsTheGuardAndBehavesTheSame() throws Exception {
    Path tree = copyFixture(dir.resolve("pricing"));
    Path pricing = tree.resolve("shop/Pricing.java");
    String before = run(tree, dir.resolve("before"));
    assertThat(before).isEqualTo("18199 18199\n891 891\n0 0\n39696 39696\n");

    CliRun fix = CliRun.of("fix", "--apply", tree.toString());
    assertThat(fix.exitCode()).isEqualTo(Forkscope.FINDINGS);
    assertThat(fix.out()).endsWith("Pricing.java (2 fixes)\n");
    assertThat(fix.err())
        .contains("2 fixes in 1 file applied")
        .contains("0 findings left as suggestions")
        .endsWith("; compiled with javac\n");
    assertThat(Files.readString(pricing))
        .contains(
            "ForkJoinTask<Long> firstPrice = (ForkJoinTask.getPool() == pool ? first.fork() :"
                + " pool.submit(first));",
            "rest.add((ForkJoinTask.getPool() == pool ? new PriceLine(lines[i]).fork() :"
                + " pool.submit(new PriceLine(lines[i]))));");

    assertThat(run(tree, dir.resolve("after"))).isEqualTo(before);
    assertThat(
            Linter.builder()
                .rules(List.of("centralized-pooling"))
                .build()
                .lint(List.of(pricing))
                .findings())
        .as("the guard's submission runs only off the pricing pool's workers")
        .isEmpty();
  }

  private static Path copyFixture(Path to) throws IOException, URISyntaxException {
    Path from = Path.of(GuardedSubmitFixTest.class.getResource("/fix/pricing").toURI());
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        Files.createDirectories(target.getParent());
        Files.copy(file, target);
      }
    }
    return to;
  }

  /** Compiles the shop into {@code classes} and returns what {@code Checkout.run()} prints. */
  private static String run(Path tree, Path classes) throws Exception {
    List<String> sources;
    try (Stream<Path> files = Files.walk(tree)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).toList();
    }
    Files.createDirectories(classes);
    String[] args =
        Stream.concat(Stream.of("-d", classes.toString(), "-proc:none"), sources.stream())
            .toArray(String[]::new);
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args))
        .as("javac on %s", tree)
        .isZero();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      return (String) loader.loadClass("shop.Checkout").getMethod("run").invoke(null);
    }
  }
}
