package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.internal.ImageFailures;
import dev.swipe.diff.internal.ZoomEstimator;

/**
 * The answer of {@link ZoomEstimator}: by how much the second frame's content is the first frame's
 * content zoomed (and turned), or that the frames do not show it. Read {@link #observed()} first:
 * an unobserved change says nothing about the direction, so a pinch that the pixels cannot confirm
 * is never reported as one that went the wrong way.
 *
 * @param observed whether the frames show one shared content whose relation was measured; false for
 *     an unrelated or blank screen, or when too little of the content could be matched
 * @param direction {@link Direction#IN} when the content grew, {@link Direction#OUT} when it
 *     shrank, {@link Direction#NONE} when its size did not change (unchanged, scrolled) or when
 *     unobserved
 * @param scale how many times larger the content is drawn in the second frame (above 1 for in); 1
 *     when unobserved
 * @param rotationDegrees how far the content turned, clockwise on screen, -180..180; 0 when
 *     unobserved
 * @param centreX the point that stayed in place (where the fingers pinched), in the normalized
 *     0-1000 space of the screen; may lie off screen when the pinch also panned; 500 when the size
 *     did not change (a move has no fixed point) or when unobserved
 * @param centreY as {@code centreX}, vertically
 * @param support how many matched points of the content agree with the answer: the evidence, 0 when
 *     unobserved
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ZoomChange(
    boolean observed,
    Direction direction,
    double scale,
    double rotationDegrees,
    double centreX,
    double centreY,
    int support) {

  /** What a pinch did to the content, with the lowercase ids of the agent tools' JSON. */
  @Api(status = Api.Status.EXPERIMENTAL)
  public enum Direction {
    /** The content grew: zoomed in, fingers spread. */
    IN("in"),
    /** The content shrank: zoomed out, fingers pinched together. */
    OUT("out"),
    /** The content kept its size (unchanged or moved), or the change was not observed. */
    NONE("none");

    private final String id;

    Direction(String id) {
      this.id = id;
    }

    /** The lowercase id: {@code in}, {@code out}, {@code none}. */
    public String id() {
      return id;
    }

    /**
     * Parses an {@link #id()} back.
     *
     * @throws SwipeException {@code invalid_argument} for anything else
     */
    public static Direction fromId(String id) {
      for (Direction d : values()) {
        if (d.id.equals(id)) {
          return d;
        }
      }
      throw ImageFailures.invalidArgument("zoom direction must be in, out or none, got " + id);
    }
  }

  /** The answer when the frames do not show a measurable zoom. */
  public static final ZoomChange UNOBSERVED =
      new ZoomChange(false, Direction.NONE, 1.0, 0.0, 500.0, 500.0, 0);

  /**
   * Validates every field, and that the direction agrees with the scale, so no answer can say "in"
   * about content that shrank.
   *
   * @throws SwipeException {@code invalid_argument} for a non-finite or out-of-range value, or a
   *     direction that contradicts the scale
   */
  public ZoomChange {
    if (direction == null) {
      throw ImageFailures.invalidArgument("direction must not be null");
    }
    if (!(scale > 0.0) || !Double.isFinite(scale)) {
      throw ImageFailures.invalidArgument("scale must be finite and above 0, got " + scale);
    }
    if (!(rotationDegrees >= -180.0 && rotationDegrees <= 180.0)) {
      throw ImageFailures.invalidArgument(
          "rotationDegrees must be within -180..180, got " + rotationDegrees);
    }
    if (!Double.isFinite(centreX) || !Double.isFinite(centreY)) {
      throw ImageFailures.invalidArgument(
          "centre must be finite, got (" + centreX + ", " + centreY + ")");
    }
    if (support < 0) {
      throw ImageFailures.invalidArgument("support must not be negative, got " + support);
    }
    if (!observed && (direction != Direction.NONE || scale != 1.0 || support != 0)) {
      throw ImageFailures.invalidArgument(
          "an unobserved zoom has direction none, scale 1 and no support");
    }
    if ((direction == Direction.IN && scale <= 1.0)
        || (direction == Direction.OUT && scale >= 1.0)) {
      throw ImageFailures.invalidArgument(
          "direction " + direction.id() + " contradicts scale " + scale);
    }
  }
}
