package dev.forkscope.apps;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One application driven by a harness of ours: it makes its input in {@link #setUp}, runs the
 * measured work in {@link #run} (called once per iteration, warm-ups included) and says what the
 * profiler must count exactly.
 */
interface Workload extends AutoCloseable {

  /**
   * Prepares the inputs and the application.
   *
   * @param work a directory the workload may fill (generated sources, an index, a database)
   * @param settings the harness's settings, {@code key=value} from the command line
   */
  void setUp(Path work, Settings settings) throws Exception;

  /** One iteration of the measured work. */
  void run() throws Exception;

  /** The counts the profile of all iterations so far must show exactly. */
  List<ExactCheck> checks();

  @Override
  default void close() throws Exception {}

  /**
   * One count the application knows: {@code executions} of {@code taskClass}.
   *
   * @param name what is counted, for the report (e.g. {@code per-file tasks})
   * @param taskClass the task class as the profiler names it (binary name)
   * @param executions the executions the profile must show
   */
  record ExactCheck(String name, String taskClass, long executions) {}

  /** The harness's settings with their defaults. */
  record Settings(Map<String, String> values) {
    public Settings {
      values = Map.copyOf(values);
    }

    int intValue(String key, int defaultValue) {
      String v = values.get(key);
      if (v == null) {
        return defaultValue;
      }
      try {
        return Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(key + " must be a number, not '" + v + "'");
      }
    }

    boolean optimized() {
      return "optimized".equals(values.getOrDefault("variant", "original"));
    }
  }
}
