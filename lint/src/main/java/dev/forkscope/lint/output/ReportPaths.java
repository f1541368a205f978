package dev.forkscope.lint.output;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * How reports name files: relative to a base directory when under it, always with forward slashes.
 */
public final class ReportPaths {
  private final Path base;

  public ReportPaths(Path baseDir) {
    this.base = baseDir.toAbsolutePath().normalize();
  }

  /** True if {@code file} lies under the base directory. */
  boolean isUnderBase(Path file) {
    return absolute(file).startsWith(base);
  }

  /** The file relative to the base directory if under it, otherwise its absolute path. */
  public String display(Path file) {
    Path abs = absolute(file);
    Path shown = abs.startsWith(base) ? base.relativize(abs) : abs;
    return shown.toString().replace(File.separatorChar, '/');
  }

  /** A relative URI reference (percent-encoded) for a file under the base directory. */
  String relativeUri(Path file) {
    try {
      return new URI(null, null, display(file), null).toASCIIString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("cannot express " + file + " as a URI", e);
    }
  }

  /** An absolute {@code file:} URI, for files outside the base directory. */
  String absoluteUri(Path file) {
    return absolute(file).toUri().toASCIIString();
  }

  /** The base directory as a {@code file:} URI ending in a slash, as SARIF's uriBaseIds require. */
  String baseUri() {
    String uri = base.toUri().toASCIIString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  private static Path absolute(Path file) {
    return file.toAbsolutePath().normalize();
  }
}
