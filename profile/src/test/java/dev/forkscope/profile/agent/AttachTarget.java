package dev.forkscope.profile.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A long-running program for the attach tests and the attach benchmark: a driver thread submits
 * batches of {@link #BATCH} {@link BatchTask}s to a pool of two threads and waits for each batch,
 * and logs each batch's start and end ({@code System.nanoTime}, the agent's clock) into a file.
 *
 * <pre>
 * AttachTarget LOG PERIOD_MS [BATCHES [FILLER_CLASSES]]
 * </pre>
 *
 * A batch starts every PERIOD_MS milliseconds (0: as fast as possible); the program exits after
 * BATCHES batches (0: runs until killed). It first defines FILLER_CLASSES classes (one in ten a
 * Runnable, so a task class the agent hooks), then prints "ready" on its standard output once the
 * task classes are loaded and the first batches are done.
 */
public final class AttachTarget {
  static final int BATCH = 20;

  /** How long each task spins. */
  static final long TASK_NS = 200_000;

  private AttachTarget() {}

  public static void main(String[] args) throws Exception {
    Path log = Path.of(args[0]);
    long periodMs = Long.parseLong(args[1]);
    long batches = args.length > 2 ? Long.parseLong(args[2]) : 0;
    int fillers = args.length > 3 ? Integer.parseInt(args[3]) : 0;
    List<Class<?>> filled = defineFillers(fillers);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (PrintWriter out =
        new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
      long next = System.nanoTime();
      for (long b = 0; batches == 0 || b < batches; b++) {
        long start = System.nanoTime();
        CountDownLatch done = new CountDownLatch(BATCH);
        for (int i = 0; i < BATCH; i++) {
          pool.execute(new BatchTask(done));
        }
        done.await();
        out.println(start + " " + System.nanoTime());
        if (b == 4) {
          System.out.println("ready " + filled.size());
          System.out.flush();
        }
        if (periodMs > 0) {
          next += TimeUnit.MILLISECONDS.toNanos(periodMs);
          long sleep = next - System.nanoTime();
          if (sleep > 0) {
            TimeUnit.NANOSECONDS.sleep(sleep);
          }
        }
      }
    } finally {
      pool.shutdown();
    }
  }

  /** The task whose executions the tests count. */
  static final class BatchTask implements Runnable {
    private final CountDownLatch done;

    BatchTask(CountDownLatch done) {
      this.done = done;
    }

    @Override
    public void run() {
      long end = System.nanoTime() + TASK_NS;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
      done.countDown();
    }
  }

  /**
   * Defines {@code n} classes, copies of {@link Filler00000} and {@link RunnableFiller00000} under
   * new names of the same length, so that the class files stay valid with only the name's bytes
   * changed.
   */
  static List<Class<?>> defineFillers(int n) throws IOException, IllegalAccessException {
    byte[] plain = bytesOf(Filler00000.class);
    byte[] runnable = bytesOf(RunnableFiller00000.class);
    List<Class<?>> classes = new ArrayList<>(n);
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    for (int i = 1; i <= n; i++) {
      String suffix = String.format("%05d", i);
      byte[] template = i % 10 == 0 ? runnable : plain;
      classes.add(lookup.defineClass(rename(template, "00000", suffix)));
    }
    return classes;
  }

  private static byte[] bytesOf(Class<?> c) throws IOException {
    try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
      return in.readAllBytes();
    }
  }

  /** Replaces every occurrence of the ASCII {@code from} by {@code to} (of the same length). */
  private static byte[] rename(byte[] bytes, String from, String to) {
    byte[] out = bytes.clone();
    byte[] f = from.getBytes(StandardCharsets.US_ASCII);
    byte[] t = to.getBytes(StandardCharsets.US_ASCII);
    outer:
    for (int i = 0; i + f.length <= out.length; i++) {
      for (int j = 0; j < f.length; j++) {
        if (out[i + j] != f[j]) {
          continue outer;
        }
      }
      System.arraycopy(t, 0, out, i, t.length);
    }
    return out;
  }
}
