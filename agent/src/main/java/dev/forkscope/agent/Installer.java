package dev.forkscope.agent;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameContains;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

import dev.forkscope.agent.boot.Recorder;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinTask;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the hooks (research note profiler.md §7.2): where JDK executors run tasks
 * ({@code ForkJoinTask.doExec}, {@code FutureTask.run/runAndReset}, the {@code task.run()} call in
 * {@code ThreadPoolExecutor.runWorker}, {@code CompletableFuture} async tasks, {@code Thread.run},
 * {@code VirtualThread.run}), the execution methods and constructors of non-JDK task classes, submission
 * methods of every executor, {@code fork}, and the waits in which a thread may help run other tasks.
 */
final class Installer {
  private static final String JUC = "java.util.concurrent.";
  private static final boolean DEBUG = Boolean.getBoolean("forkscope.agent.debug");

  private static final String[] PRELOADED = {
    JUC + "ForkJoinTask", JUC + "ForkJoinPool", JUC + "FutureTask", JUC + "ThreadPoolExecutor",
    JUC + "ScheduledThreadPoolExecutor", JUC + "AbstractExecutorService", JUC + "Executors$DelegatedExecutorService",
    JUC + "Executors$RunnableAdapter", JUC + "CompletableFuture$AsyncSupply", JUC + "CompletableFuture$AsyncRun",
    JUC + "CompletableFuture$ThreadPerTaskExecutor", JUC + "ThreadPerTaskExecutor", JUC + "ExecutorCompletionService",
    "java.lang.Thread", "java.lang.VirtualThread"
  };

  private Installer() {}

  static String install(Instrumentation inst, AgentOptions options) {
    if (Recorder.class.getClassLoader() != null) {
      return "the recorder was not loaded from the boot class path";
    }
    Module recorder = Recorder.class.getModule();
    Module base = Object.class.getModule();
    inst.redefineModule(base, Set.of(recorder), Map.of(),
        Map.of("java.util.concurrent", Set.of(recorder), "java.lang", Set.of(recorder)), Set.of(), Map.of());
    String error = Recorder.start(options.out, options.cpu, options.contexts, options.given);
    if (error != null) {
      return error;
    }
    // Our (relocated) Byte Buddy needs no Nexus, since we use no loaded type initializers; disabling it keeps
    // Byte Buddy from touching sun.misc.Unsafe, which JDK 24+ reports on the program's stderr.
    System.setProperty(Installer.class.getPackageName() + ".shaded.bytebuddy.nexus.disabled", "true");
    builder(inst, preloadHookedJdkClasses()).installOn(inst);
    return null;
  }

  /**
   * Loads the JDK classes we hook before installing, so that they are retransformed at installation. A
   * class first loaded while Byte Buddy transforms another one (for example ForkJoinPool, loaded while
   * ForkJoinTask is inspected) would otherwise escape instrumentation. Only these classes are retransformed
   * (the rest of the JDK is never hooked, and application classes are transformed as they load), which
   * keeps the agent's start-up short.
   */
  private static Class<?>[] preloadHookedJdkClasses() {
    List<Class<?>> loaded = new ArrayList<>();
    for (String name : PRELOADED) {
      try {
        loaded.add(Class.forName(name, false, null));
      } catch (ClassNotFoundException absentInThisJdk) {
        // for example VirtualThread before JDK 21
      }
    }
    return loaded.toArray(new Class<?>[0]);
  }

