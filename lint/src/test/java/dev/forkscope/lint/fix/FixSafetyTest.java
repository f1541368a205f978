package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.io.UnwritableFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the fixer promises beyond each rewrite: untouched text, checked writes, no lost files. */
class FixSafetyTest {
  /** Odd formatting, comments, tabs, CRLF line breaks and non-ASCII text around one fix. */
  private static final String QUIRKY =
      String.join(
          "\r\n",
          "import java.util.concurrent.RecursiveTask;",
          "/* Größe: ½ */",
          "class Quirky   extends RecursiveTask<Integer> {",
          "\tfinal int n;   // tabs",
          "  Quirky(int n) {this.n=n;}",
          "  @Override protected Integer compute() {",
          "    if (n < 2) return n;   /* leaf */",
          "    Quirky a = new Quirky(n - 1);",
          "        a.fork();     // forked",
          "    int x = a.join(); // joined at once",
          "    return x+ n ;",
          "  }",
          "}",
          "");

  @TempDir Path dir;

  @Test
  void textOutsideTheEditsStaysByteForByte() throws IOException {
    Path file = write("Quirky.java", QUIRKY);
    FileFix fix = only(fix(file));
    String expected =
        QUIRKY.replace("a.fork();     // forked", "// forked").replace("a.join()", "a.invoke()");
    assertThat(fix.rewritten()).isEqualTo(expected);
    assertThat(fix.fixes())
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("fork-immediately-joined"));
  }

  @Test
  void aFileThatChangedSinceItWasReadIsNotWritten() throws IOException {
    Path file = write("Quirky.java", QUIRKY);
    FileFix fix = only(fix(file));
    String edited = QUIRKY.replace("tabs", "edited meanwhile");
    Files.writeString(file, edited);
    assertThatThrownBy(() -> FixWriter.write(fix))
        .isInstanceOf(FixWriter.FileChangedException.class)
        .hasMessageContaining("changed since it was read");
    assertThat(Files.readString(file)).isEqualTo(edited);
  }

  @Test
  void aReadOnlyFileIsNotWrittenAndStaysAsItWas() throws IOException {
    Path file = write("Quirky.java", QUIRKY);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
    FileFix fix = only(fix(file));
    assertThatThrownBy(() -> FixWriter.write(fix))
        .isInstanceOf(UnwritableFileException.class)
        .hasMessageContaining("read-only");
    assertThat(Files.readString(file)).isEqualTo(QUIRKY);
  }

  @Test
  void aWrittenFileKeepsItsPermissions() throws IOException {
    Path file = write("Quirky.java", QUIRKY);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw----"));
    FixWriter.write(only(fix(file)));
    assertThat(Files.readString(file)).contains("a.invoke()");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-rw----");
  }

  @Test
  void aFileThatIsNotUtf8IsNeverRewritten() throws IOException {
    Path file = dir.resolve("Quirky.java");
    byte[] latin1 = QUIRKY.getBytes(StandardCharsets.ISO_8859_1);
    Files.write(file, latin1);
    FileFix fix = only(fix(file));
    assertThat(fix.changed()).isFalse();
    assertThat(fix.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).contains("not valid UTF-8"));
    assertThat(Files.readAllBytes(file)).isEqualTo(latin1);
  }

  private static FixResult fix(Path file) throws IOException {
    return Fixer.builder().rules(List.of("fork-immediately-joined")).build().fix(List.of(file));
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static FileFix only(FixResult result) {
    assertThat(result.files()).hasSize(1);
    return result.files().get(0);
  }
}
