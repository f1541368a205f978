package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The curated list of JDK calls that block a thread, shared by the blocking rules. Receivers are
 * typed by the declared type of the variable, or of the project method a call's result comes from
 * (see {@link Syntax}); a call on a receiver of unknown type is only classified when its name alone
 * is unambiguous ({@code Thread.sleep}, {@code wait()}).
 */
final class Blocking {
  /** What kind of blocking a call does. */
  enum Category {
    SLEEP("sleeps"),
    WAIT("waits"),
    QUEUE("blocks on a queue"),
    SYNC_AID("waits on a synchronizer"),
    FUTURE("waits for a future"),
    IO("does blocking I/O");

    final String verb;

    Category(String verb) {
      this.verb = verb;
    }
  }

  private static final Set<String> TIME_UNITS =
      Set.of("NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS");
  private static final Set<String> QUEUE_METHODS =
      Set.of("take", "put", "transfer", "takeFirst", "takeLast", "putFirst", "putLast");
  private static final Set<String> QUEUE_TYPES =
      Set.of("SynchronousQueue", "DelayQueue", "TransferQueue", "LinkedTransferQueue");
  private static final Map<String, Set<String>> SYNC_AIDS =
      Map.of(
          "CountDownLatch", Set.of("await"),
          "CyclicBarrier", Set.of("await"),
          "Condition", Set.of("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"),
          "Semaphore", Set.of("acquire", "acquireUninterruptibly"),
          "Phaser", Set.of("awaitAdvance", "arriveAndAwaitAdvance", "awaitAdvanceInterruptibly"),
          "Exchanger", Set.of("exchange"),
          "ExecutorService", Set.of("awaitTermination"),
          "ForkJoinPool", Set.of("awaitTermination", "awaitQuiescence"),
          "Process", Set.of("waitFor"));

  /** Future-like types whose {@code get} blocks. */
  static final Set<String> FUTURE_TYPES =
      Set.of(
          "Future",
          "FutureTask",
          "CompletableFuture",
          "ForkJoinTask",
          "RecursiveTask",
          "RecursiveAction",
          "CountedCompleter",
          "ScheduledFuture",
          "RunnableFuture");

  /** The JDK types a project type extends or implements to be a future whose get() waits. */
  private static final Set<String> FUTURE_ROOTS =
      Set.of(
          "Future",
          "CompletableFuture",
          "CompletionStage",
          "FutureTask",
          "RunnableFuture",
          "ScheduledFuture");

  private static final Set<String> FILES_IO =
      Set.of(
          "readAllBytes",
          "readAllLines",
          "readString",
          "lines",
          "newBufferedReader",
          "newBufferedWriter",
          "newInputStream",
          "newOutputStream",
          "write",
          "writeString",
          "copy",
          "move",
          "delete",
          "deleteIfExists",
          "list",
          "walk",
          "find",
          "createFile",
          "newByteChannel");

  /** Static methods that do I/O, by the class named as their receiver. */
  private static final Map<String, Set<String>> STATIC_IO =
      Map.of("Files", FILES_IO, "DriverManager", Set.of("getConnection"));

  private static final Set<String> IO_CONSTRUCTORS =
      Set.of(
          "FileInputStream",
          "FileOutputStream",
          "FileReader",
          "FileWriter",
          "RandomAccessFile",
          "Socket",
          "ServerSocket",
          "DatagramSocket");
  private static final Set<String> UNCONNECTED_SOCKETS = Set.of("Socket", "ServerSocket");
  private static final Set<String> LOCK_TYPES =
      Set.of("Lock", "ReentrantLock", "ReadLock", "WriteLock");

  /**
   * What waits for the database in JDBC (java.sql, javax.sql): a statement's execution, the end of
   * a transaction, and a connection, opened ({@code DriverManager}, in {@link #STATIC_IO}) or taken
   * from a pool that waits for a free one ({@code DataSource}). Making a statement object sends
   * nothing: drivers prepare on the client unless configured otherwise, and the execution that
   * follows is what waits.
   */
  private static final Set<String> JDBC_EXECUTE =
      Set.of(
          "execute",
          "executeQuery",
          "executeUpdate",
          "executeBatch",
          "executeLargeUpdate",
          "executeLargeBatch");

