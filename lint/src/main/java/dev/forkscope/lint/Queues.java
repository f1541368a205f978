package dev.forkscope.lint;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.List;
import java.util.Set;

/**
 * Whether putting into a blocking queue can wait: only a queue with a bound can be full. A {@code
 * put} or timed {@code offer} on a queue every creation of which the code shows unbounded never
 * waits, so the blocking rules do not report it; on any other queue (bounded, or made where lint
 * cannot see) it may.
 */
final class Queues {
  /** Queues without a bound (PriorityBlockingQueue's argument is an initial capacity). */
  private static final Set<String> UNBOUNDED =
      Set.of("PriorityBlockingQueue", "DelayQueue", "LinkedTransferQueue");

  /** Queues bounded by their constructor's capacity argument, unbounded without one. */
  private static final Set<String> BOUNDED_BY_ARGUMENT =
      Set.of("LinkedBlockingQueue", "LinkedBlockingDeque");

  private static final Set<String> INSERTS = Set.of("put", "putFirst", "putLast", "offer");

  private Queues() {}

  /** Whether calling {@code method} on {@code queue} inserts into a queue that is never full. */
  static boolean neverFull(String method, Expression queue, ProjectIndex index) {
    if (!INSERTS.contains(method)) {
      return false;
    }
    List<Expression> made = CentralizedPooling.madeBy(queue, index);
    return !made.isEmpty() && made.stream().allMatch(Queues::unbounded);
  }

  private static boolean unbounded(Expression made) {
    if (!(made instanceof ObjectCreationExpr created)) {
      return false;
    }
    String type = created.getType().getNameAsString();
    return UNBOUNDED.contains(type)
        || BOUNDED_BY_ARGUMENT.contains(type) && created.getArguments().isEmpty();
  }
}
