package dev.forkscope.lsp;

import java.io.IOException;
import java.io.PrintStream;

/**
 * The server on standard input and output as {@code forkscope lsp} starts it (cli's {@code
 * LspCommand}), run from the test class path so that {@link NeovimClientTest} needs no jar.
 */
final class StdioServer {
  private StdioServer() {}

  public static void main(String[] args) throws IOException {
    PrintStream protocol = System.out;
    System.setOut(System.err);
    System.exit(ForkscopeLanguageServer.serve(System.in, protocol));
  }
}
