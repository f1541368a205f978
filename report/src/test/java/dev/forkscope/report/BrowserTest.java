package dev.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page in a real browser: headless Chromium loads it from a file, runs its script and dumps the
 * resulting document, which must hold every section drawn and no error. In CI ({@code CI} set) a
 * missing Chromium fails the test, since {@code .ci/run} installs it; elsewhere the test is skipped
 * with a note.
 */
class BrowserTest {
  @TempDir Path profileDir;

  @Test
  void thePageDrawsEverySectionWithoutAnError() throws Exception {
    Path chromium = chromium();
    SampleRun run = SampleRun.of(2_000);
    Path page =
        HtmlReport.write(
            Files.createDirectories(Path.of("target")), run.trace, run.profile, run.layers);

    Result result = dumpDom(chromium, page);

    assertThat(result.exit).as(result.log).isZero();
    assertThat(result.dom)
        .as("the script ran to its end")
        .contains("data-rendered=\"true\"")
        .doesNotContain("data-error");
    assertThat(result.log).doesNotContainIgnoringCase("uncaught");
    assertThat(result.dom)
        .contains("id=\"class-com_acme_SumTask\"", "id=\"class-com_acme_Poller__Lambda\"")
        .contains("sleepy-worker", "bottleneck 6")
        .contains("id=\"work-span-table\"", "100.0")
        .contains("worker-1", "com.acme.Poller.start(Poller.java:12)")
        .contains("<svg", "class=\"hist\"")
        // the finding's site opens the execution that waited there
        .contains("class=\"site\"", "data-finding=\"0\"", "worker-1 at 50.0 ms: waited 18.0 ms");
    assertThat(result.dom.split("class=\"card ", -1)).hasSizeGreaterThan(1);
  }

  private record Result(int exit, String dom, String log) {}

  private Result dumpDom(Path chromium, Path page) throws IOException, InterruptedException {
    Path log = profileDir.resolve("chromium.log");
    Process p =
        new ProcessBuilder(
                List.of(
                    chromium.toString(),
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--user-data-dir=" + profileDir.resolve("profile"),
                    "--enable-logging=stderr",
                    "--v=0",
                    "--virtual-time-budget=5000",
                    "--dump-dom",
                    page.toUri().toString()))
            .redirectError(log.toFile())
            .start();
    byte[] dom = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish within 60 s");
    }
    return new Result(
        p.exitValue(),
        new String(dom, StandardCharsets.UTF_8),
        Files.readString(log, StandardCharsets.UTF_8));
  }

  private static Path chromium() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    if (System.getenv("CI") != null) {
      fail("Chromium is not installed; .ci/run installs the Debian package chromium");
    }
    assumeTrue(false, "Chromium is not installed (apt-get install chromium); browser test skipped");
    return null;
  }
}
