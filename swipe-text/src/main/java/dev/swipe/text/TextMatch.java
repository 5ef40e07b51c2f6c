package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.Objects;

/**
 * Where a {@link TextQuery} matched on a page.
 *
 * @param text what was read there (the words matched, joined by spaces, or the regex's span)
 * @param box the union of the matched words' boxes, in the image's pixels
 * @param confidence the lowest engine confidence among the matched words, in [0, 1]
 * @param edits edit distance between the query and the text read (0 for exact, normalized and regex
 *     matches)
 * @param wholeLine the match covers its whole line (a button's label, a row's title), which makes
 *     it a better answer than the same words inside a longer line
 */
@Api(status = Api.Status.STABLE)
public record TextMatch(String text, TextBox box, double confidence, int edits, boolean wholeLine) {

  /** Validates. */
  public TextMatch {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(box, "box");
    if (edits < 0) {
      throw SwipeException.invalidArgument("edits", "must be >= 0");
    }
  }
}
