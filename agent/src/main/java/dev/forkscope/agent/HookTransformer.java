package dev.forkscope.agent;

import dev.forkscope.agent.boot.Recorder;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.LocalVariablesSorter;

/**
 * Puts the recorder's calls into the classes that run, submit and create tasks (docs/profile.md,
 * what is recorded): where JDK executors run tasks ({@code ForkJoinTask.doExec}, {@code
 * FutureTask.run/runAndReset}, the {@code task.run()} call in {@code ThreadPoolExecutor.runWorker},
 * {@code CompletableFuture} async tasks, {@code Thread.run}, {@code VirtualThread.run}), the
 * execution methods and constructors of non-JDK task classes, the submission methods of every
 * executor, {@code fork}, the joins of fork/join tasks ({@code join}, {@code get}, {@code
 * quietlyJoin}, {@code invokeAll}: their normal returns, with the joined tasks), and the waits in
 * which a thread may help run other tasks.
 *
 * <p>Implementation note: a hooked method gets one static call into {@link Recorder} on entry and
 * one on every way out: before each return, and in a catch-all handler appended last to the
 * exception table (so the method's own handlers still come first), which calls the exit and
 * rethrows. The entry returns the thread's recorder, which the method keeps in a local variable of
 * its own for its exits (finding it costs a lookup per call): the new local takes the first slot
 * after the parameters and the method's own locals move up by one, in its code, its debug tables
 * and its stack map frames ({@link LocalVariablesSorter}); the handler's frame declares that local
 * alone, which every frame in the method's body is assignable to, since the local is stored before
 * the body begins. Classes are read with expanded frames, which the sorter needs (and ASM does not
 * let a method mix expanded and compressed ones); methods not hooked are copied unparsed. Nothing
 * here loads a class.
 */
final class HookTransformer implements ClassFileTransformer {
  private static final String JUC = "java/util/concurrent/";
  private static final String RECORDER = Type.getInternalName(Recorder.class);
  private static final boolean DEBUG = Boolean.getBoolean("forkscope.agent.debug");

  /** What a hooked method gets. */
  private enum Hook {
    EXECUTION,
    VIRTUAL_BODY,
    SUBMISSION,
    SUBMISSION_OF_ALL,
    FORK,
    JOIN,
    JOINED,
    JOINED_ALL,
    CREATION,
    WORKER_LOOP,
    PARK
  }

  /** The JDK methods hooked by name, per class. */
  private static final Map<String, Map<String, Hook>> JDK_METHODS =
      Map.ofEntries(
          Map.entry(
              JUC + "ForkJoinTask",
              Map.ofEntries(
                  Map.entry("doExec", Hook.EXECUTION),
                  Map.entry("fork", Hook.FORK),
                  Map.entry("awaitDone", Hook.JOIN),
                  Map.entry("helpQuiesce", Hook.JOIN),
                  Map.entry("join", Hook.JOINED),
                  Map.entry("get", Hook.JOINED),
                  Map.entry("quietlyJoin", Hook.JOINED),
                  Map.entry("quietlyJoinUninterruptibly", Hook.JOINED),
                  // JDK 17's ForkJoinPool.invoke joins through these rather than join()
                  Map.entry("joinForPoolInvoke", Hook.JOINED),
                  Map.entry("getForPoolInvoke", Hook.JOINED),
                  Map.entry("invokeAll", Hook.JOINED_ALL))),
          Map.entry(
              JUC + "ForkJoinPool",
              Map.of(
                  "managedBlock",
                  Hook.JOIN,
                  "awaitQuiescence",
                  Hook.JOIN,
                  "helpAsyncBlocker",
                  Hook.JOIN,
                  "helpQuiescePool",
                  Hook.JOIN,
                  "helpQuiesce",
                  Hook.JOIN)),
          Map.entry(
              JUC + "FutureTask",
              Map.of("run", Hook.EXECUTION, "runAndReset", Hook.EXECUTION, "awaitDone", Hook.PARK)),
          // a wait for a future's result as one block (entered only when it is not done), with
          // what it does before it parks (a fork/join worker's compensation)
          Map.entry(
              JUC + "CompletableFuture", Map.of("waitingGet", Hook.PARK, "timedGet", Hook.PARK)),
          Map.entry(JUC + "CompletableFuture$AsyncSupply", Map.of("run", Hook.EXECUTION)),
          Map.entry(JUC + "CompletableFuture$AsyncRun", Map.of("run", Hook.EXECUTION)),
          Map.entry(JUC + "ThreadPoolExecutor", Map.of("runWorker", Hook.WORKER_LOOP)),
          Map.entry("java/lang/Thread", Map.of("run", Hook.EXECUTION)),
          Map.entry("java/lang/VirtualThread", Map.of("run", Hook.VIRTUAL_BODY)),
          Map.entry(
              JUC + "locks/LockSupport",
              Map.of("park", Hook.PARK, "parkNanos", Hook.PARK, "parkUntil", Hook.PARK)),
          // a contended acquisition as one block, its spins between parks included
          Map.entry(JUC + "locks/AbstractQueuedSynchronizer", Map.of("acquire", Hook.PARK)),
          Map.entry(JUC + "locks/AbstractQueuedLongSynchronizer", Map.of("acquire", Hook.PARK)));

