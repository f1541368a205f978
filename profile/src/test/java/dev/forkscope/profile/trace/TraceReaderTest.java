package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FSTRACE5 decoding of the records the work/span analysis reads, byte by byte. */
class TraceReaderTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private void varint(long v) {
    while ((v & ~0x7fL) != 0) {
      out.write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
  }

  private void zigzag(long v) {
    varint((v << 1) ^ (v >> 63));
  }

  private void string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    varint(b.length);
    out.writeBytes(b);
  }

  private void key(int classId, int hash) {
    varint(classId);
    for (int shift = 0; shift < 32; shift += 8) {
      out.write(hash >>> shift);
    }
  }

  private Trace read(String magic) throws IOException {
    Files.writeString(dir.resolve("meta.json"), "{\"format\": \"1\", \"cpus\": 2}");
    byte[] body = out.toByteArray();
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.writeBytes(magic.getBytes(StandardCharsets.US_ASCII));
    file.writeBytes(body);
    Files.write(dir.resolve("trace.bin"), file.toByteArray());
    return TraceReader.read(dir);
  }

  @Test
  void forksJoinsAndWaitsBecomeEventsOfTheirThreadAndTask() throws IOException {
    varint(1_000); // base time
    out.write(1); // CLASS
    varint(1);
    string("app.Task");
    out.write(2); // THREAD recorder 1 = thread 7
    varint(1);
    varint(7);
    string("worker");
    out.write(0);
    out.write(4); // OWNER
    varint(1);
    out.write(7); // SUBMIT, forked and timed, at 1100
    varint(64 | 128);
    key(1, 0x1234);
    zigzag(100);
    key(1, 0x99);
    zigzag(-1);
    out.write(5); // EXEC of the fork/join task, 1200-1500
    varint(2 | (4 << 8));
    key(1, 0x1234);
    zigzag(1);
    varint(0);
    zigzag(400);
    zigzag(300);
    zigzag(0);
    zigzag(-1);
    out.write(9); // JOIN at 1600
    key(1, 0x1234);
    zigzag(100);
    out.write(10); // WAIT 1700-1750
    zigzag(100);
    zigzag(50);
    out.write(9); // JOIN of a task never seen, at 1800
    key(1, 0x5678);
    zigzag(50);

    Trace trace = read("FSTRACE5");
    assertThat(trace.executions())
        .singleElement()
        .satisfies(e -> assertThat(e.startNs()).isEqualTo(1200));
    long task = trace.executions().get(0).taskId();
    assertThat(trace.events())
        .containsExactly(
            new TaskEvent(TaskEvent.Type.SUBMIT, 7, 1100, 1100, task, true),
            new TaskEvent(TaskEvent.Type.JOIN, 7, 1600, 1600, task, true),
            new TaskEvent(TaskEvent.Type.WAIT, 7, 1700, 1750, 0, true),
            new TaskEvent(TaskEvent.Type.JOIN, 7, 1800, 1800, 0, true));
  }

  @Test
  void aTraceOfTheFormerFormatIsRejectedWithAMessage() {
    varint(1_000);
    assertThatThrownBy(() -> read("FSTRACE4"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("another version of the forkscope agent");
  }
}
