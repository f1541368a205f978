package dev.forkscope.bench.suites;

import dev.forkscope.bench.BenchInputException;
import dev.forkscope.profile.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The applications of suite {@code apps}: what each runs, on which inputs, with which JVM options,
 * and the one change measured against it.
 */
final class AppCatalogue {
  private AppCatalogue() {}

  /**
   * One application.
   *
   * @param name its name on the command line and in the JSON
   * @param description one line
   * @param full the harness's settings for a full run
   * @param quick the harness's settings for {@code --quick}
   * @param optimization the change to measure: the one the profile points at, or, where it points
   *     at none, the one tgp made to the 2019 version
   */
  record App(
      String name,
      String description,
      List<String> full,
      List<String> quick,
      Optimization optimization,
      List<String> jvmOptions) {

    App(
        String name,
        String description,
        List<String> full,
        List<String> quick,
        Optimization optimization) {
      this(name, description, full, quick, optimization, List.of());
    }
  }

  /** What Spark's own launcher opens to it on JDK 17 and later ({@code JavaModuleOptions}). */
  private static final List<String> SPARK_OPENS =
      java.util.stream.Stream.of(
              "java.lang",
              "java.lang.invoke",
              "java.lang.reflect",
              "java.io",
              "java.net",
              "java.nio",
              "java.util",
              "java.util.concurrent",
              "java.util.concurrent.atomic",
              "sun.nio.ch",
              "sun.nio.cs",
              "sun.security.action",
              "sun.util.calendar")
          .map(p -> "--add-opens=java.base/" + p + "=ALL-UNNAMED")
          .toList();

  /**
   * A change made in the harness's configuration.
   *
   * @param change what changes, for the report
   * @param taskClass the class whose verdict points at it
   * @param expected that verdict
   */
  record Optimization(String change, String taskClass, Verdict.Kind expected) {}

  /**
   * The applications. A full run measures steady state, as tgp did (Rosà et al. (2019), §8.1:
   * warm-up iterations until the JIT and the GC have settled, a count per benchmark in its Table
   * 7): the applications whose iterations last less than a second (h2, pekko) warm up for five and
   * time iterations until a second has passed, lucene warms up for two; pmd's and spark's
   * iterations last seconds, one warm-up each.
   */
  static final List<App> APPS =
      List.of(
          new App(
              "pmd",
              "PMD 7 checks generated Java sources with its quick-start rules, one task per file",
              List.of("files=200"),
              List.of("files=40", "warmups=0"),
              new Optimization(
                  "one group of files per thread, each checked by a PMD analysis of its own"
                      + " (tgp's change to pmd)",
                  "net.sourceforge.pmd.lang.impl.MultiThreadProcessor$1",
                  Verdict.Kind.FINE)),
          new App(
              "lucene",
              "Lucene 9 answers term and Boolean queries from query threads through a searcher"
                  + " with an executor",
              List.of("docs=20000", "queries=20000", "warmups=2"),
              List.of("docs=5000", "queries=4000", "warmups=0"),
              new Optimization(
                  "one query thread per CPU, and a searcher without an executor",
                  "dev.forkscope.apps.LuceneWorkload$QueryThread",
                  Verdict.Kind.COARSE)),
          new App(
              "h2",
              "H2 runs bank transfers, one task per transaction, on a fixed thread pool",
              List.of("transactions=20000", "warmups=5", "measureMs=1000"),
              List.of("transactions=4000", "warmups=0"),
              new Optimization(
                  "64 transfers per task",
                  "dev.forkscope.apps.H2Workload$Transfer",
                  Verdict.Kind.FINE)),
          new App(
              "pekko",
              "Pekko actors bounce small messages in pairs on the default dispatcher",
              List.of("pairs=64", "messages=20000", "warmups=5", "measureMs=1000"),
              List.of("pairs=16", "messages=10000", "warmups=0"),
              new Optimization(
                  "dispatcher throughput 100 instead of 5 (more messages per mailbox run)",
                  "org.apache.pekko.dispatch.Dispatcher$$anon$1",
                  Verdict.Kind.FINE)),
          new App(
              "spark",
              "Spark 3.5 in local mode runs MLlib's ChiSquare and KMeans of Spark Perf on one"
                  + " partition",
              List.of("rows=300000"),
              // one warm-up even when quick: a cold run is mostly C2 compiling Spark on the
              // second CPU, which no partition count can use
              List.of("rows=100000"),
              new Optimization(
                  "one partition per thread instead of 1",
                  "org.apache.spark.executor.Executor$TaskRunner",
                  Verdict.Kind.COARSE),
              SPARK_OPENS));

  static List<App> choose(List<String> names) {
    if (names.isEmpty()) {
      return APPS;
    }
    List<App> chosen = new ArrayList<>();
    for (String name : names) {
      chosen.add(
          APPS.stream()
              .filter(a -> a.name().equals(name))
              .findFirst()
              .orElseThrow(
                  () ->
                      new BenchInputException(
                          "unknown app '"
                              + name
                              + "'; known apps: "
                              + String.join(", ", APPS.stream().map(App::name).toList()))));
    }
    return chosen;
  }
}
