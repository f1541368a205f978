package dev.forkscope.apps;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.clustering.KMeans;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.mllib.stat.Statistics;
import org.apache.spark.mllib.stat.test.ChiSqTestResult;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Spark 3.5 in local mode running two MLlib jobs of Spark Perf on generated data: ChiSquare (a
 * chi-squared independence test of {@code rows} labelled points, default 300,000, with 20
 * categorical features) and KMeans ({@code rows} points of 10 dimensions, {@code clusters} centres,
 * default 100, random initial centres, {@code rounds} iterations, default 10). The data are made
 * inside the tasks, from {@code partitions} partitions (default 1, Spark Perf's setting that tgp
 * found coarse), on {@code local[threads]}. KMeans's clusters make each iteration's task a few
 * hundred milliseconds of arithmetic per 100,000 points, so that one partition keeps a CPU idle for
 * seconds, as tgp's inputs did on 16 cores.
 *
 * <p>Exact count: Spark's executor runs every task of every stage as one {@code
 * Executor$TaskRunner}; a listener counts the tasks that ended, which the profile must match.
 *
 * <p>The optimized variant uses one partition per thread, the change the profile points at when it
 * finds the task runners coarse (more partitions per thread cost more CPU time per row in Spark's
 * shuffle and task set-up than they gain in balance on 2 CPUs).
 */
final class SparkWorkload implements Workload {
  static final String TASK_RUNNER = "org.apache.spark.executor.Executor$TaskRunner";

  private JavaSparkContext spark;
  private int rows;
  private int partitions;
  private int clusters;
  private int rounds;
  private final AtomicLong tasks = new AtomicLong();

  @Override
  public void setUp(Path work, Settings settings) {
    // Spark keeps its scratch files in java.io.tmpdir
    int threads = settings.intValue("threads", 2);
    rows = settings.intValue("rows", 300_000);
    clusters = settings.intValue("clusters", 100);
    rounds = settings.intValue("rounds", 10);
    partitions = settings.optimized() ? threads : settings.intValue("partitions", 1);
    SparkConf conf =
        new SparkConf()
            .setMaster("local[" + threads + "]")
            .setAppName("forkscope")
            .set("spark.ui.enabled", "false")
            .set("spark.ui.showConsoleProgress", "false")
            .set("spark.driver.host", "127.0.0.1");
    spark = new JavaSparkContext(conf);
    spark.setLogLevel("ERROR");
    spark
        .sc()
        .addSparkListener(
            new SparkListener() {
              @Override
              public void onTaskEnd(SparkListenerTaskEnd end) {
                tasks.incrementAndGet();
              }
            });
  }

  @Override
  public void run() throws TimeoutException {
    int perPartition = rows / partitions;
    JavaRDD<LabeledPoint> labelled =
        spark
            .parallelize(seeds(partitions), partitions)
            .flatMap(
                seed -> {
                  Random random = new Random(seed);
                  List<LabeledPoint> out = new ArrayList<>();
                  for (int i = 0; i < perPartition; i++) {
                    double[] f = new double[20];
                    int label = random.nextInt(5);
                    for (int j = 0; j < f.length; j++) {
                      f[j] = j < 5 ? (label + random.nextInt(3)) % 10 : random.nextInt(10);
                    }
                    out.add(new LabeledPoint(label, Vectors.dense(f)));
                  }
                  return out.iterator();
                });
    ChiSqTestResult[] chi = Statistics.chiSqTest(labelled);
    if (chi.length != 20 || chi[0].pValue() > 0.01) {
      throw new IllegalStateException("ChiSquare missed the dependent features");
    }
    JavaRDD<Vector> points =
        spark
            .parallelize(seeds(partitions), partitions)
            .flatMap(
                seed -> {
                  Random random = new Random(seed);
                  List<Vector> out = new ArrayList<>();
                  for (int i = 0; i < perPartition; i++) {
                    double[] p = new double[10];
                    int centre = random.nextInt(10);
                    for (int j = 0; j < p.length; j++) {
                      p[j] = centre * 10 + random.nextGaussian();
                    }
                    out.add(Vectors.dense(p));
                  }
                  return out.iterator();
                });
    points.cache();
    double cost =
        new KMeans()
            .setK(clusters)
            .setMaxIterations(rounds)
            .setInitializationMode(KMeans.RANDOM())
            .setEpsilon(0) // every iteration runs: the work does not depend on convergence
            .setSeed(1)
            .run(points.rdd())
            .computeCost(points.rdd());
    points.unpersist(true);
    if (!(cost > 0)) {
      throw new IllegalStateException("KMeans found no cost");
    }
    // the listener hears of a task's end after the task, on Spark's listener bus: wait for it
    spark.sc().listenerBus().waitUntilEmpty();
  }

  @Override
  public List<ExactCheck> checks() {
    return List.of(new ExactCheck("tasks of all stages", TASK_RUNNER, tasks.get()));
  }

  @Override
  public void close() {
    if (spark != null) {
      spark.stop();
    }
  }

  /** One seed per partition; each partition makes its share of the rows from its seed. */
  private static List<Long> seeds(int partitions) {
    List<Long> seeds = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      seeds.add(((long) partitions << 32) | p);
    }
    return seeds;
  }
}
