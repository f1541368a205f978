package dev.forkscope.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/** A thief that steals a freshly pushed object must see the writes made before the push. */
@JCStressTest
@Outcome(id = "-1", expect = ACCEPTABLE, desc = "thief found the deque empty")
@Outcome(id = "42", expect = ACCEPTABLE, desc = "thief saw the fully initialised element")
@Outcome(expect = FORBIDDEN, desc = "thief saw an element whose field was not yet written")
@State
public class DequePublicationStress {
  private final WorkDeque<Box> deque = new WorkDeque<>(2);

  /** Deliberately mutable: only the deque's release/acquire publishes {@code value}. */
  static final class Box {
    int value;
  }

  @Actor
  public void owner() {
    Box b = new Box();
    b.value = 42;
    deque.push(b);
  }

  @Actor
  public void thief(I_Result r) {
    Box b = deque.steal();
    r.r1 = b == null ? -1 : b.value;
  }
}
