package dev.swipe.memory.postgresql;

import dev.swipe.memory.MemoryCode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A bounded pool of JDBC connections: at most {@code size} are open or lent at once, a borrower
 * waits at most {@code waitMs} for one, and a connection idle longer than {@link
 * #VALIDATE_AFTER_MS} is checked before it is lent again (a server restart leaves dead sockets in a
 * pool). Connections are opened lazily; a broken one is closed instead of going back.
 *
 * <p>Written here rather than taken from HikariCP: the store needs only these few lines of
 * behaviour, and a pool library would add a dependency (and its logging) to every host.
 */
final class ConnectionPool implements AutoCloseable {
  static final long VALIDATE_AFTER_MS = 30_000;

  /** Opens a new connection. */
  @FunctionalInterface
  interface Factory {
    Connection open() throws SQLException;
  }

  private record Idle(Connection connection, long since) {}

  private final Factory factory;
  private final int size;
  private final long waitMs;
  private final String where;
  private final Semaphore permits;
  private final Deque<Idle> idle = new ArrayDeque<>();
  private volatile boolean closed;

  ConnectionPool(Factory factory, int size, long waitMs, String where) {
    this.factory = factory;
    this.size = size;
    this.waitMs = waitMs;
    this.where = where;
    this.permits = new Semaphore(size, true);
  }

  /**
   * Lends a connection; give it back with {@link #release}.
   *
   * @throws SQLException when a new connection cannot be opened
   * @throws dev.swipe.base.SwipeException {@code memory_unavailable} when the pool is closed or all
   *     connections stayed lent for the wait time
   */
  Connection borrow() throws SQLException {
    if (closed) {
      throw MemoryCode.unavailable(where, "memory store is closed", null);
    }
    boolean got;
    try {
      got = permits.tryAcquire(waitMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw MemoryCode.unavailable(where, "interrupted while waiting for a database connection", e);
    }
    if (!got) {
      throw MemoryCode.unavailable(
          where,
          "all " + size + " database connections stayed busy for " + waitMs + " ms (pool_size)",
          null);
    }
    boolean lent = false;
    try {
      if (closed) {
        throw MemoryCode.unavailable(where, "memory store is closed", null);
      }
      long now = System.currentTimeMillis();
      while (true) {
        Idle i;
        synchronized (idle) {
          i = idle.pollFirst();
        }
        if (i == null) {
          break;
        }
        if (now - i.since() < VALIDATE_AFTER_MS || valid(i.connection())) {
          lent = true;
          return i.connection();
        }
        closeQuietly(i.connection());
      }
      Connection c = factory.open();
      lent = true;
      return c;
    } finally {
      if (!lent) {
        permits.release();
      }
    }
  }

  /** Takes a lent connection back; a broken one (or any, once closed) is closed. */
  void release(Connection c, boolean broken) {
    try {
      if (broken || closed) {
        closeQuietly(c);
      } else {
        synchronized (idle) {
          idle.offerFirst(new Idle(c, System.currentTimeMillis()));
        }
        if (closed) {
          drain();
        }
      }
    } finally {
      permits.release();
    }
  }

  /** Connections open and idle right now (for tests). */
  int idleCount() {
    synchronized (idle) {
      return idle.size();
    }
  }

  private static boolean valid(Connection c) {
    try {
      return c.isValid(2);
    } catch (SQLException e) {
      return false;
    }
  }

  static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException | RuntimeException ignored) {
      // closing anyway
    }
  }

  private void drain() {
    while (true) {
      Idle i;
      synchronized (idle) {
        i = idle.pollFirst();
      }
      if (i == null) {
        return;
      }
      closeQuietly(i.connection());
    }
  }

  /** Closes the idle connections now and lent ones as they come back. Idempotent. */
  @Override
  public void close() {
    closed = true;
    drain();
  }
}
