/**
 * The static checker for fork/join bottlenecks and misuse.
 *
 * <p>Entry point: {@link dev.forkscope.lint.Linter}. {@link dev.forkscope.lint.Rules} lists the
 * rules (the six bottlenecks of Pinto et al. 2017 and the misuse catalogue), a run returns a {@link
 * dev.forkscope.lint.LintResult} of {@link dev.forkscope.lint.Finding}s and a {@link
 * dev.forkscope.lint.Summary}. Everything else in this package is the engine: a text pre-filter
 * ({@code SourceFile}), a name-based project index ({@code ProjectIndex}), the shared traversal
 * that finds execution contexts and follows calls ({@code Entries}, {@code Analyzer}), and one
 * class per rule. Writers for text, JSON and SARIF live in {@code dev.forkscope.lint.output}.
 */
package dev.forkscope.lint;
