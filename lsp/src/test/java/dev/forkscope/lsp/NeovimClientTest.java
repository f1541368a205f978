package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.forkscope.examples.ZooSources;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.fix.Fixer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real editor no one here wrote: a headless Neovim drives {@code forkscope lsp} over standard
 * input and output through {@code neovim/client.lua}, on a three-file Maven-layout project (or the
 * zoo) copied into a temporary directory. One Neovim and one server per scenario; the script writes
 * what it saw to a JSON file that the test asserts on.
 *
 * <p>The script is written for Neovim 0.7, the version Debian 12 ships ({@code .ci/run} installs
 * it). Every wait in it is for an event and has a timeout, so a server that never answers fails the
 * scenario with the step it was waiting for; the process timeout here is only a hang guard. Skipped
 * when {@code nvim} is not installed, except in CI ({@code CI} set), where that fails.
 */
class NeovimClientTest {
  private static final String SAMPLE = "src/main/java/sample/";
  private static final List<String> PROJECT =
      List.of("pom.xml", SAMPLE + "SumTask.java", SAMPLE + "Worker.java", SAMPLE + "Pause.java");
  private static final int WAIT_MS = 90_000;
  private static final int HANG_GUARD_SECONDS = 600;
  private static final Optional<Path> NVIM = onPath("nvim");

  @TempDir Path dir;
  private Path project;

  @BeforeEach
  void copyTheProject() throws IOException {
    if (NVIM.isEmpty() && System.getenv("CI") != null) {
      fail("nvim is not installed; .ci/run installs the Debian package neovim");
    }
    assumeTrue(
        NVIM.isPresent(), "nvim is not installed (apt-get install neovim); Neovim test skipped");
    project = dir.resolve("project");
    for (String file : PROJECT) {
      copyResource("neovim/tree/" + file, project.resolve(file));
    }
  }

  @Test
  void showsTheFindingsOfAnOpenedFile() throws Exception {
    JsonObject result = run("open");

    assertThat(findings(result.getAsJsonArray("diagnostics")))
        .containsExactlyInAnyOrderElementsOf(cliFindings("SumTask.java"));
  }

  @Test
  void showsAFindingReachedFromATaskInAnotherFile() throws Exception {
    JsonObject result = run("crossFile");

    assertThat(cliFindings("Pause.java")).containsExactly("sleepy-worker:8");
    assertThat(findings(result.getAsJsonArray("diagnostics")))
        .containsExactlyInAnyOrderElementsOf(cliFindings("Pause.java"));
  }

  @Test
  void appliesAQuickFixAndTheProjectStillCompiles() throws Exception {
    String before = Files.readString(project.resolve(SAMPLE + "SumTask.java"));

    JsonObject result = run("quickFix");

    String after = Files.readString(project.resolve(SAMPLE + "SumTask.java"));
    assertThat(after).as("SumTask.java after %s", result.get("applied")).isNotEqualTo(before);
    assertThat(compile()).as("javac on the project after the quick fix").isEmpty();
    assertThat(findings(result.getAsJsonArray("diagnosticsAfter")))
        .as("the diagnostics of the fixed text")
        .containsExactlyInAnyOrderElementsOf(cliFindings("SumTask.java"))
        .hasSizeLessThan(2);
  }

  @Test
  void neverAppliesAFixToTextEditedAfterItWasRequested() throws Exception {
    JsonObject result = run("race");

    assertThat(result.get("editedAt").getAsInt())
        .isGreaterThan(result.get("requestedAt").getAsInt());
    assertThat(result.get("finalText").getAsString())
        .as("the buffer after the late answer (%s)", result.get("titles"))
        .isEqualTo(result.get("textAfterEdit").getAsString());
  }

  @Test
  void showsAParseErrorAndKeepsTheFindingsAwayFromIt() throws Exception {
    JsonObject result = run("parseError");

    JsonArray shown = result.getAsJsonArray("diagnostics");
    int broken = result.get("brokenLine").getAsInt();
    assertThat(shown.asList())
        .as("an error on the broken line %d", broken)
        .anyMatch(
            d ->
                d.getAsJsonObject().get("line").getAsInt() == broken
                    && d.getAsJsonObject().get("severity").getAsInt() == 1);
    assertThat(findings(shown))
        .as("the findings before the stray token, kept")
        .containsAll(findings(result.getAsJsonArray("before")))
        .contains("copy-on-fork:23");
  }

