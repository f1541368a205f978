package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The primitive map against {@link HashMap}: keys that collide, runs that wrap around, and the key
 * that marks empty slots.
 */
class LongIntMapTest {

  @Test
  void agreesWithAHashMapUnderRandomPutsAndRemovals() {
    Random random = new Random(12);
    for (int keySpace : new int[] {8, 100, 10_000}) {
      LongIntMap map = new LongIntMap();
      Map<Long, Integer> expected = new HashMap<>();
      for (int op = 0; op < 200_000; op++) {
        // class ids above hash codes, as in a trace, a few negative keys and the empty slots' mark
        int draw = random.nextInt(100);
        long key =
            draw == 0
                ? Long.MIN_VALUE
                : draw < 10
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
          assertThat(map.get(Long.MIN_VALUE, -1))
              .isEqualTo(expected.getOrDefault(Long.MIN_VALUE, -1));
          assertThat(map.size()).isEqualTo(expected.size());
        }
      }
      assertThat(map.size()).isEqualTo(expected.size());
      expected.forEach((k, v) -> assertThat(map.get(k, -1)).isEqualTo(v));
    }
  }
}
