package dev.forkscope.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void writesTextAndBytesWithUsualPermissions() throws IOException {
    Path text = dir.resolve("report.txt");
    Path bytes = dir.resolve("trace.bin");
    AtomicFiles.write(text, out -> out.write("grüße\n"));
    AtomicFiles.writeBytes(bytes, out -> out.write(new byte[] {1, 2, 3}));

    assertThat(Files.readString(text, StandardCharsets.UTF_8)).isEqualTo("grüße\n");
    assertThat(Files.readAllBytes(bytes)).containsExactly(1, 2, 3);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(text)))
        .isEqualTo("rw-r--r--");
    assertNothingElseIn(text, bytes);
  }

  @Test
  void failedWriteLeavesTheOldFileUntouched() throws IOException {
    Path file = Files.writeString(dir.resolve("report.txt"), "old");
    assertThatThrownBy(
            () ->
                AtomicFiles.write(
                    file,
                    out -> {
                      out.write("half");
                      throw new IOException("disk full");
                    }))
        .hasMessage("disk full");

    assertThat(Files.readString(file)).isEqualTo("old");
    assertNothingElseIn(file);
  }

  @Test
  void missingDirectoryIsTheUsersMistake() {
    assertThatThrownBy(
            () -> AtomicFiles.write(dir.resolve("no/such/report.txt"), out -> out.write("x")))
        .isInstanceOf(UnwritableFileException.class)
        .hasMessageContaining("does not exist");
  }

  @Test
  void readOnlyFileIsNotReplaced() throws IOException {
    Path file = Files.writeString(dir.resolve("Task.java"), "old");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));

    assertThatThrownBy(() -> AtomicFiles.write(file, out -> out.write("new")))
        .isInstanceOf(UnwritableFileException.class)
        .hasMessage("cannot write " + file + ": it is read-only");
    assertThat(Files.readString(file)).isEqualTo("old");
    assertNothingElseIn(file);
  }

  @Test
  void replacedFileKeepsItsPermissions() throws IOException {
    Path file = Files.writeString(dir.resolve("run.sh"), "old");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-x---"));

    AtomicFiles.write(file, out -> out.write("new"));

    assertThat(Files.readString(file)).isEqualTo("new");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rwxr-x---");
  }

  private void assertNothingElseIn(Path... expected) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactlyInAnyOrder(expected);
    }
  }
}
