package dev.forkscope.cli;

import picocli.CommandLine.Model.CommandSpec;

/** The tool version that reports carry. */
final class Versions {
  private Versions() {}

  /**
   * forkscope's version as the root command reports it, without the leading name ("0.1.0", or
   * "dev").
   */
  static String toolVersion(CommandSpec spec) {
    String[] version = spec.root().version();
    String text = version.length == 0 ? "dev" : version[0];
    return text.startsWith("forkscope ") ? text.substring("forkscope ".length()) : text;
  }
}
