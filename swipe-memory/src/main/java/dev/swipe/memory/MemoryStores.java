package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.internal.InMemoryStoreProvider;
import dev.swipe.memory.internal.SqliteMemoryStore;
import dev.swipe.memory.internal.SqliteStoreProvider;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Opens memory stores from URIs, the way swipe-core's {@code Device.builder().memory(uri)} does.
 *
 * <ul>
 *   <li>{@code sqlite:PATH} — the embedded default; a leading {@code ~} is the user's home, a bare
 *       {@code sqlite:} means {@value #DEFAULT_SQLITE_PATH}. Optional query parameters: {@code
 *       sync=full|normal} (default full: every acknowledged save is on disk) and {@code
 *       busy_timeout_ms=N} (default 5000: how long to wait for another process's write).
 *   <li>{@code mem:} — a fresh in-memory store, gone when closed.
 *   <li>any scheme of a {@link MemoryStoreProvider} on the class path.
 * </ul>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class MemoryStores {
  /** Where {@code sqlite:} puts the database when no path is given. */
  public static final String DEFAULT_SQLITE_PATH = "~/.swipe/memory.db";

  /** The URI of the embedded default store. */
  public static final String DEFAULT_URI = "sqlite:" + DEFAULT_SQLITE_PATH;

  private MemoryStores() {}

  /** Opens a store from a URI with the system UTC clock. */
  public static MemoryStore open(String uri) {
    return open(uri, Clock.systemUTC());
  }

  /**
   * Opens a store from a URI.
   *
   * @param uri e.g. {@code "sqlite:~/.swipe/memory.db"} or {@code "mem:"}
   * @param clock source of timestamps (inject a fixed clock in tests)
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) for a missing or malformed
   *     URI; {@code unknown_scheme} (field {@code uri}, details {@code known_schemes}) for a scheme
   *     no provider serves, as devices answer; {@code memory_unavailable} when the store cannot be
   *     opened
   */
  public static MemoryStore open(String uri, Clock clock) {
    if (uri == null || uri.isBlank()) {
      throw SwipeException.invalidArgument(
          "uri", "is required, e.g. " + DEFAULT_URI + " (known schemes: " + knownSchemes() + ")");
    }
    if (clock == null) {
      throw SwipeException.invalidArgument("clock", "is required");
    }
    String u = uri.strip();
    int colon = u.indexOf(':');
    if (colon <= 0) {
      throw SwipeException.invalidArgument(
          "uri",
          "'" + u + "' has no scheme; expected scheme:..., known schemes: " + knownSchemes(),
          Map.of("uri", u, "known_schemes", List.copyOf(providers().keySet())));
    }
    String scheme = u.substring(0, colon).toLowerCase(Locale.ROOT);
    Map<String, MemoryStoreProvider> providers = providers();
    MemoryStoreProvider p = providers.get(scheme);
    if (p == null) {
      throw new SwipeException(
          CommonCode.UNKNOWN_SCHEME,
          "uri: unknown memory store scheme '" + scheme + "', known schemes: " + knownSchemes(),
          "uri",
          Map.of("uri", u, "scheme", scheme, "known_schemes", List.copyOf(providers.keySet())),
          null);
    }
    MemoryStore store = p.open(u, clock);
    if (store == null) {
      throw MemoryCode.unavailable(
          null, "provider " + p.getClass().getName() + " returned no store for " + u, null);
    }
    return store;
  }

  /** A fresh in-memory store with the system UTC clock. */
  public static MemoryStore inMemory() {
    return inMemory(Clock.systemUTC());
  }

  /** A fresh in-memory store whose timestamps come from {@code clock}. */
  public static MemoryStore inMemory(Clock clock) {
    return new InMemoryStoreProvider().open("mem:", clock);
  }

  /** Opens (creating if needed) a SQLite store at {@code path} with the default options. */
  public static MemoryStore sqlite(Path path, Clock clock) {
    return SqliteMemoryStore.open(path, clock, SqliteMemoryStore.Options.defaults());
  }

  /** The schemes {@link #open} understands, sorted, comma separated. */
  public static String knownSchemes() {
    return String.join(", ", providers().keySet());
  }

  private static Map<String, MemoryStoreProvider> providers() {
    Map<String, MemoryStoreProvider> byScheme = new TreeMap<>();
    List<MemoryStoreProvider> found = new ArrayList<>();
    found.add(new SqliteStoreProvider());
    found.add(new InMemoryStoreProvider());
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    if (cl == null) {
      cl = MemoryStores.class.getClassLoader();
    }
    try {
      for (MemoryStoreProvider p : ServiceLoader.load(MemoryStoreProvider.class, cl)) {
        found.add(p);
      }
    } catch (ServiceConfigurationError e) {
      throw MemoryCode.unavailable(
          null, "a memory store provider failed to load: " + e.getMessage(), e);
    }
    for (MemoryStoreProvider p : found) {
      String s = p.scheme() == null ? "" : p.scheme().toLowerCase(Locale.ROOT);
      MemoryStoreProvider prev = byScheme.get(s);
      if (prev == null) {
        byScheme.put(s, p);
      } else if (!prev.getClass().getName().equals(p.getClass().getName())) {
        // The built-ins are also listed in META-INF/services; the same class twice is fine.
        throw new SwipeException(
            MemoryCode.MEMORY_UNAVAILABLE,
            "two memory store providers claim scheme '"
                + s
                + "': "
                + prev.getClass().getName()
                + " and "
                + p.getClass().getName(),
            null,
            Map.of("scheme", s),
            null);
      }
    }
    return byScheme;
  }
}
