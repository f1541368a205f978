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
 * The StoreLoad case of Chase–Lev: the deque holds 1 and 2; the owner takes once while a thief
 * steals twice. Without the full fence in {@code take}, the owner can read {@code top} before its
 * new {@code bottom} is visible, miss the thief's first steal, and take 2 without a CAS while the
 * thief's second steal also takes 2. Results: owner, first steal, second steal, left.
 */
@JCStressTest
@Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "owner took the newest, thief the oldest")
@Outcome(id = "0, 1, 2, 0", expect = ACCEPTABLE, desc = "thief took both before the owner")
@Outcome(expect = FORBIDDEN, desc = "element taken twice or lost")
@State
public class DequeTakeVsTwoStealsStress {
  private final WorkDeque<Integer> deque = new WorkDeque<>(2);

  public DequeTakeVsTwoStealsStress() {
    deque.push(1);
    deque.push(2);
  }

  @Actor
  public void owner(IIII_Result r) {
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
