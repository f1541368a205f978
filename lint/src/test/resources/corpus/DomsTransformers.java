// Modelled on doms-transformers (Table II: copy on fork): a batch of records is transformed by a
// recursive action whose constructor defensively copies the list it is given, so every subtask
// copies its half again.
package corpus.doms;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class DomsRecord {
  final String pid;
  final String xml;

  DomsRecord(String pid, String xml) {
    this.pid = pid;
    this.xml = xml;
  }
}

final class TransformBatch extends RecursiveAction {
  private static final int MAX_BATCH = 200;
  private final List<DomsRecord> records;
  private final ConcurrentHashMap<String, String> results;

  TransformBatch(List<DomsRecord> records, ConcurrentHashMap<String, String> results) {
    // expect: copy-on-fork
    this.records = new ArrayList<>(records);
    this.results = results;
  }

  @Override
  protected void compute() {
    if (records.size() <= MAX_BATCH) {
      for (DomsRecord r : records) {
        results.put(r.pid, transform(r.xml));
      }
      return;
    }
    int middle = records.size() / 2;
    TransformBatch first = new TransformBatch(records.subList(0, middle), results);
    TransformBatch second = new TransformBatch(records.subList(middle, records.size()), results);
    invokeAll(first, second);
  }

  private static String transform(String xml) {
    return xml.replace("<dc:", "<dcterms:").replace("</dc:", "</dcterms:");
  }

  static ConcurrentHashMap<String, String> transformAll(
      List<DomsRecord> records, ForkJoinPool pool) {
    ConcurrentHashMap<String, String> results = new ConcurrentHashMap<>();
    pool.invoke(new TransformBatch(records, results));
    return results;
  }
}
