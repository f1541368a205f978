package dev.forkscope.cli;

import dev.forkscope.lsp.ForkscopeLanguageServer;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code forkscope lsp}: the language server over standard input and output. Standard output
 * carries only the protocol: anything else that would print there goes to standard error.
 */
@Command(
    name = "lsp",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the language server over standard input and output: lint findings as diagnostics,"
          + " fix's rewrites as quick fixes. Started by an editor, not by hand (see docs/lsp.md).",
      "Exit status: 0 after the client's shutdown and exit, 1 if the client left without them."
    })
final class LspCommand implements Callable<Integer> {

  @Override
  public Integer call() throws IOException {
    PrintStream protocol = System.out;
    System.setOut(System.err);
    try {
      return ForkscopeLanguageServer.serve(System.in, protocol);
    } finally {
      System.setOut(protocol);
    }
  }
}
