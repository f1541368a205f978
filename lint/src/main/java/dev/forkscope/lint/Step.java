package dev.forkscope.lint;

import java.nio.file.Path;

/**
 * One hop of the call path from a task's execution method to the line a finding points at.
 *
 * @param file source file of this hop
 * @param line 1-based line
 * @param column 1-based column
 * @param description what happens at this hop, e.g. {@code "SumTask.compute()"} or {@code "calls
 *     helper()"}
 */
public record Step(Path file, int line, int column, String description) {}
