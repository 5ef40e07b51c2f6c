package dev.swipe.wheel;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * What a picker column's labels count: numbers with a step (zero-padded or not), English month
 * names, or AM/PM; inferred from the labels read top to bottom, so a caller can turn a label into
 * the integer value {@link WheelRequest} wants and back.
 *
 * <p>Months are values 0 (January) to 11 on a cycle of 12; AM/PM are 0 and 1, not cyclic. Numbers
 * keep their own values. Values increase downward on every picker this knows; a column whose values
 * decrease downward is refused rather than guessed.
 *
 * @param kind what the labels name
 * @param step difference between adjacent rows, at least 1
 * @param cycleSize the modulus when the column wraps (a wrap was seen, or its values are those of
 *     minutes, hours or months); empty when it is taken as having ends
 * @param cycleSeen whether a wrap was actually read (otherwise the cycle is inferred from the kind
 *     of values)
 * @param width digits of a zero-padded number (2 for {@code 07}), 0 when not padded
 * @param shortNames months as {@code Sep} rather than {@code September}
 * @param cycleStart the first value of the cycle, 0 or 1: a 12-hour clock counts 1 to 12 (its 12
 *     stands where a count from zero has 0), a clock of 0 to 11 and every other cycle from 0;
 *     always 0 on a column with ends
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record WheelScale(
    Kind kind,
    int step,
    OptionalInt cycleSize,
    boolean cycleSeen,
    int width,
    boolean shortNames,
    int cycleStart) {

  /** What a column's labels name. */
  public enum Kind {
    /** Integers such as hours, minutes, days or years. */
    NUMBER,
    /** English month names. */
    MONTH,
    /** AM and PM. */
    MERIDIEM,
    /**
     * Words that do not count (Once / Daily / Weekdays, cities, sizes): never inferred from labels
     * by {@link #infer}; a reader that finds such a column numbers its rows itself, so a value is a
     * row's position and {@link #label} cannot name it.
     */
    OPTIONS
  }

  private static final String[] MONTHS = {
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december"
  };
  private static final String[] SHORT = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
  };

  /** Validates. */
  public WheelScale {
    if (kind == null) {
      throw SwipeException.invalidArgument("kind", "is required");
    }
    if (step < 1) {
      throw SwipeException.invalidArgument("value_step", "must be >= 1, was " + step);
    }
    cycleSize = cycleSize == null ? OptionalInt.empty() : cycleSize;
    if (cycleStart != 0 && cycleStart != 1) {
      throw SwipeException.invalidArgument("cycle_start", "must be 0 or 1, was " + cycleStart);
    }
    if (cycleSize.isEmpty()) {
      cycleStart = 0;
    }
  }

  /**
   * A scale whose cycle starts where such a column's usually does: at 1 on an unpadded cycle of 12
   * counted by ones (a 12-hour clock), at 0 otherwise.
   */
  public WheelScale(
      Kind kind,
      int step,
      OptionalInt cycleSize,
      boolean cycleSeen,
      int width,
      boolean shortNames) {
    this(
        kind,
        step,
        cycleSize,
        cycleSeen,
        width,
        shortNames,
        usualStart(kind, step, cycleSize, width));
  }

  private static int usualStart(Kind kind, int step, @Nullable OptionalInt cycle, int width) {
    return kind == Kind.NUMBER
            && step == 1
            && width == 0
            && cycle != null
            && cycle.isPresent()
            && cycle.getAsInt() == TWELVE_HOURS
        ? 1
        : 0;
  }

  /**
   * Infers the scale of a column from its labels, top to bottom. Unreadable labels may be passed as
   * null or blank; at least two labels must read as values of one kind.
   *
   * @throws SwipeException {@code wheel_labels_unrecognized} with the labels in its details when
   *     they form no known sequence, or when the values decrease downward
   */
  public static WheelScale infer(List<String> labelsTopDown) {
    if (labelsTopDown == null) {
      throw SwipeException.invalidArgument("labels", "is required");
    }
    for (Kind kind : Kind.values()) {
      List<Integer> rows = new ArrayList<>();
      List<Integer> values = new ArrayList<>();
      for (int i = 0; i < labelsTopDown.size(); i++) {
        OptionalInt v = parse(kind, labelsTopDown.get(i));
        if (v.isPresent()) {
          rows.add(i);
          values.add(v.getAsInt());
        }
      }
      if (values.size() >= 2 && values.size() * 2 > countNonBlank(labelsTopDown)) {
        // the outermost rows are drawn faintest and misread most: a column whose ends do not
        // fit is tried without them, as long as three readings remain
        int n = values.size();
        int[][] spans = {{0, n}, {1, n}, {0, n - 1}, {1, n - 1}};
        for (int[] span : spans) {
          if (span[1] - span[0] < (span[0] == 0 && span[1] == n ? 2 : 3)) {
            continue;
          }
          Optional<WheelScale> s =
              fit(
                  kind,
                  labelsTopDown,
                  rows.subList(span[0], span[1]),
                  values.subList(span[0], span[1]));
          if (s.isPresent()) {
            return s.get();
          }
        }
        // one misread label inside a long column ("1" for "10") is outvoted by the
        // sequence the others form, as long as four readings remain and no wrap is
        // claimed on their word alone
        for (int k = 1; n - 1 >= OUTVOTING_READINGS && k < n - 1; k++) {
          List<Integer> r = new ArrayList<>(rows);
          List<Integer> v = new ArrayList<>(values);
          r.remove(k);
          v.remove(k);
          Optional<WheelScale> s = fit(kind, labelsTopDown, r, v);
          if (s.isPresent() && !s.get().cycleSeen()) {
            return s.get();
          }
        }
      }
    }
    throw unrecognized(
        labelsTopDown, "they form no sequence of numbers with a step, month names or AM/PM");
  }

  /** Readings that must agree for them to outvote one label that does not fit. */
  private static final int OUTVOTING_READINGS = 4;

  private static Optional<WheelScale> fit(
      Kind kind, List<String> labels, List<Integer> rows, List<Integer> values) {
    if (kind == Kind.MERIDIEM) {
      int dv = values.get(values.size() - 1) - values.get(0);
      int dr = rows.get(rows.size() - 1) - rows.get(0);
      return dv == dr
          ? Optional.of(new WheelScale(kind, 1, OptionalInt.empty(), false, 0, false))
          : Optional.empty();
    }
    // The step: the smallest positive difference per row between readable neighbours.
    Map<Integer, Integer> votes = new HashMap<>();
    for (int i = 1; i < values.size(); i++) {
      int dr = rows.get(i) - rows.get(i - 1);
      int dv = values.get(i) - values.get(i - 1);
      if (dv > 0 && dv % dr == 0) {
        votes.merge(dv / dr, 1, Integer::sum);
      }
    }
    if (votes.isEmpty()) {
      if (values.get(values.size() - 1) < values.get(0) && values.size() > 2) {
        throw unrecognized(
            labels,
            "the values decrease downward; only pickers whose values grow downward are handled");
      }
      return Optional.empty();
    }
    int step = 0;
    int best = 0;
    for (Map.Entry<Integer, Integer> e : votes.entrySet()) {
      if (e.getValue() > best || (e.getValue() == best && e.getKey() < step)) {
        step = e.getKey();
        best = e.getValue();
      }
    }
    // Every other neighbour pair must agree, or be one wrap of a cycle.
    int cycle = 0;
    for (int i = 1; i < values.size(); i++) {
      int dr = rows.get(i) - rows.get(i - 1);
      int dv = values.get(i) - values.get(i - 1);
      if (dv == step * dr) {
        continue;
      }
      int c = step * dr - dv;
      // a wrap lands on a whole step: 05 then "1" (a misread 10) is no cycle of 9; a 12-hour
      // clock's wrap comes after its 12 (12 then 1)
      int top = c == TWELVE_HOURS && step == 1 && values.get(i) >= 1 ? c : c - 1;
      if (dv < 0 && (cycle == 0 || cycle == c) && top >= values.get(i - 1) && c % step == 0) {
        cycle = c;
      } else {
        return Optional.empty();
      }
    }
    boolean seen = cycle > 0;
    int wrap = cycle;
    int lowest = values.stream().mapToInt(Integer::intValue).min().orElse(0);
    int highest = wrap == TWELVE_HOURS && step == 1 && lowest >= 1 ? wrap : wrap - 1;
    if (seen && values.stream().anyMatch(v -> v > highest)) {
      return Optional.empty(); // a "wrap" smaller than a value read is a misread, not a cycle
    }
    if (kind == Kind.MONTH) {
      if (step != 1) {
        return Optional.empty();
      }
      boolean shortNames =
          labels.stream()
              .filter(l -> l != null && !l.isBlank())
              .allMatch(l -> clean(l).length() <= 4);
      return Optional.of(new WheelScale(kind, 1, OptionalInt.of(12), seen, 0, shortNames));
    }
    // a zero before a number pads it to the column's width, unless it makes the label longer than
    // the longest number read needs ("017" beside 15 and 16 is a misread, not a padding to three)
    int digits =
        values.stream().mapToInt(v -> String.valueOf(Math.abs(v)).length()).max().orElse(1);
    int width = 0;
    for (String l : labels) {
      if (l != null
          && clean(l).length() >= 2
          && clean(l).startsWith("0")
          && clean(l).length() <= Math.max(2, digits)) {
        width = clean(l).length();
      }
    }
    if (!seen) {
      cycle = inferredCycle(values, step, width);
    }
    OptionalInt cycleSize = cycle > 0 ? OptionalInt.of(cycle) : OptionalInt.empty();
    // a 0 in view starts the cycle at 0 (a clock of 0 to 11), its top value at 1 (12 then 1)
    int start =
        values.contains(0)
            ? 0
            : values.contains(cycle) ? 1 : usualStart(kind, step, cycleSize, width);
    return Optional.of(new WheelScale(kind, step, cycleSize, seen, width, false, start));
  }

  /** The cycle of a 12-hour clock, which counts 1 to 12. */
  private static final int TWELVE_HOURS = 12;

  /**
   * The cycle of a column whose wrap was not in view, from what its values are: minutes and seconds
   * (a step dividing 60, a value past 23), 24-hour clocks (padded values up to 23), and 12-hour
   * clocks (1 to 11, unpadded; with 12 in view a 24-hour clock, since the cycle holds every value
   * read). Anything else is taken as having ends: going the long way round a cyclic column costs
   * actions, wrapping a column that has ends would fail.
   */
  private static int inferredCycle(List<Integer> values, int step, int width) {
    int min = values.stream().mapToInt(Integer::intValue).min().orElse(0);
    int max = values.stream().mapToInt(Integer::intValue).max().orElse(0);
    if (min < 0) {
      return 0;
    }
    if (60 % step == 0 && max <= 59 && (max > 23 || step > 1)) {
      return 60;
    }
    if (width == 2 && step == 1 && max <= 23) {
      return 24;
    }
    // a cycle holds every value read: 12 in view is no clock of 0-11, and 10, 11, 12 start a
    // 24-hour clock as well as they end a 12-hour one
    if (width == 0 && step == 1 && min >= 1 && max < 12) {
      return 12;
    }
    if (width == 0 && step == 1 && min >= 1 && max == 12) {
      return 24;
    }
    return 0;
  }

  /**
   * The value a label shows under this scale: a month's index, 0 or 1 for AM/PM, a number's value.
   */
  public OptionalInt valueOf(String label) {
    return parse(kind, label);
  }

  /**
   * {@code value} counted onto the cycle, as the column would show it: a number of rows away from a
   * known value lands here (11 plus two is 1 on a 12-hour clock, 58 plus three is 1 on minutes);
   * unchanged on a column with ends.
   */
  public int onCycle(int value) {
    if (cycleSize.isEmpty()) {
      return value;
    }
    int start = cycleStart();
    return Math.floorMod(value - start, cycleSize.getAsInt()) + start;
  }

  /**
   * Whether {@code value} can be on this column: a whole step from {@code anchor}, within the
   * cycle.
   */
  public boolean reachable(int anchor, int value) {
    if (cycleSize.isPresent()) {
      int c = cycleSize.getAsInt();
      if (onCycle(value) != value) {
        return false;
      }
      return Math.floorMod(value - anchor, gcd(step, c)) == 0;
    }
    return Math.floorMod(value - anchor, step) == 0;
  }

  /** The label this scale shows for {@code value} (as the column would draw it). */
  public String label(int value) {
    return switch (kind) {
      case MONTH -> {
        int m = Math.floorMod(value, 12);
        String full = MONTHS[m];
        yield shortNames ? SHORT[m] : Character.toUpperCase(full.charAt(0)) + full.substring(1);
      }
      case MERIDIEM -> value == 0 ? "AM" : "PM";
      case OPTIONS -> "row " + value;
      case NUMBER ->
          width > 0
              ? String.format(Locale.ROOT, "%0" + width + "d", value)
              : Integer.toString(value);
    };
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  static OptionalInt parse(Kind kind, String label) {
    if (label == null || label.isBlank()) {
      return OptionalInt.empty();
    }
    String c = clean(label);
    switch (kind) {
      case MONTH -> {
        if (c.length() < 3) {
          return OptionalInt.empty();
        }
        for (int m = 0; m < 12; m++) {
          if (MONTHS[m].startsWith(c) || (c.equals("sept") && m == 8)) {
            return OptionalInt.of(m);
          }
        }
        return OptionalInt.empty();
      }
      case OPTIONS -> {
        return OptionalInt.empty();
      }
      case MERIDIEM -> {
        return switch (c) {
          case "am", "a.m." -> OptionalInt.of(0);
          case "pm", "p.m." -> OptionalInt.of(1);
          default -> OptionalInt.empty();
        };
      }
      default -> {
        String digits = digits(c);
        if (digits == null || digits.isEmpty() || digits.length() > 6) {
          return OptionalInt.empty();
        }
        return OptionalInt.of(Integer.parseInt(digits));
      }
    }
  }

  /**
   * A number as OCR reads it: {@code O} for zero and {@code l}, {@code I} or {@code |} for one are
   * taken as digits.
   */
  private static @Nullable String digits(String c) {
    StringBuilder sb = new StringBuilder();
    boolean anyDigit = false;
    for (int i = 0; i < c.length(); i++) {
      char ch = c.charAt(i);
      if (ch >= '0' && ch <= '9') {
        sb.append(ch);
        anyDigit = true;
      } else if (ch == 'o') {
        sb.append('0');
      } else if (ch == 'l' || ch == 'i' || ch == '|') {
        sb.append('1');
      } else {
        return null;
      }
    }
    return anyDigit ? sb.toString() : null;
  }

  private static String clean(String label) {
    String d = Normalizer.normalize(label, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
    return d.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s,]+$", "").replaceAll("\\s+", "");
  }

  private static int countNonBlank(List<String> labels) {
    int n = 0;
    for (String l : labels) {
      if (l != null && !l.isBlank()) {
        n++;
      }
    }
    return n;
  }

  private static SwipeException unrecognized(List<String> labels, String why) {
    List<String> seen = new ArrayList<>();
    for (String l : labels) {
      seen.add(l == null ? "" : l);
    }
    return new SwipeException(
        WheelErrorCode.WHEEL_LABELS_UNRECOGNIZED,
        "the column's labels " + seen + " cannot be read as values: " + why,
        Map.of("labels", seen));
  }
}
