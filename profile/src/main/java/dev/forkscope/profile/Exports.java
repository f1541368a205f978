package dev.forkscope.profile;

import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes a profile's files into an output directory, each atomically (temporary file, then move). */
public final class Exports {

  /** The file names written into the output directory. */
  public static final String SUMMARY_JSON = "summary.json";

  public static final String TASKS_CSV = "tasks.csv";

  private Exports() {}

  /** Writes {@code summary.json} and {@code tasks.csv} into {@code dir}, which must exist. */
  public static void write(Trace trace, Profile profile, Path dir) throws IOException {
    writeAtomically(dir.resolve(SUMMARY_JSON), out -> SummaryJson.write(profile, out));
    writeAtomically(dir.resolve(TASKS_CSV), out -> TasksCsv.write(trace, out));
  }

  private interface Content {
    void writeTo(Writer out) throws IOException;
  }

  private static void writeAtomically(Path target, Content content) throws IOException {
    Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".tmp");
    try {
      try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        content.writeTo(out);
      }
      // temporary files are created owner-only; exports are ordinary, readable files
      if (Files.getFileAttributeView(tmp, PosixFileAttributeView.class) != null) {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
