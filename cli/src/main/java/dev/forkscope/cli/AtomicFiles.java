package dev.forkscope.cli;

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
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a user's file without ever leaving it half written: the content goes to a temporary file
 * in the same directory, which then replaces the target in one move (atomic where the file system
 * allows it). The project's one helper for files that the commands write.
 */
final class AtomicFiles {

  /** Produces text content. */
  @FunctionalInterface
  interface TextContent {
    void writeTo(Writer out) throws IOException;
  }

  /** Produces binary content. */
  @FunctionalInterface
  interface ByteContent {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  /**
   * Writes {@code file} as UTF-8 text.
   *
   * @throws UserError if the file's directory does not exist, or the file is a directory or not
   *     writable
   */
  static void write(Path file, TextContent content) throws IOException {
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
   * @throws UserError if the file's directory does not exist, or the file is a directory or not
   *     writable
   */
  static void writeBytes(Path file, ByteContent content) throws IOException {
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    if (!Files.isDirectory(dir)) {
      throw new UserError("cannot write " + file + ": directory " + dir + " does not exist");
    }
    if (Files.isDirectory(target)) {
      throw new UserError("cannot write " + file + ": it is a directory");
    }
    Path temp;
    try {
      temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    } catch (IOException e) {
      throw new UserError("cannot write " + file + ": " + e.getMessage());
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
