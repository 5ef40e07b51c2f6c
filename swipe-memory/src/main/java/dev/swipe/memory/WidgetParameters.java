package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.internal.Check;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The swipe parameters that worked on one widget, typed, so that an agent can recall them and skip
 * the exploration phase. It maps to and from the content form of a calibration memory:
 *
 * <pre>app: WeChat, screen: time picker, widget: hour column, effective distance: 35,
 * hold_after_ms: 100, center position: x=500 y=380</pre>
 *
 * <p>All geometry is in normalized units (0-1000 of the phone screen); times in milliseconds. Only
 * {@code app} and {@code widget} are required; absent values are null. {@link #parse} is tolerant
 * of how an LLM writes the form (any order, extra keys, spacing, {@code picker:} for {@code
 * widget:}, {@code centre}, units such as {@code 100ms}) but refuses contradictions, such as the
 * same key twice with different values, with {@code invalid_argument} naming the key.
 *
 * @param app the app, e.g. "WeChat"; required
 * @param screen the screen, e.g. "time picker"; may be null
 * @param widget the widget, e.g. "hour column"; required
 * @param effectiveDistance swipe distance that moved the widget as wanted, normalized 0-1000
 * @param holdAfterMs dwell before release, 0-60000 ms
 * @param durationMs swipe duration, 1-60000 ms
 * @param centerX widget centre x, normalized 0-1000 (set together with centerY)
 * @param centerY widget centre y, normalized 0-1000 (set together with centerX)
 * @param rowPitch picker row pitch, normalized, above 0 and at most 1000
 * @param notes free text
 * @param extras other {@code key: value} pairs, kept in order and written back
 */
@Api(status = Api.Status.STABLE)
public record WidgetParameters(
    String app,
    @Nullable String screen,
    String widget,
    @Nullable Double effectiveDistance,
    @Nullable Integer holdAfterMs,
    @Nullable Integer durationMs,
    @Nullable Double centerX,
    @Nullable Double centerY,
    @Nullable Double rowPitch,
    @Nullable String notes,
    Map<String, String> extras) {

  /** Longest app, screen or widget name. */
  public static final int MAX_NAME = 128;

  /** Longest notes or extra value. */
  public static final int MAX_NOTES = 2000;

  private static final String K_APP = "app";
  private static final String K_SCREEN = "screen";
  private static final String K_WIDGET = "widget";
  private static final String K_DISTANCE = "effective distance";
  private static final String K_HOLD = "hold_after_ms";
  private static final String K_DURATION = "duration_ms";
  private static final String K_CENTER = "center position";
  private static final String K_PITCH = "row pitch";
  private static final String K_NOTES = "notes";

  /** Normalized key (lower case, '_'/'-' as spaces) to canonical key. */
  private static final Map<String, String> ALIASES = new HashMap<>();

  static {
    alias(K_APP, "app", "application");
    alias(K_SCREEN, "screen", "page");
    alias(K_WIDGET, "widget", "picker", "control", "wheel");
    alias(K_DISTANCE, "effective distance", "distance", "swipe distance");
    alias(K_HOLD, "hold after ms", "hold after", "hold after release ms");
    alias(K_DURATION, "duration ms", "duration", "swipe duration ms");
    alias(K_CENTER, "center position", "centre position", "center", "centre");
    alias(K_PITCH, "row pitch", "row spacing", "pitch");
    alias(K_NOTES, "notes", "note");
  }

  private static void alias(String canonical, String... names) {
    for (String n : names) {
      ALIASES.put(n, canonical);
    }
  }

  private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9 _\\-]{0,63}");

  /** Where one pair ends: a separator followed by the next "key:". */
  private static final Pattern BOUNDARY =
      Pattern.compile("\\s*[,;\\n]\\s*(?=[A-Za-z][A-Za-z0-9 _\\-]{0,63}\\s*:)");

  private static final String NUM = "[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?";
  private static final Pattern NUMBER_WITH_UNIT = Pattern.compile("(" + NUM + ")\\s*([A-Za-z]*)");
  private static final Pattern AXIS =
      Pattern.compile("(?<![A-Za-z])([xXyY])\\s*[=:]\\s*(" + NUM + ")");
  private static final Pattern PAIR =
      Pattern.compile("\\(?\\s*(" + NUM + ")\\s*[,\\s]\\s*(" + NUM + ")\\s*\\)?");

  /** Validates every field; see the class comment for ranges. */
  public WidgetParameters {
    app = Check.text(K_APP, app, true, MAX_NAME, false);
    screen = emptyToNull(Check.text(K_SCREEN, screen, false, MAX_NAME, false));
    widget = Check.text(K_WIDGET, widget, true, MAX_NAME, false);
    if (effectiveDistance != null) {
      Check.range(K_DISTANCE, effectiveDistance, 0, 1000);
      effectiveDistance = effectiveDistance + 0.0; // -0.0 -> 0.0
    }
    if (holdAfterMs != null) {
      Check.range(K_HOLD, holdAfterMs, 0, 60_000);
    }
    if (durationMs != null) {
      Check.range(K_DURATION, durationMs, 1, 60_000);
    }
    if ((centerX == null) != (centerY == null)) {
      throw SwipeException.invalidArgument(K_CENTER, "needs both x and y");
    }
    if (centerX != null) {
      Check.range(K_CENTER, centerX, 0, 1000);
      Check.range(K_CENTER, centerY, 0, 1000);
      centerX = centerX + 0.0;
      centerY = centerY + 0.0;
    }
    if (rowPitch != null) {
      Check.range(K_PITCH, rowPitch, 0, 1000);
      if (rowPitch <= 0) {
        throw SwipeException.invalidArgument(K_PITCH, "must be above 0");
      }
    }
    notes = emptyToNull(Check.text(K_NOTES, notes, false, MAX_NOTES, false));
    Map<String, String> ex = new LinkedHashMap<>();
    Map<String, String> seen = new HashMap<>();
    if (extras != null) {
      for (Map.Entry<String, String> e : extras.entrySet()) {
        String k = Check.text("extras", e.getKey(), true, 64, false).replaceAll("\\s+", " ");
        if (!KEY.matcher(k).matches()) {
          throw SwipeException.invalidArgument(
              "extras", "key '" + k + "' must be letters, digits, spaces, '_' or '-'");
        }
        String norm = normKey(k);
        if (ALIASES.containsKey(norm)) {
          throw SwipeException.invalidArgument(
              "extras", "key '" + k + "' is a typed field (" + ALIASES.get(norm) + ")");
        }
        if (seen.put(norm, k) != null) {
          throw SwipeException.invalidArgument("extras", "key '" + k + "' is given twice");
        }
        ex.put(k, Check.text(k, e.getValue(), true, MAX_NOTES, false));
      }
    }
    extras = Collections.unmodifiableMap(ex);
  }

  private static @Nullable String emptyToNull(@Nullable String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /** Starts a builder with the two required fields. */
  public static Builder builder(String app, String widget) {
    return new Builder(app, widget);
  }

  /** A builder pre-filled with these parameters. */
  public Builder toBuilder() {
    Builder b = new Builder(app, widget);
    b.screen = screen;
    b.effectiveDistance = effectiveDistance;
    b.holdAfterMs = holdAfterMs;
    b.durationMs = durationMs;
    b.centerX = centerX;
    b.centerY = centerY;
    b.rowPitch = rowPitch;
    b.notes = notes;
    b.extras = new LinkedHashMap<>(extras);
    return b;
  }

  /** The title form: {@code [App] [Widget] swipe parameters}. */
  public String title() {
    return "[" + app + "] [" + widget + "] swipe parameters";
  }

  /**
   * Writes the {@code key: value, ...} content form. Values containing {@code , ; " \} are
   * double-quoted (with {@code \"} and {@code \\} escapes) so that {@link #parse} reads them back
   * exactly.
   */
  public String toContent() {
    StringBuilder sb = new StringBuilder();
    pair(sb, K_APP, quote(app));
    if (screen != null) {
      pair(sb, K_SCREEN, quote(screen));
    }
    pair(sb, K_WIDGET, quote(widget));
    if (effectiveDistance != null) {
      pair(sb, K_DISTANCE, num(effectiveDistance));
    }
    if (holdAfterMs != null) {
      pair(sb, K_HOLD, holdAfterMs.toString());
    }
    if (durationMs != null) {
      pair(sb, K_DURATION, durationMs.toString());
    }
    if (centerX != null && centerY != null) { // both or neither, as the constructor checks
      pair(sb, K_CENTER, "x=" + num(centerX) + " y=" + num(centerY));
    }
    if (rowPitch != null) {
      pair(sb, K_PITCH, num(rowPitch));
    }
    if (notes != null) {
      pair(sb, K_NOTES, quote(notes));
    }
    for (Map.Entry<String, String> e : extras.entrySet()) {
      pair(sb, e.getKey(), quote(e.getValue()));
    }
    return sb.toString();
  }

  /**
   * A memory record for these parameters in the calibration shape: type {@code procedure}, the
   * title form, this content, tags {@code swipe} and {@code calibration}, the app as entity.
   *
   * @param priority 0-100; calibration memories use 70
   */
  public MemoryRecord toRecord(int priority) {
    return MemoryRecord.builder(title(), toContent())
        .type("procedure")
        .tags("swipe", "calibration")
        .entities(app)
        .priority(priority)
        .build();
  }

  /** Reads the parameters back from a record's content. */
  public static WidgetParameters fromRecord(MemoryRecord record) {
    return parse(record.content());
  }

  private static void pair(StringBuilder sb, String key, String value) {
    if (sb.length() > 0) {
      sb.append(", ");
    }
    sb.append(key).append(": ").append(value);
  }

  private static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String quote(String s) {
    boolean needs = s.startsWith("\"");
    for (int i = 0; i < s.length() && !needs; i++) {
      char c = s.charAt(i);
      needs = c == ',' || c == ';' || c == '"' || c == '\\';
    }
    if (!needs) {
      return s;
    }
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static String normKey(String key) {
    return key.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s_\\-]+", " ");
  }

  /**
   * Parses the content form. Tolerates any order, extra keys (kept in {@link #extras()}), spacing,
   * aliases ({@code picker} for widget, {@code centre}, {@code hold after ms}), units ({@code
   * 100ms}) and quoted values. Refuses, with {@code invalid_argument} naming the key: a key given
   * twice with different values, a missing app or widget, numbers out of range, text that is not
   * {@code key: value} pairs.
   */
  public static WidgetParameters parse(String content) {
    if (content == null || content.isBlank()) {
      throw SwipeException.invalidArgument("content", "is empty; expected 'key: value, ...'");
    }
    if (content.length() > MemoryRecord.MAX_CONTENT) {
      throw SwipeException.invalidArgument(
          "content", "is longer than " + MemoryRecord.MAX_CONTENT + " characters");
    }
    Map<String, String> values = new LinkedHashMap<>(); // canonical or extra key -> raw value
    Map<String, String> extraNames = new LinkedHashMap<>(); // normalized extra key -> as written
    String s = content;
    int i = 0;
    int n = s.length();
    while (true) {
      while (i < n && (Character.isWhitespace(s.charAt(i)) || ",;".indexOf(s.charAt(i)) >= 0)) {
        i++;
      }
      if (i >= n) {
        break;
      }
      int colon = s.indexOf(':', i);
      if (colon < 0) {
        throw SwipeException.invalidArgument(
            "content",
            "expected 'key: value' at character " + i + " but found '" + snippet(s, i) + "'");
      }
      String rawKey = s.substring(i, colon).strip().replaceAll("\\s+", " ");
      if (!KEY.matcher(rawKey).matches()) {
        throw SwipeException.invalidArgument(
            "content", "'" + snippet(s, i) + "' does not start with a key such as 'app:'");
      }
      i = colon + 1;
      while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
        i++;
      }
      String value;
      if (i < n && s.charAt(i) == '"') {
        StringBuilder v = new StringBuilder();
        int j = i + 1;
        boolean closedQuote = false;
        while (j < n) {
          char c = s.charAt(j);
          if (c == '\\' && j + 1 < n) {
            v.append(s.charAt(j + 1));
            j += 2;
          } else if (c == '"') {
            closedQuote = true;
            j++;
            break;
          } else {
            v.append(c);
            j++;
          }
        }
        if (!closedQuote) {
          throw SwipeException.invalidArgument(rawKey, "has an unterminated quoted value");
        }
        while (j < n && Character.isWhitespace(s.charAt(j))) {
          j++;
        }
        if (j < n && ",;".indexOf(s.charAt(j)) < 0) {
          throw SwipeException.invalidArgument(
              rawKey, "has text after its quoted value: '" + snippet(s, j) + "'");
        }
        value = v.toString();
        i = j;
      } else {
        Matcher m = BOUNDARY.matcher(s);
        int end = m.find(i) ? m.start() : n;
        value = s.substring(i, end).strip();
        // A trailing separator with nothing after it.
        value = value.replaceAll("[,;\\s]+$", "");
        i = end;
      }
      String norm = normKey(rawKey);
      String canonical = ALIASES.get(norm);
      String slot;
      if (canonical != null) {
        slot = canonical;
      } else {
        String prevName = extraNames.putIfAbsent(norm, rawKey);
        slot = "extra:" + (prevName == null ? rawKey : prevName);
      }
      String prev = values.get(slot);
      if (prev == null) {
        values.put(slot, value);
      } else if (!sameValue(slot, prev, value)) {
        String field = slot.startsWith("extra:") ? slot.substring(6) : slot;
        throw SwipeException.invalidArgument(
            field,
            "is given twice with different values: '" + prev + "' and '" + value + "'",
            Map.of("first", prev, "second", value));
      }
    }
    if (values.isEmpty()) {
      throw SwipeException.invalidArgument("content", "has no 'key: value' pairs");
    }
    String app = values.get(K_APP);
    String widget = values.get(K_WIDGET);
    if (app == null) {
      throw SwipeException.invalidArgument(K_APP, "is missing from the content");
    }
    if (widget == null) {
      throw SwipeException.invalidArgument(K_WIDGET, "is missing from the content");
    }
    Builder b = new Builder(app, widget);
    b.screen = values.get(K_SCREEN);
    b.notes = values.get(K_NOTES);
    if (values.containsKey(K_DISTANCE)) {
      b.effectiveDistance = number(K_DISTANCE, values.get(K_DISTANCE), "units", "u");
    }
    if (values.containsKey(K_HOLD)) {
      b.holdAfterMs = integer(K_HOLD, values.get(K_HOLD));
    }
    if (values.containsKey(K_DURATION)) {
      b.durationMs = integer(K_DURATION, values.get(K_DURATION));
    }
    if (values.containsKey(K_PITCH)) {
      b.rowPitch = number(K_PITCH, values.get(K_PITCH), "units", "u");
    }
    if (values.containsKey(K_CENTER)) {
      double[] xy = center(values.get(K_CENTER));
      b.centerX = xy[0];
      b.centerY = xy[1];
    }
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().startsWith("extra:")) {
        b.extras.put(e.getKey().substring(6), e.getValue());
      }
    }
    return b.build();
  }

  private static boolean sameValue(String slot, String a, String b) {
    if (a.equals(b)) {
      return true;
    }
    try {
      return switch (slot) {
        case K_DISTANCE, K_PITCH ->
            number(slot, a, "units", "u").equals(number(slot, b, "units", "u"));
        case K_HOLD, K_DURATION -> integer(slot, a).equals(integer(slot, b));
        case K_CENTER -> java.util.Arrays.equals(center(a), center(b));
        default -> a.strip().replaceAll("\\s+", " ").equals(b.strip().replaceAll("\\s+", " "));
      };
    } catch (SwipeException e) {
      return false;
    }
  }

  private static Double number(String field, String raw, String... units) {
    Matcher m = NUMBER_WITH_UNIT.matcher(raw.strip());
    if (!m.matches()) {
      throw SwipeException.invalidArgument(field, "'" + raw + "' is not a number");
    }
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    if (!unit.isEmpty() && !java.util.Arrays.asList(units).contains(unit)) {
      throw SwipeException.invalidArgument(
          field, "'" + raw + "' has unit '" + unit + "'; expected normalized units (0-1000)");
    }
    double v = Double.parseDouble(m.group(1));
    return v + 0.0;
  }

  private static Integer integer(String field, String raw) {
    Matcher m = NUMBER_WITH_UNIT.matcher(raw.strip());
    if (!m.matches()) {
      throw SwipeException.invalidArgument(field, "'" + raw + "' is not a number");
    }
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    if (!unit.isEmpty() && !unit.equals("ms")) {
      throw SwipeException.invalidArgument(
          field, "'" + raw + "' has unit '" + unit + "'; expected milliseconds");
    }
    double v = Double.parseDouble(m.group(1));
    if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
      throw SwipeException.invalidArgument(field, "'" + raw + "' is not a whole number of ms");
    }
    return (int) v;
  }

  private static double[] center(String raw) {
    Double x = null;
    Double y = null;
    Matcher m = AXIS.matcher(raw);
    int matched = 0;
    while (m.find()) {
      matched++;
      double v = Double.parseDouble(m.group(2)) + 0.0;
      boolean isX = m.group(1).equalsIgnoreCase("x");
      Double prev = isX ? x : y;
      if (prev != null && prev != v) {
        throw SwipeException.invalidArgument(
            K_CENTER, "gives " + m.group(1).toLowerCase(Locale.ROOT) + " twice in '" + raw + "'");
      }
      if (isX) {
        x = v;
      } else {
        y = v;
      }
    }
    if (matched == 0) {
      Matcher p = PAIR.matcher(raw.strip());
      if (p.matches()) {
        x = Double.parseDouble(p.group(1)) + 0.0;
        y = Double.parseDouble(p.group(2)) + 0.0;
      }
    }
    if (x == null || y == null) {
      throw SwipeException.invalidArgument(
          K_CENTER, "'" + raw + "' must give x and y, e.g. 'x=500 y=380'");
    }
    return new double[] {x, y};
  }

  private static String snippet(String s, int from) {
    String t = s.substring(from, Math.min(s.length(), from + 30));
    return t.replaceAll("\\p{Cntrl}", "?");
  }

  /**
   * Builds {@link WidgetParameters}. A value builder: setting a field again replaces it (the last
   * value wins).
   */
  public static final class Builder {
    private String app;
    private String widget;
    private @Nullable String screen;
    private @Nullable Double effectiveDistance;
    private @Nullable Integer holdAfterMs;
    private @Nullable Integer durationMs;
    private @Nullable Double centerX;
    private @Nullable Double centerY;
    private @Nullable Double rowPitch;
    private @Nullable String notes;
    private Map<String, String> extras = new LinkedHashMap<>();

    private Builder(String app, String widget) {
      this.app = app;
      this.widget = widget;
    }

    /** The screen the widget is on. */
    public Builder screen(String screen) {
      this.screen = screen;
      return this;
    }

    /** The effective swipe distance, normalized 0-1000. */
    public Builder effectiveDistance(double distance) {
      this.effectiveDistance = distance;
      return this;
    }

    /** Dwell before release, ms. */
    public Builder holdAfterMs(int ms) {
      this.holdAfterMs = ms;
      return this;
    }

    /** Swipe duration, ms. */
    public Builder durationMs(int ms) {
      this.durationMs = ms;
      return this;
    }

    /** Widget centre, normalized 0-1000. */
    public Builder center(double x, double y) {
      this.centerX = x;
      this.centerY = y;
      return this;
    }

    /** Picker row pitch, normalized. */
    public Builder rowPitch(double pitch) {
      this.rowPitch = pitch;
      return this;
    }

    /** Free text. */
    public Builder notes(String notes) {
      this.notes = notes;
      return this;
    }

    /** Another {@code key: value} pair to keep. */
    public Builder extra(String key, String value) {
      this.extras.put(key, value);
      return this;
    }

    /** Validates and builds. */
    public WidgetParameters build() {
      return new WidgetParameters(
          app,
          screen,
          widget,
          effectiveDistance,
          holdAfterMs,
          durationMs,
          centerX,
          centerY,
          rowPitch,
          notes,
          extras);
    }
  }
}
