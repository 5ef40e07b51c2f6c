package dev.swipe.memory.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A SQLite connection with a small cache of prepared statements, used by one thread at a time.
 * Preparing costs more than running the short statements of a save or recall, so statements are
 * kept; the ones handed out ignore {@code close()} so callers can keep try-with-resources.
 */
final class Session implements AutoCloseable {
  private static final int MAX_CACHED = 48;

  private final Connection connection;
  private final Map<String, PreparedStatement> cache =
      new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
          if (size() > MAX_CACHED) {
            closeQuietly(eldest.getValue());
            return true;
          }
          return false;
        }
      };

  Session(Connection connection) {
    this.connection = connection;
  }

  Connection connection() {
    return connection;
  }

  /** A cached prepared statement; closing it only clears its parameters and batch. */
  PreparedStatement prepareStatement(String sql) throws SQLException {
    PreparedStatement ps = cache.get(sql);
    if (ps == null) {
      ps = connection.prepareStatement(sql);
      cache.put(sql, ps);
    }
    PreparedStatement target = ps;
    return (PreparedStatement)
        Proxy.newProxyInstance(
            Session.class.getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close") && method.getParameterCount() == 0) {
                target.clearParameters();
                target.clearBatch();
                return null;
              }
              try {
                return method.invoke(target, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /** A plain, uncached statement. */
  Statement createStatement() throws SQLException {
    return connection.createStatement();
  }

  private static void closeQuietly(Statement s) {
    try {
      s.close();
    } catch (SQLException ignored) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    for (PreparedStatement ps : cache.values()) {
      closeQuietly(ps);
    }
    cache.clear();
    try {
      connection.close();
    } catch (SQLException ignored) {
      // closing anyway
    }
  }
}
