package dev.swipe.sim;

import dev.swipe.base.Api;
import java.awt.Color;
import java.awt.Rectangle;
import java.util.List;

/**
 * One string the simulator drew on a frame, for tests and benchmarks only (the truth an OCR engine
 * is measured against; SDK code never reads it). Boxes are the ink of the glyphs in the pixels of
 * the frame the phone delivered (after scaling or letterboxing), cut to what stayed visible:
 * clipped by its container or covered by something drawn later (keyboard, status bar).
 *
 * @param text the string as drawn
 * @param box the ink box of the visible part of the string
 * @param words the string's words (split at spaces) with their own ink boxes
 * @param capHeightPx the height of a capital letter in frame pixels
 * @param fontPx the font size in frame pixels
 * @param color the text colour
 * @param background the colour around the text on the rendered frame (median of a ring around the
 *     box, before JPEG)
 * @param alpha the opacity the text was drawn with (faded picker rows are below 1)
 * @param visibleFraction how much of the string's ink box is visible, 0 to 1
 * @param statusBar whether it is part of the system status bar (the clock)
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record DrawnText(
    String text,
    Rectangle box,
    List<Word> words,
    double capHeightPx,
    double fontPx,
    Color color,
    Color background,
    double alpha,
    double visibleFraction,
    boolean statusBar) {

  /** Copies the word list. */
  public DrawnText {
    words = List.copyOf(words);
    box = new Rectangle(box);
  }

  /** Whether the whole string is visible. */
  public boolean fullyVisible() {
    return visibleFraction >= 0.999;
  }

  /**
   * One word of a drawn string.
   *
   * @param text the word
   * @param box its ink box in frame pixels (the visible part)
   * @param visibleFraction how much of its ink box is visible, 0 to 1
   */
  public record Word(String text, Rectangle box, double visibleFraction) {
    /** Copies the box. */
    public Word {
      box = new Rectangle(box);
    }
  }
}
