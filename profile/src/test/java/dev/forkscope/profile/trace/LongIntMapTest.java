package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The primitive map against {@link HashMap}, with keys that collide and runs that wrap around. */
class LongIntMapTest {

  @Test
  void agreesWithAHashMapUnderRandomPutsAndRemovals() {
    Random random = new Random(12);
    for (int keySpace : new int[] {8, 100, 10_000}) {
      LongIntMap map = new LongIntMap();
      Map<Long, Integer> expected = new HashMap<>();
      for (int op = 0; op < 200_000; op++) {
        // class ids above hash codes, as in a trace, and a few large and negative keys
        long key =
            random.nextInt(10) == 0
                ? -random.nextInt(keySpace) - 1
                : ((long) random.nextInt(3) << 32) | random.nextInt(keySpace);
        switch (random.nextInt(3)) {
          case 0, 1 -> {
            map.put(key, op);
            expected.put(key, op);
          }
          default -> {
            map.remove(key);
            expected.remove(key);
          }
        }
        if (op % 1000 == 0) {
          for (long k = -keySpace; k < keySpace; k++) {
            for (long high = 0; high < 3; high++) {
              long probe = k < 0 ? k : (high << 32) | k;
              assertThat(map.get(probe, -1)).isEqualTo(expected.getOrDefault(probe, -1));
            }
          }
        }
      }
      assertThat(map.size()).isEqualTo(expected.size());
      expected.forEach((k, v) -> assertThat(map.get(k, -1)).isEqualTo(v));
    }
  }

  @Test
  void theReservedKeyIsRefused() {
    assertThatThrownBy(() -> new LongIntMap().put(Long.MIN_VALUE, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
