package dev.swipe.memory.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStoreProvider;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Provides {@code sqlite:PATH[?sync=full|normal&busy_timeout_ms=N]}. Not public API. */
public final class SqliteStoreProvider implements MemoryStoreProvider {
  /** For ServiceLoader. */
  public SqliteStoreProvider() {}

  @Override
  public String scheme() {
    return "sqlite";
  }

  @Override
  public MemoryStore open(String uri, Clock clock) {
    String rest = uri.substring(uri.indexOf(':') + 1);
    String query = null;
    int q = rest.indexOf('?');
    if (q >= 0) {
      query = rest.substring(q + 1);
      rest = rest.substring(0, q);
    }
    SqliteMemoryStore.Options options = parseOptions(uri, query);
    return SqliteMemoryStore.open(
        resolvePath(rest, System.getProperty("user.home")), clock, options);
  }

  /**
   * Turns the part after {@code sqlite:} into a path: empty means the default, a leading {@code ~}
   * is {@code home}.
   */
  static Path resolvePath(String spec, String home) {
    String s = spec.strip();
    if (s.isEmpty()) {
      s = MemoryStore.DEFAULT_SQLITE_PATH;
    }
    if (s.startsWith("//")) {
      // sqlite:///abs/path -> /abs/path (URL habit)
      s = s.substring(2);
    }
    if (s.equals("~") || s.startsWith("~/") || s.startsWith("~\\")) {
      if (home == null || home.isEmpty()) {
        throw SwipeException.invalidArgument("uri", "cannot expand '~': user.home is not set");
      }
      s = home + s.substring(1);
    }
    if (s.indexOf('\0') >= 0) {
      throw SwipeException.invalidArgument("uri", "path contains a NUL character");
    }
    try {
      return Path.of(s).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw SwipeException.invalidArgument("uri", "invalid path '" + s + "': " + e.getReason());
    }
  }

  static SqliteMemoryStore.Options parseOptions(String uri, @Nullable String query) {
    SqliteMemoryStore.Options o = SqliteMemoryStore.Options.defaults();
    if (query == null || query.isEmpty()) {
      return o;
    }
    for (String pair : query.split("&", -1)) { // empty pairs are skipped
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = (eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      switch (k) {
        case "sync" -> {
          if (v.equalsIgnoreCase("full")) {
            o = o.withSynchronousFull(true);
          } else if (v.equalsIgnoreCase("normal")) {
            o = o.withSynchronousFull(false);
          } else {
            throw SwipeException.invalidArgument(
                "uri", "sync must be 'full' or 'normal', was '" + v + "' in " + uri);
          }
        }
        case "busy_timeout_ms" -> {
          try {
            int ms = Integer.parseInt(v);
            o = o.withBusyTimeoutMs(Check.range("busy_timeout_ms", ms, 0, 600_000));
          } catch (NumberFormatException e) {
            throw SwipeException.invalidArgument(
                "uri", "busy_timeout_ms must be an integer, was '" + v + "' in " + uri);
          }
        }
        default ->
            throw SwipeException.invalidArgument(
                "uri", "unknown option '" + k + "' in " + uri + " (known: sync, busy_timeout_ms)");
      }
    }
    return o;
  }
}
