package dev.forkscope.lint.fix;

import dev.forkscope.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * Writes a fixed file over the original, never losing or half-writing it: the file must still be
 * exactly as the fixer read it (same bytes, same modification time), and the new text goes to a
 * temporary file that then replaces the original in one move, keeping its permissions ({@link
 * AtomicFiles}). On any failure the original stays as it was.
 */
public final class FixWriter {
  /** The file changed between reading and writing; it was left alone. */
  public static final class FileChangedException extends IOException {
    FileChangedException(String message) {
      super(message);
    }
  }

  private FixWriter() {}

  /**
   * Writes {@code fix.rewritten()} to {@code fix.path()}; does nothing if the fix changes nothing.
   *
   * @throws FileChangedException if the file changed since it was read
   * @throws dev.forkscope.io.UnwritableFileException if the file is read-only or its directory
   *     cannot be written
   * @throws IOException if writing fails (a full disk); the original is untouched
   */
  public static void write(FileFix fix) throws IOException {
    if (!fix.changed()) {
      return;
    }
    byte[] original = fix.original().getBytes(StandardCharsets.UTF_8);
    if (!Files.getLastModifiedTime(fix.path()).equals(fix.modified())
        || !Arrays.equals(Files.readAllBytes(fix.path()), original)) {
      throw new FileChangedException(
          fix.path() + " changed since it was read; not written (run fix again)");
    }
    byte[] rewritten = fix.rewritten().getBytes(StandardCharsets.UTF_8);
    AtomicFiles.writeBytes(fix.path(), out -> out.write(rewritten));
  }
}
