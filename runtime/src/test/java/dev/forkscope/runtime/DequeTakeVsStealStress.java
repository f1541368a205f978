package dev.forkscope.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** The owner's take and a thief's steal race for the last element: exactly one must get it. */
@JCStressTest
@Outcome(
    id = {"1, 0", "0, 1"},
    expect = ACCEPTABLE,
    desc = "exactly one of owner and thief took the element")
@Outcome(expect = FORBIDDEN, desc = "element lost or taken twice")
@State
public class DequeTakeVsStealStress {
  private final WorkDeque<Integer> deque = new WorkDeque<>(2);

  public DequeTakeVsStealStress() {
    deque.push(1);
  }

  @Actor
  public void owner(II_Result r) {
    r.r1 = DequeStressSupport.valueOf(deque.take());
  }

  @Actor
  public void thief(II_Result r) {
    r.r2 = DequeStressSupport.valueOf(deque.steal());
  }
}
