package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The device's memory store as callers see it: the same store, with anything it throws that is not
 * a {@link SwipeException} (a defect of a store written elsewhere) turned into an {@code internal}
 * one, so callers see coded errors only.
 */
final class TranslatingMemoryStore implements MemoryStore {
  private final MemoryStore delegate;

  TranslatingMemoryStore(MemoryStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public MemoryRecord save(MemoryRecord record) {
    return call(() -> delegate.save(record));
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    return call(() -> delegate.saveAll(records));
  }

  @Override
  public Optional<MemoryRecord> get(String id) {
    return call(() -> delegate.get(id));
  }

  @Override
  public List<MemoryRecord> recall(MemoryQuery query) {
    return call(() -> delegate.recall(query));
  }

  @Override
  public boolean delete(String id) {
    return call(() -> delegate.delete(id));
  }

  @Override
  public List<MemoryRecord> list(int offset, int limit) {
    return call(() -> delegate.list(offset, limit));
  }

  @Override
  public long count() {
    return call(delegate::count);
  }

  @Override
  public void close() {
    call(
        () -> {
          delegate.close();
          return null;
        });
  }

  private static <T> T call(Supplier<T> body) {
    try {
      return body.get();
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }
}