  private static final Map<String, Set<String>> IO_METHODS =
      Map.ofEntries(
          Map.entry("HttpClient", Set.of("send")),
          Map.entry("URL", Set.of("openStream", "openConnection")),
          Map.entry("URLConnection", Set.of("getInputStream", "connect", "getResponseCode")),
          Map.entry("HttpURLConnection", Set.of("getInputStream", "connect", "getResponseCode")),
          Map.entry("Statement", JDBC_EXECUTE),
          Map.entry("PreparedStatement", JDBC_EXECUTE),
          Map.entry("CallableStatement", JDBC_EXECUTE),
          Map.entry("Connection", Set.of("commit", "rollback")),
          Map.entry("DataSource", Set.of("getConnection")),
          Map.entry("BufferedReader", Set.of("readLine", "read", "lines")),
          Map.entry("InputStream", Set.of("read", "readAllBytes", "readNBytes")),
          Map.entry("FileInputStream", Set.of("read", "readAllBytes", "readNBytes")),
          Map.entry("DataInputStream", Set.of("read", "readFully", "readLine")),
          Map.entry("FileChannel", Set.of("read", "write")),
          Map.entry("SocketChannel", Set.of("read", "write", "connect")),
          Map.entry("Socket", Set.of("connect")));

  private Blocking() {}

  /**
   * The kind of blocking a node does, or null if it does not block (or is inside a managed
   * blocker).
   */
  static Category classify(Node node, ProjectIndex index) {
    Category category = null;
    if (node instanceof MethodCallExpr call) {
      category = classifyCall(call, index);
    } else if (node instanceof MethodReferenceExpr ref && ref.getScope() instanceof TypeExpr type) {
      // Type::method with the element as receiver, as in .map(CompletableFuture::join)
      category =
          classifyOn(ref.getIdentifier(), 0, null, type, Syntax.typeName(type.getType()), index);
    } else if (node instanceof ObjectCreationExpr created
        && IO_CONSTRUCTORS.contains(created.getType().getNameAsString())
        && !unconnected(created)) {
      category = Category.IO;
    }
    return category == null
            || managed(node)
            || category == Category.FUTURE && CompletedFutures.complete(node, index)
        ? null
        : category;
  }

  /**
   * Whether a constructor makes a socket that is neither connected nor bound ({@code new
   * Socket()}): it does no I/O until {@code connect} or {@code bind} is called.
   */
  private static boolean unconnected(ObjectCreationExpr created) {
    return created.getArguments().isEmpty()
        && UNCONNECTED_SOCKETS.contains(created.getType().getNameAsString());
  }

  private static Category classifyCall(MethodCallExpr call, ProjectIndex index) {
    String name = call.getNameAsString();
    int arity = call.getArguments().size();
    String scopeName = Syntax.scopeName(call);
    Expression scope = call.getScope().orElse(null);
    if (name.equals("sleep") && ("Thread".equals(scopeName) || isTimeUnit(scope))) {
      return Category.SLEEP;
    }
    if (name.equals("wait") && arity <= 2) {
      return Category.WAIT;
    }
    if (scopeName != null && STATIC_IO.getOrDefault(scopeName, Set.of()).contains(name)) {
      return Category.IO;
    }
    if (name.equals("isReachable")
        && (arity == 1 || arity == 3)
        && scope != null
        && Set.of("InetAddress", "Inet4Address", "Inet6Address")
            .contains(Objects.requireNonNullElse(Syntax.typeOf(scope, index), "InetAddress"))) {
      // InetAddress.isReachable(timeout) pings the host and waits up to the timeout; the receiver
      // is usually a call (address.getAddress()) whose type lint does not know, and no other JDK
      // type has the method
      return Category.IO;
    }
    if (scope == null) {
      return null;
    }
    return classifyOn(name, arity, scopeName, scope, Syntax.typeOf(scope, index), index);
  }

