package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Linter.Builder#findingsIn}: the findings of the chosen files equal a whole lint's, on
 * random multi-file trees under random edits (bodies, signatures, new and removed types, changed
 * supertypes), and the analysis leaves out files that cannot reach them.
 */
class DependentsTest {
  @TempDir Path dir;

  @Test
  void namesOfATextLeaveOutCommentsAndLiteralsAndFindDeclarations() {
    Dependents.Names names =
        Dependents.Names.of(
            """
            // Ghost in a comment
            class A extends B { /* Hidden */
              int[] size() { return helper("Quoted", 'c') + other(); }
              <T> List<T> wrap(T t) { return new ArrayList<>(); }
              void run() { ForkJoinPool.commonPool(); Task.currentThread(); }
            }
            record R(int x) {}
            sealed interface S<T extends Bound> extends I, J permits K {}
            """);
    assertThat(names.types()).containsExactlyInAnyOrder("A", "R", "S");
    assertThat(names.supertypes()).containsExactlyInAnyOrder("B", "Bound", "I", "J");

    assertThat(names.methods()).containsExactlyInAnyOrder("size", "wrap", "run", "R");
    assertThat(names.used())
        .contains("B", "helper", "other", "ForkJoinPool", "Thread")
        .doesNotContain("Ghost", "Hidden", "Quoted");
  }

  @Test
  void aFileThatNoCallCanReachIsNotAnalysed() throws IOException {
    write("Sleeper", "class Sleeper { static void nap() throws Exception { Thread.sleep(5); } }");
    write(
        "Task",
        "class Task extends java.util.concurrent.RecursiveAction {"
            + " protected void compute() { try { Sleeper.nap(); } catch (Exception e) {} } }");
    write(
        "Other",
        "class Other extends java.util.concurrent.RecursiveAction {"
            + " protected void compute() { try { Thread.sleep(5); } catch (Exception e) {} } }");
    Map<Path, Dependents.Names> names = new TreeMap<>();
    for (Path file : Linter.javaFiles(dir)) {
      names.put(file, Dependents.Names.of(Files.readString(file)));
    }
    Set<Path> reaching =
        new Dependents(names).reaching(List.of(dir.resolve("Sleeper.java")), Analyzer.MAX_DEPTH);
    assertThat(reaching)
        .containsExactlyInAnyOrder(dir.resolve("Sleeper.java"), dir.resolve("Task.java"));
    assertSameAsWholeLint(List.of(dir.resolve("Sleeper.java")));
  }

  @Test
  void aFileWhoseOwnFindingsAreNotReportedStillReachesTheChosenFile() throws IOException {
    write(
        "Sleeper",
        "class Sleeper { static void nap() { try { Thread.sleep(5); } catch (Exception e) {} } }");
    write(
        "Task",
        """
        import java.util.concurrent.*;
        class Task extends RecursiveAction {
          protected void compute() { Sleeper.nap(); }
          static void sizes() {
            for (int t = 1; t <= 8; t *= 2) { new ForkJoinPool(t).invoke(new Task()); }
            CompletableFuture.runAsync(() -> Sleeper.nap());
          }
        }
        """);
    List<Finding> whole = Linter.builder().build().lint(List.of(dir)).findings();
    // Task.java's own finding comes from the pass over its whole tree, which a run reporting only
    // Sleeper.java skips; its two entries (a task, a lambda) still lead into Sleeper.java
    assertThat(whole)
        .filteredOn(f -> f.file().endsWith("Task.java"))
        .extracting(f -> f.rule().id())
        .contains("pool-per-call");
    assertThat(whole)
        .filteredOn(f -> f.file().endsWith("Sleeper.java"))
        .extracting(f -> f.rule().id())
        .contains("sleepy-worker", "blocking-in-async");
    assertSameAsWholeLint(List.of(dir.resolve("Sleeper.java")));
  }

  @Test
  void aChainOfCallsThroughFourFilesIsFollowed() throws IOException {
    write(
        "Task",
        "class Task extends java.util.concurrent.RecursiveAction {"
            + " Middle middle; protected void compute() { middle.first(); } }");
    write("Middle", "class Middle { void first() { Helper.second(); } }");
    write("Helper", "class Helper { static void second() { var b = new Base(); b.third(); } }");
    write("Base", "class Base extends Leaf { void third() { fourth(); } }");
    write(
        "Leaf", "class Leaf { void fourth() { try { Thread.sleep(5); } catch (Exception e) {} } }");
    write("Unrelated", "class Unrelated { void fourth() { } }");
    Map<Path, Dependents.Names> names = new TreeMap<>();
    for (Path file : Linter.javaFiles(dir)) {
      names.put(file, Dependents.Names.of(Files.readString(file)));
    }
    Set<Path> reaching =
        new Dependents(names).reaching(List.of(dir.resolve("Leaf.java")), Analyzer.MAX_DEPTH);
    assertThat(reaching)
        .extracting(p -> p.getFileName().toString())
        .containsExactlyInAnyOrder(
            "Task.java", "Middle.java", "Helper.java", "Base.java", "Leaf.java");
    assertSameAsWholeLint(List.of(dir.resolve("Leaf.java")));
    assertThat(
            Linter.builder()
                .findingsIn(List.of(dir.resolve("Leaf.java")))
                .build()
                .lint(List.of(dir))
                .findings())
        .hasSize(1);
  }

