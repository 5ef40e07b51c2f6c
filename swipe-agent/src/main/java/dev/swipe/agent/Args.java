package dev.swipe.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads arguments that {@link ArgumentValidator} has already checked against the tool's schema;
 * JSON null counts as absent. Cross-field rules (a region inside the screen) are checked here.
 */
final class Args {
  private final ObjectNode node;

  Args(ObjectNode node) {
    this.node = node;
  }

  /** The arguments object itself. */
  ObjectNode node() {
    return node;
  }

  boolean has(String f) {
    JsonNode v = node.get(f);
    return v != null && !v.isNull();
  }

  double number(String f) {
    return node.get(f).asDouble();
  }

  double number(String f, double dflt) {
    return has(f) ? number(f) : dflt;
  }

  @Nullable Double optNumber(String f) {
    return has(f) ? number(f) : null;
  }

  int integer(String f) {
    return node.get(f).decimalValue().intValueExact();
  }

  int integer(String f, int dflt) {
    return has(f) ? integer(f) : dflt;
  }

  @Nullable Integer optInteger(String f) {
    return has(f) ? integer(f) : null;
  }

  String string(String f) {
    return node.get(f).asText();
  }

  String string(String f, String dflt) {
    return has(f) ? string(f) : dflt;
  }

  boolean bool(String f, boolean dflt) {
    return has(f) ? node.get(f).asBoolean() : dflt;
  }

  List<String> strings(String f) {
    List<String> out = new ArrayList<>();
    if (has(f)) {
      node.get(f).forEach(v -> out.add(v.asText()));
    }
    return out;
  }

  NormPoint point(String f) {
    return pointOf(node.get(f), f);
  }

  List<NormPoint> points(String f) {
    List<NormPoint> out = new ArrayList<>();
    if (has(f)) {
      JsonNode a = node.get(f);
      for (int i = 0; i < a.size(); i++) {
        out.add(pointOf(a.get(i), f + "[" + i + "]"));
      }
    }
    return out;
  }

  /** A point given as a two-number array {@code [x, y]} ({@code point_2d}). */
  NormPoint pair(String f) {
    JsonNode a = node.get(f);
    return guarded(f, () -> NormPoint.of(a.get(0).asDouble(), a.get(1).asDouble()));
  }

  @Nullable NormRegion region(String f) {
    if (!has(f)) {
      return null;
    }
    JsonNode r = node.get(f);
    return guarded(
        f,
        () ->
            NormRegion.of(
                r.get("x").asDouble(),
                r.get("y").asDouble(),
                r.get("w").asDouble(),
                r.get("h").asDouble()));
  }

  private static NormPoint pointOf(JsonNode p, String f) {
    return guarded(f, () -> NormPoint.of(p.get("x").asDouble(), p.get("y").asDouble()));
  }

  private interface Build<T> {
    T build();
  }

  /** Re-labels a core validation error with the argument's path (e.g. {@code region.w}). */
  private static <T> T guarded(String f, Build<T> b) {
    try {
      return b.build();
    } catch (SwipeException e) {
      String inner = e.field();
      String field = inner == null ? f : f + "." + inner;
      String msg = e.getMessage();
      if (inner != null && msg.startsWith(inner + ": ")) {
        msg = msg.substring(inner.length() + 2);
      }
      throw ToolFailure.invalidArgument(field, msg);
    }
  }
}
