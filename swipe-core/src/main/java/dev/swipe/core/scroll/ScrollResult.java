package dev.swipe.core.scroll;

import dev.swipe.base.Api;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.core.internal.SwipeStyle;
import dev.swipe.core.internal.ValueBuilders;
import dev.swipe.diff.DiffResult;
import java.util.OptionalDouble;
import org.immutables.value.Value;

/** What one scroll did and saw. */
@SuppressWarnings("exports")
// @Value annotations are for the annotation processor: clients need not read org.immutables.value
@Value.Immutable
@SwipeStyle
@Api(status = Api.Status.STABLE)
public abstract class ScrollResult {
  /** For the generated implementation; values come from {@link #builder()}. */
  public ScrollResult() {}

  /** The swipe that was played and the settled screen after it. */
  public abstract ActionResult action();

  /** The screen the verdict compared against. */
  public abstract Observation before();

  /** The verdict. */
  public abstract Movement movement();

  /**
   * The comparison of before and after inside the scrolled region. When the move was too large for
   * the two frames to overlap (a page switch, most of the viewport), its axis is the one the
   * consecutive frames showed while the screen settled, or {@code none} if they did not agree.
   */
  public abstract DiffResult diff();

  /** The amount asked for. */
  public abstract double amountRequested();

  /** The amount honoured (at most 0.8). */
  public abstract double amountUsed();

  /** Whether an on-screen keyboard forced the swipe into the band above it. */
  public abstract boolean keyboardAvoided();

  /** Where the keyboard began (normalized y), when one was given or detected. */
  public abstract OptionalDouble keyboardMinY();

  /** Total cost, including the before-screenshot and the probe during the dwell. */
  public abstract Cost cost();

  /** The settled screen after the scroll. */
  public Observation observation() {
    return action().observation();
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link ScrollResult}. */
  public static final class Builder extends ImmutableScrollResult.Builder {
    /** A new builder, as {@link ScrollResult#builder()} gives. */
    public Builder() {}

    /**
     * The value; a required part left unset fails with {@code invalid_argument} naming it.
     *
     * @throws dev.swipe.base.SwipeException when a required part is missing
     */
    @Override
    public ScrollResult build() {
      return ValueBuilders.build(super::build);
    }
  }
}
