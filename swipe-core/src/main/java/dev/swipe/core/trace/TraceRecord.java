package dev.swipe.core.trace;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One record of a trace as {@link TraceReader} reads it: the fields every record has, typed, and
 * the whole record as plain Java values ({@link #fields()}: maps, lists, strings, numbers,
 * booleans), so a reader reaches the blocks an action adds ({@code goal}, {@code outcome}, {@code
 * decision}, {@code cost}, {@code error}, {@code evidence}, ...) without a JSON library. {@link
 * TraceReader} names the fields.
 *
 * @param seq the record's number in its trace (a step's sub-steps name it as {@code parent})
 * @param action what the record is: an action ({@code swipe}), a composite step ({@code
 *     set_wheel}), a look ({@code screenshot}) or {@link TraceReader#STOPPED}
 * @param timeMs when it started, in milliseconds on the trace's clock ({@code t_ms}; 0 if absent)
 * @param fields every field of the record, in the order written; unmodifiable
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record TraceRecord(long seq, String action, double timeMs, Map<String, Object> fields) {

  /** Checks the fields and makes them (and every map and list inside) unmodifiable. */
  public TraceRecord {
    SwipeException.requireArgument(action, "action");
    SwipeException.requireArgument(fields, "fields");
    fields = frozenMap(fields);
  }

  /** The composite step this record is a sub-step of. */
  public OptionalLong parent() {
    return value("parent")
        .filter(Number.class::isInstance)
        .map(n -> OptionalLong.of(((Number) n).longValue()))
        .orElse(OptionalLong.empty());
  }

  /** The id of the run that recorded it, e.g. {@code run-1}. */
  public Optional<String> runId() {
    return value("run").filter(String.class::isInstance).map(String.class::cast);
  }

  /** Whether the record is a composite step (a strategy, a search) with sub-steps of its own. */
  public boolean composite() {
    return Boolean.TRUE.equals(fields.get("composite"));
  }

  /** When a composite step ended ({@code end_ms}), if it says. */
  public OptionalDouble endMs() {
    return number("end_ms");
  }

  /**
   * The value at {@code path} (field names, one per level of nesting), if every level is there.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code path}) for an empty path
   */
  public Optional<Object> value(String... path) {
    if (path == null || path.length == 0) {
      throw SwipeException.invalidArgument("path", "name at least one field");
    }
    Object at = fields;
    for (String name : path) {
      if (!(at instanceof Map<?, ?> m) || !m.containsKey(name)) {
        return Optional.empty();
      }
      at = m.get(name);
    }
    return Optional.ofNullable(at);
  }

  /** The text at {@code path}; empty when it is absent or not text. */
  public Optional<String> text(String... path) {
    return value(path).filter(String.class::isInstance).map(String.class::cast);
  }

  /** The number at {@code path}; empty when it is absent or not a number. */
  public OptionalDouble number(String... path) {
    return value(path)
        .filter(Number.class::isInstance)
        .map(n -> OptionalDouble.of(((Number) n).doubleValue()))
        .orElse(OptionalDouble.empty());
  }

  /** The boolean at {@code path}; empty when it is absent or not a boolean. */
  public Optional<Boolean> flag(String... path) {
    return value(path).filter(Boolean.class::isInstance).map(Boolean.class::cast);
  }

  /**
   * The block (a nested object) named {@code name}, e.g. {@code outcome}; empty when the record has
   * none.
   */
  @SuppressWarnings("unchecked")
  public Map<String, Object> block(String name) {
    return value(name)
        .filter(Map.class::isInstance)
        .map(m -> (Map<String, Object>) m)
        .orElse(Map.of());
  }

  private static Map<String, Object> frozenMap(Map<?, ?> m) {
    Map<String, Object> copy = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      copy.put(String.valueOf(e.getKey()), frozen(e.getValue()));
    }
    return Collections.unmodifiableMap(copy);
  }

  private static Object frozen(Object v) {
    if (v instanceof Map<?, ?> m) {
      return frozenMap(m);
    }
    if (v instanceof List<?> l) {
      List<Object> copy = new ArrayList<>(l.size());
      l.forEach(x -> copy.add(frozen(x)));
      return Collections.unmodifiableList(copy);
    }
    return v;
  }
}
