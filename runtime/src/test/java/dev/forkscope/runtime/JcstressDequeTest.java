package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the jcstress tests of {@link WorkDeque} (the {@code Deque*Stress} classes) in a child JVM
 * and fails if any forbidden outcome was observed or any test errored.
 *
 * <p>By default it uses jcstress's {@code sanity} mode with a single JVM configuration and no split
 * compilation (about 10–25 s): it proves the harness, the outcome tables and gross races, but
 * collects too few samples for rare reorderings. For a real hunt pass {@code
 * -Dforkscope.jcstress.mode=quick}, {@code default} or {@code tough}: that mode runs with all of
 * jcstress's JVM configurations (minutes to hours). Removing the full fence from {@code
 * WorkDeque.take} is caught by {@code quick} ({@link DequeTakeVsTwoStealsStress} fails in several
 * configurations) but usually not by {@code sanity}. Reports go to {@code <build dir>/jcstress}.
 */
class JcstressDequeTest {
  private static final String TESTS = "dev\\.forkscope\\.runtime\\.Deque.*Stress";
  private static final Pattern RESULTS =
      Pattern.compile(
          "\\(Results: (\\d+) planned; (\\d+) passed, (\\d+) failed, (\\d+) soft errs, (\\d+) hard errs\\)");

  @Test
  void dequeLitmusTestsObserveNoForbiddenOutcome() throws IOException, InterruptedException {
    String mode = System.getProperty("forkscope.jcstress.mode", "sanity");
    Path reports =
        Path.of(
            System.getProperty(
                "forkscope.jcstress.reports",
                System.getProperty("java.io.tmpdir") + "/forkscope-jcstress"));
    Files.createDirectories(reports);
    Path log = reports.resolve("jcstress-" + mode + ".log");

    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.openjdk.jcstress.Main",
                "-t",
                TESTS,
                "-m",
                mode,
                "-r",
                reports.toString()));
    boolean ciMode = mode.equals("sanity");
    if (ciMode) {
      command.addAll(List.of("-sc", "false", "-jvmArgs", "-Xmx256m"));
    }
    Process jcstress =
        new ProcessBuilder(command)
            .directory(reports.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    boolean exited = jcstress.waitFor(ciMode ? 5 : 600, TimeUnit.MINUTES);
    if (!exited) {
      jcstress.destroyForcibly().waitFor();
    }
    String output = Files.readString(log);

    assertThat(exited).as("jcstress finished in time; log: %s", log).isTrue();
    int planned = -1;
    int passed = -1;
    for (Matcher m = RESULTS.matcher(output); m.find(); ) {
      planned = Integer.parseInt(m.group(1));
      passed = Integer.parseInt(m.group(2));
    }
    assertThat(planned)
        .as("results planned (6 tests at least once each); log: %s", log)
        .isGreaterThanOrEqualTo(6);
    assertThat(passed).as("results passed; log: %s", log).isEqualTo(planned);
    assertThat(output).contains("Failed tests: No matches.").contains("Error tests: No matches.");
    assertThat(jcstress.exitValue()).as("jcstress exit code; log: %s", log).isZero();
  }
}
