package dev.forkscope.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two thieves steal once each from a deque holding 1 and 2; then everything left is drained.
 * Results: first thief's element, second thief's element, bit mask of what was left.
 */
@JCStressTest
@Outcome(
    id = {"1, 2, 0", "2, 1, 0"},
    expect = ACCEPTABLE,
    desc = "each thief got a different element")
@Outcome(
    id = {"1, 0, 2", "0, 1, 2"},
    expect = ACCEPTABLE,
    desc = "one thief lost the CAS on the oldest element")
@Outcome(expect = FORBIDDEN, desc = "element lost, taken twice, or taken out of FIFO order")
@State
public class DequeStealVsStealStress {
  private final WorkDeque<Integer> deque = new WorkDeque<>(2);

  public DequeStealVsStealStress() {
    deque.push(1);
    deque.push(2);
  }

  @Actor
  public void thief1(III_Result r) {
    r.r1 = DequeStressSupport.valueOf(deque.steal());
  }

  @Actor
  public void thief2(III_Result r) {
    r.r2 = DequeStressSupport.valueOf(deque.steal());
  }

  @Arbiter
  public void leftOver(III_Result r) {
    r.r3 = DequeStressSupport.drain(deque);
  }
}
