// Modelled on j7cc (Table II: sleepy workers): a compiler that parses translation units in
// parallel; a unit waits on a latch until the headers it includes have been parsed.
package corpus.j7cc;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RecursiveTask;

final class Unit {
  final String path;
  final List<String> includes;
  final CountDownLatch parsed = new CountDownLatch(1);

  Unit(String path, List<String> includes) {
    this.path = path;
    this.includes = includes;
  }
}

final class ParseUnit extends RecursiveTask<Integer> {
  private final Unit unit;
  private final Map<String, Unit> units;

  ParseUnit(Unit unit, Map<String, Unit> units) {
    this.unit = unit;
    this.units = units;
  }

  @Override
  protected Integer compute() {
    int symbols = 0;
    for (String include : unit.includes) {
      Unit header = units.get(include);
      if (header != null) {
        try {
          // expect: sleepy-worker
          header.parsed.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return -1;
        }
        symbols += header.path.length();
      }
    }
    symbols += unit.path.length();
    unit.parsed.countDown();
    return symbols;
  }
}
