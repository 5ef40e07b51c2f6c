package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A run's view of the device's memory that records each call in the trace (what was saved or asked,
 * what came back), so a report shows where an agent's remembered parameters came from. Closing it
 * closes the store, as closing the device's store always did.
 */
final class TracedMemoryStore implements MemoryStore {
  private final MemoryStore delegate;
  private final ActionTracer tracer;
  private final String runId;

  TracedMemoryStore(MemoryStore delegate, ActionTracer tracer, String runId) {
    this.delegate = delegate;
    this.tracer = tracer;
    this.runId = runId;
  }

  @Override
  public MemoryRecord save(MemoryRecord record) {
    return traced(
        "memory_save",
        args(record),
        () -> delegate.save(record),
        saved -> TraceWriter.object().put("id", saved.id()));
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    ObjectNode a = TraceWriter.object();
    a.put("records", records == null ? 0 : records.size());
    return traced("memory_save_all", a, () -> delegate.saveAll(records), this::ids);
  }

  @Override
  public Optional<MemoryRecord> get(String id) {
    return traced(
        "memory_get",
        TraceWriter.object().put("id", id),
        () -> delegate.get(id),
        r -> TraceWriter.object().put("found", r.isPresent()));
  }

  @Override
  public List<MemoryRecord> recall(MemoryQuery query) {
    ObjectNode a = TraceWriter.object();
    if (query != null) {
      a.put("text", query.text());
      a.put("type", query.type());
      a.put("limit", query.limit());
      ArrayNode tags = a.putArray("tags");
      query.tags().forEach(tags::add);
    }
    return traced("memory_recall", a, () -> delegate.recall(query), this::ids);
  }

  @Override
  public boolean delete(String id) {
    return traced(
        "memory_delete",
        TraceWriter.object().put("id", id),
        () -> delegate.delete(id),
        d -> TraceWriter.object().put("deleted", d));
  }

  @Override
  public List<MemoryRecord> list(int offset, int limit) {
    return traced(
        "memory_list",
        TraceWriter.object().put("offset", offset).put("limit", limit),
        () -> delegate.list(offset, limit),
        this::ids);
  }

  @Override
  public long count() {
    return delegate.count();
  }

  @Override
  public void close() {
    delegate.close();
  }

  private ObjectNode ids(List<MemoryRecord> records) {
    ObjectNode o = TraceWriter.object();
    o.put("records", records.size());
    ArrayNode ids = o.putArray("ids");
    records.stream().limit(20).forEach(r -> ids.add(r.id()));
    ArrayNode titles = o.putArray("titles");
    records.stream().limit(5).forEach(r -> titles.add(r.title()));
    return o;
  }

  private static ObjectNode args(MemoryRecord r) {
    ObjectNode a = TraceWriter.object();
    if (r != null) {
      a.put("type", r.type());
      a.put("title", r.title());
      a.put("content", r.content());
    }
    return a;
  }

  private <T> T traced(
      String action, ObjectNode args, Supplier<T> call, Function<T, ObjectNode> outcome) {
    long start = tracer.now();
    try {
      T result = call.get();
      tracer.call(runId, action, start, args, outcome.apply(result), null, null);
      return result;
    } catch (RuntimeException e) {
      // a store's own failures (SwipeException: memory_not_found, memory_conflict, ...) are
      // recorded with the code an agent is shown, and thrown on as they came
      tracer.call(runId, action, start, args, null, null, SwipeException.orInternal(e));
      throw e;
    }
  }
}