  private static final Set<String> SUBMISSION_NAMES =
      Set.of(
          "execute",
          "submit",
          "invoke",
          "schedule",
          "scheduleAtFixedRate",
          "scheduleWithFixedDelay");
  private static final Set<String> TASK_PARAMETERS =
      Set.of(
          "Ljava/lang/Runnable;",
          "Ljava/util/concurrent/Callable;",
          "Ljava/util/concurrent/ForkJoinTask;");

  private final Instrumentation inst;
  private final Module recorderModule;
  private final TypeKinds kinds = new TypeKinds();

  /** The names of the classes given hooks, for their removal (see {@link Attachment}). */
  private final Set<String> hooked = ConcurrentHashMap.newKeySet();

  /** Told the name of each program class given execution hooks (see {@link #transform}). */
  private final Consumer<String> declaresExecutionMethods;

  /**
   * Whether every {@code monitorenter} of the program is timed (agent option {@code
   * monitors=timed}): 60 to 300 ns per {@code synchronized} block, contended or not, and a parse of
   * every class of the program, so off by default.
   */
  private final boolean timedMonitors;

  HookTransformer(Instrumentation inst, boolean timedMonitors) {
    this(inst, timedMonitors, Recorder::declaresExecutionMethods);
  }

  HookTransformer(
      Instrumentation inst, boolean timedMonitors, Consumer<String> declaresExecutionMethods) {
    this.inst = inst;
    this.timedMonitors = timedMonitors;
    this.recorderModule = Recorder.class.getModule();
    this.declaresExecutionMethods = declaresExecutionMethods;
  }

  /** Whether this transformer gave hooks to a class named {@code name} (internal name). */
  boolean hasHooked(String name) {
    return hooked.contains(name);
  }

  /** Whether the class with internal name {@code name} is part of the JDK. */
  static boolean isJdk(String name) {
    return name.startsWith("java/")
        || name.startsWith("javax/")
        || name.startsWith("jdk/")
        || name.startsWith("sun/")
        || name.startsWith("com/sun/");
  }

  /**
   * The JDK classes (internal names) that may be hooked: {@code java.util.concurrent}, Thread,
   * VirtualThread.
   */
  static boolean isHookedJdk(String name) {
    return (name.startsWith(JUC) && name.indexOf('/', JUC.length()) < 0)
        || JDK_METHODS.containsKey(name);
  }

  /** The JDK classes (internal names) with methods hooked by name. */
  static Set<String> jdkClassesWithHooks() {
    return JDK_METHODS.keySet();
  }

  /** Whether the JDK class {@code name} (internal name) has methods hooked by name. */
  static boolean hasJdkHooks(String name) {
    return JDK_METHODS.containsKey(name);
  }

