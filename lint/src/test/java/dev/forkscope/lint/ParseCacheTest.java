package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with a cache of the previous run's parses equals a fresh run and parses only changes. */
class ParseCacheTest {
  @TempDir Path dir;

  private final ParseCache cache = new ParseCache();

  @Test
  void runAfterAChangeEqualsAFreshRunAndParsesOnlyTheChangedFile() throws IOException {
    Path task =
        write(
            "Task.java",
            """
            import java.util.concurrent.RecursiveAction;
            class Task extends RecursiveAction {
                protected void compute() { Helper.pause(); }
            }
            """);
    Path helper =
        write(
            "Helper.java",
            """
            class Helper {
                static void pause() {
                    try { Thread.sleep(5); } catch (InterruptedException e) { }
                }
            }
            """);
    Path other = write("Other.java", "class Other { int x; }\n");
    String brokenText = "class Broken { void f() { xs.parallelStream( } }\n";
    Path broken = write("Broken.java", brokenText);

    LintResult first = cachedRun();
    assertThat(first.findings()).extracting(f -> f.rule().id()).containsExactly("sleepy-worker");
    CompilationUnit taskBefore = cache.unit(task);
    CompilationUnit helperBefore = cache.unit(helper);
    assertThat(taskBefore).isNotNull();
    assertThat(helperBefore).as("parsed on demand, kept too").isNotNull();
    assertThat(cache.unit(other)).as("never parsed").isNull();

    write(
        "Task.java",
        """
        import java.util.concurrent.RecursiveAction;
        class Task extends RecursiveAction {
            protected void compute() { Helper.pause(); synchronized (this) { } }
        }
        """);
    LintResult second = cachedRun();
    assertSameAsFreshRun(second);
    assertThat(second.findings())
        .extracting(f -> f.rule().id())
        .contains("sleepy-worker", "intra-task-sync");
    assertThat(cache.unit(task)).isNotNull().isNotSameAs(taskBefore);
    assertThat(cache.unit(helper)).isSameAs(helperBefore);
    assertThat(second.summary().errors()).extracting(FileError::file).containsExactly(broken);

    // an unchanged path with changed text is never answered from the cache
    write("Helper.java", "class Helper { static void pause() { } }\n");
    LintResult third = cachedRun();
    assertSameAsFreshRun(third);
    assertThat(third.findings()).extracting(f -> f.rule().id()).containsExactly("intra-task-sync");
    assertThat(cache.unit(helper)).isNotSameAs(helperBefore);

    assertThat(cache.get(broken, brokenText)).as("a parse error is kept too").isNotNull();
    Files.delete(broken);
    cachedRun();
    assertThat(cache.unit(task)).as("kept").isNotNull();
    assertThat(cache.get(broken, brokenText)).as("dropped with its file").isNull();
  }

  @Test
  void theOutlineIsKeptWithTheTreeAndListsWhatAWalkOfTheTreeFinds() throws IOException {
    String text =
        """
        import java.util.concurrent.RecursiveAction;
        import java.util.function.Function;
        class Outer extends RecursiveAction {
            protected void compute() { Runnable r = () -> { }; Function<String, Integer> f = String::length; }
            enum Kind { A }
            void local() { record Point(int x) { } class Local { void run() { } } }
        }
        """;
    Path outer = write("Outer.java", text);
    cachedRun();
    ParseCache.Parsed kept = cache.get(outer, text);
    CompilationUnit unit = kept.unit();
    Comparator<Node> same = (a, b) -> a == b ? 0 : 1;
    assertThat(List.<Node>copyOf(kept.outline().types()))
        .usingElementComparator(same)
        .containsExactlyElementsOf(unit.findAll(Node.class, n -> n instanceof TypeDeclaration))
        .hasSize(4);
    assertThat(kept.outline().entryStarts())
        .usingElementComparator(same)
        .containsExactlyElementsOf(
            unit.findAll(
                Node.class,
                n ->
                    n instanceof MethodDeclaration
                        || n instanceof LambdaExpr
                        || n instanceof MethodReferenceExpr))
        .hasSize(5);

    write("Other.java", "class Other { }\n");
    cachedRun();
    assertThat(cache.get(outer, text).outline()).isSameAs(kept.outline());
  }

  private LintResult cachedRun() throws IOException {
    return Linter.builder().cache(cache).build().lint(List.of(dir));
  }

  private void assertSameAsFreshRun(LintResult cached) throws IOException {
    LintResult fresh = Linter.builder().build().lint(List.of(dir));
    assertThat(cached.findings()).isEqualTo(fresh.findings());
    assertThat(cached.summary())
        .usingRecursiveComparison()
        .ignoringFields("millis")
        .isEqualTo(fresh.summary());
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }
}
