package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a {@link TextQuery} matched on one screenshot, best match first.
 *
 * @param observation the screenshot that was read
 * @param query what was looked for
 * @param matches the matches, best first (fewest edits, whole lines, then confidence)
 */
@Api(status = Api.Status.STABLE)
public record TextSearchResult(Observation observation, TextQuery query, List<ScreenText> matches) {

  /** Copies the list. */
  public TextSearchResult {
    Objects.requireNonNull(observation, "observation");
    Objects.requireNonNull(query, "query");
    matches = List.copyOf(matches);
  }

  /** Whether anything matched. */
  public boolean found() {
    return !matches.isEmpty();
  }

  /** The best match, if any. */
  public Optional<ScreenText> best() {
    return matches.isEmpty() ? Optional.empty() : Optional.of(matches.get(0));
  }
}
