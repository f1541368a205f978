package dev.forkscope.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A full deque of capacity 2 (holding 1, 2) grows twice while the owner pushes 3, 4, 5 and takes
 * once; meanwhile a thief steals twice, possibly from a stale array. The deque never runs short, so
 * every operation must succeed: owner 5, thief 1 then 2, and 3 and 4 (mask 12) left over.
 */
@JCStressTest
@Outcome(id = "5, 1, 2, 12", expect = ACCEPTABLE, desc = "growth was invisible to the thief")
@Outcome(expect = FORBIDDEN, desc = "element lost, duplicated or reordered by growth")
@State
public class DequeGrowDuringStealStress {
  private final WorkDeque<Integer> deque = new WorkDeque<>(2);

  public DequeGrowDuringStealStress() {
    deque.push(1);
    deque.push(2);
  }

  @Actor
  public void owner(IIII_Result r) {
    deque.push(3);
    deque.push(4);
    deque.push(5);
    r.r1 = DequeStressSupport.valueOf(deque.take());
  }

  @Actor
  public void thief(IIII_Result r) {
    r.r2 = DequeStressSupport.valueOf(deque.steal());
    r.r3 = DequeStressSupport.valueOf(deque.steal());
  }

  @Arbiter
  public void leftOver(IIII_Result r) {
    r.r4 = DequeStressSupport.drain(deque);
  }
}
