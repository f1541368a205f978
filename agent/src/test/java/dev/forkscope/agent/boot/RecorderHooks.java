package dev.forkscope.agent.boot;

import dev.forkscope.hooked.HookFixtures;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What each hook costs per task, on a recorder whose records are discarded (as in {@link
 * Calibration}): a fork/join task's creation, fork (submission), execution (enter and exit) and
 * join, and the four together ({@code lifecycle}), against a {@code baseline} that creates and runs
 * the same task without hooks; and an actor's mailbox run ({@code mailbox}, its outer entry alone
 * {@code mailboxOuter}) against the run without hooks ({@code mailboxBaseline}). {@code shift} 0 is
 * a class recorded in full, 8 a fine-grained class sampled at 1 in 256 (its records counted rather
 * than written 255 times in 256). Run by {@link JmhRecorderTest}; the figures, behind the budget in
 * {@link ThreadState}'s implementation note, are in docs/journal.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecorderHooks {
  @Param({"0", "8"})
  int shift;

  private ThreadState recorder;
  private TaskClass taskClass;
  private HookFixtures.Mailbox mailbox;
  private TaskClass mailboxClass;
  private final Object executor = new Object();

  @Setup(Level.Trial)
  public void setUp() {
    recorder = ThreadState.forCalibration();
    taskClass = TaskClass.of(HookFixtures.Action.class);
    taskClass.sampleShift = shift;
    Recorder.declaresExecutionMethods(HookFixtures.Mailbox.class.getName());
    mailbox = new HookFixtures.Mailbox();
    mailboxClass = TaskClass.of(HookFixtures.Mailbox.class);
    mailboxClass.sampleShift = shift;
    System.gc(); // the mailbox and the recorder's frames live long: old, as in a program
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    taskClass.sampleShift = 0;
    mailboxClass.sampleShift = 0;
  }

  @Benchmark
  public Object baseline() {
    HookFixtures.Action task = new HookFixtures.Action();
    task.invoke();
    return task;
  }

  @Benchmark
  public Object lifecycle() {
    HookFixtures.Action task = new HookFixtures.Action();
    recorder.created(task, HookFixtures.Action.class);
    recorder.submitted(executor, task, true);
    boolean entered = recorder.enter(task, ThreadState.EXEC, false);
    task.invoke();
    if (entered) {
      recorder.exit();
    }
    recorder.joined(task);
    return task;
  }

  @Benchmark
  public Object create() {
    HookFixtures.Action task = new HookFixtures.Action();
    recorder.created(task, HookFixtures.Action.class);
    return task;
  }

  @Benchmark
  public Object fork() {
    HookFixtures.Action task = new HookFixtures.Action();
    recorder.submitted(executor, task, true);
    return task;
  }

  @Benchmark
  public Object execute() {
    HookFixtures.Action task = new HookFixtures.Action();
    boolean entered = recorder.enter(task, ThreadState.EXEC, false);
    task.invoke();
    if (entered) {
      recorder.exit();
    }
    return task;
  }

  /**
   * An actor's mailbox run, as Pekko's: a long-lived fork/join task that is also a Runnable,
   * entered by {@code doExec}, then by its own {@code exec()} and {@code run()} (the recorder
   * recognises both as the same execution), against {@code mailboxBaseline}, the run alone.
   */
  @Benchmark
  public Object mailbox() {
    boolean doExec = recorder.enter(mailbox, ThreadState.EXEC, false);
    boolean exec = recorder.enter(mailbox, ThreadState.EXEC, false);
    boolean run = recorder.enter(mailbox, ThreadState.RUN, false);
    mailbox.run();
    exitIf(run);
    exitIf(exec);
    exitIf(doExec);
    return mailbox;
  }

  @Benchmark
  public Object mailboxOuter() {
    boolean doExec = recorder.enter(mailbox, ThreadState.EXEC, false);
    mailbox.run();
    exitIf(doExec);
    return mailbox;
  }

  @Benchmark
  public Object mailboxBaseline() {
    mailbox.run();
    return mailbox;
  }

  /** What the instrumented code does at a hooked method's exit: an exit for each frame pushed. */
  private void exitIf(boolean entered) {
    if (entered) {
      recorder.exit();
    }
  }

  @Benchmark
  public Object join() {
    HookFixtures.Action task = new HookFixtures.Action();
    task.invoke();
    recorder.joined(task);
    return task;
  }
}
