// Modelled on exhibitor (Table II: copy on fork, copy on join, scattered data; Pinto et al. 2017,
// Fig. 11): the status of every server in the ensemble is fetched by a task that partitions the
// server specs with Guava, forks each part as it is created, and merges the results with addAll.
package corpus.exhibitor;

import com.google.common.collect.Lists;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

final class ServerSpec {
  final String hostname;
  final int serverId;

  ServerSpec(String hostname, int serverId) {
    this.hostname = hostname;
    this.serverId = serverId;
  }
}

final class ServerStatus {
  final String hostname;
  final String state;

  ServerStatus(String hostname, String state) {
    this.hostname = hostname;
    this.state = state;
  }
}

final class Exhibitor {
  String fourLetterWord(String host, String word) {
    return host.hashCode() % 2 == 0 ? "imok" : "";
  }
}

final class ClusterStatusTask extends RecursiveTask<List<ServerStatus>> {
  private final Exhibitor exhibitor;
  private final List<ServerSpec> specs;

  ClusterStatusTask(Exhibitor exhibitor, List<ServerSpec> specs) {
    this.exhibitor = exhibitor;
    this.specs = specs;
  }

  @Override
  protected List<ServerStatus> compute() {
    List<ServerStatus> statuses = new ArrayList<>();
    int size = specs.size();
    if (size == 0) {
      return statuses;
    }
    if (size == 1) {
      ServerSpec spec = specs.get(0);
      String ok = exhibitor.fourLetterWord(spec.hostname, "ruok");
      statuses.add(new ServerStatus(spec.hostname, ok.equals("imok") ? "serving" : "down"));
      return statuses;
    }
    List<ClusterStatusTask> tasks = new ArrayList<>();
    // expect: copy-on-fork
    for (List<ServerSpec> subList : Lists.partition(specs, size / 2)) {
      ClusterStatusTask task = new ClusterStatusTask(exhibitor, subList);
      // expect: scattered-data
      task.fork();
      tasks.add(task);
    }
    for (ClusterStatusTask task : tasks) {
      // expect: copy-on-join
      statuses.addAll(task.join());
    }
    return statuses;
  }
}
