package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A store that keeps memories in the JVM heap: for tests, simulators and hosts that persist
 * elsewhere. Matches and ranks like the SQLite store (same tokenizer folding, same BM25 formula,
 * same ranking). Not public API: open it with {@code MemoryStore.open("mem:")}.
 */
final class InMemoryMemoryStore implements MemoryStore {
  private final Clock clock;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<String, Entry> byId = new HashMap<>();
  private final Map<String, String> idByKey = new HashMap<>();
  private final Map<String, Integer> docFreq = new HashMap<>();
  private long totalTokens;
  private long nextId = 1;
  private volatile boolean closed;

  private record Entry(MemoryRecord record, long sequence, Bm25.Doc doc) {}

  /** Creates an empty store whose timestamps come from {@code clock}. */
  public InMemoryMemoryStore(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  private void open() {
    if (closed) {
      throw MemoryCode.unavailable(null, "memory store is closed", null);
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  @Override
  public MemoryRecord save(MemoryRecord record) {
    Objects.requireNonNull(record, "record");
    lock.writeLock().lock();
    try {
      open();
      return saveLocked(record);
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    lock.writeLock().lock();
    try {
      open();
      // All-or-nothing: check identities first, as a transaction would roll back.
      for (MemoryRecord r : records) {
        Objects.requireNonNull(r, "record");
      }
      List<MemoryRecord> out = new ArrayList<>(records.size());
      Map<String, Entry> undoById = new HashMap<>(byId);
      Map<String, String> undoKeys = new HashMap<>(idByKey);
      Map<String, Integer> undoDf = new HashMap<>(docFreq);
      long undoTokens = totalTokens;
      long undoNext = nextId;
      try {
        for (MemoryRecord r : records) {
          out.add(saveLocked(r));
        }
      } catch (RuntimeException e) {
        byId.clear();
        byId.putAll(undoById);
        idByKey.clear();
        idByKey.putAll(undoKeys);
        docFreq.clear();
        docFreq.putAll(undoDf);
        totalTokens = undoTokens;
        nextId = undoNext;
        throw e;
      }
      return out;
    } finally {
      lock.writeLock().unlock();
    }
  }

  private MemoryRecord saveLocked(MemoryRecord record) {
    Instant now = now();
    String key = record.identityKey();
    Entry existing;
    if (record.id() != null) {
      existing = byId.get(record.id());
      if (existing == null) {
        throw MemoryCode.notFound(record.id());
      }
      String owner = idByKey.get(key);
      if (owner != null && !owner.equals(record.id())) {
        throw MemoryCode.conflict(record.id(), owner);
      }
    } else {
      String id = idByKey.get(key);
      existing = id == null ? null : byId.get(id);
    }
    MemoryRecord stored;
    long seq;
    if (existing != null) {
      MemoryRecord old = existing.record();
      // a stored record has its id and timestamps
      String id = Objects.requireNonNull(old.id(), "id");
      Instant created = Objects.requireNonNull(old.createdAt(), "created_at");
      Instant updated = now.isBefore(created) ? created : now;
      stored = record.withIdentity(id, created, updated);
      seq = existing.sequence();
      unindex(existing);
    } else {
      seq = nextId++;
      stored = record.withIdentity(Long.toString(seq), now, now);
    }
    Entry e = new Entry(stored, seq, Bm25.Doc.of(stored));
    index(e);
    return stored;
  }

  private void index(Entry e) {
    byId.put(e.record().id(), e);
    idByKey.put(e.record().identityKey(), e.record().id());
    for (String t : e.doc().weightedTf().keySet()) {
      docFreq.merge(t, 1, Integer::sum);
    }
    totalTokens += e.doc().length();
  }

  private void unindex(Entry e) {
    byId.remove(e.record().id());
    idByKey.remove(e.record().identityKey());
    for (String t : e.doc().weightedTf().keySet()) {
      docFreq.computeIfPresent(t, (k, v) -> v == 1 ? null : v - 1);
    }
    totalTokens -= e.doc().length();
  }

  @Override
  public Optional<MemoryRecord> get(String id) {
    lock.readLock().lock();
    try {
      open();
      Entry e = id == null ? null : byId.get(id);
      return e == null ? Optional.empty() : Optional.of(e.record());
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public List<MemoryRecord> recall(MemoryQuery query) {
    Objects.requireNonNull(query, "query");
    List<String> terms = Text.queryTokens(query.text());
    lock.readLock().lock();
    try {
      open();
      Instant now = clock.instant();
      if (terms.isEmpty()) {
        List<Entry> filtered = new ArrayList<>();
        for (Entry e : byId.values()) {
          if (passes(e.record(), query)) {
            filtered.add(e);
          }
        }
        List<Entry> chosen = filtered;
        if (smallestLabelFilter(query) > RecallPlan.BUDGET) {
          // The best by priority and the newest, as the SQLite store walks its indexes.
          Comparator<Entry> byAge =
              Comparator.comparing((Entry e) -> e.record().updatedAt())
                  .thenComparingLong(Entry::sequence)
                  .reversed();
          Comparator<Entry> byPriority =
              Comparator.comparingInt((Entry e) -> e.record().priority())
                  .reversed()
                  .thenComparing(byAge);
          Set<Entry> union = new java.util.LinkedHashSet<>();
          filtered.sort(byPriority);
          union.addAll(filtered.subList(0, Math.min(RecallPlan.BUDGET, filtered.size())));
          filtered.sort(byAge);
          union.addAll(filtered.subList(0, Math.min(RecallPlan.BUDGET, filtered.size())));
          chosen = new ArrayList<>(union);
        }
        List<Ranking.Candidate> all = new ArrayList<>();
        for (Entry e : chosen) {
          all.add(new Ranking.Candidate(e.record(), 1.0, e.sequence()));
        }
        return Ranking.rank(all, now, query.limit());
      }
      Map<String, Long> df = new HashMap<>();
      for (String t : terms) {
        df.put(t, (long) docFreq.getOrDefault(t, 0));
      }
      List<RecallPlan.Doc> candidates = new ArrayList<>();
      if (smallestLabelFilter(query) <= RecallPlan.BUDGET) {
        for (Entry e : byId.values()) {
          if (passes(e.record(), query)) {
            candidates.add(new RecallPlan.Doc(e.record(), e.sequence(), e.doc()));
          }
        }
      } else {
        List<String> selective = RecallPlan.selectiveTerms(terms, df);
        List<Entry> matching = new ArrayList<>();
        for (Entry e : byId.values()) {
          for (String t : selective) {
            if (e.doc().weightedTf().containsKey(t)) {
              matching.add(e);
              break;
            }
          }
        }
        matching.sort(Comparator.comparingLong(Entry::sequence).reversed());
        for (int i = 0; i < matching.size() && i < RecallPlan.BUDGET; i++) {
          Entry e = matching.get(i);
          if (passes(e.record(), query)) {
            candidates.add(new RecallPlan.Doc(e.record(), e.sequence(), e.doc()));
          }
        }
      }
      List<Ranking.Candidate> scored =
          RecallPlan.score(candidates, terms, df, byId.size(), totalTokens);
      return Ranking.rank(scored, now, query.limit());
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Records carrying the rarest tag or entity the query requires; MAX_VALUE without such filters.
   */
  private long smallestLabelFilter(MemoryQuery query) {
    long min = Long.MAX_VALUE;
    for (String tag : query.tags()) {
      String f = Text.fold(tag);
      min =
          Math.min(
              min,
              byId.values().stream().filter(e -> folded(e.record().tags()).contains(f)).count());
    }
    for (String ent : query.entities()) {
      String f = Text.fold(ent);
      min =
          Math.min(
              min,
              byId.values().stream()
                  .filter(e -> folded(e.record().entities()).contains(f))
                  .count());
    }
    return min;
  }

  private static boolean passes(MemoryRecord r, MemoryQuery query) {
    if (query.type() != null && !query.type().equals(r.type())) {
      return false;
    }
    return folded(r.tags()).containsAll(folded(query.tags()))
        && folded(r.entities()).containsAll(folded(query.entities()));
  }

  private static Set<String> folded(List<String> labels) {
    Set<String> s = new HashSet<>();
    for (String l : labels) {
      s.add(Text.fold(l));
    }
    return s;
  }

  @Override
  public boolean delete(String id) {
    lock.writeLock().lock();
    try {
      open();
      Entry e = id == null ? null : byId.get(id);
      if (e == null) {
        return false;
      }
      unindex(e);
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public List<MemoryRecord> list(int offset, int limit) {
    Check.range("offset", offset, 0, Integer.MAX_VALUE);
    Check.range("limit", limit, 1, 1000);
    lock.readLock().lock();
    try {
      open();
      List<Entry> all = new ArrayList<>(byId.values());
      all.sort(
          Comparator.comparing((Entry e) -> e.record().updatedAt())
              .reversed()
              .thenComparing(Entry::sequence, Comparator.reverseOrder()));
      List<MemoryRecord> out = new ArrayList<>();
      for (int i = offset; i < all.size() && out.size() < limit; i++) {
        out.add(all.get(i).record());
      }
      return out;
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public long count() {
    lock.readLock().lock();
    try {
      open();
      return byId.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public String toString() {
    return "InMemoryMemoryStore[mem:]";
  }
}
