package dev.forkscope.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a user's file without ever leaving it half written: the content goes to a temporary file
 * in the same directory, which then replaces the target in one move (atomic where the file system
 * allows it). The project's one helper for the files that forkscope writes: reports, charts,
 * extracted jars and the sources that {@code fix --apply} rewrites.
 */
public final class AtomicFiles {

  /** Produces text content. */
  @FunctionalInterface
  public interface TextContent {
    void writeTo(Writer out) throws IOException;
  }

  /** Produces binary content. */
  @FunctionalInterface
  public interface ByteContent {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  /**
   * Writes {@code file} as UTF-8 text.
   *
   * @throws UnwritableFileException if the file's directory does not exist, the file is a directory
   *     or read-only, or the directory is not writable
   */
  public static void write(Path file, TextContent content) throws IOException {
    writeBytes(
        file,
        out -> {
          Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          content.writeTo(writer);
          writer.flush();
        });
  }

  /**
   * Writes {@code file} as bytes.
   *
   * @throws UnwritableFileException if the file's directory does not exist, the file is a directory
   *     or read-only, or the directory is not writable
   */
  public static void writeBytes(Path file, ByteContent content) throws IOException {
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    if (!Files.isDirectory(dir)) {
      throw new UnwritableFileException(
          "cannot write " + file + ": directory " + dir + " does not exist");
    }
    if (Files.isDirectory(target)) {
      throw new UnwritableFileException("cannot write " + file + ": it is a directory");
    }
    if (Files.exists(target) && readOnly(target)) {
      throw new UnwritableFileException("cannot write " + file + ": it is read-only");
    }
    Path temp;
    try {
      temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    } catch (IOException e) {
      throw new UnwritableFileException("cannot write " + file + ": " + e.getMessage());
    }
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp))) {
        content.writeTo(out);
      }
      keepPermissions(temp, target);
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Whether the user marked the file read-only. The owner's write bit decides where there is one,
   * since a process running as root may write any file and would otherwise replace it regardless.
   */
  private static boolean readOnly(Path file) throws IOException {
    if (Files.getFileAttributeView(file, PosixFileAttributeView.class) == null) {
      return !Files.isWritable(file);
    }
    return !Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_WRITE);
  }

  /**
   * Temporary files are created owner-only (rw-------); give the new file the permissions of the
   * file it replaces, or the usual rw-r--r-- for a new file.
   */
  private static void keepPermissions(Path temp, Path target) throws IOException {
    if (Files.getFileAttributeView(temp, PosixFileAttributeView.class) == null) {
      return;
    }
    Files.setPosixFilePermissions(
        temp,
        Files.exists(target)
            ? Files.getPosixFilePermissions(target)
            : PosixFilePermissions.fromString("rw-r--r--"));
  }
}