  /**
   * The zoo in a Maven layout, every file opened: the findings Neovim shows are lint's, file by
   * file, and the quick fixes it offers are as many as the rewrites {@code forkscope fix} makes.
   */
  @Test
  void showsTheZoosFindingsAndOffersEveryFixTheCliMakes() throws Exception {
    Path zoo = dir.resolve("zoo");
    List<Path> files = ZooSources.extractTo(zoo.resolve("src/main/java"));
    List<Finding> cli = Linter.builder().build().lint(List.of(zoo)).findings();
    int cliFixes = Fixer.builder().build().fix(List.of(zoo)).fixCount();

    JsonObject result = run("zoo", zoo, files);

    int shown = 0;
    int offered = 0;
    for (JsonElement e : result.getAsJsonArray("files")) {
      JsonObject file = e.getAsJsonObject();
      Path path = Path.of(file.get("path").getAsString());
      assertThat(findings(file.getAsJsonArray("diagnostics")))
          .as(path.toString())
          .containsExactlyInAnyOrderElementsOf(
              cli.stream()
                  .filter(f -> f.file().equals(path))
                  .map(f -> f.rule().id() + ":" + (f.line() - 1))
                  .toList());
      shown += file.getAsJsonArray("diagnostics").size();
      offered += file.getAsJsonArray("fixes").size();
    }
    assertThat(result.getAsJsonArray("files")).hasSize(files.size());
    assertThat(offered).as("quick fixes offered in Neovim").isEqualTo(cliFixes).isPositive();
    System.out.printf(
        "zoo in Neovim: %d findings shown, %d by lint; %d quick fixes offered, %d by fix%n",
        shown, cli.size(), offered, cliFixes);
  }

  private JsonObject run(String scenario) throws Exception {
    return run(scenario, project, List.of());
  }

  /** Runs client.lua for one scenario and returns what it wrote, failing with its error. */
  private JsonObject run(String scenario, Path root, List<Path> files) throws Exception {
    Path script = copyResource("neovim/client.lua", dir.resolve("client.lua"));
    Path resultFile = dir.resolve(scenario + ".json");
    Path log = dir.resolve("nvim.log");
    JsonArray command = new JsonArray();
    for (String part :
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            StdioServer.class.getName())) {
      command.add(part);
    }
    ProcessBuilder builder =
        new ProcessBuilder(
                NVIM.orElseThrow().toString(),
                "--headless",
                "--clean",
                "-n",
                "-c",
                "luafile " + script)
            .directory(root.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Map<String, String> env = builder.environment();
    env.put("FORKSCOPE_LSP_CMD", command.toString());
    env.put("FORKSCOPE_ROOT", root.toString());
    JsonArray toOpen = new JsonArray();
    files.forEach(f -> toOpen.add(f.toString()));
    env.put("FORKSCOPE_FILES", toOpen.toString());
    env.put("FORKSCOPE_SCENARIO", scenario);
    env.put("FORKSCOPE_RESULT", resultFile.toString());
    env.put("FORKSCOPE_WAIT_MS", String.valueOf(WAIT_MS));
    // nvim's own state, log and cache stay in the temporary directory
    for (String xdg :
        List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
      env.put(xdg, dir.resolve("xdg").toString());
    }
    Process nvim = builder.start();
    if (!nvim.waitFor(HANG_GUARD_SECONDS, TimeUnit.SECONDS)) {
      nvim.descendants().forEach(ProcessHandle::destroyForcibly);
      nvim.destroyForcibly();
      fail("nvim did not quit within %d s; its output:%n%s", HANG_GUARD_SECONDS, tail(log));
    }
    if (!Files.exists(resultFile)) {
      fail("nvim wrote no result (exit %d); its output:%n%s", nvim.exitValue(), tail(log));
    }
    JsonObject result = JsonParser.parseString(Files.readString(resultFile)).getAsJsonObject();
    if (!result.get("ok").getAsBoolean()) {
      fail(
          "scenario %s failed at step '%s': %s%nnvim's output:%n%s",
          scenario, result.get("step"), result.get("error").getAsString(), tail(log));
    }
    return result;
  }

  /** {@code rule:line} (0-based, as LSP counts) of each diagnostic. */
  private static List<String> findings(JsonArray diagnostics) {
    List<String> out = new ArrayList<>();
    for (JsonElement d : diagnostics) {
      JsonObject o = d.getAsJsonObject();
      out.add(o.get("code").getAsString() + ":" + o.get("line").getAsInt());
    }
    return out;
  }

  /** What {@code forkscope lint} reports for one file of the project, as {@code rule:line}. */
  private List<String> cliFindings(String file) throws IOException {
    return Linter.builder().build().lint(List.of(project)).findings().stream()
        .filter(f -> f.file().getFileName().toString().equals(file))
        .map(f -> f.rule().id() + ":" + (f.line() - 1))
        .toList();
  }

  /** javac's errors on the project's sources; empty when it compiles. */
  private List<String> compile() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> errors = new DiagnosticCollector<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(project.resolve(SAMPLE))) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      javac
          .getTask(
              null,
              files,
              errors,
              List.of("-d", dir.resolve("classes").toString(), "-proc:none"),
              null,
              files.getJavaFileObjectsFromPaths(sources))
          .call();
    }
    return errors.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(Object::toString)
        .toList();
  }

  private static Path copyResource(String name, Path target) throws IOException {
    Files.createDirectories(target.getParent());
    try (InputStream in = NeovimClientTest.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      Files.copy(in, target);
    }
    return target;
  }

  private static String tail(Path log) throws IOException {
    if (!Files.exists(log)) {
      return "(none)";
    }
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  private static Optional<Path> onPath(String program) {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .filter(d -> !d.isEmpty())
        .map(d -> Path.of(d, program))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
