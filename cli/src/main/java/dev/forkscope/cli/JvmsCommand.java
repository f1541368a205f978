package dev.forkscope.cli;

import dev.forkscope.profile.attach.AttachException;
import dev.forkscope.profile.attach.RunningJvms;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code forkscope jvms}: the local JVMs that {@code profile --pid} may attach to. */
@Command(
    name = "jvms",
    mixinStandardHelpOptions = true,
    description = {
      "List the JVMs of this user on this machine that 'forkscope profile --pid PID' can record:"
          + " process id, JDK version, whether forkscope is loaded (no, recording, idle), main"
          + " class."
    })
final class JvmsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    List<RunningJvms.Jvm> jvms;
    try {
      jvms = RunningJvms.list();
    } catch (AttachException e) {
      throw new UserError(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    String row = "%-8s %-12s %-10s %s%n";
    out.printf(row, "PID", "JDK", "FORKSCOPE", "MAIN");
    for (RunningJvms.Jvm j : jvms) {
      out.printf(row, j.pid(), j.jdk(), j.forkscope(), j.mainClass());
    }
    out.flush();
    return Forkscope.OK;
  }
}
