package dev.forkscope.agent.contract;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agent's options, from {@code
 * -javaagent:forkscope-agent.jar=out=DIR,cpu=sampled,contexts=true}: the agent {@linkplain #parse
 * parses} them, the front ends (the CLI, the Maven plugin, the benchmarks) build them with the
 * {@code with} methods and {@linkplain #format format} them, as JaCoCo's {@code AgentOptions} does
 * for its agent.
 *
 * <p>Unknown options and bad values are reported ({@link #problems}, one line each) and replaced by
 * the defaults: a typo must never stop the profiled program. Loaded into a running JVM, the agent
 * also takes {@code duration=MS} (stop recording after MS milliseconds) and {@code stop} alone
 * (stop the recording in progress). With {@code perjvm=true} (the Maven plugin's, where several
 * test JVMs share one directory) each JVM writes into a subdirectory of its own ({@link
 * #JVM_DIRECTORY_PREFIX}{@code 1}, {@code 2}, ... in the order the JVMs started).
 *
 * <p>An instance holds the options given with a valid value, and formats them in one fixed order
 * ({@code out, perjvm, cpu, contexts, sampling, waits, monitors, duration, stop}); two instances
 * are equal when they hold the same. An option change is one edit here and a case in the round-trip
 * test.
 *
 * <p>Implementation note: the agent parses its options in {@code premain}, before anything else, so
 * this class is JDK-only and uses no lambda and no string concatenation through invokedynamic (the
 * module is compiled with {@code -XDstringConcat=inline}): bootstrapping either costs start-up time
 * in every profiled JVM. The agent embeds it relocated (see agent/pom.xml).
 */
public final class AgentOptions {
  /** Where the trace goes when {@code out} is not given. */
  public static final String DEFAULT_OUT = "forkscope-out";

  /** The name of a JVM's own subdirectory under {@code perjvm=true}, before its number. */
  public static final String JVM_DIRECTORY_PREFIX = "jvm-";

  /** Default period of the wait sampler: a 10 ms sleep is seen about twice. */
  public static final long DEFAULT_WAIT_MS = 5;

  /** How the agent measures the thread CPU time of tasks. */
  public enum Cpu {
    /** Not at all. */
    OFF,
    /** Long tasks and a sample of short ones (the default). */
    SAMPLED,
    /** Every task (about 0.7 µs per task). */
    ALL;

    /** The option's value: {@code off}, {@code sampled} or {@code all}. */
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The mode an option value names, if any. */
    public static Optional<Cpu> of(String text) {
      for (Cpu c : values()) {
        if (c.text().equals(text)) {
          return Optional.of(c);
        }
      }
      return Optional.empty();
    }
  }

  /** How the CompileCommands the front ends give the recorder's classes start. */
  private static final String COMPILE_COMMAND = "-XX:CompileCommand=dontinline,dev.forkscope.";

  /** The options, in the order they are formatted. */
  private enum Key {
    OUT,
    PERJVM,
    CPU,
    CONTEXTS,
    SAMPLING,
    WAITS,
    MONITORS,
    DURATION,
    STOP;

    final String text = name().toLowerCase(Locale.ROOT);

    static Key of(String text) {
      for (Key k : values()) {
        if (k.text.equals(text)) {
          return k;
        }
      }
      return null;
    }
  }

  private static final AgentOptions DEFAULTS =
      new AgentOptions(
          new EnumMap<Key, String>(Key.class), new LinkedHashMap<String, String>(), List.of());

  /** The options given with a valid value, as text. */
  private final EnumMap<Key, String> values;

  /** Everything given, in the order given, bad values and unknown options included. */
  private final Map<String, String> given;

  private final List<String> problems;

  private AgentOptions(
      EnumMap<Key, String> values, Map<String, String> given, List<String> problems) {
    this.values = values;
    this.given = given;
    this.problems = problems;
  }

  /** No option given: every one at its default. */
  public static AgentOptions defaults() {
    return DEFAULTS;
  }

  /** Parses an option string (null or blank for none), reporting what it cannot use. */
  public static AgentOptions parse(String args) {
    EnumMap<Key, String> values = new EnumMap<>(Key.class);
    Map<String, String> given = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    if (args != null && !args.isBlank()) {
      for (String item : args.split(",")) {
        int eq = item.indexOf('=');
        String name = (eq < 0 ? item : item.substring(0, eq)).trim();
        String value = eq < 0 ? "" : item.substring(eq + 1).trim();
        if (name.isEmpty()) {
          continue;
        }
        given.put(name, value);
        Key key = Key.of(name);
        if (key == null) {
          problems.add(unknown(name));
          continue;
        }
        String problem = check(key, value);
        if (problem == null) {
          values.put(key, key == Key.STOP ? "" : value);
        } else {
          values.remove(key); // a bad value after a good one: the default, as the problem says
          problems.add(problem);
        }
      }
    }
    return new AgentOptions(values, given, List.copyOf(problems));
  }

  /** Why {@code value} is no value for {@code key}, or null when it is one. */
  private static String check(Key key, String value) {
    switch (key) {
      case OUT:
        return value.isEmpty()
            ? "option out needs a directory (out=DIR); using " + DEFAULT_OUT
            : null;
      case PERJVM:
        return value.equals("true") || value.equals("false")
            ? null
            : "option perjvm must be true or false, not '" + value + "'; using false";
      case CPU:
        return Cpu.of(value).isPresent()
            ? null
            : "option cpu must be off, sampled or all, not '" + value + "'; using sampled";
      case CONTEXTS:
        return value.equals("true") || value.equals("false")
            ? null
            : "option contexts must be true or false, not '" + value + "'; using true";
      case SAMPLING:
        return value.equals("on") || value.equals("off")
            ? null
            : "option sampling must be on or off, not '" + value + "'; using on";
      case WAITS:
        return value.equals("off") || millis(value, 1000) > 0
            ? null
            : "option waits must be off or a period in milliseconds from 1 to 1000, not '"
                + value
                + "'; using "
                + DEFAULT_WAIT_MS;
      case MONITORS:
        return value.equals("timed") || value.equals("sampled")
            ? null
            : "option monitors must be timed or sampled, not '" + value + "'; using sampled";
      case DURATION:
        return millis(value, Long.MAX_VALUE) > 0
            ? null
            : "option duration must be a positive number of milliseconds, not '"
                + value
                + "'; recording until stopped";
      default:
        return null;
    }
  }

  private static String unknown(String name) {
    StringBuilder known = new StringBuilder();
    for (Key k : Key.values()) {
      known.append(known.length() == 0 ? "" : ", ").append(k.text);
    }
    return "unknown option '" + name + "' ignored (known: " + known + ")";
  }

  /** A number of milliseconds from 1 to {@code max}, or -1. */
  private static long millis(String value, long max) {
    try {
      long ms = Long.parseLong(value);
      return ms >= 1 && ms <= max ? ms : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The options as an option string: {@code key=value} for each one given, comma-separated. */
  public String format() {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<Key, String> e : values.entrySet()) {
      s.append(s.length() == 0 ? "" : ",").append(e.getKey().text);
      if (e.getKey() != Key.STOP) {
        s.append('=').append(e.getValue());
      }
    }
    return s.toString();
  }

  /**
   * A forked JVM's options ({@code argLine}, as surefire and failsafe take it) with the agent in
   * front, as JaCoCo's {@code prependVMArguments} does: {@code -javaagent:AGENT_JAR=<these
   * options>}, then {@code jvmOptions}, then every option {@code arguments} held except the entries
   * an earlier call put in (forkscope's {@code -javaagent}, its recorder on the boot class path,
   * its {@code -XX:CompileCommand}s), so that a goal run twice leaves one agent. Options are split
   * on white space outside quotes, kept as written, and quoted when they contain white space.
   *
   * @param arguments the options before, null or blank for none
   */
  public String prependVMArguments(String arguments, Path agentJar, List<String> jvmOptions) {
    StringBuilder line = new StringBuilder();
    appendQuoted(line, "-javaagent:" + agentJar + "=" + format());
    for (String option : jvmOptions) {
      appendQuoted(line.append(' '), option);
    }
    List<String> kept = splitOptions(arguments == null ? "" : arguments);
    for (int i = 0; i < kept.size(); i++) {
      String option = unquote(kept.get(i));
      boolean quietBeforeOurs =
          option.equals("-XX:CompileCommand=quiet")
              && i + 1 < kept.size()
              && unquote(kept.get(i + 1)).startsWith(COMPILE_COMMAND);
      if (!quietBeforeOurs && !isForkscopeOption(option)) {
        line.append(' ').append(kept.get(i));
      }
    }
    return line.toString();
  }

  /** Whether {@code option} (unquoted) is one forkscope's {@link #prependVMArguments} puts in. */
  private static boolean isForkscopeOption(String option) {
    if (option.startsWith(COMPILE_COMMAND)) {
      return true;
    }
    String path;
    if (option.startsWith("-javaagent:")) {
      int eq = option.indexOf('=');
      path = option.substring("-javaagent:".length(), eq < 0 ? option.length() : eq);
    } else if (option.startsWith("-Xbootclasspath/a:")) {
      path = option.substring("-Xbootclasspath/a:".length());
    } else {
      return false;
    }
    String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    return name.startsWith("forkscope-agent") && name.endsWith(".jar");
  }

  /** The options of a command line, split on white space outside single or double quotes. */
  private static List<String> splitOptions(String line) {
    List<String> options = new ArrayList<>();
    StringBuilder option = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == 0 && Character.isWhitespace(c)) {
        if (option.length() > 0) {
          options.add(option.toString());
          option.setLength(0);
        }
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = quote == 0 ? c : quote == c ? 0 : quote;
      }
      option.append(c);
    }
    if (option.length() > 0) {
      options.add(option.toString());
    }
    return options;
  }

  private static String unquote(String option) {
    return option.replace("\"", "").replace("'", "");
  }

  private static void appendQuoted(StringBuilder line, String option) {
    boolean blank = false;
    for (int i = 0; i < option.length() && !blank; i++) {
      blank = Character.isWhitespace(option.charAt(i));
    }
    line.append(blank ? "\"" + option + "\"" : option);
  }

  /** {@link #format}. */
  @Override
  public String toString() {
    return format();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AgentOptions && ((AgentOptions) o).values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /**
   * These options writing into {@code dir}.
   *
   * @throws IllegalArgumentException if the path is empty or contains a comma, which the option
   *     string cannot carry
   */
  public AgentOptions withOut(Path dir) {
    String text = dir.toString();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("the agent needs a directory to write into");
    }
    if (text.contains(",")) {
      throw new IllegalArgumentException(
          "directory " + dir + " contains a comma, which the agent's options cannot carry");
    }
    return with(Key.OUT, text);
  }

  /** These options with each JVM writing into a subdirectory of its own, or into {@code out}. */
  public AgentOptions withPerJvm(boolean perJvm) {
    return with(Key.PERJVM, Boolean.toString(perJvm));
  }

  /** These options measuring CPU time as {@code cpu} says. */
  public AgentOptions withCpu(Cpu cpu) {
    return with(Key.CPU, cpu.text());
  }

  /** These options with or without the creation and submission contexts. */
  public AgentOptions withContexts(boolean contexts) {
    return with(Key.CONTEXTS, Boolean.toString(contexts));
  }

  /** These options with or without the sampling of fine-grained classes. */
  public AgentOptions withSampling(boolean sampling) {
    return with(Key.SAMPLING, sampling ? "on" : "off");
  }

  /** These options without the sampling of thread states. */
  public AgentOptions withWaitsOff() {
    return with(Key.WAITS, "off");
  }

  /**
   * These options timing every {@code synchronized} block of the program ({@code monitors=timed},
   * 60 to 300 ns each, so that every contended enter is a wait of its own) or not ({@code
   * monitors=sampled}, the default: contended enters are seen by the sampling of thread states).
   */
  public AgentOptions withTimedMonitors(boolean timed) {
    return with(Key.MONITORS, timed ? "timed" : "sampled");
  }

  /**
   * These options stopping the recording after {@code ms} milliseconds (in a running JVM).
   *
   * @throws IllegalArgumentException if {@code ms} is not positive
   */
  public AgentOptions withDurationMs(long ms) {
    if (ms < 1) {
      throw new IllegalArgumentException("a duration must be positive, not " + ms + " ms");
    }
    return with(Key.DURATION, Long.toString(ms));
  }

  private AgentOptions with(Key key, String value) {
    EnumMap<Key, String> next = new EnumMap<>(values);
    next.put(key, value);
    Map<String, String> written = new LinkedHashMap<>();
    for (Map.Entry<Key, String> e : next.entrySet()) {
      written.put(e.getKey().text, e.getValue());
    }
    return new AgentOptions(next, written, List.of());
  }

  /** The trace's directory. */
  public Path out() {
    return Path.of(values.getOrDefault(Key.OUT, DEFAULT_OUT));
  }

  /** Whether each JVM writes into a subdirectory of {@link #out} of its own. */
  public boolean perJvm() {
    return values.getOrDefault(Key.PERJVM, "false").equals("true");
  }

  /** How CPU time is measured. */
  public Cpu cpu() {
    return Cpu.of(values.getOrDefault(Key.CPU, "")).orElse(Cpu.SAMPLED);
  }

  /** Whether creation and submission contexts are sampled. */
  public boolean contexts() {
    return !values.getOrDefault(Key.CONTEXTS, "true").equals("false");
  }

  /** Whether fine-grained classes are sampled ({@code sampling=on}, the default, or off). */
  public boolean sampling() {
    return !values.getOrDefault(Key.SAMPLING, "on").equals("off");
  }

  /** How often the states of threads are sampled ({@code waits=MS} or off), in ms; 0 for never. */
  public long waitPeriodMs() {
    String waits = values.get(Key.WAITS);
    return waits == null ? DEFAULT_WAIT_MS : waits.equals("off") ? 0 : Long.parseLong(waits);
  }

  /** Whether every {@code synchronized} block of the program is timed ({@code monitors=timed}). */
  public boolean timedMonitors() {
    return values.getOrDefault(Key.MONITORS, "sampled").equals("timed");
  }

  /** For a recording in a running JVM: stop after this many milliseconds; 0 for never. */
  public long durationMs() {
    String duration = values.get(Key.DURATION);
    return duration == null ? 0 : Long.parseLong(duration);
  }

  /** The option {@code stop}: end the recording in progress rather than start one. */
  public boolean stop() {
    return values.containsKey(Key.STOP);
  }

  /** One line per problem {@link #parse} found, in the order found. */
  public List<String> problems() {
    return problems;
  }

  /**
   * The options for the trace's meta data: as given (unknown options and bad values too), then the
   * directory and the modes in effect.
   */
  public Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>(given);
    settings.put(Key.OUT.text, out().toString());
    settings.putIfAbsent(Key.CPU.text, cpu().text());
    settings.putIfAbsent(Key.CONTEXTS.text, Boolean.toString(contexts()));
    settings.putIfAbsent(Key.SAMPLING.text, sampling() ? "on" : "off");
    settings.putIfAbsent(Key.WAITS.text, Long.toString(waitPeriodMs()));
    settings.putIfAbsent(Key.MONITORS.text, timedMonitors() ? "timed" : "sampled");
    return Collections.unmodifiableMap(settings);
  }
}
