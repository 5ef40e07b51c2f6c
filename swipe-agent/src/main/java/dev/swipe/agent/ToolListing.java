package dev.swipe.agent;

import dev.swipe.base.Api;

/**
 * How the tools are listed to a model: whole, or short for models whose context cannot hold every
 * description and schema. The tools behave the same either way.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum ToolListing {
  /** Full descriptions, input and output schemas. */
  FULL,
  /**
   * Short descriptions ({@link ToolSpec#shortDescription}), property descriptions cut to one
   * sentence, no output schemas ({@link ToolSpec#compact}).
   */
  COMPACT;

  /**
   * The listing named {@code full} or {@code compact}, or {@code invalid_argument} naming field.
   */
  public static ToolListing parse(String value, String field) {
    if ("full".equals(value)) {
      return FULL;
    }
    if ("compact".equals(value)) {
      return COMPACT;
    }
    throw dev.swipe.base.SwipeException.invalidArgument(
        field, "must be full or compact, was '" + value + "'");
  }

  /** The snake_case name, as options take it. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
