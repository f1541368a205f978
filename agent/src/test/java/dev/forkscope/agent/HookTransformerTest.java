package dev.forkscope.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.hooked.HookFixtures.Action;
import dev.forkscope.hooked.HookFixtures.Catcher;
import dev.forkscope.hooked.HookFixtures.Delegating;
import dev.forkscope.hooked.HookFixtures.DirectExecutor;
import dev.forkscope.hooked.HookFixtures.ManyReturns;
import dev.forkscope.hooked.HookFixtures.NotATask;
import dev.forkscope.hooked.HookFixtures.Sleeper;
import dev.forkscope.hooked.HookFixtures.Synchronizing;
import dev.forkscope.hooked.HookFixtures.Thrower;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The transformer on its own: which methods get which recorder calls, and that hooked classes still
 * verify and behave exactly as before (returns, exceptions, the method's own handlers first). The
 * recorder runs for real, unstarted, so its records are dropped.
 */
class HookTransformerTest {
  private static final String RECORDER = "dev/forkscope/agent/boot/Recorder";

  @Test
  void taskExecutionMethodsGetEnterAndAnExitOnEveryWayOut() throws Exception {
    List<String> calls = recorderCalls(Thrower.class, "run");
    assertThat(calls).containsExactly("enter", "exit");
    assertThat(recorderCalls(ManyReturns.class, "call"))
        .containsExactly("enter", "exit", "exit", "exit", "exit");
    assertThat(recorderCalls(Catcher.class, "call")).containsExactly("enter", "exit", "exit");
  }

  @Test
  void everyExitIsHandedWhatTheEntryReturnedInALocalTheMethodNeverTouches() throws Exception {
    for (String method : List.of("call", "run")) {
      Class<?> type = method.equals("call") ? ManyReturns.class : Thrower.class;
      List<String> code = instructions(transform(type), method);
      assertThat(code.get(code.indexOf("call enter") + 1)).isEqualTo("store 1");
      long exits = code.stream().filter(i -> i.equals("call exit")).count();
      assertThat(exits).isPositive();
      for (int i = 0; i < code.size(); i++) {
        if (code.get(i).equals("call exit")) {
          assertThat(code.get(i - 1)).isEqualTo("load 1");
        }
      }
      // the entry's store and the exits' loads are the only uses of slot 1
      assertThat(code.stream().filter(i -> i.endsWith(" 1"))).hasSize((int) exits + 1);
    }
  }

  @Test
  void constructorsRecordTheCreationOnceEvenWhenTheyDelegate() throws Exception {
    assertThat(recorderCalls(Delegating.class, "<init>(I)V")).containsExactly("created");
    assertThat(recorderCalls(Delegating.class, "<init>()V")).isEmpty();
    assertThat(recorderCalls(Action.class, "<init>()V")).containsExactly("created");
  }

  @Test
  void executorsGetSubmissionHooksOnlyOnMethodsTakingATask() throws Exception {
    assertThat(recorderCalls(DirectExecutor.class, "execute(Ljava/lang/Runnable;)V"))
        .containsExactly("submitEnter", "submitExit", "submitExit");
    assertThat(recorderCalls(DirectExecutor.class, "execute(Ljava/lang/String;)V")).isEmpty();
  }

  @Test
  void forkJoinJoinsRecordTheirTasksBeforeEachNormalReturn() throws Exception {
    Class<?> fjt = java.util.concurrent.ForkJoinTask.class;
    assertThat(recorderCalls(fjt, "join")).isNotEmpty().containsOnly("joined");
    assertThat(recorderCalls(fjt, "get()Ljava/lang/Object;")).isNotEmpty().containsOnly("joined");
    assertThat(recorderCalls(fjt, "quietlyJoin()V")).isNotEmpty().containsOnly("joined");
    assertThat(
            recorderCalls(
                fjt,
                "invokeAll(Ljava/util/concurrent/ForkJoinTask;"
                    + "Ljava/util/concurrent/ForkJoinTask;)V"))
        .contains("joined")
        .doesNotContain("joinedAll");
    assertThat(recorderCalls(fjt, "invokeAll([Ljava/util/concurrent/ForkJoinTask;)V"))
        .contains("joinedAll");
    assertThat(recorderCalls(fjt, "invokeAll(Ljava/util/Collection;)Ljava/util/Collection;"))
        .contains("joinedAll");
    // a wait reads the clock only when it has to wait: it keeps its enter and exit calls
    assertThat(recorderCalls(fjt, "awaitDone")).contains("joinEnter", "joinExit");
    // invoke runs the task itself: no join edge of its own
    assertThat(recorderCalls(fjt, "invoke")).doesNotContain("joined");
  }

  @Test
  void theRecorderLearnsWhichProgramClassesDeclareExecutionMethods() throws Exception {
    List<String> declaring = new ArrayList<>();
    HookTransformer transformer = new HookTransformer(null, false, declaring::add);
    for (Class<?> type : List.of(Thrower.class, Action.class, DirectExecutor.class)) {
      assertThat(
              transformer.transform(
                  null, type.getClassLoader(), internalName(type), null, null, bytes(type)))
          .isNotNull();
    }
    transformer.transform(
        null,
        null,
        internalName(java.util.concurrent.ForkJoinTask.class),
        null,
        null,
        bytes(java.util.concurrent.ForkJoinTask.class));
    // Action has only compute(): its execution is ForkJoinTask.doExec's, a JDK method
    assertThat(declaring).containsExactly(Thrower.class.getName());
  }

  @Test
  void classesThatAreNoTasksAreLeftAlone() throws Exception {
    assertThat(transform(NotATask.class)).isNull();
  }

  @Test
  void onlyClassesThatMakeABlockingCallAreRewrittenUnlessMonitorsAreTimed() throws Exception {
    assertThat(transform(Synchronizing.class)).isNull();
    assertThat(recorderCalls(Sleeper.class, "nap"))
        .containsExactly("sleep", "blockingCall", "blockingCallDone");
    byte[] timed =
        new HookTransformer(null, true, name -> {})
            .transform(
                null,
                Synchronizing.class.getClassLoader(),
                internalName(Synchronizing.class),
                null,
                null,
                bytes(Synchronizing.class));
    assertThat(instructions(timed, "increment")).contains("call monitorEntered");
  }

  @Test
  void hookedClassesVerifyAndBehaveAsBefore() throws Throwable {
    assertThatThrownBy(() -> call(Thrower.class, "run"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("thrown by the task");
    assertThat(call(Catcher.class, "call")).isEqualTo("caught");
    Object delegating = load(Delegating.class).getConstructor().newInstance();
    assertThat(delegating.getClass().getDeclaredField("value").getInt(delegating)).isEqualTo(2);
    for (int n : new int[] {-5, 0, 10, 1_000}) {
      Object task = load(ManyReturns.class).getConstructor(int.class).newInstance(n);
      assertThat(task.getClass().getMethod("call").invoke(task))
          .isEqualTo(new ManyReturns(n).call());
    }
  }

  @Test
  void theJdkClassesWithHooksAreRecognisedByName() {
    assertThat(HookTransformer.hasJdkHooks("java/util/concurrent/ForkJoinTask")).isTrue();
    assertThat(HookTransformer.isHookedJdk("java/util/concurrent/ScheduledThreadPoolExecutor"))
        .isTrue();
    assertThat(HookTransformer.isHookedJdk("java/util/concurrent/atomic/AtomicLong")).isFalse();
    assertThat(HookTransformer.isJdk("javalin/Javalin")).isFalse();
  }

  private static Object call(Class<?> type, String method) throws Throwable {
    Object task = load(type).getConstructor().newInstance();
    try {
      return task.getClass().getMethod(method).invoke(task);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * Defines the hooked version of {@code type} in a loader of its own, so that it is verified anew.
   */
  private static Class<?> load(Class<?> type) throws IOException {
    byte[] hooked = transform(type);
    assertThat(hooked).as("hooked bytes of " + type).isNotNull();
    return new ClassLoader(HookTransformerTest.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(type.getName(), hooked, 0, hooked.length);
      }
    }.define();
  }

  private static byte[] transform(Class<?> type) throws IOException {
    return new HookTransformer(null, false, name -> {})
        .transform(null, type.getClassLoader(), internalName(type), null, null, bytes(type));
  }

  private static String internalName(Class<?> type) {
    return type.getName().replace('.', '/');
  }

  private static byte[] bytes(Class<?> type) throws IOException {
    String resource = type.getName().replace('.', '/') + ".class";
    ClassLoader loader = type.getClassLoader();
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(resource)
            : loader.getResourceAsStream(resource)) {
      return in.readAllBytes();
    }
  }

  /**
   * The instructions of {@code method} (a name, or a name and descriptor) of a hooked class that
   * matter here: recorder calls ("call NAME") and local variable accesses ("load N", "store N"; an
   * iinc is a "store").
   */
  private static List<String> instructions(byte[] hooked, String method) {
    List<String> code = new ArrayList<>();
    new ClassReader(hooked)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String descriptor, String signature, String[] ex) {
                if (!method.equals(name) && !method.equals(name + descriptor)) {
                  return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMethodInsn(
                      int opcode, String owner, String callee, String desc, boolean itf) {
                    if (owner.equals(RECORDER)) {
                      code.add("call " + callee);
                    }
                  }

                  @Override
                  public void visitVarInsn(int opcode, int slot) {
                    code.add((opcode >= Opcodes.ISTORE ? "store " : "load ") + slot);
                  }

                  @Override
                  public void visitIincInsn(int slot, int increment) {
                    code.add("store " + slot);
                  }
                };
              }
            },
            0);
    return code;
  }

  /**
   * The recorder methods called by {@code method} of the hooked {@code type}, in bytecode order;
   * {@code method} is a name, or a name and descriptor.
   */
  private static List<String> recorderCalls(Class<?> type, String method) throws IOException {
    byte[] hooked = transform(type);
    if (hooked == null) {
      return new ArrayList<>();
    }
    return instructions(hooked, method).stream()
        .filter(i -> i.startsWith("call "))
        .map(i -> i.substring("call ".length()))
        .toList();
  }
}
