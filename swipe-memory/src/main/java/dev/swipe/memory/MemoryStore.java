package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where widget-parameter memories live. The SDK ships an in-memory store ({@code mem:}) and an
 * embedded SQLite store ({@code sqlite:PATH}, the default); a host agent that has its own memory
 * implements this interface and registers a {@link MemoryStoreProvider} so {@link #open(String)}
 * finds it by URI scheme.
 *
 * <p>Implementations are thread-safe. Every method except {@link #close()} throws {@link
 * SwipeException} with code {@code memory_unavailable} after the store is closed or when its
 * backing storage fails, and {@code invalid_argument} for bad arguments. An acknowledged {@link
 * #save} is durable as far as the store's medium allows (the SQLite store survives a killed
 * process).
 */
@Api(status = Api.Status.STABLE)
public interface MemoryStore extends AutoCloseable {
  /** Where {@code sqlite:} puts the database when no path is given. */
  String DEFAULT_SQLITE_PATH = "~/.swipe/memory.db";

  /** The URI of the embedded default store. */
  String DEFAULT_URI = "sqlite:" + DEFAULT_SQLITE_PATH;

  /** Opens a store from a URI with the system UTC clock, as {@link #open(String, Clock)} does. */
  static MemoryStore open(String uri) {
    return MemoryStores.open(uri);
  }

  /**
   * Opens a store from a URI, the way swipe-core's {@code Device.builder().memory(uri)} does.
   *
   * <ul>
   *   <li>{@code sqlite:PATH} — the embedded default; a leading {@code ~} is the user's home, a
   *       bare {@code sqlite:} means {@value #DEFAULT_SQLITE_PATH}. Optional query parameters:
   *       {@code sync=full|normal} (default full: every acknowledged save is on disk) and {@code
   *       busy_timeout_ms=N} (default 5000: how long to wait for another process's write).
   *   <li>{@code mem:} — a fresh in-memory store, gone when closed.
   *   <li>any scheme of a {@link MemoryStoreProvider} on the class path.
   * </ul>
   *
   * @param uri e.g. {@code "sqlite:~/.swipe/memory.db"} or {@code "mem:"}
   * @param clock source of timestamps (inject a fixed clock in tests)
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) for a missing or malformed
   *     URI; {@code unknown_scheme} (field {@code uri}, details {@code known_schemes}) for a scheme
   *     no provider serves, as devices answer; {@code memory_unavailable} when the store cannot be
   *     opened
   */
  static MemoryStore open(String uri, Clock clock) {
    return MemoryStores.open(uri, clock);
  }

  /** A fresh in-memory store with the system UTC clock. */
  static MemoryStore inMemory() {
    return MemoryStores.inMemory();
  }

  /** A fresh in-memory store whose timestamps come from {@code clock}. */
  static MemoryStore inMemory(Clock clock) {
    return MemoryStores.inMemory(clock);
  }

  /** Opens (creating if needed) a SQLite store at {@code path} with the default options. */
  static MemoryStore sqlite(Path path, Clock clock) {
    return MemoryStores.sqlite(path, clock);
  }

  /** The schemes {@link #open(String)} understands, sorted, comma separated. */
  static String knownSchemes() {
    return MemoryStores.knownSchemes();
  }

  /**
   * Saves a memory and returns it as stored, with id and timestamps.
   *
   * <p>Without an id this is an upsert by {@link MemoryRecord#identityKey() title and entities}: if
   * a record with the same title and entities exists (ignoring case and entity order) it is
   * replaced in place, keeping its id and {@code createdAt}; otherwise a new record is created.
   * With an id the record with that id is updated (its title and entities may change); {@code
   * memory_not_found} if there is none, {@code memory_conflict} if the new title and entities
   * belong to another record. {@code updatedAt} is the store clock's time of the save.
   */
  MemoryRecord save(MemoryRecord record);

  /**
   * Saves several memories, as one transaction where the store supports it (so a bulk import is
   * fast and all-or-nothing). Same rules as {@link #save} for each record, applied in order.
   */
  default List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    List<MemoryRecord> out = new ArrayList<>(records.size());
    for (MemoryRecord r : records) {
      out.add(save(r));
    }
    return out;
  }

  /** The record with this id, or empty. Unknown or malformed ids are simply not found. */
  Optional<MemoryRecord> get(String id);

  /**
   * The best matches for a query, best first, at most {@code query.limit()}.
   *
   * <p>Ranking: {@code 0.6 * relevance + 0.3 * priority/100 + 0.1 * recency}, where relevance is
   * the record's BM25 score over the query words (title weighs 4, entities 3, tags 2, content 1)
   * divided by the best candidate's (1 for every record when the query has no words), and recency
   * is {@code 1 / (1 + age_days / 30)} from {@code updatedAt} on the store's clock. Ties go to the
   * more recently updated record. Records sharing no word with the query are not returned.
   *
   * <p>To stay fast on large stores the built-in stores score a bounded set of candidates, found
   * through the query's rarest words or its tag/entity filters (without words: the highest
   * priorities and the most recent); a record that shares only very common words with the query may
   * therefore be left out when rarer words match. Other implementations may rank differently but
   * must honour the filters and the limit.
   */
  List<MemoryRecord> recall(MemoryQuery query);

  /** Deletes the record with this id; returns whether there was one. */
  boolean delete(String id);

  /**
   * A page of all records, most recently updated first (ties: most recently created first).
   *
   * @param offset records to skip, at least 0
   * @param limit most records returned, 1-1000
   */
  List<MemoryRecord> list(int offset, int limit);

  /** Number of records stored. */
  long count();

  /** Releases the store's resources. Idempotent; never throws. */
  @Override
  void close();
}