  @Override
  public byte[] transform(
      Module module,
      ClassLoader loader,
      String name,
      Class<?> redefined,
      ProtectionDomain domain,
      byte[] bytes) {
    if (name == null || name.startsWith("dev/forkscope/agent/")) {
      return null;
    }
    boolean jdk = isJdk(name);
    if (jdk && !isHookedJdk(name)) {
      return null;
    }
    try {
      ClassReader reader = new ClassReader(bytes);
      if ((reader.getAccess()
              & (Opcodes.ACC_INTERFACE | Opcodes.ACC_SYNTHETIC | Opcodes.ACC_MODULE))
          != 0) {
        return null;
      }
      int k = kinds.of(reader, loader);
      boolean task = !jdk && (k & TypeKinds.TASK) != 0;
      boolean executor = (k & TypeKinds.EXECUTOR) != 0;
      Map<String, Hook> jdkMethods = jdk ? JDK_METHODS.getOrDefault(name, Map.of()) : Map.of();
      // the program's blocking calls: found in the constant pool, which the reader has indexed
      // already, so that a class that makes none is not parsed
      boolean blockingCalls = !jdk && (timedMonitors || BlockingCalls.referencedBy(reader));
      if (!task && !executor && jdkMethods.isEmpty() && !blockingCalls) {
        return null;
      }
      HookingClass hooking =
          new HookingClass(
              new ClassWriter(reader, 0), task, executor, jdkMethods, blockingCalls, timedMonitors);
      // expanded frames only for the hooks that add a local (LocalVariablesSorter needs them)
      reader.accept(
          hooking, task || executor || !jdkMethods.isEmpty() ? ClassReader.EXPAND_FRAMES : 0);
      if (!hooking.changed) {
        return null;
      }
      if (DEBUG) {
        System.err.println("forkscope agent: hooked " + name);
      }
      if (module != null && module.isNamed() && !module.canRead(recorderModule)) {
        inst.redefineModule(module, Set.of(recorderModule), Map.of(), Map.of(), Set.of(), Map.of());
      }
      byte[] result = ((ClassWriter) hooking.getDelegate()).toByteArray();
      if (hooking.executionHooks && !jdk) {
        declaresExecutionMethods.accept(name.replace('/', '.'));
      }
      hooked.add(name);
      return result;
    } catch (Throwable e) {
      if (DEBUG) {
        System.err.println("forkscope agent: cannot hook " + name + ": " + e);
      }
      return null; // the class loads as it is, unprofiled
    }
  }

  /** Chooses the hook of each method of one class. */
  private static final class HookingClass extends ClassVisitor {
    private final boolean task;
    private final boolean executor;
    private final Map<String, Hook> jdkMethods;
    private final boolean blockingCalls;
    private final boolean timedMonitors;
    private String owner;
    private int version;
    boolean changed;

    /** Whether a method of the class got an execution hook. */
    boolean executionHooks;

    HookingClass(
        ClassWriter writer,
        boolean task,
        boolean executor,
        Map<String, Hook> jdkMethods,
        boolean blockingCalls,
        boolean timedMonitors) {
      super(Opcodes.ASM9, writer);
      this.task = task;
      this.executor = executor;
      this.jdkMethods = jdkMethods;
      this.blockingCalls = blockingCalls;
      this.timedMonitors = timedMonitors;
    }

    @Override
    public void visit(
        int version,
        int access,
        String name,
        String signature,
        String superName,
        String[] interfaces) {
      this.owner = name;
      this.version = version & 0xffff;
      super.visit(version, access, name, signature, superName, interfaces);
    }

