// A crawler whose page tasks respect a politeness delay through a throttle object; the delay is
// a Thread.sleep behind an interface, so the worker thread sleeps inside the task.
package corpus.throttle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

interface Throttle {
  void acquire();
}

final class FixedDelayThrottle implements Throttle {
  private final long millis;

  FixedDelayThrottle(long millis) {
    this.millis = millis;
  }

  @Override
  public void acquire() {
    try {
      // expect: sleepy-worker
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

interface Fetcher {
  List<String> links(String url);
}

final class FetchPage extends RecursiveTask<Integer> {
  private final String url;
  private final int depth;
  private final Fetcher fetcher;
  private final Throttle throttle;

  FetchPage(String url, int depth, Fetcher fetcher, Throttle throttle) {
    this.url = url;
    this.depth = depth;
    this.fetcher = fetcher;
    this.throttle = throttle;
  }

  @Override
  protected Integer compute() {
    throttle.acquire();
    List<String> links = fetcher.links(url);
    if (depth == 0) {
      return links.size();
    }
    List<FetchPage> children = new ArrayList<>();
    for (String link : links) {
      children.add(new FetchPage(link, depth - 1, fetcher, throttle));
    }
    int pages = 1;
    for (FetchPage child : invokeAll(children)) {
      pages += child.join();
    }
    return pages;
  }
}
