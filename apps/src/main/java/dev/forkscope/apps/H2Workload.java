package dev.forkscope.apps;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * H2 serving concurrent transactions from a thread pool, as DaCapo's h2: an in-memory database of
 * {@code accounts} accounts (default 10,000); each iteration submits {@code transactions} (default
 * 20,000) bank transfers to a fixed pool of {@code threads} workers, each with its own connection.
 * A transfer reads two balances, updates both, appends a history row and commits.
 *
 * <p>Exact count per iteration: one execution of {@link Transfer} per transaction. The optimized
 * variant submits {@link Batch}es of {@code batch} transfers (default 64) instead, the change the
 * profile points at when it finds the transfers fine-grained.
 */
final class H2Workload implements Workload {
  private static final String URL = "jdbc:h2:mem:forkscope;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";

  private ExecutorService pool;
  private final ThreadLocal<Session> sessions = ThreadLocal.withInitial(this::open);
  private final List<Session> opened = new ArrayList<>();
  private Connection keeper;
  private int accounts;
  private int transactions;
  private int batch;
  private boolean optimized;
  private int iterations;
  private long seed;

  @Override
  public void setUp(Path work, Settings settings) throws SQLException {
    accounts = settings.intValue("accounts", 10_000);
    transactions = settings.intValue("transactions", 20_000);
    batch = settings.intValue("batch", 64);
    optimized = settings.optimized();
    keeper = DriverManager.getConnection(URL);
    try (Statement s = keeper.createStatement()) {
      s.execute("CREATE TABLE account(id INT PRIMARY KEY, balance BIGINT NOT NULL)");
      s.execute(
          "CREATE TABLE history(id IDENTITY PRIMARY KEY, src INT, dst INT, amount BIGINT,"
              + " at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)");
      s.execute(
          "INSERT INTO account SELECT x, 1000000 FROM SYSTEM_RANGE(0, " + (accounts - 1) + ")");
    }
    pool = Executors.newFixedThreadPool(settings.intValue("threads", 2));
  }

  @Override
  public void run() throws Exception {
    Random random = new Random(seed++);
    List<Future<?>> done = new ArrayList<>();
    List<Transfer> pending = new ArrayList<>();
    for (int i = 0; i < transactions; i++) {
      Transfer t =
          new Transfer(random.nextInt(accounts), random.nextInt(accounts), 1 + random.nextInt(100));
      if (!optimized) {
        done.add(pool.submit(t));
        continue;
      }
      pending.add(t);
      if (pending.size() == batch || i == transactions - 1) {
        done.add(pool.submit(new Batch(List.copyOf(pending))));
        pending.clear();
      }
    }
    for (Future<?> f : done) {
      f.get();
    }
    try (Statement s = keeper.createStatement();
        ResultSet r = s.executeQuery("SELECT SUM(balance) FROM account")) {
      r.next();
      if (r.getLong(1) != 1_000_000L * accounts) {
        throw new IllegalStateException("money was made or lost: " + r.getLong(1));
      }
    }
    iterations++;
  }

  @Override
  public List<ExactCheck> checks() {
    return optimized
        ? List.of(
            new ExactCheck(
                "batches",
                Batch.class.getName(),
                (long) ((transactions + batch - 1) / batch) * iterations))
        : List.of(
            new ExactCheck(
                "transactions", Transfer.class.getName(), (long) transactions * iterations));
  }

  @Override
  public void close() throws SQLException {
    if (pool != null) {
      pool.shutdown();
    }
    synchronized (opened) {
      for (Session s : opened) {
        s.connection.close();
      }
    }
    if (keeper != null) {
      keeper.close();
    }
  }

  private Session open() {
    try {
      Session s = new Session(DriverManager.getConnection(URL));
      synchronized (opened) {
        opened.add(s);
      }
      return s;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to " + URL, e);
    }
  }

  /** One worker's connection and statements. */
  private static final class Session {
    final Connection connection;
    final PreparedStatement read;
    final PreparedStatement update;
    final PreparedStatement log;

    Session(Connection connection) throws SQLException {
      this.connection = connection;
      connection.setAutoCommit(false);
      read = connection.prepareStatement("SELECT balance FROM account WHERE id = ? FOR UPDATE");
      update = connection.prepareStatement("UPDATE account SET balance = ? WHERE id = ?");
      log = connection.prepareStatement("INSERT INTO history(src, dst, amount) VALUES (?, ?, ?)");
    }

    long balance(int id) throws SQLException {
      read.setInt(1, id);
      try (ResultSet r = read.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    }

    void set(int id, long balance) throws SQLException {
      update.setLong(1, balance);
      update.setInt(2, id);
      update.executeUpdate();
    }
  }

  /** One bank transfer in its own transaction. */
  final class Transfer implements Runnable {
    private final int from;
    private final int to;
    private final long amount;

    Transfer(int from, int to, long amount) {
      // lock in id order, so that two transfers between the same accounts cannot deadlock
      this.from = Math.min(from, to);
      this.to = Math.max(from, to);
      this.amount = from <= to ? amount : -amount;
    }

    @Override
    public void run() {
      Session s = sessions.get();
      try {
        long a = s.balance(from);
        long b = from == to ? a : s.balance(to);
        if (from != to) {
          s.set(from, a - amount);
          s.set(to, b + amount);
        }
        s.log.setInt(1, from);
        s.log.setInt(2, to);
        s.log.setLong(3, amount);
        s.log.executeUpdate();
        s.connection.commit();
      } catch (SQLException e) {
        throw new IllegalStateException("transfer failed", e);
      }
    }
  }

  /** Several transfers run one after another by one task. */
  final class Batch implements Runnable {
    private final List<Transfer> transfers;

    Batch(List<Transfer> transfers) {
      this.transfers = transfers;
    }

    @Override
    public void run() {
      transfers.forEach(Transfer::run);
    }
  }
}
