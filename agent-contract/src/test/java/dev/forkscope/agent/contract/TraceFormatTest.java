package dev.forkscope.agent.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceFormatTest {
  @Test
  void everyRecordTagIsDistinctAndFitsInAByte() throws Exception {
    List<Integer> tags = constants("T_");
    assertThat(tags).hasSize(12).doesNotHaveDuplicates().allMatch(t -> t > 0 && t < 128);
  }

  @Test
  void noTwoFlagsShareABit() throws Exception {
    int used = TraceFormat.F_METHOD;
    for (int flag : constants("F_")) {
      if (flag != TraceFormat.F_METHOD) {
        assertThat(used & flag).as("flag %d", flag).isZero();
        used |= flag;
      }
    }
    int kinds = 0;
    for (int kind : constants("KIND_")) {
      if (kind != TraceFormat.KIND_SHIFT) {
        assertThat(kinds & kind).isZero();
        kinds |= kind;
      }
    }
    int kindBits = kinds << TraceFormat.KIND_SHIFT;
    int periodBits = TraceFormat.PERIOD_BITS << TraceFormat.PERIOD_SHIFT;
    assertThat(used & kindBits).isZero();
    assertThat(used & periodBits).isZero();
    assertThat(kindBits & periodBits).isZero();
  }

  @Test
  void theFlagsCarryThePeriodTheExecutionWasSampledAt() {
    for (int log = 0; log <= TraceFormat.PERIOD_BITS; log++) {
      int flags = TraceFormat.F_DONE | TraceFormat.F_CPU | (log << TraceFormat.PERIOD_SHIFT);
      assertThat(TraceFormat.periodLog(flags)).isEqualTo(log);
      assertThat(TraceFormat.weight(flags)).isEqualTo(1L << log);
    }
  }

  @Test
  void zigzagKeepsSmallValuesSmallAndDecodesBack() {
    assertThat(TraceFormat.zigzag(0)).isZero();
    assertThat(TraceFormat.zigzag(-1)).isEqualTo(1);
    assertThat(TraceFormat.zigzag(1)).isEqualTo(2);
    for (long v : new long[] {0, 1, -1, 63, -64, Long.MAX_VALUE, Long.MIN_VALUE, 123_456_789}) {
      assertThat(TraceFormat.unzigzag(TraceFormat.zigzag(v))).isEqualTo(v);
    }
  }

  @Test
  void theHeadersDifferInTheVersionOnly() {
    byte[] magic = TraceFormat.MAGIC.getBytes(StandardCharsets.US_ASCII);
    byte[] unsampled = TraceFormat.MAGIC_UNSAMPLED.getBytes(StandardCharsets.US_ASCII);
    assertThat(magic).hasSize(8);
    assertThat(unsampled).hasSize(8);
    assertThat(TraceFormat.MAGIC.substring(0, 7))
        .isEqualTo(TraceFormat.MAGIC_UNSAMPLED.substring(0, 7));
    assertThat(TraceFormat.MAGIC).isNotEqualTo(TraceFormat.MAGIC_UNSAMPLED);
    assertThat(TraceFormat.MAGIC.substring(0, 7))
        .isEqualTo(TraceFormat.MAGIC_UNBLOCKED.substring(0, 7));
    assertThat(TraceFormat.MAGIC).isNotEqualTo(TraceFormat.MAGIC_UNBLOCKED);
  }

  @Test
  void theBlockKindsAreDistinct() throws Exception {
    assertThat(constants("BLOCK_")).containsExactlyInAnyOrder(0, 1, 2, 3);
  }

  private static List<Integer> constants(String prefix) throws IllegalAccessException {
    List<Integer> values = new ArrayList<>();
    for (Field f : TraceFormat.class.getFields()) {
      if (f.getName().startsWith(prefix)
          && Modifier.isStatic(f.getModifiers())
          && f.getType() == int.class) {
        values.add(f.getInt(null));
      }
    }
    assertThat(values).isNotEmpty();
    return values;
  }
}