  @Test
  void aMethodReferenceReachesTheImplementationsInFilesItNeverNames() throws IOException {
    write(
        "Runner",
        """
        import java.util.List;
        class Runner {
          void stopAll(List<PeriodicTask> tasks) { tasks.parallelStream().forEach(PeriodicTask::stop); }
        }
        """);
    write("PeriodicTask", "interface PeriodicTask { void stop(); }");
    write("BaseTask", "abstract class BaseTask implements PeriodicTask {}");
    write(
        "SleepyTask",
        "class SleepyTask extends BaseTask {"
            + " public void stop() { try { Thread.sleep(5); } catch (Exception e) {} } }");
    Map<Path, Dependents.Names> names = new TreeMap<>();
    for (Path file : Linter.javaFiles(dir)) {
      names.put(file, Dependents.Names.of(Files.readString(file)));
    }
    Set<Path> reaching =
        new Dependents(names).reaching(List.of(dir.resolve("SleepyTask.java")), Analyzer.MAX_DEPTH);
    assertThat(Linter.builder().build().lint(List.of(dir)).findings())
        .filteredOn(f -> f.file().endsWith("SleepyTask.java"))
        .isNotEmpty();
    assertSameAsWholeLint(List.of(dir.resolve("SleepyTask.java")));
    assertThat(reaching).contains(dir.resolve("Runner.java"));
  }

  @Test
  void anAccessorAStreamElementAndAFunctionalCallAreFollowedThroughNamesInTheirFiles()
      throws IOException {
    // s is typed by the stream's List<Slot>, s.worker() by Slot's component, whose type only
    // Slot.java names; shutdown.call() enters the Callable that Worker.java itself declares
    write(
        "Pool",
        """
        import java.util.List;
        class Pool {
          void stopAll(List<Slot> slots) { slots.parallelStream().forEach(s -> s.worker().stop()); }
        }
        """);
    write("Slot", "record Slot(Worker worker) {}");
    write(
        "Worker",
        """
        import java.util.concurrent.Callable;
        class Worker {
          void stop() { halt(new Shutdown()); }
          boolean halt(Callable<Boolean> shutdown) {
            try { return shutdown.call(); } catch (Exception e) { return false; }
          }
          class Shutdown implements Callable<Boolean> {
            public Boolean call() throws Exception { Thread.sleep(5); return true; }
          }
        }
        """);
    assertThat(Linter.builder().build().lint(List.of(dir)).findings())
        .filteredOn(f -> f.file().endsWith("Worker.java"))
        .isNotEmpty();
    assertSameAsWholeLint(List.of(dir.resolve("Worker.java")));
  }

  @Test
  void randomEditsNeverChangeTheFindingsOfTheChosenFiles() throws IOException {
    for (long seed = 1; seed <= 6; seed++) {
      Random random = new Random(seed);
      Tree tree = new Tree(random);
      for (int edit = 0; edit < 12; edit++) {
        tree.edit();
        tree.writeTo(dir);
        List<Path> files = Linter.javaFiles(dir);
        List<Path> chosen = new ArrayList<>();
        for (Path file : files) {
          if (random.nextInt(3) == 0) {
            chosen.add(file);
          }
        }
        if (chosen.isEmpty() && !files.isEmpty()) {
          chosen.add(files.get(random.nextInt(files.size())));
        }
        assertSameAsWholeLint(chosen);
      }
    }
  }

  private void assertSameAsWholeLint(List<Path> chosen) throws IOException {
    List<Finding> whole = Linter.builder().build().lint(List.of(dir)).findings();
    List<Finding> expected = whole.stream().filter(f -> chosen.contains(f.file())).toList();
    List<Finding> focused =
        Linter.builder().findingsIn(chosen).build().lint(List.of(dir)).findings();
    assertThat(focused).as("findings in %s", chosen).isEqualTo(expected);
  }

  private void write(String type, String text) throws IOException {
    Files.writeString(dir.resolve(type + ".java"), text);
  }

  /**
   * A random project of a few classes that call each other in every way the walk resolves: static
   * calls by type name, inherited calls, fields, locals, {@code var}, chained field accesses,
   * method references to an interface method that classes implement (directly or through a
   * subinterface); entries are tasks, pool lambdas and parallel streams; the code found is sleeps
   * and locks.
   */
  private static final class Tree {
    private final Random random;
    private final Map<String, ClassText> classes = new TreeMap<>();
    private int nextName;

    Tree(Random random) {
      this.random = random;
      for (int i = 0; i < 7; i++) {
        add();
      }
    }

    private void add() {
      String name = "C" + nextName++;
      classes.put(name, new ClassText(name));
    }