  private static AgentBuilder builder(Instrumentation inst, Class<?>[] loadedTargets) {
    ElementMatcher.Junction<TypeDescription> jdk = nameStartsWith("java.").or(nameStartsWith("javax."))
        .or(nameStartsWith("jdk.")).or(nameStartsWith("sun.")).or(nameStartsWith("com.sun."));
    ElementMatcher.Junction<TypeDescription> hookedJdk = nameStartsWith(JUC)
        .or(namedOneOf("java.lang.Thread", "java.lang.VirtualThread"));
    ElementMatcher.Junction<TypeDescription> task = isSubTypeOf(Runnable.class).or(isSubTypeOf(Callable.class))
        .or(isSubTypeOf(ForkJoinTask.class));
    return new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED))
        .disableClassFormatChanges()
        .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
        .with(new AgentBuilder.RedefinitionStrategy.DiscoveryStrategy.Explicit(loadedTargets))
        .with(AgentBuilder.PoolStrategy.Default.FAST)
        .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
        .with(AgentBuilder.TypeStrategy.Default.DECORATE)
        .with(DEBUG ? AgentBuilder.Listener.StreamWriting.toSystemError().withErrorsOnly() : AgentBuilder.Listener.NoOp.INSTANCE)
        .assureReadEdgeTo(inst, Recorder.class)
        .ignore(nameStartsWith("dev.forkscope.agent.").or(isSynthetic()).or(nameContains("$$Lambda"))
            .or(jdk.and(not(hookedJdk))))
        .type(named(JUC + "ForkJoinTask"))
        .transform(advice(Hooks.Execution.class, named("doExec")))
        .transform(advice(Hooks.Fork.class, named("fork")))
        .transform(advice(Hooks.Join.class, namedOneOf("awaitDone", "helpQuiesce")))
        .type(named(JUC + "ForkJoinPool"))
        .transform(advice(Hooks.Join.class,
            namedOneOf("managedBlock", "awaitQuiescence", "helpAsyncBlocker", "helpQuiescePool", "helpQuiesce")))
        .type(namedOneOf(JUC + "FutureTask", JUC + "CompletableFuture$AsyncSupply", JUC + "CompletableFuture$AsyncRun"))
        .transform(advice(Hooks.Execution.class, namedOneOf("run", "runAndReset").and(takesNoArguments())))
        .type(named(JUC + "ThreadPoolExecutor"))
        .transform(Installer::substituteWorkerRun)
        .type(named("java.lang.Thread"))
        .transform(advice(Hooks.Execution.class, named("run").and(takesNoArguments())))
        .type(named("java.lang.VirtualThread"))
        .transform(advice(Hooks.VirtualThreadBody.class, named("run").and(takesArguments(Runnable.class))))
        .type(isSubTypeOf(Executor.class).and(not(isInterface())))
        .transform(advice(Hooks.Submission.class, submissionMethods()))
        .transform(advice(Hooks.SubmissionOfAll.class,
            namedOneOf("invokeAll", "invokeAny").and(takesArgument(0, Collection.class)).and(not(isAbstract()))))
        .type(not(jdk).and(not(isInterface())).and(task))
        .transform(advice(Hooks.Execution.class,
            namedOneOf("run", "call", "exec").and(takesNoArguments()).and(not(isAbstract()))))
        .transform(advice(Hooks.Creation.class, isConstructor()));
  }

  private static ElementMatcher.Junction<MethodDescription> submissionMethods() {
    return namedOneOf("execute", "submit", "invoke", "schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay")
        .and(takesArgument(0, Runnable.class).or(takesArgument(0, Callable.class))
            .or(takesArgument(0, ForkJoinTask.class)))
        .and(not(isAbstract()));
  }

  private static AgentBuilder.Transformer advice(Class<?> adviceClass, ElementMatcher<? super MethodDescription> on) {
    AsmVisitorWrapper visitor = Advice.to(adviceClass).on(on);
    return (builder, type, loader, module, domain) -> builder.visit(visitor);
  }

  /** Replaces {@code task.run()} in {@code runWorker} so that tasks executed by a pool thread are seen. */
  private static DynamicType.Builder<?> substituteWorkerRun(DynamicType.Builder<?> builder, TypeDescription type,
      ClassLoader loader, JavaModule module, java.security.ProtectionDomain domain) {
    try {
      return builder.visit(MemberSubstitution.relaxed()
          .method(named("run").and(takesNoArguments()).and(isDeclaredBy(Runnable.class)))
          .replaceWith(Recorder.class.getMethod("runWorkerTask", Runnable.class))
          .on(named("runWorker")));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}
