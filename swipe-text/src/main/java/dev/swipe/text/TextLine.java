package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Objects;

/**
 * A line of words read on the screen, left to right.
 *
 * @param words the words, at least one
 * @param box the union of the words' boxes
 * @param confidence the lowest confidence of its words (a line is as sure as its weakest word)
 */
@Api(status = Api.Status.STABLE)
public record TextLine(List<Word> words, TextBox box, double confidence) {

  /** Validates and copies. */
  public TextLine {
    words = List.copyOf(Objects.requireNonNull(words, "words"));
    Objects.requireNonNull(box, "box");
    if (words.isEmpty()) {
      throw SwipeException.invalidArgument("words", "a line has at least one word");
    }
  }

  /** A line from its words, its box and confidence derived from them. */
  public static TextLine of(List<Word> words) {
    if (words == null || words.isEmpty()) {
      throw SwipeException.invalidArgument("words", "a line has at least one word");
    }
    TextBox box = words.get(0).box();
    double conf = 1;
    for (Word w : words) {
      box = box.union(w.box());
      conf = Math.min(conf, w.confidence());
    }
    return new TextLine(words, box, conf);
  }

  /** The words joined by single spaces. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (Word w : words) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(w.text());
    }
    return sb.toString();
  }
}
