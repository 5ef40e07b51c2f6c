package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import org.jspecify.annotations.Nullable;

/**
 * The one place the public value builders (and the records they build) turn a missing required part
 * into the facade's error: {@code invalid_argument} naming the part in snake_case, as every other
 * field is named. Not public API even though it must be public for the values in other packages.
 */
public final class ValueBuilders {
  private ValueBuilders() {}

  /**
   * Returns {@code value}, or fails with {@code invalid_argument} naming {@code field} when it is
   * {@code null}.
   *
   * @param field the part's name in snake_case, as the error names it
   */
  public static <T> T required(@Nullable T value, String field) {
    if (value == null) {
      throw SwipeException.invalidArgument(field, "is required");
    }
    return value;
  }
}
