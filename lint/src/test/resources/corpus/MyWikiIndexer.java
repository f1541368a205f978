// Modelled on mywiki (Table II: copy on fork): wiki pages are tokenised into a shared concurrent
// index; the array of page titles is copied for each half. The index itself is lock-free.
package corpus.mywiki;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.LongAdder;

final class PageStore {
  String text(String title) {
    return title + " lorem ipsum " + title.length();
  }
}

final class IndexPages extends RecursiveAction {
  private final String[] titles;
  private final PageStore store;
  private final Map<String, LongAdder> index;

  IndexPages(String[] titles, PageStore store, Map<String, LongAdder> index) {
    this.titles = titles;
    this.store = store;
    this.index = index;
  }

  @Override
  protected void compute() {
    if (titles.length < 16) {
      for (String title : titles) {
        for (String word : store.text(title).split("\\W+")) {
          index.computeIfAbsent(word.toLowerCase(), w -> new LongAdder()).increment();
        }
      }
    } else {
      int half = titles.length / 2;
      // expect: copy-on-fork
      String[] head = Arrays.copyOfRange(titles, 0, half);
      // expect: copy-on-fork
      String[] tail = Arrays.copyOfRange(titles, half, titles.length);
      IndexPages left = new IndexPages(head, store, index);
      left.fork();
      new IndexPages(tail, store, index).compute();
      left.join();
    }
  }

  static Map<String, LongAdder> index(String[] titles, PageStore store) {
    Map<String, LongAdder> index = new ConcurrentHashMap<>();
    ForkJoinPool.commonPool().invoke(new IndexPages(titles, store, index));
    return index;
  }
}
