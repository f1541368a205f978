package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

/** {@code Future.get()} inside a task instead of {@code join()}. */
final class GetInTask extends Check {
  static final Rule RULE =
      Rule.builder("get-in-task")
          .severity(Severity.WARNING)
          .title("get() in a task")
          .why(
              "get() inside a task blocks the worker like any future and wraps failures in checked exceptions; join() "
                  + "is the fork/join way to wait for a subtask (ForkJoinTask javadoc).")
          .instead(
              "Use join() (or invoke()) and adjust the catch blocks: join throws unchecked exceptions.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();

  GetInTask() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (!scope.isTaskLike()
        || !(node instanceof MethodCallExpr call)
        || !call.getNameAsString().equals("get")
        || call.getScope().isEmpty()
        || (call.getArguments().size() != 0 && call.getArguments().size() != 2)) {
      return;
    }
    Expression receiver = call.getScope().get();
    boolean forked = Syntax.isCall(Syntax.unwrap(receiver), "fork", 0);
    if (forked || (Blocking.classify(call, scope.index()) == Blocking.Category.FUTURE)) {
      scope.report(
          this,
          call,
          receiver
              + ".get"
              + BlockingCheck.arguments(call)
              + " blocks the worker in "
              + scope.where()
              + ": use join()",
          rule().fix().safety());
    }
  }
}
