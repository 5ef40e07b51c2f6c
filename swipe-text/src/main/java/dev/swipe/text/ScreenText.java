package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import java.util.Objects;

/**
 * Text read on a screenshot, where it stands in normalized 0-1000 units.
 *
 * @param text what was read there
 * @param region its box on the screen
 * @param confidence the reader's confidence in [0, 1] (the weakest word's)
 * @param edits edits between a query and this text (0 when read as asked, or for plain reads)
 */
@Api(status = Api.Status.STABLE)
public record ScreenText(String text, NormRegion region, double confidence, int edits) {

  /** Validates. */
  public ScreenText {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(region, "region");
  }

  /** The centre of the text: where a tap on it lands. */
  public NormPoint center() {
    return region.center();
  }

  @Override
  public String toString() {
    return "'"
        + text
        + "' at ("
        + Math.round(region.center().x())
        + ", "
        + Math.round(region.center().y())
        + ")";
  }
}
