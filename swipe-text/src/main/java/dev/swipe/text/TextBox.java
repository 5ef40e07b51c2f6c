package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;

/**
 * A rectangle in the pixels of the image that was read: {@code x, y} is the top-left corner.
 *
 * @param x left edge, pixels
 * @param y top edge, pixels
 * @param width width, pixels, at least 1
 * @param height height, pixels, at least 1
 */
@Api(status = Api.Status.STABLE)
public record TextBox(int x, int y, int width, int height) {

  /** Validates the box. */
  public TextBox {
    if (x < 0 || y < 0) {
      throw SwipeException.invalidArgument("box", "x and y must be >= 0, got " + x + "," + y);
    }
    if (width < 1 || height < 1) {
      throw SwipeException.invalidArgument(
          "box", "width and height must be >= 1, got " + width + "x" + height);
    }
  }

  /** The box from its top-left and exclusive bottom-right corners. */
  public static TextBox ofCorners(int x1, int y1, int x2, int y2) {
    return new TextBox(x1, y1, Math.max(1, x2 - x1), Math.max(1, y2 - y1));
  }

  /**
   * The part of an image of {@code imageWidth x imageHeight} pixels that {@code region} covers:
   * every pixel whose centre the region holds, and little more, clamped to the image.
   */
  public static TextBox covering(NormRegion region, int imageWidth, int imageHeight) {
    SwipeException.requireArgument(region, "region");
    int x1 = (int) Math.floor(NormSpace.toPixel(region.x(), imageWidth));
    int y1 = (int) Math.floor(NormSpace.toPixel(region.y(), imageHeight));
    int x2 = (int) Math.ceil(NormSpace.toPixel(region.x2(), imageWidth)) + 1;
    int y2 = (int) Math.ceil(NormSpace.toPixel(region.y2(), imageHeight)) + 1;
    x1 = Math.max(0, Math.min(x1, imageWidth - 1));
    y1 = Math.max(0, Math.min(y1, imageHeight - 1));
    return ofCorners(x1, y1, Math.min(x2, imageWidth), Math.min(y2, imageHeight));
  }

  /** Exclusive right edge. */
  public int right() {
    return x + width;
  }

  /** Exclusive bottom edge. */
  public int bottom() {
    return y + height;
  }

  /** Horizontal centre in pixels. */
  public double centerX() {
    return x + width / 2.0;
  }

  /** Vertical centre in pixels. */
  public double centerY() {
    return y + height / 2.0;
  }

  /** The smallest box holding both. */
  public TextBox union(TextBox o) {
    return ofCorners(
        Math.min(x, o.x),
        Math.min(y, o.y),
        Math.max(right(), o.right()),
        Math.max(bottom(), o.bottom()));
  }

  /** The same box moved by {@code (dx, dy)}: from a crop's pixels back to the whole image's. */
  public TextBox translate(int dx, int dy) {
    return new TextBox(x + dx, y + dy, width, height);
  }

  /** Whether the box lies inside an image of {@code w x h}. */
  public boolean fitsIn(int w, int h) {
    return right() <= w && bottom() <= h;
  }
}
