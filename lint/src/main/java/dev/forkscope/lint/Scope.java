package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where a node runs: the kind of execution context, the task class, and the chain of calls from the
 * context's entry (an execution method or a lambda) to the body being walked, each scope linked to
 * its caller's (the path's lists are made when a check or a report first asks). A scope is used by
 * one thread at a time: its walk's, then, for an offer the {@link Analyzer} defers, the one that
 * makes it after every walk.
 */
final class Scope {
  /** The kinds of code that run on fork/join worker threads. */
  enum Kind {
    /** The execution method of a ForkJoinTask subtype, or code it calls. */
    TASK,
    /** A lambda, method reference or Runnable/Callable handed to a ForkJoinPool. */
    POOL,
    /** A lambda in a parallel stream pipeline. */
    STREAM,
    /**
     * A lambda given to a CompletableFuture *Async method without an executor (runs in the common
     * pool).
     */
    ASYNC
  }

  private final Kind kind;
  private final String taskClass;
  private final SourceFile file;
  private final ProjectIndex index;
  private final Findings sink;
  private final Node entry;

  /** The scope of the body that calls this one, or null for the entry's own code. */
  private final Scope caller;

  /** The call path's last step: the call into this body, or the entry's own step. */
  private final Step step;

  /** The call followed into this body, or null for the entry's own code. */
  private final Node site;

  /** The call path's first step: the context's entry. */
  private final Step entryStep;

  /** {@link #calls} and {@link #callSites}, made when first asked (many scopes are never asked). */
  private List<Step> calls;

  private List<Node> callSites;

  /** How many times a check asked for the entry node (or the call sites) in this scope. */
  private int entryReads;

  Scope(
      Kind kind,
      String taskClass,
      SourceFile file,
      ProjectIndex index,
      Findings sink,
      Step entryStep,
      Node entry) {
    this(kind, taskClass, file, index, sink, entry, null, entryStep, null);
  }

  private Scope(
      Kind kind,
      String taskClass,
      SourceFile file,
      ProjectIndex index,
      Findings sink,
      Node entry,
      Scope caller,
      Step step,
      Node site) {
    this.kind = kind;
    this.taskClass = taskClass;
    this.file = file;
    this.index = index;
    this.sink = sink;
    this.entry = entry;
    this.caller = caller;
    this.step = step;
    this.site = site;
    this.entryStep = caller == null ? step : caller.entryStep;
  }

  /**
   * The scope for the body of a method called from this one at {@code site} (the call or method
   * reference followed).
   */
  Scope callee(SourceFile calleeFile, Step call, Node site) {
    return new Scope(kind, taskClass, calleeFile, index, sink, entry, this, call, site);
  }

  Kind kind() {
    return kind;
  }

  /** Whether this is task or pool code (as opposed to a parallel stream or async stage). */
  boolean isTaskLike() {
    return kind == Kind.TASK || kind == Kind.POOL;
  }

  SourceFile file() {
    return file;
  }

  ProjectIndex index() {
    return index;
  }

  /** The node the context starts at: an execution method declaration or a lambda. */
  Node entry() {
    entryReads++;
    return entry;
  }

  /**
   * How many times a check asked for the entry node (directly or through {@link
   * #inCountedCompleter}) in this scope: the {@link Analyzer} compares the count before and after
   * offering a node, and shares the offers of a node between contexts that differ only in their
   * entry when no check asked.
   */
  int entryReads() {
    return entryReads;
  }

  /**
   * The calls followed from the entry to the body being walked, outermost first. They differ from
   * entry to entry, so asking counts as asking for the entry ({@link #entryReads()}).
   */
  List<Node> callSites() {
    entryReads++;
    if (callSites == null) {
      List<Node> sites = new ArrayList<>();
      for (Scope scope = this; scope.caller != null; scope = scope.caller) {
        sites.add(0, scope.site);
      }
      callSites = List.copyOf(sites);
    }
    return callSites;
  }

  /** The steps of the call path, from the entry's to the call into this body. */
  private List<Step> calls() {
    if (calls == null) {
      List<Step> steps = new ArrayList<>();
      for (Scope scope = this; scope != null; scope = scope.caller) {
        steps.add(0, scope.step);
      }
      calls = List.copyOf(steps);
    }
    return calls;
  }

  /** The first step of the call path: the context's entry. */
  Step entryStep() {
    return entryStep;
  }

  /** Whether the node being visited is reached directly, without following a call. */
  boolean direct() {
    return caller == null;
  }

  /**
   * Whether the task class is a CountedCompleter (completion by pending counts rather than joins).
   */
  boolean inCountedCompleter() {
    if (kind != Kind.TASK) {
      return false;
    }
    Node owner = entry().getParentNode().orElse(null);
    if (owner instanceof ObjectCreationExpr anonymous) {
      return index.isCountedCompleter(anonymous.getType().getNameAsString());
    }
    ProjectIndex.TypeInfo info = owner instanceof TypeDeclaration<?> type ? index.info(type) : null;
    return info != null && info.supers().stream().anyMatch(index::isCountedCompleter);
  }

  /** A short phrase naming the context, e.g. "SumTask.compute()" or "a parallel stream lambda". */
  String where() {
    return entryStep.description();
  }

  /** Reports a finding at a node, adding the call path when the node was reached indirectly. */
  void report(Check check, Node node, String message, FixSafety fix) {
    report(check, node, node.toString(), message, fix);
  }

  /**
   * Reports a finding at a node whose own text says too little (a modifier), showing {@code code}
   * for it as the call path's last step.
   */
  void report(Check check, Node node, String code, String message, FixSafety fix) {
    report(check, node, code, message, fix, check.rule().severity());
  }

  /**
   * Reports a finding the rule cannot prove here but that may matter, as a {@link Severity#NOTE}
   * whose message ends with {@code reason}.
   */
  void note(Check check, Node node, String code, String message, String reason, FixSafety fix) {
    report(check, node, code, message + "; a note: " + reason, fix, Severity.NOTE);
  }

  private void report(
      Check check, Node node, String code, String message, FixSafety fix, Severity severity) {
    List<Step> path = List.of();
    String text = message;
    if (!direct()) {
      List<Step> full = new ArrayList<>(calls());
      full.add(
          new Step(
              file.path(),
              Syntax.line(node),
              node.getBegin().map(p -> p.column).orElse(1),
              abbreviate(code)));
      path = List.copyOf(full);
      text =
          message
              + " (reached from "
              + calls().stream().map(Step::description).collect(Collectors.joining(" -> "))
              + ")";
    }
    sink.add(check.rule(), file, node, text, taskClass, path, fix, severity, entry);
  }

  private static String abbreviate(String code) {
    String oneLine = code.replaceAll("\\s+", " ");
    return oneLine.length() <= 60 ? oneLine : oneLine.substring(0, 57) + "...";
  }
}
