package dev.forkscope.bench.suites;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A generated async-heavy tree, the walk's worst case: in each of {@link #PACKAGES} packages, a
 * service of {@link #METHODS} methods that call each other at random (three calls each, behind
 * branches), with locks, sleeps and queue takes, and a helper holding a list; and four test classes
 * calling the service from 600 async, parallel-stream and pool lambdas (18,000 in all). About
 * 82,000 lines, every file parsed; the same tree every time (a fixed seed).
 */
final class AsyncTree {
  private static final int PACKAGES = 30;
  private static final int METHODS = 120;
  private static final int HELPER_METHODS = 20;
  private static final int TEST_CLASSES = 4;
  private static final int TESTS = 120;

  private AsyncTree() {}

  /** Writes the tree under the root. */
  static void write(Path root) throws IOException {
    Random random = new Random(11);
    for (int p = 0; p < PACKAGES; p++) {
      Path dir = Files.createDirectories(root.resolve("p" + p));
      Files.write(dir.resolve("Service.java"), service(p, random));
      Files.write(dir.resolve("Helper.java"), helper(p, random));
      for (int t = 0; t < TEST_CLASSES; t++) {
        Files.write(dir.resolve("ServiceTest" + t + ".java"), test(p, t, random));
      }
    }
  }

  private static List<String> service(int p, Random random) {
    List<String> s =
        new ArrayList<>(
            List.of(
                "package p" + p + ";",
                "import java.util.*;",
                "import java.util.concurrent.*;",
                "import java.util.concurrent.locks.*;",
                "public class Service {",
                "    private final Map<String, Integer> map = new HashMap<>();",
                "    private final Object lock = new Object();",
                "    private final ReentrantLock rl = new ReentrantLock();",
                "    private final BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();",
                "    private final Helper helper = new Helper();"));
    for (int i = 0; i < METHODS; i++) {
      s.add("    int m" + i + "(int x) throws Exception {");
      s.add("        int y = x + " + i + ";");
      for (int k = 0; k < 3; k++) {
        s.add(
            "        if (y % "
                + (k + 2)
                + " == 0) { y += m"
                + random.nextInt(METHODS)
                + "(y - 1); }");
      }
      s.add("        y += helper.h" + random.nextInt(HELPER_METHODS) + "(y);");
      switch (random.nextInt(8)) {
        case 0 -> s.add("        synchronized (lock) { y++; }");
        case 1 -> s.add("        Thread.sleep(1);");
        case 2 -> s.add("        y += queue.take();");
        case 3 -> s.add("        rl.lock(); try { y++; } finally { rl.unlock(); }");
        default -> {}
      }
      s.add("        map.merge(\"k\" + y, y, Integer::sum);");
      s.add("        return y;");
      s.add("    }");
    }
    s.add("}");
    return s;
  }

  private static List<String> helper(int p, Random random) {
    List<String> h =
        new ArrayList<>(
            List.of(
                "package p" + p + ";",
                "class Helper {",
                "    private final List<Integer> list = new ArrayList<>();"));
    for (int i = 0; i < HELPER_METHODS; i++) {
      h.add("    int h" + i + "(int x) {");
      h.add("        list.add(x);");
      h.add("        int v = x * " + i + " + list.size();");
      h.add("        if (v > 100) { v = h" + random.nextInt(HELPER_METHODS) + "(v / 2); }");
      h.add("        return v;");
      h.add("    }");
    }
    h.add("}");
    return h;
  }

  private static List<String> test(int p, int t, Random random) {
    List<String> c =
        new ArrayList<>(
            List.of(
                "package p" + p + ";",
                "import java.util.*;",
                "import java.util.concurrent.*;",
                "class ServiceTest" + t + " {",
                "    private final Service service = new Service();"));
    for (int k = 0; k < TESTS; k++) {
      String call = "service.m" + random.nextInt(METHODS) + "(" + k + ")";
      String guarded = "{ try { " + call + "; } catch (Exception e) { } }";
      c.add("    void test" + k + "() throws Exception {");
      c.add(
          switch (k % 4) {
            case 0 -> "        CompletableFuture.runAsync(() -> " + guarded + ").get();";
            case 1 -> "        List.of(1, 2).parallelStream().forEach(v -> " + guarded + ");";
            case 2 -> "        ForkJoinPool.commonPool().submit(() -> " + guarded + ");";
            default ->
                "        CompletableFuture.supplyAsync(() -> { "
                    + guarded
                    + " return 1; }).thenApplyAsync(v -> { "
                    + guarded
                    + " return v; }).join();";
          });
      c.add("    }");
    }
    c.add("}");
    return c;
  }
}
