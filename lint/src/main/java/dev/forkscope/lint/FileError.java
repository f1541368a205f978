package dev.forkscope.lint;

import java.nio.file.Path;

/**
 * A file that could not be read or parsed; the rest of the run is unaffected.
 *
 * @param file the file
 * @param line 1-based line of the first problem, or 0 if not known
 * @param message one-line description
 */
public record FileError(Path file, int line, String message) {}
