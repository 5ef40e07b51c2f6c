package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where widget-parameter memories live. The SDK ships an in-memory store ({@code mem:}) and an
 * embedded SQLite store ({@code sqlite:PATH}, the default); a host agent that has its own memory
 * implements this interface and registers a {@link MemoryStoreProvider} so {@link
 * MemoryStores#open(String)} finds it by URI scheme.
 *
 * <p>Implementations are thread-safe. Every method except {@link #close()} throws {@link
 * SwipeException} with code {@code memory_unavailable} after the store is closed or when its
 * backing storage fails, and {@code invalid_argument} for bad arguments. An acknowledged {@link
 * #save} is durable as far as the store's medium allows (the SQLite store survives a killed
 * process).
 */
@Api(status = Api.Status.STABLE)
public interface MemoryStore extends AutoCloseable {

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
