package dev.forkscope.agent;

import dev.forkscope.agent.boot.Recorder;
import dev.forkscope.agent.contract.AgentOptions;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Starts the recorder and installs the {@link HookTransformer}: classes loaded from now on are
 * hooked as they load, and the JDK classes already loaded that get hooks are retransformed once.
 * The JDK classes with hooks that are not loaded yet are loaded (not initialized) here, so that
 * their instrumentation, tens of milliseconds while ASM runs interpreted, is part of the agent's
 * start-up rather than of the program's first use of an executor. For the same reason the recorder
 * of the thread that will run {@code main} is made here: an external thread that submits a task to
 * an idle pool and joins it runs the task itself if it reaches the join before a woken worker takes
 * it, and making the recorder on the first submission (a few microseconds, interpreted) made main
 * lose that race more often (with the agent, main ran none of WellTuned's 1,024 tasks in 2 of 5
 * runs, and half of them in 5 of 5 once its recorder was made here).
 */
final class Installer {
  private Installer() {}

  static String install(Instrumentation inst, AgentOptions options) {
    String error = openJavaBase(inst);
    if (error != null) {
      return error;
    }
    error = startRecorder(options, null);
    if (error != null) {
      return error;
    }
    inst.addTransformer(new HookTransformer(inst, options.timedMonitors()), true);
    List<Class<?>> loaded = new ArrayList<>();
    for (Class<?> c : inst.getAllLoadedClasses()) {
      String name = c.getName().replace('.', '/');
      if (mayHaveJdkHooks(c, name) && inst.isModifiableClass(c)) {
        loaded.add(c);
      }
    }
    try {
      inst.retransformClasses(loaded.toArray(new Class<?>[0]));
    } catch (UnmodifiableClassException e) {
      return "cannot hook " + e.getMessage();
    }
    for (String name : HookTransformer.jdkClassesWithHooks()) {
      try {
        Class.forName(name.replace('/', '.'), false, null);
      } catch (ClassNotFoundException e) {
        // java.lang.VirtualThread before JDK 21: nothing to hook
      }
    }
    Recorder.prepareCurrentThread();
    return null;
  }

  /**
   * Starts the recorder as {@code options} say; {@code attach} as {@link Recorder#start} takes it.
   * Returns an error, or null.
   */
  static String startRecorder(AgentOptions options, Map<String, Long> attach) {
    return Recorder.start(
        options.out(),
        options.cpu().text(),
        options.contexts(),
        options.sampling(),
        TimeUnit.MILLISECONDS.toNanos(options.waitPeriodMs()),
        options.settings(),
        attach);
  }

  /**
   * Lets java.base read the recorder (the hooks in its classes call it) and open the packages whose
   * wrappers the recorder looks into; null, or an error.
   */
  static String openJavaBase(Instrumentation inst) {
    if (Recorder.class.getClassLoader() != null) {
      return "the recorder was not loaded from the boot class path";
    }
    Module recorder = Recorder.class.getModule();
    Module base = Object.class.getModule();
    inst.redefineModule(
        base,
        Set.of(recorder),
        Map.of(),
        Map.of("java.util.concurrent", Set.of(recorder), "java.lang", Set.of(recorder)),
        Set.of(),
        Map.of());
    return null;
  }

  /** Whether the loaded JDK class {@code c} (internal name {@code name}) may get hooks. */
  static boolean mayHaveJdkHooks(Class<?> c, String name) {
    return HookTransformer.hasJdkHooks(name)
        || (HookTransformer.isHookedJdk(name)
            && Executor.class.isAssignableFrom(c)
            && !c.isInterface());
  }
}
