package dev.swipe.memory.internal;

import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Field validation shared by the records; every failure names the field. Not public API. */
public final class Check {
  private Check() {}

  /**
   * Validates and strips a text field.
   *
   * @param field the field name used in the error
   * @param value the value
   * @param required whether blank is refused
   * @param maxCodePoints the largest allowed length
   * @param allowNewlines whether '\n' and '\t' are allowed (content only)
   * @return the stripped value ("" for null when not required)
   */
  public static String text(
      String field,
      @Nullable String value,
      boolean required,
      int maxCodePoints,
      boolean allowNewlines) {
    if (value == null) {
      if (required) {
        throw SwipeException.invalidArgument(field, "is required");
      }
      return "";
    }
    String v = value.strip();
    if (required && v.isEmpty()) {
      throw SwipeException.invalidArgument(field, "must not be empty");
    }
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < v.length() && Character.isLowSurrogate(v.charAt(i + 1))) {
          i++;
          continue;
        }
        throw SwipeException.invalidArgument(
            field, "contains an unpaired surrogate at index " + i, Map.of("index", i));
      }
      if (Character.isLowSurrogate(c)) {
        throw SwipeException.invalidArgument(
            field, "contains an unpaired surrogate at index " + i, Map.of("index", i));
      }
      if (Character.getType(c) == Character.CONTROL
          && !(allowNewlines && (c == '\n' || c == '\t'))) {
        throw SwipeException.invalidArgument(
            field,
            String.format(Locale.ROOT, "contains control character U+%04X at index %d", (int) c, i),
            Map.of("index", i));
      }
    }
    int n = v.codePointCount(0, v.length());
    if (n > maxCodePoints) {
      throw SwipeException.invalidArgument(
          field,
          "is " + n + " characters long, the limit is " + maxCodePoints,
          Map.of("limit", maxCodePoints, "length", n));
    }
    return v;
  }

  /**
   * Validates a list of labels (tags or entities): each stripped, non-empty, bounded; duplicates
   * (ignoring case) dropped keeping the first.
   */
  public static List<String> labels(
      String field, List<String> values, int maxCount, int maxLength) {
    if (values == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (String raw : values) {
      String v = text(field, raw, true, maxLength, false);
      if (seen.add(Text.fold(v))) {
        out.add(v);
      }
    }
    if (out.size() > maxCount) {
      throw SwipeException.invalidArgument(
          field,
          "has " + out.size() + " entries, the limit is " + maxCount,
          Map.of("limit", maxCount, "length", out.size()));
    }
    return List.copyOf(out);
  }

  /** Validates an int range. */
  public static int range(String field, int value, int min, int max) {
    if (value < min || value > max) {
      throw SwipeException.invalidArgument(
          field,
          "must be between " + min + " and " + max + ", was " + value,
          Map.of("min", min, "max", max, "value", value));
    }
    return value;
  }

  /** Validates a finite double range. */
  public static void range(String field, double value, double min, double max) {
    if (!Double.isFinite(value) || value < min || value > max) {
      throw SwipeException.invalidArgument(
          field,
          "must be a number between " + Text.num(min) + " and " + Text.num(max) + ", was " + value,
          Map.of("min", min, "max", max));
    }
  }
}
