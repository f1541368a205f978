package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalTest {

  @Test
  void silentWhenNotInteractive() {
    StringWriter err = new StringWriter();
    Terminal terminal = new Terminal(new PrintWriter(err), false);
    terminal.status("1/2 files", true);
    terminal.clear();
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void overwritesOneLineThrottledAndClearsIt() {
    StringWriter err = new StringWriter();
    Terminal terminal = new Terminal(new PrintWriter(err), true);
    terminal.status("1/3 files", false);
    terminal.status("2/3 files", false);
    terminal.status("3/3 files", true);
    terminal.clear();
    String shown = err.toString();
    assertThat(shown)
        .contains("\r\033[2K1/3 files", "\r\033[2K3/3 files")
        .doesNotContain("2/3")
        .doesNotContain("\n");
    assertThat(shown).endsWith("3/3 files\r\033[2K");
  }
}
