// A crawler whose page tasks resubmit the links they find to the pool they run in, through
// getPool(), instead of forking them (centralized pooling as Akka did it, with the pool itself);
// and the fixed variant of the same crawler, which forks.
package corpus.crawler;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

interface Web {
  List<String> links(String url);
}

final class CrawlPage extends RecursiveAction {
  private final Web web;
  private final String url;
  private final Set<String> seen;

  CrawlPage(Web web, String url, Set<String> seen) {
    this.web = web;
    this.url = url;
    this.seen = seen;
  }

  @Override
  protected void compute() {
    for (String link : web.links(url)) {
      if (seen.add(link)) {
        // expect: centralized-pooling
        getPool().execute(new CrawlPage(web, link, seen));
      }
    }
  }

  static Set<String> crawl(Web web, String start) {
    Set<String> seen = ConcurrentHashMap.newKeySet();
    ForkJoinPool pool = new ForkJoinPool();
    pool.execute(new CrawlPage(web, start, seen));
    pool.awaitQuiescence(1, java.util.concurrent.TimeUnit.MINUTES);
    pool.shutdown();
    return seen;
  }
}

final class CrawlPageForked extends RecursiveAction {
  private final Web web;
  private final String url;
  private final Set<String> seen;

  CrawlPageForked(Web web, String url, Set<String> seen) {
    this.web = web;
    this.url = url;
    this.seen = seen;
  }

  @Override
  protected void compute() {
    java.util.ArrayList<CrawlPageForked> children = new java.util.ArrayList<>();
    for (String link : web.links(url)) {
      if (seen.add(link)) {
        children.add(new CrawlPageForked(web, link, seen));
      }
    }
    invokeAll(children);
  }
}
