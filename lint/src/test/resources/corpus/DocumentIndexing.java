// Modelled on DocumentIndexing (Table II: scattered data): one task per document, each created
// and forked inside the loop over the folder, joined in a second loop. The index is a
// concurrent map, so the tasks do not lock.
package corpus.docindex;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

final class IndexDocument extends RecursiveAction {
  private final File file;
  private final ConcurrentMap<String, List<File>> index;

  IndexDocument(File file, ConcurrentMap<String, List<File>> index) {
    this.file = file;
    this.index = index;
  }

  @Override
  protected void compute() {
    for (String word : file.getName().split("[^A-Za-z]+")) {
      index.computeIfAbsent(word, w -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(file);
    }
  }
}

final class IndexFolder extends RecursiveTask<Integer> {
  private final File folder;
  private final ConcurrentMap<String, List<File>> index;

  IndexFolder(File folder, ConcurrentMap<String, List<File>> index) {
    this.folder = folder;
    this.index = index;
  }

  @Override
  protected Integer compute() {
    File[] files = folder.listFiles();
    if (files == null) {
      return 0;
    }
    List<RecursiveAction> documents = new ArrayList<>();
    List<IndexFolder> folders = new ArrayList<>();
    for (File f : files) {
      if (f.isDirectory()) {
        IndexFolder sub = new IndexFolder(f, index);
        // expect: scattered-data
        sub.fork();
        folders.add(sub);
      } else {
        IndexDocument doc = new IndexDocument(f, index);
        // expect: scattered-data
        doc.fork();
        documents.add(doc);
      }
    }
    int count = documents.size();
    for (RecursiveAction doc : documents) {
      doc.join();
    }
    for (IndexFolder sub : folders) {
      count += sub.join();
    }
    return count;
  }

  static ConcurrentMap<String, List<File>> indexAll(File root) {
    ConcurrentMap<String, List<File>> index = new ConcurrentHashMap<>();
    ForkJoinPool.commonPool().invoke(new IndexFolder(root, index));
    return index;
  }
}
