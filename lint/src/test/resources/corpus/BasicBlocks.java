// Modelled on Basic-Blocks (Table II: intra-task synchronization): a control-flow-graph walk in
// which every task records the blocks it visits in a synchronized set shared by all tasks.
package corpus.basicblocks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Block {
  final int id;
  final List<Block> successors = new ArrayList<>();

  Block(int id) {
    this.id = id;
  }
}

final class VisitBlocks extends RecursiveAction {
  private final Block block;
  private final Set<Block> visited;

  VisitBlocks(Block block, Set<Block> visited) {
    this.block = block;
    this.visited = visited;
  }

  @Override
  protected void compute() {
    // expect: intra-task-sync
    if (!visited.add(block)) {
      return;
    }
    List<VisitBlocks> next = new ArrayList<>();
    for (Block succ : block.successors) {
      next.add(new VisitBlocks(succ, visited));
    }
    invokeAll(next);
  }

  static int reachable(Block entry) {
    Set<Block> visited = Collections.synchronizedSet(new HashSet<>());
    ForkJoinPool.commonPool().invoke(new VisitBlocks(entry, visited));
    return visited.size();
  }
}
