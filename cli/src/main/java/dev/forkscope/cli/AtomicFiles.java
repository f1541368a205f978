package dev.forkscope.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes a user's file without ever leaving it half written: a temporary file beside it, then a move. */
final class AtomicFiles {

  /** Produces the content of a file. */
  @FunctionalInterface
  interface Content {
    void writeTo(Writer out) throws IOException;
  }

  private AtomicFiles() {
  }

  /**
   * Writes {@code file} (UTF-8) atomically where the file system allows it.
   *
   * @throws UserError if the file's directory does not exist or is not writable
   */
  static void write(Path file, Content content) throws IOException {
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
      try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        content.writeTo(out);
      }
      keepPermissions(temp, target);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Temporary files are created owner-only (rw-------); give the new file the permissions of the file it
   * replaces, or the usual rw-r--r-- for a new file.
   */
  private static void keepPermissions(Path temp, Path target) throws IOException {
    if (Files.getFileAttributeView(temp, PosixFileAttributeView.class) == null) {
      return;
    }
    Files.setPosixFilePermissions(temp, Files.exists(target)
        ? Files.getPosixFilePermissions(target)
        : PosixFilePermissions.fromString("rw-r--r--"));
  }
}
