package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The codes only swipe-text (and the modules above it) throws. Readers also throw {@link
 * dev.swipe.base.CommonCode}'s {@code invalid_argument} (details name the field), {@code
 * unknown_scheme} (details list the known schemes, as devices do) and {@code image_decode_failed}.
 */
@Api(status = Api.Status.STABLE)
public enum TextCode implements Code {
  /**
   * No reader can be loaded or used (missing native library or trained data, closed reader);
   * details name the platform and what is missing.
   */
  TEXT_READER_UNAVAILABLE,
  /** A regular-expression query ran past its step budget. */
  TEXT_QUERY_TOO_COSTLY;

  private final String id = name().toLowerCase(Locale.ROOT);

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
