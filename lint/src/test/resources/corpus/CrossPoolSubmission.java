// Submissions to another pool from inside a task, as service code writes them: an indexing job
// runs in its own ForkJoinPool, hands tokenising work to the common pool, and pushes the
// finished documents to a plain executor that writes them out.
package corpus.crosspool;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

final class Doc {
  final String id;
  final String body;
  volatile List<String> tokens;

  Doc(String id, String body) {
    this.id = id;
    this.body = body;
  }
}

final class Sink {
  void write(Doc d) {}
}

final class IndexDocs extends RecursiveAction {
  private final List<Doc> docs;
  private final int lo;
  private final int hi;
  private final ExecutorService writer;
  private final Sink sink;

  IndexDocs(List<Doc> docs, int lo, int hi, ExecutorService writer, Sink sink) {
    this.docs = docs;
    this.lo = lo;
    this.hi = hi;
    this.writer = writer;
    this.sink = sink;
  }

  @Override
  protected void compute() {
    if (hi - lo > 32) {
      int mid = (lo + hi) >>> 1;
      invokeAll(
          new IndexDocs(docs, lo, mid, writer, sink), new IndexDocs(docs, mid, hi, writer, sink));
      return;
    }
    List<ForkJoinTask<?>> pending = new ArrayList<>();
    for (int i = lo; i < hi; i++) {
      Doc d = docs.get(i);
      // expect: centralized-pooling
      pending.add(ForkJoinPool.commonPool().submit(() -> d.tokens = List.of(d.body.split(" "))));
    }
    for (int i = 0; i < pending.size(); i++) {
      pending.get(i).join();
      Doc d = docs.get(lo + i);
      // expect: centralized-pooling
      writer.execute(() -> sink.write(d));
    }
  }
}

final class Indexer {
  private final ExecutorService writer = Executors.newSingleThreadExecutor();

  void index(List<Doc> docs, Sink sink) {
    ForkJoinPool pool = new ForkJoinPool(4);
    try {
      pool.invoke(new IndexDocs(docs, 0, docs.size(), writer, sink));
    } finally {
      pool.shutdown();
    }
  }
}
