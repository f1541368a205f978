package dev.forkscope.apps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Lucene 9 searching a generated corpus, as DaCapo's lusearch: {@code docs} documents (default
 * 20,000) of words drawn from a Zipf-like vocabulary are indexed once in {@link #setUp}; each
 * iteration runs {@code queries} term and Boolean queries (default 20,000), split over {@code
 * queryThreads} query threads (default 1), through one {@link IndexSearcher} with an executor of
 * {@code threads} workers. The index is merged to {@code segments} segments (default 4), which
 * Lucene's default slicing puts into one slice; {@code slices=N} asks for N slices instead.
 *
 * <p>Exact counts per iteration: one execution of {@link QueryThread} per query thread, and one
 * slice task (the {@code Callable} that {@code IndexSearcher.search} makes per slice) per query and
 * slice.
 *
 * <p>The optimized variant runs the queries on {@code threads} query threads, the change the
 * profile points at when it finds the lone query thread coarse, with a searcher without an
 * executor, since the profile finds the executor's per-segment tasks fine-grained.
 */
final class LuceneWorkload implements Workload {
  /**
   * Lucene's task class: {@code TaskExecutor} wraps every {@code Callable} it runs, a slice of a
   * search or the lookup of one term in one segment, in this {@code FutureTask} subclass.
   */
  static final String SEARCH_TASK = "org.apache.lucene.search.TaskExecutor$TaskGroup$1";

  private static final int VOCABULARY = 5000;

  private DirectoryReader reader;
  private IndexSearcher searcher;
  private ExecutorService executor;
  private List<Query> queries;
  private int queryThreads;
  private int iterations;
  private final AtomicLong hits = new AtomicLong();

  @Override
  public void setUp(Path work, Settings settings) throws IOException {
    int docs = settings.intValue("docs", 20_000);
    int segments = settings.intValue("segments", 4);
    int threads = settings.intValue("threads", 2);
    queryThreads = settings.optimized() ? threads : settings.intValue("queryThreads", 1);
    Path indexDir = work.resolve("lucene-" + docs + "docs-" + segments + "segments");
    Directory dir = FSDirectory.open(indexDir);
    if (!Files.exists(indexDir.resolve(".complete"))) {
      index(dir, docs, segments);
      Files.createFile(indexDir.resolve(".complete"));
    }
    reader = DirectoryReader.open(dir);
    if (reader.leaves().size() != segments) {
      throw new IllegalStateException(
          "the index has " + reader.leaves().size() + " segments, not " + segments);
    }
    // the optimized variant searches on the query threads alone: Lucene runs each slice and term
    // lookup on the calling thread when the searcher has no executor
    executor = settings.optimized() ? null : Executors.newFixedThreadPool(threads);
    searcher = new IndexSearcher(reader, executor);
    queries = queries(settings.intValue("queries", 20_000));
  }

  @Override
  public void run() throws InterruptedException {
    List<QueryThread> threads = new ArrayList<>();
    for (int t = 0; t < queryThreads; t++) {
      threads.add(new QueryThread(t));
    }
    threads.forEach(Thread::start);
    for (QueryThread t : threads) {
      t.join();
      if (t.failure != null) {
        throw new IllegalStateException("a query failed", t.failure);
      }
    }
    if (hits.get() == 0) {
      throw new IllegalStateException("no query found anything");
    }
    iterations++;
  }

  @Override
  public List<ExactCheck> checks() {
    return List.of(
        new ExactCheck(
            "query threads", QueryThread.class.getName(), (long) queryThreads * iterations),
        new ExactCheck("search tasks", SEARCH_TASK, tasksPerIteration() * iterations));
  }

  /**
   * Lucene 9.12 runs through its task executor one task per slice of every search, and, to build
   * each query term's statistics ({@code TermStates.build}), one task per term and segment.
   */
  private long tasksPerIteration() {
    long slices = searcher.getSlices().length;
    long segments = reader.leaves().size();
    long tasks = 0;
    for (Query q : queries) {
      long terms = q instanceof BooleanQuery b ? b.clauses().size() : 1;
      tasks += slices + terms * segments;
    }
    return tasks;
  }

  @Override
  public void close() throws IOException {
    if (executor != null) {
      executor.shutdown();
    }
    if (reader != null) {
      reader.close();
    }
  }

  /** One client of the searcher: queries {@code t}, {@code t + n}, ... of the batch. */
  final class QueryThread extends Thread {
    private final int first;
    private Exception failure;

    QueryThread(int first) {
      super("query-" + first);
      this.first = first;
    }

    @Override
    public void run() {
      try {
        for (int q = first; q < queries.size(); q += queryThreads) {
          hits.addAndGet(searcher.search(queries.get(q), 10).totalHits.value);
        }
      } catch (IOException | RuntimeException e) {
        failure = e;
      }
    }
  }

  private static void index(Directory dir, int docs, int segments) throws IOException {
    Random random = new Random(18);
    // one flush per segment and no merges: exactly `segments` segments
    IndexWriterConfig config =
        new IndexWriterConfig(new StandardAnalyzer())
            .setMaxBufferedDocs((docs + segments - 1) / segments)
            .setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH)
            .setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (int d = 0; d < docs; d++) {
        StringBuilder text = new StringBuilder();
        int words = 50 + random.nextInt(150);
        for (int w = 0; w < words; w++) {
          text.append(word(zipf(random))).append(' ');
        }
        Document doc = new Document();
        doc.add(new StringField("id", Integer.toString(d), Field.Store.YES));
        doc.add(new TextField("body", text.toString(), Field.Store.NO));
        writer.addDocument(doc);
      }
    }
  }

  private static List<Query> queries(int count) {
    Random random = new Random(3);
    List<Query> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      // skip the most common words, as a stop list would
      Query a = new TermQuery(new Term("body", word(20 + random.nextInt(400))));
      if (i % 2 == 0) {
        out.add(a);
      } else {
        // a word apart from a's: Lucene rewrites a Boolean query of one term twice to one term
        Query b = new TermQuery(new Term("body", word(500 + random.nextInt(2000))));
        out.add(
            new BooleanQuery.Builder()
                .add(a, BooleanClause.Occur.SHOULD)
                .add(b, BooleanClause.Occur.SHOULD)
                .build());
      }
    }
    return out;
  }

  /** A rank in [0, VOCABULARY), small ranks far more likely (about 1/rank). */
  private static int zipf(Random random) {
    return (int) Math.min(VOCABULARY - 1, Math.exp(random.nextDouble() * Math.log(VOCABULARY)) - 1);
  }

  private static String word(int rank) {
    StringBuilder b = new StringBuilder("w");
    int n = rank;
    do {
      b.append((char) ('a' + n % 26));
      n /= 26;
    } while (n > 0);
    return b.toString();
  }
}
