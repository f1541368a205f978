package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SteadyTest {

  /** A program that remembers the arguments of every call of its main. */
  public static final class Counting {
    static final List<String> CALLS = new ArrayList<>();

    public static void main(String[] args) {
      CALLS.add(String.join(",", args));
    }
  }

  @Test
  void callsMainForTheWarmUpsThenTimesEachFurtherCall(@TempDir Path dir) throws Throwable {
    Path out = dir.resolve("steady.txt");
    Counting.CALLS.clear();

    Steady.main(new String[] {out.toString(), "2", "3", Counting.class.getName(), "a", "b"});

    assertThat(Counting.CALLS).containsExactly("a,b", "a,b", "a,b", "a,b", "a,b");
    List<String> lines = Files.readAllLines(out);
    assertThat(lines).hasSize(3);
    for (String line : lines) {
      String[] fields = line.split(" ");
      assertThat(fields).hasSize(2);
      assertThat(Long.parseLong(fields[0])).isPositive();
      assertThat(Long.parseLong(fields[1])).isNotNegative();
    }
  }
}
