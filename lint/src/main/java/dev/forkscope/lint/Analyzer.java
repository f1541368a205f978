package dev.forkscope.lint;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shared traversal: one pass over each parsed file offers every node to every check's {@link
 * Check#anywhere} hook and collects the execution-context entries; then each entry's code is walked
 * once, following calls into the project's own methods, and every node is offered to every check's
 * {@link Check#inContext} hook (the offers that many entries share are made by {@link #finish},
 * after every file). A file whose own findings are not wanted ({@link Linter.Builder#findingsIn})
 * skips the first pass: its entries come from its {@link Outline}.
 *
 * <p>Implementation note: walks are iterative (generated code can nest deeply). A context walk does
 * not descend into nested class bodies, nor into lambdas that start a context of their own (they
 * are walked as their own entries) or run when a stage completes ({@code thenApply}'s, on the
 * completing thread), nor into the execution method of another task (also its own entry). Calls are
 * followed breadth first, at most {@link #MAX_DEPTH} deep, each method at most once per entry on
 * the task's own path and once off it (a path through a rare branch or an outer monitor, {@link
 * IntraTaskSync#leavesThePath}): each method is entered first by a shortest path, so a method
 * reached deep by one path and shallow by another has its calls followed as far as the shallow path
 * allows; and a method first reached off the path is walked again when a later path of the same
 * entry reaches it on the path, so a guarded first path never hides an unguarded lock. Within one
 * depth, calls are followed in the order their bodies were walked, each body's in walk order, so
 * the path kept among equally short ones is fixed by the code alone. A check that throws is
 * recorded as a {@link RuleFailure} and never stops the other checks.
 *
 * <p>Speed: many entries (the async lambdas of a test suite) reach the same methods, so the walk
 * shares what does not depend on the entry, across entries and workers (concurrent maps, immutable
 * values). (1) A method's walk order, and the methods each call may enter with the call path's step
 * into each, are computed once per node: resolution depends on the node and the index alone. (2)
 * The walk below depth 1 is a plan computed once per list of methods entered at depth 1 (with
 * whether each was entered on the task's path): once the entry's own calls are followed, the
 * methods entered so far and the calls left to follow are those methods' and their bodies' calls,
 * in order, so the rest of the breadth-first walk depends on that list alone. A plan lists the
 * visits in walk order, each with its depth, whether it is off the path, the call followed and its
 * step, and the number of the visit whose body makes that call; every entry that enters the same
 * methods at depth 1 (hundreds of lambdas each calling one service method) replays it, building its
 * own call path to each visit. Plans are remembered up to {@link #MAX_PLANNED} visits in all; past
 * that they are walked again each time, with the same visits. (3) A method body is offered to the
 * checks by the walk whose findings in it win: {@link Findings} keeps, for each place, the finding
 * with the shortest call path, then the first path in a total order of steps, so of the offers of a
 * body in the same {@link Context} only the one by the shortest path, then from the entry ordered
 * first, gives findings that are kept. This relies on an invariant of the checks: on a node reached
 * through calls, what they report depends only on the node, the call path (whether it leaves the
 * task's own path included), and the context's {@link Context} (kind, task class, the node holding
 * a task's, a pool submission's or an async stage's entry, and the rules suppressed at the entry).
 * The entry node only matters to a node if a check asks for it there ({@link Scope#entryReads()}:
 * intra-task-sync asks whether the entry runs many at once where it meets a lock; whether a check
 * asks must not depend on the entry itself, so checks ask after their cheap tests of the node): the
 * first offer of a body in a context, made at once, learns which of its nodes made a check ask;
 * those nodes are offered again as walks reach them, once per entry and context where the offer
 * could win (compared within the file of the entry's holder, where all entries with that holder
 * are: {@link Walk#own}; for a parallel stream, which has no holder, the best shared offer); the
 * others are offered once per body, kind, task class, suppressions and path (on or off the task's),
 * by {@link #finish} after every walk, in the scope of the best offer recorded (a {@link Slot} per
 * body and context without its entry, found from the body without a map key built per visit; a
 * service's methods reached from hundreds of async lambdas are offered once, not once per lambda;
 * only their locks are offered again per lambda). So the findings are those of the exhaustive walk,
 * whichever worker comes first; {@code AnalyzerTest} checks that sharing changes nothing. The files
 * parsed on demand (and so the summary's counts) do not depend on timing either: every call a walk
 * reaches is resolved, the best offer of a body in a context is always made, and an offer it
 * dominates would ask the index the same questions.
 */
final class Analyzer {
  static final int MAX_DEPTH = 4;

  /** At most this many visits are remembered in {@link #plans} (some 50 MB). */
  private static final long MAX_PLANNED = 1_000_000;

  /**
   * The framework's own classes, whose methods the walk does not enter (see {@link #inFramework}).
   */
  private static final Set<String> FRAMEWORK_TYPES =
      Set.of(
          "ForkJoinPool",
          "ForkJoinTask",
          "ForkJoinWorkerThread",
          "RecursiveTask",
          "RecursiveAction",
          "CountedCompleter",
          "CompletableFuture");

  private final ProjectIndex index;
  private final List<Check> checks;
  private final Findings sink;
  private final Map<Identity, Body> bodies = new ConcurrentHashMap<>();
  private final Map<Identity, Site> sites = new ConcurrentHashMap<>();

  /**
   * The walks below depth 1 by the methods entered at depth 1 (see {@link #plan}): many entries
   * (the async lambdas of a test suite) call the same methods.
   */
  private final Map<List<Entered>, Visit[]> plans = new ConcurrentHashMap<>();

  private final AtomicLong plannedVisits = new AtomicLong();

  /** The contexts without their entry, one instance of each: the keys of {@link Body#slot}. */
  private final Map<Context, Context> contexts = new ConcurrentHashMap<>();

  private final boolean skipDominated;

  Analyzer(ProjectIndex index, List<Check> checks, Findings sink) {
    this(index, checks, sink, true);
  }

  /**
   * @param skipDominated whether a method body whose offers are dominated is walked without
   *     offering its nodes (see the implementation note); false only to test that it changes
   *     nothing
   */
  Analyzer(ProjectIndex index, List<Check> checks, Findings sink, boolean skipDominated) {
    this.index = index;
    this.checks = checks;
    this.sink = sink;
    this.skipDominated = skipDominated;
  }

  /**
   * What a check may see of a context besides the node and the call path, when the node is reached
   * through calls: its kind, its task class, the node that holds its entry for a task or a pool
   * submission, and the rules suppressed at its entry.
   */
  private record Context(
      Scope.Kind kind, String taskClass, Identity holder, List<String> suppressed) {
    /** This context as any entry of its kind, task class and suppressions would have it. */
    Context withoutEntry() {
      return holder == null ? this : new Context(kind, taskClass, null, suppressed);
    }
  }

  /**
   * A method body offered in a context, by a path on or off the task's own path (what
   * intra-task-sync reports at a lock depends on it).
   */
  private record Offered(Identity method, Context context, boolean offPath) {}

  /**
   * One entry's walk: its context, the same without the entry (the instance in {@link #contexts}),
   * and the best offers of the nodes that read the entry, by body and context with the entry, of
   * the entries of one file (the entries that share a holder, and so such offers, are all in the
   * file of their holder).
   */
  private record Walk(Context context, Context shared, Map<Offered, Offer> own) {}

  /**
   * The offers of a method body in one context without its entry, by paths on or off the task's
   * path.
   */
  private static final class Slot {
    private final Context context;
    private final boolean offPath;

    /**
     * The nodes of the body (by their index in its walk order) whose offer made a check read the
     * entry node; null until the first offer completes. Replaced, never changed.
     */
    private volatile BitSet reads;

    /** The best offer recorded ({@link #recordBest}). */
    private final AtomicReference<Offer> best = new AtomicReference<>();

    Slot(Context context, boolean offPath) {
      this.context = context;
      this.offPath = offPath;
    }

    /** Adds what a first offer learned to what others did (they learn the same) and returns it. */
    synchronized BitSet learned(BitSet read) {
      reads = reads == null ? read : union(reads, read);
      return reads;
    }
  }

  /**
   * How a method body was reached: calls from the entry, and the entry's own step; and the scope
   * whose offer of the body's nodes that do not read the entry {@link #finish} is to make (null
   * once made, or for the nodes that read the entry, which are offered as they are reached).
   */
  private record Offer(int depth, Step entry, Scope deferred) {}

  /**
   * Of two offers of one body, the one whose findings Findings would keep (shorter, then first).
   */
  private static final Comparator<Offer> OFFER_ORDER =
      Comparator.comparingInt(Offer::depth).thenComparing(Offer::entry, Findings.STEP_ORDER);

  void analyze(SourceFile file, CompilationUnit unit) {
    FileScope fileScope = new FileScope(file, sink);
    List<Entries.Entry> entries = new ArrayList<>();
    unit.walk(
        Node.TreeTraversal.PREORDER,
        node -> {
          for (Check check : checks) {
            try {
              check.anywhere(node, fileScope);
            } catch (RuntimeException | StackOverflowError e) {
              sink.fail(check.rule().id(), file, node, e);
            }
          }
          addEntry(file, node, entries);
        });
    walkContexts(file, entries);
  }

  /**
   * Analyses a parsed file whose own findings are not wanted: only the contexts of its entries are
   * walked, for what they reach in other files. No {@link Check#anywhere} pass and no walk of the
   * whole tree: the entries are taken from the file's {@link Outline}, in the order the walk of
   * {@link #analyze} finds them, so the findings outside the file are those {@link #analyze} gives.
   */
  void analyzeContexts(SourceFile file) {
    List<Entries.Entry> entries = new ArrayList<>();
    for (Node node : file.outline().entryStarts()) {
      addEntry(file, node, entries);
    }
    walkContexts(file, entries);
  }

  /** Adds the execution-context entry that starts at the node, if one does. */
  private void addEntry(SourceFile file, Node node, List<Entries.Entry> entries) {
    try {
      Entries.Entry entry = Entries.of(node, index);
      if (entry != null) {
        entries.add(entry);
      }
    } catch (RuntimeException | StackOverflowError e) {
      sink.fail(RuleFailure.TRAVERSAL, file, node, e);
    }
  }

  private void walkContexts(SourceFile file, List<Entries.Entry> entries) {
    Map<Offered, Offer> own = new HashMap<>();
    for (Entries.Entry entry : entries) {
      Node start = entry.start();
      Scope scope =
          new Scope(
              entry.kind(),
              entry.taskClass(),
              file,
              index,
              sink,
              new Step(
                  file.path(),
                  Syntax.line(start),
                  start.getBegin().map(p -> p.column).orElse(1),
                  entry.label()),
              start);
      Context context = context(entry);
      Walk walk = new Walk(context, contexts.computeIfAbsent(context.withoutEntry(), c -> c), own);
      List<Expression> calls = new ArrayList<>();
      if (start instanceof MethodReferenceExpr ref) {
        offer(ref, scope);
        calls.add(ref);
      } else {
        Body body = body(start);
        offerBody(start, body, scope, walk, 0, false);
        calls.addAll(Arrays.asList(body.calls()));
      }
      List<Visit> first = firstVisits(calls, file);
      Visit[] planned = plan(first);
      Scope[] scopes = new Scope[first.size() + planned.length];
      int entered = 0;
      for (Visit visit : first) {
        scopes[entered++] = enter(visit, scope, walk);
      }
      for (Visit visit : planned) {
        scopes[entered++] = enter(visit, scopes[visit.from()], walk);
      }
    }
  }

  /** Offers a visit's body in the scope of the call that enters it, which it returns. */
  private Scope enter(Visit visit, Scope caller, Walk walk) {
    Scope scope = caller.callee(visit.file(), visit.step(), visit.site());
    offerBody(visit.method(), visit.body(), scope, walk, visit.depth(), visit.offPath());
    return scope;
  }

  private Context context(Entries.Entry entry) {
    Node start = entry.start();
    Identity holder =
        entry.kind() == Scope.Kind.STREAM
            ? null
            : start.getParentNode().map(Identity::new).orElse(null);
    List<String> suppressed = new ArrayList<>();
    for (Check check : checks) {
      if (Suppressions.annotated(check.rule().id(), start)) {
        suppressed.add(check.rule().id());
      }
    }
    return new Context(entry.kind(), entry.taskClass(), holder, List.copyOf(suppressed));
  }

  private void offerBody(Node root, Body body, Scope scope, Walk walk, int depth, boolean offPath) {
    if (depth == 0 || !skipDominated) {
      for (Node node : body.nodes()) {
        offer(node, scope);
      }
      return;
    }
    Slot slot = body.slot(walk.shared(), offPath);
    Step entry = scope.entryStep();
    BitSet reads = slot.reads;
    if (reads == null) {
      BitSet read = new BitSet();
      Node[] nodes = body.nodes();
      for (int i = 0; i < nodes.length; i++) {
        int before = scope.entryReads();
        offer(nodes[i], scope);
        if (scope.entryReads() != before) {
          read.set(i);
        }
      }
      BitSet known = slot.learned(read);
      recordBest(slot.best, new Offer(depth, entry, null));
      if (!known.isEmpty() && walk.context().holder() != null) {
        recordOwn(walk, root, offPath, new Offer(depth, entry, null));
      }
      return;
    }
    boolean best = recordBest(slot.best, new Offer(depth, entry, scope));
    if (!reads.isEmpty()
        && (walk.context().holder() == null
            ? best
            : recordOwn(walk, root, offPath, new Offer(depth, entry, null)))) {
      Node[] nodes = body.nodes();
      for (int i = reads.nextSetBit(0); i >= 0; i = reads.nextSetBit(i + 1)) {
        offer(nodes[i], scope);
      }
    }
  }

  /**
   * Makes the offers the walks deferred: the nodes of each body that read no entry, once per body
   * and context without its entry, by the best path that any entry reached the body by (unless that
   * was its first offer, already made). Call once, after every file was analysed.
   */
  void finish() {
    bodies.values().parallelStream()
        .forEach(
            body -> {
              for (Slot slot : body.drainSlots()) {
                offerDeferred(body, slot);
              }
            });
  }

  private void offerDeferred(Body body, Slot slot) {
    Offer best = slot.best.get();
    if (best == null || best.deferred() == null) {
      return;
    }
    Node[] nodes = body.nodes();
    for (int i = slot.reads.nextClearBit(0); i < nodes.length; i = slot.reads.nextClearBit(i + 1)) {
      offer(nodes[i], best.deferred());
    }
  }

  private static BitSet union(BitSet a, BitSet b) {
    BitSet both = (BitSet) a.clone();
    both.or(b);
    return both;
  }

  /**
   * Records an offer of a body unless one that wins over it was recorded: its findings would win
   * over this walk's in {@link Findings}, whichever worker adds them first. Returns whether this
   * offer is the best recorded.
   */
  private static boolean recordBest(AtomicReference<Offer> best, Offer mine) {
    while (true) {
      Offer known = best.get();
      if (known != null && OFFER_ORDER.compare(mine, known) > 0) {
        return false;
      }
      if (best.compareAndSet(known, mine)) {
        return true;
      }
    }
  }

  /**
   * {@link #recordBest} for the offer of a body's nodes that read the entry, in a context with its
   * entry's holder: only the entries of one file compare such offers.
   */
  private static boolean recordOwn(Walk walk, Node root, boolean offPath, Offer mine) {
    Offered key = new Offered(new Identity(root), walk.context(), offPath);
    Offer known = walk.own().get(key);
    if (known != null && OFFER_ORDER.compare(mine, known) > 0) {
      return false;
    }
    walk.own().put(key, mine);
    return true;
  }

  /**
   * The nodes a walk offers under a root, in pre-order, without the subtrees a context walk skips,
   * and the calls among them.
   */
  private static final class Body {
    private final Node[] nodes;
    private final MethodCallExpr[] calls;

    /** What each call may enter, once resolved ({@link #sites}); for a method's body only. */
    private volatile Site[] sites;

    /**
     * The offers of a method's body, one {@link Slot} per context without its entry and path;
     * copied on write, found by identity (the contexts are interned in {@link #contexts}).
     */
    private volatile Slot[] slots = new Slot[0];

    Body(Node[] nodes, MethodCallExpr[] calls) {
      this.nodes = nodes;
      this.calls = calls;
    }

    Node[] nodes() {
      return nodes;
    }

    MethodCallExpr[] calls() {
      return calls;
    }

    /** The offers of this body in a context without its entry, by paths on or off the path. */
    Slot slot(Context shared, boolean offPath) {
      Slot known = find(slots, shared, offPath);
      if (known != null) {
        return known;
      }
      synchronized (this) {
        Slot[] all = slots;
        known = find(all, shared, offPath);
        if (known == null) {
          known = new Slot(shared, offPath);
          Slot[] more = Arrays.copyOf(all, all.length + 1);
          more[all.length] = known;
          slots = more;
        }
        return known;
      }
    }

    private static Slot find(Slot[] all, Context shared, boolean offPath) {
      for (Slot slot : all) {
        if (slot.context == shared && slot.offPath == offPath) {
          return slot;
        }
      }
      return null;
    }

    /** Takes the slots (once the walks are done). */
    Slot[] drainSlots() {
      Slot[] all = slots;
      slots = new Slot[0];
      return all;
    }
  }

  /** A root's {@link Body}; a method's is remembered, as many entries walk the same methods. */
  private Body body(Node root) {
    if (!(root instanceof MethodDeclaration)) {
      return flatten(root);
    }
    Body known = bodies.get(new Identity(root));
    if (known != null) {
      return known;
    }
    // every walk uses the body first recorded: the nodes that read the entry are known by index
    Body flat = flatten(root);
    Body prior = bodies.putIfAbsent(new Identity(root), flat);
    return prior == null ? flat : prior;
  }

  private Body flatten(Node root) {
    List<Node> order = new ArrayList<>();
    List<MethodCallExpr> calls = new ArrayList<>();
    Deque<Node> stack = new ArrayDeque<>();
    stack.push(root);
    while (!stack.isEmpty()) {
      Node node = stack.pop();
      order.add(node);
      if (node instanceof MethodCallExpr call) {
        calls.add(call);
      }
      List<Node> children = node.getChildNodes();
      for (int i = children.size() - 1; i >= 0; i--) {
        Node child = children.get(i);
        if (!skipped(node, child)) {
          stack.push(child);
        }
      }
    }
    return new Body(order.toArray(new Node[0]), calls.toArray(new MethodCallExpr[0]));
  }

  /** Offers a node to every check; a check that throws is recorded and the others go on. */
  private void offer(Node node, Scope scope) {
    for (Check check : checks) {
      try {
        check.inContext(node, scope);
      } catch (RuntimeException | StackOverflowError e) {
        sink.fail(check.rule().id(), scope.file(), node, e);
      }
    }
  }

  private boolean skipped(Node parent, Node child) {
    if (child instanceof LocalClassDeclarationStmt
        || child instanceof LocalRecordDeclarationStmt
        || child instanceof TypeDeclaration<?>) {
      return true;
    }
    if (parent instanceof ObjectCreationExpr && child instanceof BodyDeclaration<?>) {
      return true;
    }
    return (child instanceof LambdaExpr || child instanceof MethodReferenceExpr)
        && Entries.runsElsewhere((Expression) child, index);
  }

  /**
   * A method body an entry's walk enters: the call or method reference that enters it, in the body
   * of visit number {@code from} of the walk (-1: in the entry's own body), the call path's step,
   * the depth, and whether the path left the task's own path.
   */
  private record Visit(
      MethodDeclaration method,
      Body body,
      SourceFile file,
      Step step,
      Expression site,
      int from,
      int depth,
      boolean offPath) {}

  /** A method entered at depth 1, on or off the task's path: what a walk's plan depends on. */
  private record Entered(Identity method, boolean offPath) {}

  /** A call to follow from the body of visit number {@code from}. */
  private record Pending(MethodCallExpr site, Site reached, Visit caller, int from) {}

  /** The visits at depth 1 of an entry whose own body makes these calls, in walk order. */
  private List<Visit> firstVisits(List<Expression> calls, SourceFile file) {
    Visits visits = new Visits();
    List<Visit> first = new ArrayList<>();
    for (Expression call : calls) {
      Site reached = site(call, file);
      for (Callee callee : reached.callees()) {
        if (visits.enter(callee.method(), reached.leavesPath())) {
          first.add(
              new Visit(
                  callee.method(),
                  body(callee.method()),
                  callee.file(),
                  callee.step(),
                  call,
                  -1,
                  1,
                  reached.leavesPath()));
        }
      }
    }
    return first;
  }

  /**
   * The visits below depth 1 of a walk whose depth-1 visits are {@code first}, in walk order, their
   * {@code from} counting the first visits before them; remembered while the plans stay within
   * {@link #MAX_PLANNED} visits in all (the walk is the same whether it was remembered or not).
   */
  private Visit[] plan(List<Visit> first) {
    if (first.isEmpty()) {
      return new Visit[0];
    }
    List<Entered> key = new ArrayList<>(first.size());
    for (Visit visit : first) {
      key.add(new Entered(new Identity(visit.method()), visit.offPath()));
    }
    Visit[] known = plans.get(key);
    if (known != null) {
      return known;
    }
    Visit[] planned = walkBelow(first);
    if (planned.length > 0 && plannedVisits.addAndGet(planned.length) <= MAX_PLANNED) {
      plans.putIfAbsent(key, planned);
    }
    return planned;
  }

  /**
   * Follows calls breadth first from the depth-1 visits, each method entered once on the task's
   * path and once off it at most (the depth-1 methods counting as entered), as deep as {@link
   * #MAX_DEPTH}.
   */
  private Visit[] walkBelow(List<Visit> first) {
    Visits visits = new Visits();
    Deque<Pending> pending = new ArrayDeque<>();
    for (int i = 0; i < first.size(); i++) {
      visits.enter(first.get(i).method(), first.get(i).offPath());
      follow(first.get(i), i, pending);
    }
    List<Visit> below = new ArrayList<>();
    while (!pending.isEmpty()) {
      Pending call = pending.poll();
      Site reached = call.reached();
      boolean off = call.caller().offPath() || reached.leavesPath();
      for (Callee callee : reached.callees()) {
        if (visits.enter(callee.method(), off)) {
          Visit visit =
              new Visit(
                  callee.method(),
                  body(callee.method()),
                  callee.file(),
                  callee.step(),
                  call.site(),
                  call.from(),
                  call.caller().depth() + 1,
                  off);
          follow(visit, first.size() + below.size(), pending);
          below.add(visit);
        }
      }
    }
    return below.toArray(new Visit[0]);
  }

  /** Adds the calls of a visit's body to those to follow, unless the walk is as deep as it goes. */
  private void follow(Visit visit, int number, Deque<Pending> pending) {
    if (visit.depth() < MAX_DEPTH) {
      MethodCallExpr[] calls = visit.body().calls();
      Site[] reached = sites(visit.body(), visit.file());
      for (int i = 0; i < calls.length; i++) {
        pending.add(new Pending(calls[i], reached[i], visit, number));
      }
    }
  }

  /** The {@link Site} of each call of a method's body (in a file), resolved once per body. */
  private Site[] sites(Body body, SourceFile file) {
    Site[] known = body.sites;
    if (known == null) {
      known = new Site[body.calls().length];
      for (int i = 0; i < known.length; i++) {
        known[i] = site(body.calls()[i], file);
      }
      // racing workers resolve the same sites: either array may be kept
      body.sites = known;
    }
    return known;
  }

  /**
   * The methods with a body that a call or method reference may enter (not a task's execution
   * method, not the framework's own), with the call path's step into each, and whether the call
   * leaves the task's own path; resolved once per node: resolution depends on the node and the
   * index alone, never on the entry that reached it ({@code from} is the file the node is in).
   */
  private Site site(Expression at, SourceFile from) {
    Identity key = new Identity(at);
    Site known = sites.get(key);
    if (known != null) {
      return known;
    }
    List<Callee> found = new ArrayList<>();
    List<Target> all =
        at instanceof MethodCallExpr call
            ? resolve(
                call.getScope().orElse(null),
                call.getNameAsString(),
                call.getArguments().size(),
                call)
            : resolve(
                ((MethodReferenceExpr) at).getScope(),
                ((MethodReferenceExpr) at).getIdentifier(),
                -1,
                at);
    for (Target target : all) {
      MethodDeclaration method = target.method();
      boolean enterable =
          at instanceof MethodReferenceExpr
              || !(method.getBody().isEmpty()
                  || Entries.isTaskExecution(method, index)
                  || inFramework(method));
      if (enterable) {
        found.add(new Callee(method, target.file(), step(from, at, method)));
      }
    }
    Site site =
        new Site(List.copyOf(found), !found.isEmpty() && IntraTaskSync.leavesThePath(at, index));
    sites.putIfAbsent(key, site);
    return site;
  }

  /** A syntax node as a map key: nodes hash and compare structurally (whole subtrees). */
  private record Identity(Node node) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Identity other && other.node == node;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(node);
    }
  }

  /**
   * Whether a method belongs to the fork/join framework itself (as when linting the JDK's or
   * jsr166's sources): what it does to wait or lock is the runtime's own protocol (a join helps, a
   * submission lock guards the queue array), not the task's, so the walk stops at its door.
   */
  private static boolean inFramework(MethodDeclaration method) {
    return method
        .getParentNode()
        .filter(p -> p instanceof TypeDeclaration<?>)
        .map(p -> FRAMEWORK_TYPES.contains(((TypeDeclaration<?>) p).getNameAsString()))
        .orElse(false);
  }

  private static Step step(SourceFile from, Node at, MethodDeclaration method) {
    String owner =
        method
            .getParentNode()
            .filter(p -> p instanceof TypeDeclaration<?>)
            .map(p -> ((TypeDeclaration<?>) p).getNameAsString() + ".")
            .orElse("");
    return new Step(
        from.path(),
        Syntax.line(at),
        at.getBegin().map(p -> p.column).orElse(1),
        owner + method.getNameAsString() + "()");
  }

  private record Target(MethodDeclaration method, SourceFile file) {}

  /** A method a call may enter, and the call path's step into it. */
  private record Callee(MethodDeclaration method, SourceFile file, Step step) {}

  /**
   * What a call or method reference may enter, and whether it leaves the task's own path ({@link
   * IntraTaskSync#leavesThePath}).
   */
  private record Site(List<Callee> callees, boolean leavesPath) {}

  /**
   * The methods one entry's walk has entered, each once on the task's own path and once off it at
   * most: a method first reached off the path (behind a rare branch or an outer monitor) is walked
   * again when a later path reaches it on the path, where a lock it takes does matter.
   */
  private static final class Visits {
    /** Per method entered: whether every path that entered it so far was off the task's path. */
    private final Map<Node, Boolean> offPathOnly = new IdentityHashMap<>();

    /** Whether to enter a method by a path on or off the task's path, recording that it was. */
    boolean enter(Node method, boolean offPath) {
      Boolean before = offPathOnly.get(method);
      if (before != null && (!before || offPath)) {
        return false;
      }
      offPathOnly.put(method, offPath);
      return true;
    }
  }

  /**
   * Project methods a call may reach: unqualified or this/super calls through the enclosing classes
   * and their supertypes, static calls by type name, calls on variables of project types, and the
   * {@link Implementations} the project shows. An arity of -1 (a method reference) matches any
   * arity. A new way to find a target must be mirrored in {@link Dependents}, or the language
   * server's re-lint misses the findings it leads to.
   */
  private List<Target> resolve(Expression receiver, String name, int arity, Node at) {
    List<Target> targets = new ArrayList<>();
    if (receiver == null || receiver instanceof ThisExpr || receiver instanceof SuperExpr) {
      for (TypeDeclaration<?> type = ProjectIndex.enclosingType(at);
          type != null;
          type = ProjectIndex.enclosingType(type)) {
        ProjectIndex.TypeInfo info = index.info(type);
        if (info != null) {
          addAll(targets, arity < 0 ? byAnyArity(info, name) : index.methods(info, name, arity));
        }
        if (!targets.isEmpty() || receiver != null) {
          break;
        }
      }
      return targets;
    }
    String typeName;
    String receiverName = Syntax.variableName(receiver);
    if (receiverName != null
        && !(receiver instanceof FieldAccessExpr)
        && Syntax.lookup(receiverName, receiver, index, false).isEmpty()
        && Character.isUpperCase(receiverName.charAt(0))) {
      typeName = receiverName;
    } else {
      typeName = Syntax.typeOf(receiver, index);
    }
    if (typeName != null && !typeName.endsWith("[]")) {
      for (ProjectIndex.TypeInfo info : index.types(typeName, scopeFileOf(at))) {
        List<MethodDeclaration> methods =
            arity < 0 ? byAnyArity(info, name) : index.methods(info, name, arity);
        addAll(targets, methods);
        if (arity < 0) {
          addAll(targets, Implementations.overriding(methods, index));
        }
      }
    }
    if (targets.isEmpty()) {
      addAll(targets, Implementations.ofFunctional(receiver, name, arity, index));
    }
    return targets;
  }

  private static CompilationUnit scopeFileOf(Node node) {
    return node.findCompilationUnit().orElse(null);
  }

  private List<MethodDeclaration> byAnyArity(ProjectIndex.TypeInfo info, String name) {
    return info.decl().getMethodsByName(name);
  }

  private void addAll(List<Target> targets, List<MethodDeclaration> methods) {
    for (MethodDeclaration m : methods) {
      TypeDeclaration<?> owner = ProjectIndex.enclosingType(m);
      ProjectIndex.TypeInfo info = owner == null ? null : index.info(owner);
      if (info != null) {
        targets.add(new Target(m, info.file()));
      }
    }
  }
}
