package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place the generated value builders' {@code build()} failures become the facade's error:
 * Immutables reports missing required parts with an {@link IllegalStateException} listing them; the
 * public builders rethrow it as {@code invalid_argument} naming the first missing part in
 * snake_case, as every other field is named. Not public API even though it must be public for the
 * builders in other packages.
 */
public final class ValueBuilders {
  private static final Pattern MISSING = Pattern.compile("not set \\[([^\\],]+)");

  private ValueBuilders() {}

  /**
   * Runs a generated {@code build()}, turning its missing-parts failure into a {@link
   * SwipeException}.
   */
  public static <T> T build(Supplier<T> build) {
    try {
      return build.get();
    } catch (IllegalStateException e) {
      Matcher m = MISSING.matcher(String.valueOf(e.getMessage()));
      String field =
          m.find()
              ? m.group(1).strip().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT)
              : "builder";
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          field + ": is required (" + e.getMessage() + ")",
          Map.of("field", field),
          e);
    }
  }
}
