package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where a node runs: the kind of execution context, the task class, and the chain of calls from the
 * context's entry (an execution method or a lambda) to the body being walked. A scope belongs to
 * one walk, on one thread.
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
  private final List<Step> calls;
  private final List<Node> callSites;
  private final Node entry;

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
    this(kind, taskClass, file, index, sink, List.of(entryStep), List.of(), entry);
  }

  private Scope(
      Kind kind,
      String taskClass,
      SourceFile file,
      ProjectIndex index,
      Findings sink,
      List<Step> calls,
      List<Node> callSites,
      Node entry) {
    this.kind = kind;
    this.taskClass = taskClass;
    this.file = file;
    this.index = index;
    this.sink = sink;
    this.calls = calls;
    this.callSites = callSites;
    this.entry = entry;
  }

  /**
   * The scope for the body of a method called from this one at {@code site} (the call or method
   * reference followed).
   */
  Scope callee(SourceFile calleeFile, Step call, Node site) {
    List<Step> longer = new ArrayList<>(calls);
    longer.add(call);
    List<Node> sites = new ArrayList<>(callSites);
    sites.add(site);
    return new Scope(
        kind, taskClass, calleeFile, index, sink, List.copyOf(longer), List.copyOf(sites), entry);
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
    return callSites;
  }

  /** The first step of the call path: the context's entry. */
  Step entryStep() {
    return calls.get(0);
  }

  /** Whether the node being visited is reached directly, without following a call. */
  boolean direct() {
    return calls.size() == 1;
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
    return calls.get(0).description();
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
      List<Step> full = new ArrayList<>(calls);
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
              + calls.stream().map(Step::description).collect(Collectors.joining(" -> "))
              + ")";
    }
    sink.add(check.rule(), file, node, text, taskClass, path, fix, severity, entry);
  }

  private static String abbreviate(String code) {
    String oneLine = code.replaceAll("\\s+", " ");
    return oneLine.length() <= 60 ? oneLine : oneLine.substring(0, 57) + "...";
  }
}
