package dev.forkscope.profile;

import java.util.List;

/**
 * The executions of one task class that share a creation or submission site.
 *
 * @param kind "creation" or "submission"
 * @param site the innermost user frame, {@code class.method(File.java:line)}: the line to change
 * @param frames the sampled calling context, innermost first
 * @param tasks distinct tasks
 * @param executions executions
 * @param granularity self wall time per execution
 */
public record SiteProfile(
    String kind,
    String site,
    List<String> frames,
    long tasks,
    long executions,
    Distribution granularity) {}
