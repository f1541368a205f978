package dev.forkscope.profile.attach;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The calls into {@code jdk.attach}, kept apart so that {@link RunningJvms} can tell a runtime
 * without that module before any of its classes is needed.
 *
 * <p>A process is attached to only when it is known to be a JVM: HotSpot's attach mechanism starts
 * by sending the process SIGQUIT, which ends a process that is not a JVM (JDK 17 does not check). A
 * JVM is known from its performance-data file ({@code VirtualMachine.list()}), or, for one started
 * with {@code -XX:-UsePerfData}, from the JVM library in its memory map.
 */
final class AttachApi {
  private AttachApi() {}

  static List<RunningJvms.Jvm> list() {
    List<RunningJvms.Jvm> jvms = new ArrayList<>();
    String self = Long.toString(ProcessHandle.current().pid());
    for (VirtualMachineDescriptor d : VirtualMachine.list()) {
      if (d.id().equals(self)) {
        continue;
      }
      String main = d.displayName().isBlank() ? "?" : d.displayName().split(" ", 2)[0];
      String jdk = "?";
      String forkscope = "no";
      try {
        VirtualMachine vm = VirtualMachine.attach(d);
        try {
          Properties p = vm.getSystemProperties();
          jdk = p.getProperty("java.version", "?");
          String state = p.getProperty("dev.forkscope.agent");
          forkscope = state == null ? "no" : state;
        } finally {
          vm.detach();
        }
      } catch (AttachNotSupportedException | IOException | RuntimeException e) {
        forkscope = "?"; // another user's JVM, or one that refuses attachment
      }
      long pid;
      try {
        pid = Long.parseLong(d.id());
      } catch (NumberFormatException e) {
        continue;
      }
      jvms.add(new RunningJvms.Jvm(pid, main, jdk, forkscope));
    }
    return jvms;
  }

  /** Loads the agent jar into JVM {@code pid} with {@code options}. */
  static void load(long pid, String jar, String options) throws AttachException {
    String id = Long.toString(pid);
    if (!isJvm(id)) {
      throw new AttachException("process " + pid + " is not a Java virtual machine");
    }
    VirtualMachine vm;
    try {
      vm = VirtualMachine.attach(id);
    } catch (AttachNotSupportedException | IOException e) {
      throw new AttachException(
          "cannot attach to JVM "
              + pid
              + " ("
              + oneLine(e)
              + "); was it started with -XX:+DisableAttachMechanism, or by another user?");
    }
    try {
      String version = vm.getSystemProperties().getProperty("java.specification.version", "0");
      if (feature(version) < 17) {
        throw new AttachException(
            "JVM " + pid + " runs Java " + version + "; forkscope attaches to Java 17 or later");
      }
      vm.loadAgent(jar, options);
    } catch (AgentLoadException e) {
      throw new AttachException(
          "JVM "
              + pid
              + " refuses to load agents while it runs ("
              + oneLine(e)
              + "); start it with -XX:+EnableDynamicAgentLoading");
    } catch (AgentInitializationException e) {
      throw new AttachException("the agent failed in JVM " + pid + ": " + oneLine(e));
    } catch (IOException e) {
      throw new AttachException("lost the connection to JVM " + pid + ": " + oneLine(e));
    } finally {
      try {
        vm.detach();
      } catch (IOException e) {
        // the target closed the connection: nothing is left open on this side
      }
    }
  }

  private static boolean isJvm(String id) {
    for (VirtualMachineDescriptor d : VirtualMachine.list()) {
      if (d.id().equals(id)) {
        return true;
      }
    }
    try {
      return Files.readString(Path.of("/proc", id, "maps"), StandardCharsets.ISO_8859_1)
          .contains("/libjvm.");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static int feature(String specificationVersion) {
    try {
      String v = specificationVersion.startsWith("1.") ? "1" : specificationVersion;
      return Integer.parseInt(v.split("\\.")[0]);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String oneLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse("").trim();
  }
}
