package dev.forkscope.lint;

/**
 * The declarative description of one lint rule.
 *
 * @param id stable kebab-case identifier, used on the command line and in suppressions
 * @param bottleneck the Pinto et al. (2017) bottleneck number 1..6 this rule detects, or {@code
 *     null} for rules from the wider misuse catalogue
 * @param severity default severity of its findings
 * @param fix whether findings of this rule have a mechanical fix
 * @param title short human-readable name
 * @param why one sentence on why the pattern hurts, from the papers
 * @param instead what to do instead
 * @param precision expected precision: {@code "very-high"}, {@code "high"} or {@code "medium"}
 */
public record Rule(
    String id,
    Integer bottleneck,
    Severity severity,
    FixSafety fix,
    String title,
    String why,
    String instead,
    String precision) {}
