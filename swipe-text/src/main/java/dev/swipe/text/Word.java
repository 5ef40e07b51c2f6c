package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.Objects;

/**
 * One word read on the screen.
 *
 * @param text what was read, never blank
 * @param box where, in the pixels of the image read
 * @param confidence the engine's confidence in [0, 1]
 */
@Api(status = Api.Status.STABLE)
public record Word(String text, TextBox box, double confidence) {

  /** Validates the word. */
  public Word {
    Objects.requireNonNull(box, "box");
    if (text == null || text.isBlank()) {
      throw SwipeException.invalidArgument("text", "a word must not be blank");
    }
    if (!(confidence >= 0 && confidence <= 1)) {
      throw SwipeException.invalidArgument("confidence", "must be in [0, 1], got " + confidence);
    }
  }
}
