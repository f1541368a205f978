package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.agent.contract.AgentOptions.Cpu;
import dev.forkscope.profile.layers.LayerFiles;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilerAgentTest {
  private static final AgentOptions CPU_OFF = AgentOptions.defaults().withCpu(Cpu.OFF);

  @TempDir Path dir;

  @Test
  void extractsOnceUnderANameKeyedByTheContent() throws IOException {
    Path first =
        ProfilerAgent.extract(new byte[] {1, 2, 3}, dir.resolve("cache"), "forkscope-agent-");
    Path again =
        ProfilerAgent.extract(new byte[] {1, 2, 3}, dir.resolve("cache"), "forkscope-agent-");
    Path other = ProfilerAgent.extract(new byte[] {4, 5}, dir.resolve("cache"), "forkscope-agent-");

    assertThat(again).isEqualTo(first);
    assertThat(other).isNotEqualTo(first);
    assertThat(Files.readAllBytes(first)).containsExactly(1, 2, 3);
    assertThat(first.getFileName().toString()).matches("forkscope-agent-[0-9a-f]{16}\\.jar");
  }

  @Test
  void theAgentGoesRightAfterTheLauncher() {
    List<String> argv =
        ProfilerAgent.command(
            List.of("java", "-Xmx1g", "-cp", "app.jar", "Main"),
            dir,
            AgentOptions.defaults().withCpu(Cpu.OFF).withContexts(false),
            ProfilerAgent.Layering.OFF);

    assertThat(argv)
        .hasSize(7 + ProfilerAgent.jitOptions().size())
        .startsWith("java")
        .endsWith("-Xmx1g", "-cp", "app.jar", "Main");
    assertThat(argv.get(1))
        .startsWith("-javaagent:" + ProfilerAgent.jar())
        .endsWith("=out=" + dir.toAbsolutePath() + ",cpu=off,contexts=false,waits=off");
  }

  @Test
  void theRecorderGoesOnTheBootClassPathAtLaunchSoThatClassSharingStaysOn() throws Exception {
    List<String> argv =
        ProfilerAgent.command(
            List.of("java", "-cp", "app.jar", "Main"), dir, CPU_OFF, ProfilerAgent.Layering.OFF);

    assertThat(argv.get(2)).startsWith("-Xbootclasspath/a:");
    Path boot = Path.of(argv.get(2).substring("-Xbootclasspath/a:".length()));
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(boot.toFile())) {
      assertThat(zip.getEntry("dev/forkscope/agent/boot/Recorder.class")).isNotNull();
    }
  }

  @Test
  void theRecorderFindsTheTraceFormatBesideItOnTheBootClassPath() throws Exception {
    Path boot = ProfilerAgent.bootJar(ProfilerAgent.jar());
    try (URLClassLoader recorder = new URLClassLoader(new URL[] {boot.toUri().toURL()}, null)) {
      Class<?> format =
          Class.forName("dev.forkscope.agent.boot.contract.TraceFormat", true, recorder);
      assertThat(format.getMethod("zigzag", long.class).invoke(null, -1L)).isEqualTo(1L);
    }
  }

  @Test
  void theJitOptionsNameMethodsTheRecorderHas() throws Exception {
    List<String> argv =
        ProfilerAgent.command(
            List.of("java", "-cp", "app.jar", "Main"), dir, CPU_OFF, ProfilerAgent.Layering.OFF);
    List<String> jit = ProfilerAgent.jitOptions();
    assertThat(argv.subList(3, 3 + jit.size())).isEqualTo(jit); // then the program's options
    assertThat(jit.get(0)).isEqualTo("-XX:CompileCommand=quiet");

    Path boot = Path.of(argv.get(2).substring("-Xbootclasspath/a:".length()));
    try (URLClassLoader recorder = new URLClassLoader(new URL[] {boot.toUri().toURL()}, null)) {
      for (String option : jit.subList(1, jit.size())) {
        String method = option.substring("-XX:CompileCommand=dontinline,".length());
        String[] owner = method.split("::");
        String name = owner[1];
        assertThat(Class.forName(owner[0], false, recorder).getDeclaredMethods())
            .as(method)
            .extracting(Method::getName)
            .anyMatch(m -> name.startsWith("*") ? m.endsWith(name.substring(1)) : m.equals(name));
      }
    }
  }

  @Test
  void byDefaultTheGcLogAndTheAgentsSamplesRecordTheJvmLayer() throws Exception {
    List<String> argv =
        ProfilerAgent.command(List.of("java", "-cp", "app.jar", "Main"), dir, CPU_OFF);

    Path out = dir.toAbsolutePath();
    assertThat(argv)
        .hasSize(7 + ProfilerAgent.jitOptions().size())
        .startsWith("java")
        .endsWith("-cp", "app.jar", "Main");
    assertThat(argv.get(1)).endsWith(",cpu=off");
    assertThat(argv.get(3))
        .isEqualTo(
            "-Xlog:gc,gc+phases:file=\"" + out.resolve(LayerFiles.GC) + "\":timenanos:filecount=0");
    assertThat(out.resolve(LayerFiles.JFC)).doesNotExist();
    assertThat(Files.readString(out.resolve(LayerFiles.CLOCK))).startsWith("start ");
  }

  @Test
  void withJfrFlightRecorderRecordsTheJvmLayerIntoTheTraceDirectory() throws Exception {
    List<String> argv =
        ProfilerAgent.command(
            List.of("java", "-cp", "app.jar", "Main"), dir, CPU_OFF, ProfilerAgent.Layering.JFR);

    Path out = dir.toAbsolutePath();
    assertThat(argv.get(1)).endsWith(",cpu=off,waits=off");
    assertThat(argv)
        .hasSize(8 + ProfilerAgent.jitOptions().size())
        .startsWith("java")
        .endsWith("-cp", "app.jar", "Main");
    assertThat(argv.get(3))
        .isEqualTo(
            "-XX:StartFlightRecording=settings="
                + out.resolve(LayerFiles.JFC)
                + ",filename="
                + out.resolve(LayerFiles.JFR)
                + ",dumponexit=true");
    assertThat(argv.get(4)).isEqualTo("-Xlog:jfr+startup=error");
    assertThat(Files.readString(out.resolve(LayerFiles.JFC)))
        .contains("jdk.ThreadPark", "jdk.JavaMonitorEnter", "jdk.ThreadSleep", "jdk.GCPhasePause");
    assertThat(Files.readString(out.resolve(LayerFiles.CLOCK))).startsWith("start ");
  }

  @Test
  void aCommaInTheTraceDirectoryIsRefused() {
    assertThatThrownBy(() -> ProfilerAgent.argument(dir.resolve("a,b"), AgentOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("contains a comma");
  }
}
