package dev.forkscope.cli;

import dev.forkscope.io.UnwritableFileException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code forkscope} command line.
 *
 * <p>Exit codes are a contract (see the README): 0 success and nothing found, 1 findings or a
 * failed benchmark check, 2 the user's mistake (one line, no stack trace), 3 an internal error.
 */
@Command(
    name = "forkscope",
    mixinStandardHelpOptions = true,
    versionProvider = Forkscope.Version.class,
    description =
        "Find, measure and fix parallelism bottlenecks in fork/join and task-parallel JVM programs.",
    subcommands = {
      CommandLine.HelpCommand.class,
      LintCommand.class,
      FixCommand.class,
      DemoCommand.class,
      BenchCommand.class,
      ProfileCommand.class,
      JvmsCommand.class,
      ReportCommand.class,
      LspCommand.class,
    })
public final class Forkscope implements Runnable {

  public static final int OK = 0;
  public static final int FINDINGS = 1;
  public static final int USAGE = 2;
  public static final int INTERNAL = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit code; the entry point for tests. */
  public static int run(String... args) {
    return commandLine().execute(args);
  }

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Forkscope());
    cl.setExitCodeExceptionMapper(Forkscope::exitCodeOf);
    cl.setParameterExceptionHandler(Forkscope::usageError);
    cl.setExecutionExceptionHandler(Forkscope::executionError);
    return cl;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  private static int exitCodeOf(Throwable t) {
    return isUsersMistake(t) ? USAGE : INTERNAL;
  }

  private static boolean isUsersMistake(Throwable t) {
    return t instanceof UserError || t instanceof UnwritableFileException;
  }

  /**
   * Prints the parse error and where to get help: "Try 'forkscope --help'" for the top-level
   * command, "Try 'forkscope lint --help'" for a subcommand (its qualified name).
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    PrintWriter err = e.getCommandLine().getErr();
    err.println("forkscope: " + e.getMessage());
    err.println(
        "Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
    return USAGE;
  }

  private static int executionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
    PrintWriter err = cl.getErr();
    if (isUsersMistake(e)) {
      err.println("forkscope: " + e.getMessage());
      return USAGE;
    }
    err.println("forkscope: internal error: " + e);
    err.println("forkscope: details follow; please report them with the command you ran.");
    e.printStackTrace(err);
    return INTERNAL;
  }

  /** Reads the version from the jar's manifest, falling back to "dev" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Forkscope.class.getPackage().getImplementationVersion();
      return new String[] {"forkscope " + (v == null ? "dev" : v)};
    }
  }
}
