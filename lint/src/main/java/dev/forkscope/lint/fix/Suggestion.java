package dev.forkscope.lint.fix;

import dev.forkscope.lint.Finding;

/**
 * A finding the fixer leaves to a human, with the reason and a concrete before/after snippet.
 *
 * @param finding the finding
 * @param reason why no rewrite was made: the precondition that failed, or why the rule has none
 * @param before the decisive code as written
 * @param after what it could become; a sketch that a human has to check
 */
public record Suggestion(Finding finding, String reason, String before, String after) {}
