package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A mistake on the command line: exit code 2, the error, and the help to try, named once. */
class UsageErrorTest {
  @Test
  void topLevelMistakePointsAtTheTopLevelHelp() {
    CliRun run = CliRun.of("--no-such-option");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err()).contains("forkscope: Unknown option: '--no-such-option'");
    assertThat(run.err()).contains("Try 'forkscope --help' for usage.");
    assertThat(run.err()).doesNotContain("forkscope forkscope");
  }

  @Test
  void unknownSubcommandPointsAtTheTopLevelHelp() {
    CliRun run = CliRun.of("lnit", ".");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err()).contains("Try 'forkscope --help' for usage.");
  }

  @Test
  void subcommandMistakePointsAtTheSubcommandHelp() {
    CliRun run = CliRun.of("lint", "--no-such-option", ".");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err()).contains("Try 'forkscope lint --help' for usage.");
    assertThat(run.err().lines().filter(l -> l.startsWith("Try ")).count()).isEqualTo(1);
  }
}
