package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockRemovalTest {
  @TempDir Path dir;

  private RefactoringTestHelper withCanvas() {
    return RefactoringTestHelper.in(dir)
        .rule("intra-task-sync")
        .addSource(
            "final class Canvas {",
            "  final int width;",
            "  final Object lock = new Object();",
            "  final Raster raster;",
            "  long painted;",
            "  Canvas(int w, int h) { width = w; raster = new Raster(w, h); }",
            "  static final class Raster {",
            "    private final int width;",
            "    private final int[] argb;",
            "    private final long[] wide;",
            "    Raster(int w, int h) { width = w; argb = new int[w * h]; wide = new long[w * h]; }",
            "    void set(int x, int y, int rgb) { argb[y * width + x] = rgb; }",
            "    void add(int x, int y, int rgb) { argb[y * width + x] = argb[y * width + x] + rgb; }",
            "    void setWide(int x, int y, long v) { wide[y * width + x] = v; }",
            "  }",
            "}");
  }

  @Test
  void aLockAroundOneStoreThatReadsNothingSharedGoes() {
    withCanvas()
        .addInputLines(
            "import java.util.concurrent.RecursiveAction;",
            "class Paint extends RecursiveAction {",
            "  private final Canvas c;",
            "  private final int lo, hi;",
            "  Paint(Canvas c, int lo, int hi) { this.c = c; this.lo = lo; this.hi = hi; }",
            "  @Override protected void compute() {",
            "    if (hi - lo > 1) {",
            "      int mid = (lo + hi) >>> 1;",
            "      invokeAll(new Paint(c, lo, mid), new Paint(c, mid, hi));",
            "      return;",
            "    }",
            "    for (int j = 0; j < c.width; j++) {",
            "      int color = j * lo;",
            "      synchronized (c.lock) {",
            "        // one pixel",
            "        c.raster.set(j, lo, color);",
            "      }",
            "    }",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveAction;",
            "class Paint extends RecursiveAction {",
            "  private final Canvas c;",
            "  private final int lo, hi;",
            "  Paint(Canvas c, int lo, int hi) { this.c = c; this.lo = lo; this.hi = hi; }",
            "  @Override protected void compute() {",
            "    if (hi - lo > 1) {",
            "      int mid = (lo + hi) >>> 1;",
            "      invokeAll(new Paint(c, lo, mid), new Paint(c, mid, hi));",
            "      return;",
            "    }",
            "    for (int j = 0; j < c.width; j++) {",
            "      int color = j * lo;",
            "      // one pixel",
            "      c.raster.set(j, lo, color);",
            "    }",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void locksThatOrderMoreThanOneAtomicStoreStay() {
    FixResult result =
        withCanvas()
            .addInputLines(
                "import java.util.concurrent.RecursiveAction;",
                "class Smudge extends RecursiveAction {",
                "  private final Canvas c;",
                "  private final int row;",
                "  private Object mine = new Object();",
                "  Smudge(Canvas c, int row) { this.c = c; this.row = row; }",
                "  @Override protected void compute() {",
                "    synchronized (c.lock) {",
                "      c.raster.set(0, row, 1);",
                "      c.raster.set(1, row, 1);",
                "    }",
                "    synchronized (c.lock) {",
                "      c.raster.add(0, row, 1);",
                "    }",
                "    synchronized (c.lock) {",
                "      c.raster.setWide(0, row, 1L);",
                "    }",
                "    synchronized (c.lock) {",
                "      c.painted = row;",
                "    }",
                "    synchronized (mine) {",
                "      c.raster.set(0, row, 1);",
                "    }",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .extracting(Suggestion::reason)
        .satisfiesExactly(
            r ->
                assertThat(r)
                    .startsWith("the lock c.lock is also used at line 12")
                    .endsWith("without it this block could overlap that code"),
            r -> assertThat(r).startsWith("the lock c.lock is also used at line 8"),
            r -> assertThat(r).startsWith("the lock c.lock is also used at line 8"),
            r -> assertThat(r).startsWith("the lock c.lock is also used at line 8"),
            r -> assertThat(r).startsWith("the lock mine is not a final field"));
  }

  @Test
  void eachPreconditionIsNamed() {
    String[][] cases = {
      {"c.raster.set(0, row, 1);", "c.raster.set(1, row, 1);", "the block stores 2 times"},
      {"c.raster.add(0, row, 1);", "", "the block reads the array element argb[y * width + x]"},
      {"c.raster.setWide(0, row, 1L);", "", "the store to wide[y * width + x] is of a long"},
      {"c.painted = row;", "", "the store to c.painted is of a long"},
      {"c.raster.set(0, row, (int) c.painted);", "", "the block reads c.painted, which is not"},
      {"c.raster.set(0, row, 1);", "System.out.println(row);", "the block calls println()"},
      {"System.out.println(c);", "", "the block does not start by dereferencing c"},
    };
    for (String[] c : cases) {
      FixResult result =
          withCanvas()
              .addInputLines(
                  "import java.util.concurrent.RecursiveAction;",
                  "class Smudge extends RecursiveAction {",
                  "  private final Canvas c;",
                  "  private final int row;",
                  "  Smudge(Canvas c, int row) { this.c = c; this.row = row; }",
                  "  @Override protected void compute() {",
                  "    synchronized (c.lock) {",
                  "      " + c[0],
                  "      " + c[1],
                  "    }",
                  "  }",
                  "}")
              .expectUnchanged()
              .doTest();
      assertThat(result.suggestions())
          .singleElement()
          .satisfies(s -> assertThat(s.reason()).as(c[0]).startsWith(c[2]));
    }
  }

  /** A lock the rule could only note (an object's lock two calls away) is never rewritten. */
  @Test
  void aLockLoweredToANoteStaysASuggestion() {
    FixResult result =
        withCanvas()
            .addInputLines(
                "import java.util.List;",
                "class Rows {",
                "  final Canvas c = new Canvas(4, 4);",
                "  void all(List<Integer> ys) { ys.parallelStream().forEach((Integer y) -> row(y)); }",
                "  void row(int y) { pixel(y); }",
                "  void pixel(int y) {",
                "    synchronized (c.lock) {",
                "      c.raster.set(0, y, y);",
                "    }",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).startsWith("a note: the claim is not proven here"));
  }
}