    void edit() {
      List<ClassText> all = new ArrayList<>(classes.values());
      ClassText target = all.get(random.nextInt(all.size()));
      switch (random.nextInt(7)) {
        case 0 -> add();
        case 1 -> {
          if (classes.size() > 2) {
            classes.remove(target.name);
          }
        }
        case 2 -> target.parent = randomParent();
        case 3 -> target.methods = 1 + random.nextInt(3);
        case 4 -> target.field = randomClass();
        case 5 -> target.implemented = randomInterface();
        default ->
            target.bodies.set(
                random.nextInt(target.bodies.size()),
                randomBody(target.name, random.nextInt(4) == 0));
      }
    }

    void writeTo(Path dir) throws IOException {
      for (Path old : Linter.javaFiles(dir)) {
        Files.delete(old);
      }
      for (ClassText c : classes.values()) {
        Files.writeString(dir.resolve(c.name + ".java"), c.text());
      }
      Files.writeString(dir.resolve("I0.java"), "interface I0 { void iwork(); }\n");
      Files.writeString(dir.resolve("I1.java"), "interface I1 extends I0 {}\n");
    }

    private String randomClass() {
      List<String> names = new ArrayList<>(classes.keySet());
      return names.isEmpty() ? "C0" : names.get(random.nextInt(names.size()));
    }

    private String randomInterface() {
      return switch (random.nextInt(3)) {
        case 0 -> null;
        case 1 -> "I0";
        default -> "I1";
      };
    }

    private String randomParent() {
      return switch (random.nextInt(5)) {
        case 0, 1 -> null;
        case 2 -> "RecursiveAction";
        default -> randomClass();
      };
    }

    /** A method of a class: {@code c3m1}, {@code c3s0} (static), {@code c3sleep} (static). */
    private static String method(String owner, String kind) {
      return owner.toLowerCase(java.util.Locale.ROOT) + kind;
    }

    /** A random body; it starts execution contexts only if {@code entries}. */
    private String randomBody(String owner, boolean entries) {
      StringBuilder body = new StringBuilder();
      for (int i = random.nextInt(4); i >= 0; i--) {
        String other = randomClass();
        String m = method(randomClass(), "m" + random.nextInt(3));
        String s = method(other, "s" + random.nextInt(2));
        body.append(
            switch (random.nextInt(entries ? 23 : 17)) {
              case 0 -> method(owner, "sleep") + "(5);";
              case 1, 2 -> "try { Thread.sleep(5); } catch (InterruptedException e) {}";
              case 3 -> "synchronized (this) { count++; }";
              case 4, 5, 6, 7 -> other + "." + s + "();";
              case 8, 9 -> m + "();";
              case 10, 11 -> "new " + other + "()." + m + "();";
              case 12, 13 -> "var v" + i + " = new " + other + "(); v" + i + "." + m + "();";
              case 14, 15 -> "field." + m + "();";
              case 16 -> "field.field." + m + "();";
              case 17 -> "List.of(1).parallelStream().forEach(x -> " + m + "());";
              case 18 -> "ForkJoinPool.commonPool().submit(() -> " + other + "." + s + "());";
              case 19, 20, 21 -> "List.of(1).parallelStream().forEach(I0::iwork);";
              default -> "invokeAll(new " + other + "(), new " + other + "());";
            });
        body.append("\n    ");
      }
      return body.toString();
    }

    private final class ClassText {
      final String name;
      String parent;
      String field;
      String implemented;
      int methods;
      final List<String> bodies = new ArrayList<>();

      ClassText(String name) {
        this.name = name;
        parent = randomParent();
        field = randomClass();
        implemented = randomInterface();
        methods = 1 + random.nextInt(3);
        for (int i = 0; i < 7; i++) {
          bodies.add(randomBody(name, i == 0 && random.nextInt(3) == 0));
        }
      }

      String text() {
        StringBuilder text = new StringBuilder();
        text.append("import java.util.List;\n")
            .append("import java.util.concurrent.ForkJoinPool;\n")
            .append("import java.util.concurrent.RecursiveAction;\n\n")
            .append("class ")
            .append(name)
            .append(parent == null ? "" : " extends " + parent)
            .append(implemented == null ? "" : " implements " + implemented)
            .append(" {\n  ")
            .append(field)
            .append(" field;\n  int count;\n\n")
            .append("  protected void compute() {\n    ")
            .append(bodies.get(0))
            .append("\n  }\n");
        for (int i = 0; i < methods; i++) {
          text.append("  void ").append(method(name, "m" + i)).append("() {\n    ");
          text.append(bodies.get(1 + i));
          text.append("\n  }\n");
        }
        for (int i = 0; i < 2; i++) {
          text.append("  static void ").append(method(name, "s" + i)).append("() {\n    ");
          text.append(bodies.get(4 + i));
          text.append("\n  }\n");
        }
        text.append("  public void iwork() {\n    ").append(bodies.get(6)).append("\n  }\n");
        text.append("  static void ")
            .append(method(name, "sleep"))
            .append("(long ms) {\n    try { Thread.sleep(ms); }")
            .append(" catch (InterruptedException e) {}\n  }\n}\n");
        return text.toString();
      }
    }
  }
}
