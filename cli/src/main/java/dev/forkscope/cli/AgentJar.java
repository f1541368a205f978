package dev.forkscope.cli;

import dev.forkscope.io.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The profiler's {@code -javaagent} jar. The cli jar carries it as the resource {@value #RESOURCE};
 * a JVM can only load an agent from a file, so it is extracted once into the user's cache directory
 * under a name keyed by its content hash (a new build gets a new file; concurrent runs write the
 * same bytes and move them into place atomically). The system property {@value #OVERRIDE} names a
 * jar to use instead, for development.
 */
final class AgentJar {

  static final String RESOURCE = "/forkscope-agent.jar";
  static final String OVERRIDE = "forkscope.agent.jar";

  private AgentJar() {}

  /** The agent jar's path on disk; an internal error when this build does not carry it. */
  static Path locate() {
    String override = System.getProperty(OVERRIDE);
    if (override != null) {
      Path jar = Path.of(override);
      if (!Files.isRegularFile(jar)) {
        throw new UserError("agent jar " + override + " (from -D" + OVERRIDE + ") does not exist");
      }
      return jar;
    }
    byte[] bytes;
    try (InputStream in = AgentJar.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "this forkscope build does not carry the agent jar ("
                + RESOURCE
                + "); build it with 'mvn package'");
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return extract(bytes, cacheDir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot extract the agent jar into " + cacheDir(), e);
    }
  }

  static Path extract(byte[] bytes, Path dir) throws IOException {
    Path jar = dir.resolve("forkscope-agent-" + sha256(bytes).substring(0, 16) + ".jar");
    if (Files.isRegularFile(jar) && Files.size(jar) == bytes.length) {
      return jar;
    }
    Files.createDirectories(dir);
    AtomicFiles.writeBytes(jar, out -> out.write(bytes));
    return jar;
  }

  private static Path cacheDir() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("forkscope");
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
