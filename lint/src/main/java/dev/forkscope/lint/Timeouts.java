package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import java.util.concurrent.TimeUnit;

/**
 * Waits with a short timeout written as a constant ({@code socket.connect(address, 1000)}, {@code
 * future.get(200, MILLISECONDS)}) that no loop of their method or lambda repeats: such a wait ends
 * as soon as its condition holds (the port answers, the future completes) and holds a thread for at
 * most its timeout, once per task. A sleep is never one (it always lasts its time), nor a timed
 * wait inside a loop, which waits for as long as the loop runs.
 */
final class Timeouts {
  /** The longest timeout taken as short. */
  static final long SHORT_MILLIS = 1_000;

  private Timeouts() {}

  /**
   * The timeout in milliseconds of a wait with a short constant timeout that no loop around it in
   * its method or lambda repeats, or -1 if the node is no such wait.
   */
  static long shortBoundMillis(Node node) {
    if (!(node instanceof MethodCallExpr call)
        || call.getNameAsString().equals("sleep")
        || Syntax.enclosingLoop(call) != null) {
      return -1;
    }
    long millis = timeoutMillis(call);
    return millis <= SHORT_MILLIS ? millis : -1;
  }

  /** A call's constant timeout in milliseconds, or -1 if it has none. */
  private static long timeoutMillis(MethodCallExpr call) {
    NodeList<Expression> args = call.getArguments();
    int n = args.size();
    if (n >= 2) {
      TimeUnit unit = unit(args.get(n - 1));
      long amount = constant(args.get(n - 2));
      if (unit != null && amount >= 0) {
        return unit.toMillis(amount);
      }
    }
    // Socket.connect(address, timeoutMillis) and SocketChannel's alike
    return call.getNameAsString().equals("connect") && n == 2 ? constant(args.get(1)) : -1;
  }

  private static TimeUnit unit(Expression e) {
    String name =
        e instanceof FieldAccessExpr f
            ? f.getNameAsString()
            : e instanceof NameExpr named ? named.getNameAsString() : null;
    for (TimeUnit unit : TimeUnit.values()) {
      if (unit.name().equals(name)) {
        return unit;
      }
    }
    return null;
  }

  private static long constant(Expression e) {
    Number value =
        e instanceof IntegerLiteralExpr i
            ? i.asNumber()
            : e instanceof LongLiteralExpr l ? l.asNumber() : null;
    return value == null ? -1 : value.longValue();
  }
}
