package dev.forkscope.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The agent's options, from {@code
 * -javaagent:forkscope-agent.jar=out=DIR,cpu=sampled,contexts=true}. Unknown options and bad values
 * are reported (one line each) and replaced by the defaults: a typo must never stop the profiled
 * program. Loaded into a running JVM, the agent also takes {@code duration=MS} (stop recording
 * after MS milliseconds) and {@code stop} alone (stop the recording in progress).
 */
final class AgentOptions {
  static final String DEFAULT_OUT = "forkscope-out";

  /** Default period of the wait sampler: a 10 ms sleep is seen about twice. */
  static final long DEFAULT_WAIT_MS = 5;

  final Path out;
  final String cpu;
  final boolean contexts;

  /** Whether fine-grained classes are sampled (sampling=on, the default, or off). */
  final boolean sampling;

  /** How often the states of threads are sampled (waits=MS or off); 0 for never. */
  final long waitPeriodNs;

  /** For a recording in a running JVM: stop after this many milliseconds; 0 for never. */
  final long durationMs;

  /** The option {@code stop}: end the recording in progress rather than start one. */
  final boolean stop;

  /** The options as given, for the trace's meta data. */
  final Map<String, String> given;

  /** One line per problem found. */
  final List<String> problems;

  private AgentOptions(
      Path out,
      String cpu,
      boolean contexts,
      boolean sampling,
      long waitPeriodNs,
      long durationMs,
      boolean stop,
      Map<String, String> given,
      List<String> problems) {
    this.out = out;
    this.cpu = cpu;
    this.contexts = contexts;
    this.sampling = sampling;
    this.waitPeriodNs = waitPeriodNs;
    this.durationMs = durationMs;
    this.stop = stop;
    this.given = given;
    this.problems = problems;
  }

  static AgentOptions parse(String args) {
    Path out = Path.of(DEFAULT_OUT);
    String cpu = "sampled";
    boolean contexts = true;
    boolean sampling = true;
    long waitMs = DEFAULT_WAIT_MS;
    long durationMs = 0;
    boolean stop = false;
    Map<String, String> given = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    if (args != null && !args.isBlank()) {
      for (String item : args.split(",")) {
        int eq = item.indexOf('=');
        String key = (eq < 0 ? item : item.substring(0, eq)).trim();
        String value = eq < 0 ? "" : item.substring(eq + 1).trim();
        if (key.isEmpty()) {
          continue;
        }
        given.put(key, value);
        switch (key) {
          case "out":
            if (value.isEmpty()) {
              problems.add("option out needs a directory (out=DIR); using " + DEFAULT_OUT);
            } else {
              out = Path.of(value);
            }
            break;
          case "cpu":
            if (value.equals("off") || value.equals("sampled") || value.equals("all")) {
              cpu = value;
            } else {
              problems.add(
                  "option cpu must be off, sampled or all, not '" + value + "'; using sampled");
            }
            break;
          case "contexts":
            if (value.equals("true") || value.equals("false")) {
              contexts = Boolean.parseBoolean(value);
            } else {
              problems.add(
                  "option contexts must be true or false, not '" + value + "'; using true");
            }
            break;
          case "sampling":
            if (value.equals("on") || value.equals("off")) {
              sampling = value.equals("on");
            } else {
              problems.add("option sampling must be on or off, not '" + value + "'; using on");
            }
            break;
          case "waits":
            waitMs = value.equals("off") ? 0 : millis(value);
            if (waitMs < 0) {
              waitMs = DEFAULT_WAIT_MS;
              problems.add(
                  "option waits must be off or a period in milliseconds from 1 to 1000, not '"
                      + value
                      + "'; using "
                      + DEFAULT_WAIT_MS);
            }
            break;
          case "duration":
            try {
              durationMs = Long.parseLong(value);
            } catch (NumberFormatException e) {
              durationMs = -1;
            }
            if (durationMs < 1) {
              durationMs = 0;
              problems.add(
                  "option duration must be a positive number of milliseconds, not '"
                      + value
                      + "'; recording until stopped");
            }
            break;
          case "stop":
            stop = true;
            break;
          default:
            problems.add(
                "unknown option '"
                    + key
                    + "' ignored (known: out, cpu, contexts, sampling, waits, duration, stop)");
        }
      }
    }
    given.put("out", out.toString());
    given.putIfAbsent("cpu", cpu);
    given.putIfAbsent("contexts", Boolean.toString(contexts));
    given.putIfAbsent("sampling", sampling ? "on" : "off");
    given.putIfAbsent("waits", Long.toString(waitMs));
    return new AgentOptions(
        out,
        cpu,
        contexts,
        sampling,
        TimeUnit.MILLISECONDS.toNanos(waitMs),
        durationMs,
        stop,
        Collections.unmodifiableMap(given),
        List.copyOf(problems));
  }

  /** A period of 1 to 1000 ms, or -1. */
  private static long millis(String value) {
    try {
      long ms = Long.parseLong(value);
      return ms >= 1 && ms <= 1000 ? ms : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
