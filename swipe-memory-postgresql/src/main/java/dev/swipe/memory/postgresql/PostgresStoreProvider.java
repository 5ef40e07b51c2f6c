package dev.swipe.memory.postgresql;

import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStoreProvider;
import java.time.Clock;

/**
 * Provides {@code postgresql://host[:port]/database?user=NAME&password=SECRET[&options]}: a memory
 * store in PostgreSQL that every rig of a grid can share. Options: {@code password_env=VAR} (the
 * password from an environment variable instead), {@code schema} (default {@code public}), {@code
 * pool_size} (default 4), {@code pool_wait_ms} (default 5000), {@code connect_timeout_s} (default
 * 10), {@code lock_timeout_ms} (default 30000), {@code sslmode}. The password never appears in a
 * message or in {@code toString}. See {@code docs/memory.md}.
 *
 * <p>Found by {@code ServiceLoader} (class path and module path); not called directly.
 */
public final class PostgresStoreProvider implements MemoryStoreProvider {
  /** For ServiceLoader. */
  public PostgresStoreProvider() {}

  @Override
  public String scheme() {
    return PostgresUri.SCHEME;
  }

  @Override
  public MemoryStore open(String uri, Clock clock) {
    return PostgresMemoryStore.open(PostgresUri.parse(uri), clock);
  }
}
