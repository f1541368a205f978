package dev.forkscope.examples;

/**
 * One entry of the zoo: a program in its bottlenecked shape, its fixed shape, and what separates
 * them.
 *
 * @param bottleneck the number 1..6 of the bottleneck in Pinto et al. (2017), or {@code null} for a
 *     granularity exhibit
 * @param ruleId the lint rule that flags {@code before}, or {@code null} when the problem is not
 *     visible in the source and only the profiler shows it
 * @param title short name of the problem
 * @param before the program with the problem
 * @param after the same computation without it
 * @param source where the shape of {@code before} comes from
 * @param explanation one paragraph on why {@code before} is slow and what {@code after} does
 *     instead
 */
public record Exhibit(
    Integer bottleneck,
    String ruleId,
    String title,
    Class<? extends ZooProgram> before,
    Class<? extends ZooProgram> after,
    String source,
    String explanation) {}
