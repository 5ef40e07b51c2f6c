package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything a reader found on one image (or one region of it, in the whole image's pixels).
 *
 * @param width width of the image read, pixels
 * @param height height of the image read, pixels
 * @param lines lines top to bottom
 */
@Api(status = Api.Status.STABLE)
public record TextPage(int width, int height, List<TextLine> lines) {

  /** Validates and copies. */
  public TextPage {
    if (width < 1 || height < 1) {
      throw SwipeException.invalidArgument(
          "size", "must be at least 1x1, got " + width + "x" + height);
    }
    lines = List.copyOf(Objects.requireNonNull(lines, "lines"));
  }

  /** Every word of every line, in reading order. */
  public List<Word> words() {
    List<Word> all = new ArrayList<>();
    for (TextLine l : lines) {
      all.addAll(l.words());
    }
    return all;
  }

  /** All lines' text, one per line. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (TextLine l : lines) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(l.text());
    }
    return sb.toString();
  }
}