  /** The blocking of calling {@code name} with {@code arity} arguments on a receiver of a type. */
  private static Category classifyOn(
      String name, int arity, String scopeName, Expression scope, String type, ProjectIndex index) {
    if (type == null) {
      return null;
    }
    if (name.equals("join") && type.equals("Thread")) {
      return Category.WAIT;
    }
    if (isBlockingQueue(type)
        && (QUEUE_METHODS.contains(name)
            || ((name.equals("poll") || name.equals("offer")) && arity >= 2))
        && !Queues.neverFull(name, scope, index)) {
      return Category.QUEUE;
    }
    if (SYNC_AIDS.getOrDefault(type, Set.of()).contains(name)) {
      return Category.SYNC_AID;
    }
    if (name.equals("tryLock") && arity == 2 && LOCK_TYPES.contains(type)) {
      // a timed tryLock waits up to its timeout for the holder; the untimed one never waits
      return Category.SYNC_AID;
    }
    if (name.equals("get")
        && (arity == 0 || arity == 2)
        && (FUTURE_TYPES.contains(type)
            || index.isTask(type)
            || unseenFuture(type, scope, index)
            || projectFuture(type, FUTURE_ROOTS, name, arity, scope, index))) {
      return Category.FUTURE;
    }
    if (name.equals("join")
        && arity == 0
        && (type.equals("CompletableFuture")
            || unseenFuture(type, scope, index)
            || projectFuture(type, Set.of("CompletableFuture"), name, arity, scope, index))) {
      return Category.FUTURE;
    }
    if (IO_METHODS.getOrDefault(type, Set.of()).contains(name)) {
      return Category.IO;
    }
    return null;
  }

  /**
   * Whether a type lint cannot read is taken for a future: its simple name ends in "Future" and no
   * type of that name is in the project (a subclass of CompletableFuture in another module, Guava's
   * ListenableFuture, Netty's ChannelFuture: all block in {@code get()}). A project type is read
   * instead: its {@code get()} is followed like any other call.
   */
  private static boolean unseenFuture(String type, Expression scope, ProjectIndex index) {
    return type.endsWith("Future")
        && index.types(type, scope.findCompilationUnit().orElse(null)).isEmpty();
  }

  /**
   * Whether a project type is a future whose wait lint cannot read: its supertypes reach one of the
   * roots through the project's types ({@code ScanJobFuture extends Future<ScanMetrics>}), and none
   * of its project types declares the method with a body, so the call runs the JDK's wait or an
   * implementation the receiver's type does not name. A project future that declares its own {@code
   * get()} is read instead, like any other call.
   */
  private static boolean projectFuture(
      String type,
      Set<String> roots,
      String name,
      int arity,
      Expression scope,
      ProjectIndex index) {
    List<ProjectIndex.TypeInfo> declared =
        index.types(type, scope.findCompilationUnit().orElse(null));
    if (declared.isEmpty()
        || declared.stream()
            .anyMatch(
                t ->
                    index.methods(t, name, arity).stream()
                        .anyMatch(m -> m.getBody().isPresent()))) {
      return false;
    }
    Deque<ProjectIndex.TypeInfo> pending = new ArrayDeque<>(declared);
    Set<ProjectIndex.TypeInfo> seen = ProjectIndex.identitySet();
    while (!pending.isEmpty()) {
      ProjectIndex.TypeInfo next = pending.poll();
      if (!seen.add(next)) {
        continue;
      }
      for (String parent : next.supers()) {
        if (roots.contains(parent)) {
          return true;
        }
        pending.addAll(index.types(parent, next.decl().findCompilationUnit().orElse(null)));
      }
    }
    return false;
  }

  private static boolean isTimeUnit(Expression scope) {
    if (scope instanceof FieldAccessExpr f) {
      return TIME_UNITS.contains(f.getNameAsString());
    }
    return scope instanceof NameExpr n && TIME_UNITS.contains(n.getNameAsString());
  }

  private static boolean isBlockingQueue(String type) {
    return type.endsWith("BlockingQueue")
        || type.endsWith("BlockingDeque")
        || QUEUE_TYPES.contains(type);
  }

  /**
   * Whether a node runs under {@code ForkJoinPool.managedBlock}, which lets the pool compensate.
   */
  static boolean managed(Node node) {
    for (Node n = node.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof MethodCallExpr call && call.getNameAsString().equals("managedBlock")) {
        return true;
      }
      if (n instanceof ClassOrInterfaceDeclaration c
          && c.getImplementedTypes().stream()
              .anyMatch(t -> t.getNameAsString().equals("ManagedBlocker"))) {
        return true;
      }
      if (n instanceof ObjectCreationExpr o
          && o.getAnonymousClassBody().isPresent()
          && o.getType().getNameAsString().equals("ManagedBlocker")) {
        return true;
      }
    }
    return false;
  }
}
