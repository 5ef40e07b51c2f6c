package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.time.Clock;

/**
 * Service-provider interface that lets {@link MemoryStore#open(String)} open a store by URI scheme,
 * JDBC style. A host agent with its own memory implements {@link MemoryStore}, implements this
 * interface with its scheme, and lists the provider class in {@code
 * META-INF/services/dev.swipe.memory.MemoryStoreProvider}; then {@code
 * Device.builder().memory("myscheme:...")} uses it. See {@code docs/memory.md}.
 *
 * <p>Providers need a public no-argument constructor. Two providers claiming the same scheme make
 * {@link MemoryStore#open} fail rather than pick one silently.
 */
@Api(status = Api.Status.STABLE)
public interface MemoryStoreProvider {

  /** The URI scheme handled, lower case, without the colon, e.g. {@code "sqlite"}. */
  String scheme();

  /**
   * Opens a store.
   *
   * @param uri the whole URI, scheme included (e.g. {@code "sqlite:~/.swipe/memory.db"})
   * @param clock the clock for created/updated timestamps and recency
   * @return an open store, owned by the caller
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) for a malformed URI, {@code
   *     memory_unavailable} when the store cannot be opened
   */
  MemoryStore open(String uri, Clock clock);
}
