package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.text.TextQuery;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The text a step looks for, as the flow file keeps it: a {@link TextQuery} in plain values.
 *
 * @param text what to look for, 1 to {@value TextQuery#MAX_LENGTH} characters
 * @param match how words are compared
 * @param scope words anywhere or one line
 * @param maxEdits edits a {@link TextQuery.Match#FUZZY} match forgives, 0 otherwise
 * @param within where on the screen to look (0-1000), or null for the whole screen; being
 *     normalized, it scales with the screen
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record TextTarget(
    String text,
    TextQuery.Match match,
    TextQuery.Scope scope,
    int maxEdits,
    @Nullable NormRegion within) {

  /** Checks the values as {@link TextQuery} would. */
  public TextTarget {
    SwipeException.requireArgument(text, "text");
    SwipeException.requireArgument(match, "match");
    SwipeException.requireArgument(scope, "scope");
    if (maxEdits < 0 || maxEdits > TextQuery.MAX_EDITS) {
      throw SwipeException.invalidArgument(
          "max_edits", "must be in [0, " + TextQuery.MAX_EDITS + "], was " + maxEdits);
    }
    if (match != TextQuery.Match.FUZZY) {
      maxEdits = 0;
    }
    toQuery(text, match, scope, maxEdits, within);
  }

  /** Text matched as {@link TextQuery#of(String)} matches it, anywhere on the screen. */
  public static TextTarget of(String text) {
    return of(TextQuery.of(SwipeException.requireArgument(text, "text")));
  }

  /** The plain values of {@code query}. */
  public static TextTarget of(TextQuery query) {
    SwipeException.requireArgument(query, "query");
    NormRegion within =
        query.region().map(r -> NormRegion.of(r.x(), r.y(), r.width(), r.height())).orElse(null);
    return new TextTarget(query.text(), query.match(), query.scope(), query.maxEdits(), within);
  }

  /** The query this target stands for. */
  public TextQuery query() {
    return toQuery(text, match, scope, maxEdits, within);
  }

  /** Where to look, when narrowed. */
  public Optional<NormRegion> region() {
    return Optional.ofNullable(within);
  }

  private static TextQuery toQuery(
      String text,
      TextQuery.Match match,
      TextQuery.Scope scope,
      int maxEdits,
      @Nullable NormRegion within) {
    TextQuery.Builder b = TextQuery.builder(text).match(match).scope(scope);
    if (match == TextQuery.Match.FUZZY) {
      b.maxEdits(maxEdits);
    }
    if (within != null) {
      b.within(within.x(), within.y(), within.w(), within.h());
    }
    return b.build();
  }
}
