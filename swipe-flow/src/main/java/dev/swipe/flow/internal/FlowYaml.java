package dev.swipe.flow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowStep;
import dev.swipe.text.TextQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The flow file's YAML, read strictly: an unknown step or field, a missing one, or a value out of
 * range is {@code flow_invalid} naming the field by its path ({@code steps[2].text}).
 */
public final class FlowYaml {
  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .disable(YAMLGenerator.Feature.SPLIT_LINES)
              .build());

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private FlowYaml() {}

  /** Parses flow text; {@code source} names the file in errors, or null. */
  public static Flow parse(String text, @Nullable String source) {
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JsonProcessingException e) {
      throw invalid("", "is not YAML: " + e.getOriginalMessage(), source, e);
    }
    if (root == null || !root.isObject()) {
      throw invalid("", "a flow is a mapping with version, name, screen and steps", source, null);
    }
    try {
      Fields top = new Fields((ObjectNode) root, "");
      int version = top.integer("version");
      if (version > Flow.VERSION) {
        throw new SwipeException(
            FlowCode.FLOW_UNSUPPORTED_VERSION,
            "this SDK reads flow versions 1 to " + Flow.VERSION + ", the flow has " + version,
            Map.of("field", "version", "version", version));
      }
      String name = top.string("name");
      Fields screen = top.object("screen");
      int width = screen.integer("width");
      int height = screen.integer("height");
      screen.done();
      List<FlowStep> steps = new ArrayList<>();
      JsonNode list = top.required("steps");
      if (!list.isArray()) {
        throw new Bad("steps", "must be a list of steps");
      }
      for (int i = 0; i < list.size(); i++) {
        String path = "steps[" + i + "]";
        JsonNode n = list.get(i);
        if (!n.isObject()) {
          throw new Bad(path, "must be a mapping with a step field");
        }
        steps.add(step(new Fields((ObjectNode) n, path)));
      }
      top.done();
      return wrap(() -> new Flow(version, name, width, height, steps), "", source);
    } catch (Bad b) {
      throw invalid(b.field, String.valueOf(b.getMessage()), source, null);
    }
  }

  private static FlowStep step(Fields f) {
    String kind = f.string("step");
    FlowStep s =
        switch (kind) {
          case "tap_text" ->
              f.build(() -> new FlowStep.TapText(text(f), anchor(f), f.optString("expect")));
          case "tap" ->
              f.build(
                  () ->
                      new FlowStep.Tap(
                          f.point("at"),
                          f.integer("hold_ms", 60),
                          f.bool("long_press", false),
                          anchor(f),
                          f.optString("expect")));
          case "swipe" ->
              f.build(
                  () ->
                      new FlowStep.Swipe(
                          f.point("from"), f.point("to"), motion(f), f.optString("expect")));
          case "drag" ->
              f.build(() -> new FlowStep.Drag(f.points("path"), motion(f), f.optString("expect")));
          case "drag_text" ->
              f.build(
                  () ->
                      new FlowStep.DragText(
                          text(f), f.point("to"), motion(f), anchor(f), f.optString("expect")));
          case "scroll" -> f.build(() -> new FlowStep.Scroll(move(f), f.optString("expect")));
          case "scroll_to_edge" ->
              f.build(() -> new FlowStep.ScrollToEdge(move(f), f.integer("max_passes", 20)));
          case "scroll_until" ->
              f.build(
                  () ->
                      new FlowStep.ScrollUntil(
                          text(f),
                          move(f),
                          f.enumValue("pace", SearchPace.FLING),
                          f.integer("max_passes", 60),
                          f.longValue("timeout_ms", 120_000),
                          anchor(f),
                          f.optString("expect")));
          case "pan_until" ->
              f.build(
                  () ->
                      new FlowStep.PanUntil(
                          text(f),
                          direction(f, "across"),
                          direction(f, "down"),
                          f.dbl("amount", 0.6),
                          f.optRegion("region"),
                          f.integer("max_pans", 40),
                          anchor(f)));
          case "set_wheel" ->
              f.build(() -> new FlowStep.SetWheel(f.integer("column"), f.string("to")));
          case "type_text" -> f.build(() -> new FlowStep.TypeText(f.string("text")));
          case "key" -> f.build(() -> new FlowStep.PressKey(key(f)));
          case "wait_text" ->
              f.build(
                  () ->
                      new FlowStep.WaitText(
                          text(f), f.bool("gone", false), f.longValue("timeout_ms", 5_000)));
          case "wait_stable" ->
              f.build(() -> new FlowStep.WaitStable(f.longValue("timeout_ms", 5_000)));
          case "assert_screen" ->
              f.build(
                  () ->
                      new FlowStep.AssertScreen(
                          f.string("golden"), f.regions("masks"), f.dbl("tolerance", 0)));
          case "pinch" ->
              f.build(
                  () ->
                      new FlowStep.Pinch(
                          f.build(
                              () -> {
                                NormPoint at = f.point("at");
                                return dev.swipe.core.gesture.Pinch.builder(at)
                                    .endCentre(f.has("end_at") ? f.point("end_at") : at)
                                    .spread(
                                        f.dbl("start_spread", Double.NaN),
                                        f.dbl("end_spread", Double.NaN))
                                    .angleDeg(f.dbl("angle_deg", 0))
                                    .rotateDeg(f.dbl("rotate_deg", 0))
                                    .durationMs(
                                        f.integer(
                                            "duration_ms",
                                            dev.swipe.core.gesture.Pinch.DEFAULT_DURATION_MS))
                                    .steps(
                                        f.integer(
                                            "steps", dev.swipe.core.gesture.Pinch.DEFAULT_STEPS))
                                    .holdBeforeMs(
                                        f.integer(
                                            "hold_before_ms",
                                            dev.swipe.core.gesture.Pinch.DEFAULT_HOLD_BEFORE_MS))
                                    .holdAfterMs(
                                        f.integer(
                                            "hold_after_ms",
                                            dev.swipe.core.gesture.Pinch.DEFAULT_HOLD_AFTER_MS))
                                    .build();
                              }),
                          f.optString("expect")));
          default ->
              throw new Bad(f.path + ".step", "names no step kind this SDK knows: '" + kind + "'");
        };
    f.optBool("raw");
    f.done();
    return s;
  }

  private static FlowStep.TextTarget text(Fields f) {
    TextQuery.Match match = f.enumValue("match", TextQuery.Match.NORMALIZED);
    return new FlowStep.TextTarget(
        f.string("text"),
        match,
        f.enumValue("scope", TextQuery.Scope.WORDS),
        f.integer("max_edits", match == TextQuery.Match.FUZZY ? 1 : 0),
        f.optRegion("within"));
  }

  private static FlowStep.ScrollMove move(Fields f) {
    return new FlowStep.ScrollMove(
        direction(f, "direction"), f.dbl("amount", 0.8), f.optRegion("region"));
  }

  private static ScrollDirection direction(Fields f, String field) {
    String id = f.string(field);
    for (ScrollDirection d : ScrollDirection.values()) {
      if (d.name().equalsIgnoreCase(id)) {
        return d;
      }
    }
    throw new Bad(f.path + "." + field, "must be up, down, left or right, was '" + id + "'");
  }

  private static FlowStep.Motion motion(Fields f) {
    FlowStep.Motion d = FlowStep.Motion.DEFAULT;
    return new FlowStep.Motion(
        f.integer("duration_ms", d.durationMs()),
        f.integer("steps", d.steps()),
        f.integer("hold_before_ms", d.holdBeforeMs()),
        f.integer("hold_after_ms", d.holdAfterMs()));
  }

  private static Key key(Fields f) {
    Fields k = f.object("key");
    String name = k.string("name");
    String page = k.string("page");
    int usage = k.integer("usage");
    k.done();
    return switch (page) {
      case "keyboard" -> k.build(() -> Key.keyboard(usage, name));
      case "consumer" -> k.build(() -> Key.consumer(usage, name));
      default -> throw new Bad(k.path + ".page", "must be keyboard or consumer, was " + page);
    };
  }

  private static FlowStep.@Nullable Anchor anchor(Fields f) {
    if (!f.has("anchor")) {
      return null;
    }
    Fields a = f.object("anchor");
    String text = a.optString("text");
    NormRegion region = a.region("region");
    String crop = a.optString("crop");
    a.done();
    return a.build(() -> new FlowStep.Anchor(text, region, crop));
  }

  /** The flow as YAML text. */
  public static String write(Flow flow) {
    ObjectNode root = NODES.objectNode();
    root.put("version", flow.version());
    root.put("name", flow.name());
    ObjectNode screen = root.putObject("screen");
    screen.put("width", flow.screenWidth());
    screen.put("height", flow.screenHeight());
    ArrayNode steps = root.putArray("steps");
    for (FlowStep s : flow.steps()) {
      steps.add(step(s));
    }
    StringBuilder out = new StringBuilder();
    emit(root, 0, out);
    return out.toString();
  }

  /**
   * Block style for mappings and lists of steps, flow style for points and regions ({@code [x,
   * y]}), so a flow reads one step per paragraph.
   */
  private static void emit(ObjectNode node, int indent, StringBuilder out) {
    boolean first = true;
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (!first || indent >= 0) {
        out.append(" ".repeat(Math.max(0, indent)));
      }
      first = false;
      indent = Math.abs(indent);
      out.append(e.getKey()).append(':');
      JsonNode v = e.getValue();
      if (v.isObject()) {
        out.append('\n');
        emit((ObjectNode) v, indent + 2, out);
      } else if (v.isArray() && isFlow(v)) {
        out.append(' ').append(flow(v)).append('\n');
      } else if (v.isArray()) {
        out.append('\n');
        for (JsonNode item : v) {
          out.append(" ".repeat(indent + 2)).append("- ");
          if (item.isObject()) {
            emit((ObjectNode) item, -(indent + 4), out);
          } else {
            out.append(scalar(item)).append('\n');
          }
        }
      } else {
        out.append(' ').append(scalar(v)).append('\n');
      }
    }
  }

  private static boolean isFlow(JsonNode array) {
    for (JsonNode item : array) {
      if (item.isArray() ? !isFlow(item) : !item.isNumber()) {
        return false;
      }
    }
    return true;
  }

  private static String flow(JsonNode array) {
    StringBuilder b = new StringBuilder("[");
    for (JsonNode item : array) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(item.isArray() ? flow(item) : scalar(item));
    }
    return b.append(']').toString();
  }

  private static String scalar(JsonNode v) {
    if (v.isNumber()) {
      double d = v.doubleValue();
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : v.asText();
    }
    if (v.isBoolean()) {
      return v.asText();
    }
    try {
      return YAML.writeValueAsString(v.asText()).strip();
    } catch (JsonProcessingException e) {
      throw SwipeException.orInternal(new IllegalStateException("cannot write YAML", e));
    }
  }

  private static ObjectNode step(FlowStep s) {
    ObjectNode n = NODES.objectNode();
    n.put("step", s.kind());
    if (s instanceof FlowStep.TapText t) {
      put(n, t.target());
    } else if (s instanceof FlowStep.Tap t) {
      n.put("raw", true);
      n.set("at", point(t.at()));
      n.put("hold_ms", t.holdMs());
      if (t.longPress()) {
        n.put("long_press", true);
      }
    } else if (s instanceof FlowStep.Swipe w) {
      n.put("raw", true);
      n.set("from", point(w.from()));
      n.set("to", point(w.to()));
      put(n, w.motion());
    } else if (s instanceof FlowStep.Drag d) {
      n.put("raw", true);
      ArrayNode path = n.putArray("path");
      d.path().forEach(p -> path.add(point(p)));
      put(n, d.motion());
    } else if (s instanceof FlowStep.DragText d) {
      put(n, d.target());
      n.set("to", point(d.to()));
      put(n, d.motion());
    } else if (s instanceof FlowStep.Scroll c) {
      put(n, c.move());
    } else if (s instanceof FlowStep.ScrollToEdge e) {
      put(n, e.move());
      n.put("max_passes", e.maxPasses());
    } else if (s instanceof FlowStep.ScrollUntil u) {
      put(n, u.target());
      put(n, u.move());
      n.put("pace", u.pace().name().toLowerCase(Locale.ROOT));
      n.put("max_passes", u.maxPasses());
      n.put("timeout_ms", u.timeoutMs());
    } else if (s instanceof FlowStep.PanUntil p) {
      put(n, p.target());
      n.put("across", p.across().name().toLowerCase(Locale.ROOT));
      n.put("down", p.down().name().toLowerCase(Locale.ROOT));
      n.put("amount", p.amount());
      if (p.region() != null) {
        n.set("region", region(p.region()));
      }
      n.put("max_pans", p.maxPans());
    } else if (s instanceof FlowStep.SetWheel w) {
      n.put("column", w.column());
      n.put("to", w.to());
    } else if (s instanceof FlowStep.TypeText t) {
      n.put("text", t.text());
    } else if (s instanceof FlowStep.PressKey k) {
      ObjectNode key = n.putObject("key");
      key.put("name", k.key().name());
      key.put("page", k.key().page().name().toLowerCase(Locale.ROOT));
      key.put("usage", k.key().usage());
    } else if (s instanceof FlowStep.WaitText w) {
      put(n, w.target());
      if (w.gone()) {
        n.put("gone", true);
      }
      n.put("timeout_ms", w.timeoutMs());
    } else if (s instanceof FlowStep.WaitStable w) {
      n.put("timeout_ms", w.timeoutMs());
    } else if (s instanceof FlowStep.AssertScreen a) {
      n.put("golden", a.golden());
      ArrayNode masks = n.putArray("masks");
      a.masks().forEach(m -> masks.add(region(m)));
      n.put("tolerance", a.tolerance());
    } else if (s instanceof FlowStep.Pinch p) {
      dev.swipe.core.gesture.Pinch g = p.gesture();
      n.set("at", point(g.centre()));
      if (!g.endCentre().equals(g.centre())) {
        n.set("end_at", point(g.endCentre()));
      }
      n.put("start_spread", round(g.startSpread()));
      n.put("end_spread", round(g.endSpread()));
      n.put("angle_deg", round(g.angleDeg()));
      n.put("rotate_deg", round(g.rotateDeg()));
      n.put("duration_ms", g.durationMs());
      n.put("steps", g.steps());
      n.put("hold_before_ms", g.holdBeforeMs());
      n.put("hold_after_ms", g.holdAfterMs());
    }
    boolean implied =
        s instanceof FlowStep.ScrollToEdge
            || s instanceof FlowStep.PanUntil
            || s instanceof FlowStep.SetWheel
            || s instanceof FlowStep.WaitText;
    if (!implied) {
      s.expect().ifPresent(e -> n.put("expect", e));
    }
    s.anchor()
        .ifPresent(
            a -> {
              ObjectNode an = n.putObject("anchor");
              a.textRead().ifPresent(t -> an.put("text", t));
              an.set("region", region(a.region()));
              String crop = a.crop();
              if (crop != null) {
                an.put("crop", crop);
              }
            });
    return n;
  }

  private static void put(ObjectNode n, FlowStep.TextTarget t) {
    n.put("text", t.text());
    if (t.match() != TextQuery.Match.NORMALIZED) {
      n.put("match", t.match().name().toLowerCase(Locale.ROOT));
    }
    if (t.scope() != TextQuery.Scope.WORDS) {
      n.put("scope", t.scope().name().toLowerCase(Locale.ROOT));
    }
    if (t.match() == TextQuery.Match.FUZZY) {
      n.put("max_edits", t.maxEdits());
    }
    NormRegion within = t.within();
    if (within != null) {
      n.set("within", region(within));
    }
  }

  private static void put(ObjectNode n, FlowStep.ScrollMove m) {
    n.put("direction", m.direction().name().toLowerCase(Locale.ROOT));
    n.put("amount", m.amount());
    NormRegion r = m.region();
    if (r != null) {
      n.set("region", region(r));
    }
  }

  private static void put(ObjectNode n, FlowStep.Motion m) {
    n.put("duration_ms", m.durationMs());
    n.put("steps", m.steps());
    n.put("hold_before_ms", m.holdBeforeMs());
    n.put("hold_after_ms", m.holdAfterMs());
  }

  private static ArrayNode point(NormPoint p) {
    return NODES.arrayNode().add(round(p.x())).add(round(p.y()));
  }

  private static ArrayNode region(NormRegion r) {
    return NODES
        .arrayNode()
        .add(round(r.x()))
        .add(round(r.y()))
        .add(round(r.w()))
        .add(round(r.h()));
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static SwipeException invalid(
      String field, String message, @Nullable String source, @Nullable Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("field", field.isEmpty() ? "flow" : field);
    if (source != null) {
      details.put("path", source);
    }
    String where = field.isEmpty() ? "the flow" : field;
    return new SwipeException(
        FlowCode.FLOW_INVALID,
        (source == null ? "" : source + ": ") + where + " " + message,
        details,
        cause);
  }

  private static <T> T wrap(
      java.util.function.Supplier<T> make, String path, @Nullable String source) {
    try {
      return make.get();
    } catch (SwipeException e) {
      if (e.code() == FlowCode.FLOW_UNSUPPORTED_VERSION) {
        throw e;
      }
      String field = e.field() == null ? path : (path.isEmpty() ? "" : path + ".") + e.field();
      throw invalid(field, String.valueOf(e.getMessage()), source, e);
    }
  }

  /** A bad value, unwound to {@link #parse}, which codes it. */
  static final class Bad extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String field;

    Bad(String field, String message) {
      super(message, null, false, false);
      this.field = field;
    }
  }

  /** One mapping's fields, each read once; {@link #done()} refuses the ones left over. */
  static final class Fields {
    private final ObjectNode node;
    final String path;
    private final java.util.Set<String> read = new java.util.HashSet<>();

    Fields(ObjectNode node, String path) {
      this.node = node;
      this.path = path;
    }

    private String at(String field) {
      return path.isEmpty() ? field : path + "." + field;
    }

    boolean has(String field) {
      return node.has(field) && !node.get(field).isNull();
    }

    JsonNode required(String field) {
      read.add(field);
      JsonNode v = node.get(field);
      if (v == null || v.isNull()) {
        throw new Bad(at(field), "is required");
      }
      return v;
    }

    <T> T build(java.util.function.Supplier<T> make) {
      try {
        return make.get();
      } catch (SwipeException e) {
        throw new Bad(e.field() == null ? path : at(e.field()), String.valueOf(e.getMessage()));
      }
    }

    String string(String field) {
      JsonNode v = required(field);
      if (!v.isTextual() && !v.isNumber()) {
        throw new Bad(at(field), "must be a string");
      }
      return v.asText();
    }

    @Nullable String optString(String field) {
      return has(field) ? string(field) : mark(field);
    }

    private @Nullable String mark(String field) {
      read.add(field);
      return null;
    }

    int integer(String field) {
      JsonNode v = required(field);
      if (!v.canConvertToInt() || !v.isIntegralNumber()) {
        throw new Bad(at(field), "must be a whole number");
      }
      return v.intValue();
    }

    int integer(String field, int otherwise) {
      return has(field) ? integer(field) : markInt(field, otherwise);
    }

    private int markInt(String field, int value) {
      read.add(field);
      return value;
    }

    long longValue(String field, long otherwise) {
      if (!has(field)) {
        read.add(field);
        return otherwise;
      }
      JsonNode v = required(field);
      if (!v.canConvertToLong() || !v.isIntegralNumber()) {
        throw new Bad(at(field), "must be a whole number");
      }
      return v.longValue();
    }

    double dbl(String field, double otherwise) {
      if (!has(field)) {
        read.add(field);
        if (Double.isNaN(otherwise)) {
          throw new Bad(at(field), "is required");
        }
        return otherwise;
      }
      JsonNode v = required(field);
      if (!v.isNumber()) {
        throw new Bad(at(field), "must be a number");
      }
      return v.doubleValue();
    }

    boolean bool(String field, boolean otherwise) {
      Boolean b = optBool(field);
      return b == null ? otherwise : b;
    }

    @Nullable Boolean optBool(String field) {
      if (!has(field)) {
        read.add(field);
        return null;
      }
      JsonNode v = required(field);
      if (!v.isBoolean()) {
        throw new Bad(at(field), "must be true or false");
      }
      return v.booleanValue();
    }

    <E extends Enum<E>> E enumValue(String field, E otherwise) {
      if (!has(field)) {
        read.add(field);
        return otherwise;
      }
      String id = string(field);
      for (E e : otherwise.getDeclaringClass().getEnumConstants()) {
        if (e.name().equalsIgnoreCase(id)) {
          return e;
        }
      }
      List<String> ids = new ArrayList<>();
      for (E e : otherwise.getDeclaringClass().getEnumConstants()) {
        ids.add(e.name().toLowerCase(Locale.ROOT));
      }
      throw new Bad(at(field), "must be one of " + String.join(", ", ids) + ", was '" + id + "'");
    }

    Fields object(String field) {
      JsonNode v = required(field);
      if (!v.isObject()) {
        throw new Bad(at(field), "must be a mapping");
      }
      return new Fields((ObjectNode) v, at(field));
    }

    NormPoint point(String field) {
      double[] v = numbers(field, 2);
      return build(() -> NormPoint.of(v[0], v[1]));
    }

    List<NormPoint> points(String field) {
      JsonNode v = required(field);
      if (!v.isArray()) {
        throw new Bad(at(field), "must be a list of [x, y]");
      }
      List<NormPoint> out = new ArrayList<>();
      for (int i = 0; i < v.size(); i++) {
        double[] p = numbers(v.get(i), at(field) + "[" + i + "]", 2);
        out.add(build(() -> NormPoint.of(p[0], p[1])));
      }
      return out;
    }

    NormRegion region(String field) {
      double[] v = numbers(field, 4);
      return build(() -> NormRegion.of(v[0], v[1], v[2], v[3]));
    }

    @Nullable NormRegion optRegion(String field) {
      if (!has(field)) {
        read.add(field);
        return null;
      }
      return region(field);
    }

    List<NormRegion> regions(String field) {
      if (!has(field)) {
        read.add(field);
        return List.of();
      }
      JsonNode v = required(field);
      if (!v.isArray()) {
        throw new Bad(at(field), "must be a list of [x, y, width, height]");
      }
      List<NormRegion> out = new ArrayList<>();
      for (int i = 0; i < v.size(); i++) {
        double[] r = numbers(v.get(i), at(field) + "[" + i + "]", 4);
        out.add(build(() -> NormRegion.of(r[0], r[1], r[2], r[3])));
      }
      return out;
    }

    private double[] numbers(String field, int count) {
      return numbers(required(field), at(field), count);
    }

    private static double[] numbers(JsonNode v, String where, int count) {
      if (!v.isArray() || v.size() != count) {
        throw new Bad(
            where,
            "must be a list of "
                + count
                + " numbers ("
                + (count == 2 ? "x, y" : "x, y, width, height")
                + ")");
      }
      double[] out = new double[count];
      for (int i = 0; i < count; i++) {
        if (!v.get(i).isNumber()) {
          throw new Bad(where, "must hold numbers only");
        }
        out[i] = v.get(i).doubleValue();
      }
      return out;
    }

    void done() {
      java.util.Iterator<String> names = node.fieldNames();
      while (names.hasNext()) {
        String n = names.next();
        if (!read.contains(n)) {
          throw new Bad(at(n), "is not a field here");
        }
      }
    }
  }
}