    /**
     * The id of a call site in this class, named {@code class.method:line}, of {@code call} (see
     * {@link Recorder#callSite}).
     */
    int callSite(String call, String method, int line) {
      return Recorder.callSite(call, owner.replace('/', '.') + "." + method + ":" + line);
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
      if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE)) != 0) {
        return mv; // a bridge only calls the method it bridges, which is hooked itself
      }
      if (blockingCalls) {
        mv = new BlockingCalls(mv, this, name, timedMonitors);
      }
      Hook hook = choose(access, name, descriptor);
      if (hook == null || (hook == Hook.CREATION && version < Opcodes.V1_5)) {
        return mv; // a class constant (ldc) needs class file version 49
      }
      changed = true;
      executionHooks |= hook == Hook.EXECUTION;
      return switch (hook) {
        case CREATION -> new CreationHook(mv, owner);
        case FORK -> new ForkHook(mv);
        case JOINED, JOINED_ALL -> new JoinedHook(mv, hook, descriptor);
        case WORKER_LOOP -> new WorkerLoopHook(mv);
        case PARK -> new EnterExitHook(mv, access, descriptor, hook, 0, version >= Opcodes.V1_6);
        default ->
            new EnterExitHook(
                mv, access, descriptor, hook, executionMethod(name), version >= Opcodes.V1_6);
      };
    }

    private Hook choose(int access, String name, String descriptor) {
      boolean instance = (access & Opcodes.ACC_STATIC) == 0;
      Hook jdkHook = jdkMethods.get(name);
      if (jdkHook == Hook.EXECUTION) {
        return instance && descriptor.startsWith("()") ? jdkHook : null;
      }
      if (jdkHook == Hook.VIRTUAL_BODY) {
        return instance && descriptor.equals("(Ljava/lang/Runnable;)V") ? jdkHook : null;
      }
      if (jdkHook == Hook.JOINED) {
        return instance ? jdkHook : null;
      }
      if (jdkHook == Hook.JOINED_ALL) {
        return !instance && JoinedHook.recorderCall(descriptor) != null ? jdkHook : null;
      }
      if (jdkHook != null) {
        return jdkHook;
      }
      if (executor && instance) {
        Type[] args = Type.getArgumentTypes(descriptor);
        if (args.length > 0
            && SUBMISSION_NAMES.contains(name)
            && TASK_PARAMETERS.contains(args[0].getDescriptor())) {
          return Hook.SUBMISSION;
        }
        if (args.length > 0
            && (name.equals("invokeAll") || name.equals("invokeAny"))
            && args[0].getDescriptor().equals("Ljava/util/Collection;")) {
          return Hook.SUBMISSION_OF_ALL;
        }
      }
      if (task && instance) {
        if (name.equals("<init>")) {
          return Hook.CREATION;
        }
        if (descriptor.startsWith("()")
            && (name.equals("run") || name.equals("call") || name.equals("exec"))) {
          return Hook.EXECUTION;
        }
      }
      return null;
    }

    private static int executionMethod(String name) {
      return name.equals("call")
          ? Recorder.CALL
          : name.startsWith("run") ? Recorder.RUN : Recorder.EXEC;
    }
  }

  /**
   * A call on entry and on every way out: before each return and in a catch-all handler that
   * rethrows. The entry's result, the thread's recorder, is kept in a local variable of its own
   * (the method's own locals move up by one: {@link LocalVariablesSorter}) and passed to each exit.
   */
  private static final class EnterExitHook extends LocalVariablesSorter {
    private static final Type OBJECT = Type.getType(Object.class);

    private final Hook hook;
    private final int method;
    private final boolean frames;

    /**
     * Where a park's blocker is: the synchronizer of an {@code acquire}, the first parameter of
     * {@code LockSupport.park(Object)...}; none for {@code LockSupport.park()...}.
     */
    private final boolean blocker;

    private final Label start = new Label();
    private int entered;

    EnterExitHook(
        MethodVisitor mv, int access, String descriptor, Hook hook, int method, boolean frames) {
      super(Opcodes.ASM9, access, descriptor, mv);
      this.hook = hook;
      this.method = method;
      this.frames = frames;
      this.blocker =
          (access & Opcodes.ACC_STATIC) == 0 || descriptor.startsWith("(Ljava/lang/Object;");
    }

    @Override
    public void visitCode() {
      super.visitCode();
      entered = newLocal(OBJECT);
      switch (hook) {
        case EXECUTION -> {
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitInsn(Opcodes.ICONST_0 + method);
          recorder("enter", "(Ljava/lang/Object;I)Ljava/lang/Object;");
        }
        case VIRTUAL_BODY -> {
          mv.visitVarInsn(Opcodes.ALOAD, 1);
          recorder("enterVirtual", "(Ljava/lang/Object;)Ljava/lang/Object;");
        }
        case SUBMISSION -> {
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitVarInsn(Opcodes.ALOAD, 1);
          recorder("submitEnter", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;");
        }
        case SUBMISSION_OF_ALL -> {
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitVarInsn(Opcodes.ALOAD, 1);
          recorder(
              "submitAllEnter", "(Ljava/lang/Object;Ljava/util/Collection;)Ljava/lang/Object;");
        }
        case JOIN -> recorder("joinEnter", "()Ljava/lang/Object;");
        case PARK -> {
          if (blocker) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
          } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
          }
          recorder("parkEnter", "(Ljava/lang/Object;)Ljava/lang/Object;");
        }
        default -> throw new IllegalStateException(hook.name());
      }
      mv.visitVarInsn(Opcodes.ASTORE, entered);
      mv.visitLabel(start);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
        exit();
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      Label end = new Label();
      Label handler = new Label();
      mv.visitLabel(end);
      mv.visitTryCatchBlock(start, end, handler, null);
      mv.visitLabel(handler);
      if (frames) {
        // through the sorter, which adds the recorder's local to the frame's (empty) locals
        super.visitFrame(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
      }
      exit();
      mv.visitInsn(Opcodes.ATHROW);
      super.visitMaxs(Math.max(maxStack, 2), maxLocals);
    }

    private void exit() {
      mv.visitVarInsn(Opcodes.ALOAD, entered);
      switch (hook) {
        case SUBMISSION, SUBMISSION_OF_ALL -> recorder("submitExit", "(Ljava/lang/Object;)V");
        case JOIN -> recorder("joinExit", "(Ljava/lang/Object;)V");
        case PARK -> recorder("parkExit", "(Ljava/lang/Object;)V");
        default -> recorder("exit", "(Ljava/lang/Object;)V");
      }
    }

    private void recorder(String name, String descriptor) {
      mv.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, name, descriptor, false);
    }
  }

  /** {@code ForkJoinTask.fork()}: a call on entry only (a fork has no duration of interest). */
  private static final class ForkHook extends MethodVisitor {
    ForkHook(MethodVisitor mv) {
      super(Opcodes.ASM9, mv);
    }

    @Override
    public void visitCode() {
      super.visitCode();
      super.visitVarInsn(Opcodes.ALOAD, 0);
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, RECORDER, "forked", "(Ljava/lang/Object;)V", false);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      super.visitMaxs(Math.max(maxStack, 1), maxLocals);
    }
  }

  /**
   * The joins of {@code ForkJoinTask} ({@code join}, {@code get}, {@code quietlyJoin...}, {@code
   * invokeAll}): a call before each normal return with the joined task (or tasks), which the
   * work/span analysis needs even when the task was already done and the join did not wait. A join
   * that throws records nothing. The tasks are the method's first parameters (or {@code this}),
   * which these JDK methods never overwrite.
   */
  private static final class JoinedHook extends MethodVisitor {
    private final String[] call;

    JoinedHook(MethodVisitor mv, Hook hook, String descriptor) {
      super(Opcodes.ASM9, mv);
      this.call =
          hook == Hook.JOINED
              ? new String[] {"joined", "(Ljava/lang/Object;)V"}
              : recorderCall(descriptor);
    }

    /** The recorder method and its descriptor for an {@code invokeAll} overload, or null. */
    static String[] recorderCall(String descriptor) {
      return switch (descriptor) {
        case "(Ljava/util/concurrent/ForkJoinTask;Ljava/util/concurrent/ForkJoinTask;)V" ->
            new String[] {"joined", "(Ljava/lang/Object;Ljava/lang/Object;)V"};
        case "([Ljava/util/concurrent/ForkJoinTask;)V" ->
            new String[] {"joinedAll", "([Ljava/lang/Object;)V"};
        case "(Ljava/util/Collection;)Ljava/util/Collection;" ->
            new String[] {"joinedAll", "(Ljava/util/Collection;)V"};
        default -> null;
      };
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        if (call[1].startsWith("(Ljava/lang/Object;Ljava/lang/Object;")) {
          super.visitVarInsn(Opcodes.ALOAD, 1);
        }
        super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, call[0], call[1], false);
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      super.visitMaxs(maxStack + 2, maxLocals);
    }
  }

  /**
   * A task class's constructor: a call before each normal return, with the class that declares the
   * constructor, so that the recorder counts an object once (in its most derived class's
   * constructor). A constructor that delegates to another one of its class ({@code this(...)})
   * records nothing: the other one does. It is recognised as the {@code invokespecial} of the
   * class's own constructor that matches no {@code new} of the class.
   */
  private static final class CreationHook extends MethodVisitor {
    private final Type owner;
    private int pendingNews;
    private boolean delegates;

    CreationHook(MethodVisitor mv, String owner) {
      super(Opcodes.ASM9, mv);
      this.owner = Type.getObjectType(owner);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      if (opcode == Opcodes.NEW && type.equals(owner.getInternalName())) {
        pendingNews++;
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      if (opcode == Opcodes.INVOKESPECIAL
          && name.equals("<init>")
          && owner.equals(this.owner.getInternalName())) {
        if (pendingNews > 0) {
          pendingNews--;
        } else {
          delegates = true;
        }
      }
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode == Opcodes.RETURN && !delegates) {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitLdcInsn(owner);
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC,
            RECORDER,
            "created",
            "(Ljava/lang/Object;Ljava/lang/Class;)V",
            false);
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      super.visitMaxs(Math.max(maxStack, 2), maxLocals);
    }
  }

  /**
   * {@code ThreadPoolExecutor.runWorker}: its {@code task.run()} becomes {@code
   * Recorder.runWorkerTask(task)}.
   */
  private static final class WorkerLoopHook extends MethodVisitor {
    WorkerLoopHook(MethodVisitor mv) {
      super(Opcodes.ASM9, mv);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      if (opcode == Opcodes.INVOKEINTERFACE
          && owner.equals("java/lang/Runnable")
          && name.equals("run")
          && descriptor.equals("()V")) {
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC, RECORDER, "runWorkerTask", "(Ljava/lang/Runnable;)V", false);
      } else {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      }
    }
  }

  /**
   * The program's blocking calls, in the classes outside the JDK that make one: {@code
   * Thread.sleep}, {@code TimeUnit.sleep} and {@code Object.wait} become the recorder's wrappers of
   * the same arguments and the id of their call site (which call them between a block's entry and
   * exit), and calls of the JDK that may park are marked with their call site. The site is known
   * here, so no stack is walked for these blocks.
   *
   * <p>With {@code monitors=timed}, in every class outside the JDK, each {@code monitorenter} is
   * timed by a clock read before it and {@code Recorder.monitorEntered} after it: {@code nanoTime;
   * dup2_x1; pop2; monitorenter; ldc site; invokestatic}, which keeps the object on top for the
   * enter and adds no local and no frame. The monitor is entered in the method itself, as the JVM's
   * structured locking requires. The implicit monitor of a {@code synchronized} method is not seen.
   */
  private static final class BlockingCalls extends MethodVisitor {
    private static final int METHODREF = 10;
    private static final int INTERFACE_METHODREF = 11;
    private static final byte[] WAIT = bytes("wait");
    private static final byte[] THREAD = bytes("java/lang/Thread");
    private static final byte[] JUC_BYTES = bytes(JUC);

    private final HookingClass changes;
    private final String method;
    private final boolean timedMonitors;
    private int line;

    BlockingCalls(MethodVisitor mv, HookingClass changes, String method, boolean timedMonitors) {
      super(Opcodes.ASM9, mv);
      this.changes = changes;
      this.method = method;
      this.timedMonitors = timedMonitors;
    }

    /**
     * Whether the class {@code reader} reads refers to a method this visitor rewrites or marks: a
     * walk over its constant pool's method references, which the reader indexed when it was made.
     * Their names are compared as bytes, and made strings only for the few references to {@code
     * java.util.concurrent} or {@code Thread} and to methods named {@code wait}: this runs for
     * every class the program loads, mostly before the JIT compiled it.
     */
    static boolean referencedBy(ClassReader reader) {
      char[] buffer = null;
      for (int i = 1; i < reader.getItemCount(); i++) {
        int at = reader.getItem(i);
        if (at == 0) {
          continue; // the second slot of a long or a double
        }
        int tag = reader.readByte(at - 1);
        if (tag != METHODREF && tag != INTERFACE_METHODREF) {
          continue;
        }
        // a class entry and a name-and-type entry each begin with the index of their name
        int owner = reader.getItem(reader.readUnsignedShort(at));
        int name = reader.getItem(reader.readUnsignedShort(at + 2));
        if (equal(reader, name, WAIT)) {
          return true;
        }
        if (startsWith(reader, owner, JUC_BYTES) || equal(reader, owner, THREAD)) {
          buffer = buffer == null ? new char[reader.getMaxStringLength()] : buffer;
          String ownerName = reader.readUTF8(owner, buffer);
          String methodName = reader.readUTF8(name, buffer);
          if (methodName.equals("sleep") || mayPark(ownerName, methodName)) {
            return true;
          }
        }
      }
      return false;
    }

    private static byte[] bytes(String ascii) {
      return ascii.getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether the UTF-8 entry whose index is at {@code offset} starts with {@code prefix}. */
    private static boolean startsWith(ClassReader reader, int offset, byte[] prefix) {
      int entry = reader.getItem(reader.readUnsignedShort(offset));
      if (reader.readUnsignedShort(entry) < prefix.length) {
        return false;
      }
      for (int i = 0; i < prefix.length; i++) {
        if (reader.readByte(entry + 2 + i) != prefix[i]) {
          return false;
        }
      }
      return true;
    }

    /** Whether the UTF-8 entry whose index is at {@code offset} is {@code text}. */
    private static boolean equal(ClassReader reader, int offset, byte[] text) {
      int entry = reader.getItem(reader.readUnsignedShort(offset));
      return reader.readUnsignedShort(entry) == text.length && startsWith(reader, offset, text);
    }

    @Override
    public void visitLineNumber(int line, Label start) {
      this.line = line;
      super.visitLineNumber(line, start);
    }

    private void site(String call) {
      super.visitLdcInsn(changes.callSite(call, method, line));
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode != Opcodes.MONITORENTER || !timedMonitors) {
        super.visitInsn(opcode);
        return;
      }
      changes.changed = true;
      super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/System", "nanoTime", "()J", false);
      super.visitInsn(Opcodes.DUP2_X1);
      super.visitInsn(Opcodes.POP2);
      super.visitInsn(Opcodes.MONITORENTER);
      site(null);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "monitorEntered", "(JI)V", false);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      String wrapper = wrapper(opcode, owner, name, descriptor);
      if (wrapper == null && mayPark(owner, name)) {
        changes.changed = true;
        site(owner.replace('/', '.') + "." + name);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "blockingCall", "(I)V", false);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "blockingCallDone", "()V", false);
        return;
      }
      if (wrapper == null) {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        return;
      }
      changes.changed = true;
      site(null);
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, RECORDER, name, wrapper.replace(")V", "I)V"), false);
    }

    /**
     * Whether {@code owner.name} is a JDK call that may park (locks, conditions, latches, barriers,
     * semaphores, futures, blocking queues, thread joins): its call site becomes the site of a park
     * inside it. Fork/join tasks' own joins are left out, which fork/join code calls on its hot
     * path and whose waits are no finding.
     */
    static boolean mayPark(String owner, String name) {
      if (owner.equals("java/lang/Thread")) {
        return name.equals("join");
      }
      if (!owner.startsWith(JUC)
          || owner.startsWith("ForkJoin", JUC.length())
          || owner.startsWith("Recursive", JUC.length())
          || owner.startsWith("CountedCompleter", JUC.length())) {
        return false;
      }
      return switch (name) {
        case "lock",
            "lockInterruptibly",
            "tryLock",
            "await",
            "awaitNanos",
            "awaitUntil",
            "awaitUninterruptibly",
            "acquire",
            "acquireUninterruptibly",
            "tryAcquire",
            "arriveAndAwaitAdvance",
            "awaitAdvance",
            "awaitAdvanceInterruptibly",
            "exchange",
            "invokeAll",
            "invokeAny",
            "awaitTermination" ->
            true;
        case "get", "join" -> owner.endsWith("Future") || owner.endsWith("FutureTask");
        case "take", "put", "poll", "offer", "transfer" -> // the blocking queues only
            owner.contains("Blocking")
                || owner.contains("Synchronous")
                || owner.contains("Transfer")
                || owner.contains("Delay");
        default -> false;
      };
    }

    /** The descriptor of the recorder's wrapper of a blocking call, or null. */
    private static String wrapper(int opcode, String owner, String name, String descriptor) {
      if (opcode == Opcodes.INVOKESTATIC
          && owner.equals("java/lang/Thread")
          && name.equals("sleep")
          && (descriptor.equals("(J)V") || descriptor.equals("(JI)V"))) {
        return descriptor;
      }
      if (opcode == Opcodes.INVOKEVIRTUAL
          && owner.equals("java/util/concurrent/TimeUnit")
          && name.equals("sleep")
          && descriptor.equals("(J)V")) {
        return "(Ljava/util/concurrent/TimeUnit;J)V";
      }
      if ((opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE)
          && name.equals("wait")
          && (descriptor.equals("()V") || descriptor.equals("(J)V") || descriptor.equals("(JI)V"))
          && !owner.startsWith("[")) {
        return "(Ljava/lang/Object;" + descriptor.substring(1);
      }
      return null;
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      // the clock read and its copy under the object; a wrapper's site beside its arguments
      super.visitMaxs(maxStack + 4, maxLocals);
    }
  }
}
