// Modelled on warp (Table II: sleepy workers): a build task waits for the tasks it depends on by
// polling their state and sleeping between polls.
package corpus.warp;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Target {
  final String name;
  final List<Target> dependencies;

  Target(String name, List<Target> dependencies) {
    this.name = name;
    this.dependencies = dependencies;
  }
}

final class BuildTarget extends RecursiveAction {
  private final Target target;
  private final ConcurrentHashMap<String, Boolean> built;

  BuildTarget(Target target, ConcurrentHashMap<String, Boolean> built) {
    this.target = target;
    this.built = built;
  }

  @Override
  protected void compute() {
    for (Target dependency : target.dependencies) {
      if (built.putIfAbsent(dependency.name + "#scheduled", Boolean.TRUE) == null) {
        new BuildTarget(dependency, built).fork();
      }
    }
    for (Target dependency : target.dependencies) {
      while (!built.containsKey(dependency.name)) {
        try {
          // expect: sleepy-worker
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    compile(target);
    built.put(target.name, Boolean.TRUE);
  }

  private static void compile(Target t) {
    t.name.chars().sum();
  }

  static void build(Target root) {
    ForkJoinPool pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors());
    try {
      pool.invoke(new BuildTarget(root, new ConcurrentHashMap<>()));
    } finally {
      pool.shutdown();
    }
  }
}
