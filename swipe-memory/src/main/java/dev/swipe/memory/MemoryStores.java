package dev.swipe.memory;

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

/** Opens memory stores by URI ({@link MemoryStore#open}). */
final class MemoryStores {
  private static final String DEFAULT_URI = MemoryStore.DEFAULT_URI;

  private MemoryStores() {}

  static MemoryStore open(String uri) {
    return open(uri, Clock.systemUTC());
  }

  static MemoryStore open(String uri, Clock clock) {
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

  static MemoryStore inMemory() {
    return inMemory(Clock.systemUTC());
  }

  static MemoryStore inMemory(Clock clock) {
    return new InMemoryStoreProvider().open("mem:", clock);
  }

  static MemoryStore sqlite(Path path, Clock clock) {
    return SqliteMemoryStore.open(path, clock, SqliteMemoryStore.Options.defaults());
  }

  static String knownSchemes() {
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
