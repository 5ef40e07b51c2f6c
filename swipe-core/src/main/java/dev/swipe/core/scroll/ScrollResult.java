package dev.swipe.core.scroll;

import static dev.swipe.core.internal.ValueBuilders.required;

import dev.swipe.base.Api;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.diff.DiffResult;
import java.util.Objects;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * What one scroll did and saw.
 *
 * @param action the swipe that was played and the settled screen after it
 * @param before the screen the verdict compared against
 * @param movement the verdict
 * @param diff the comparison of before and after inside the scrolled region. When the move was too
 *     large for the two frames to overlap (a page switch, most of the viewport), its axis is the
 *     one the consecutive frames showed while the screen settled, or {@code none} if they did not
 *     agree
 * @param amountRequested the amount asked for
 * @param amountUsed the amount honoured (at most 0.8)
 * @param keyboardAvoided whether an on-screen keyboard forced the swipe into the band above it
 * @param keyboardMinY where the keyboard began (normalized y), when one was given or detected
 * @param cost total cost, including the before-screenshot and the probe during the dwell
 */
@Api(status = Api.Status.STABLE)
public record ScrollResult(
    ActionResult action,
    Observation before,
    Movement movement,
    DiffResult diff,
    double amountRequested,
    double amountUsed,
    boolean keyboardAvoided,
    OptionalDouble keyboardMinY,
    Cost cost) {

  /**
   * Checks every part is there.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a missing part
   */
  public ScrollResult {
    required(action, "action");
    required(before, "before");
    required(movement, "movement");
    required(diff, "diff");
    required(keyboardMinY, "keyboard_min_y");
    required(cost, "cost");
  }

  /** The settled screen after the scroll. */
  public Observation observation() {
    return action.observation();
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link ScrollResult}, part by part; {@code keyboardMinY} starts empty. */
  public static final class Builder {
    private @Nullable ActionResult action;
    private @Nullable Observation before;
    private @Nullable Movement movement;
    private @Nullable DiffResult diff;
    private @Nullable Double amountRequested;
    private @Nullable Double amountUsed;
    private @Nullable Boolean keyboardAvoided;
    private OptionalDouble keyboardMinY = OptionalDouble.empty();
    private @Nullable Cost cost;

    /** A new builder, as {@link ScrollResult#builder()} gives. */
    public Builder() {}

    /** The swipe that was played and the settled screen after it. */
    public Builder action(ActionResult action) {
      this.action = Objects.requireNonNull(action, "action");
      return this;
    }

    /** The screen the verdict compared against. */
    public Builder before(Observation before) {
      this.before = Objects.requireNonNull(before, "before");
      return this;
    }

    /** The verdict. */
    public Builder movement(Movement movement) {
      this.movement = Objects.requireNonNull(movement, "movement");
      return this;
    }

    /** The comparison of before and after inside the scrolled region. */
    public Builder diff(DiffResult diff) {
      this.diff = Objects.requireNonNull(diff, "diff");
      return this;
    }

    /** The amount asked for. */
    public Builder amountRequested(double amountRequested) {
      this.amountRequested = amountRequested;
      return this;
    }

    /** The amount honoured. */
    public Builder amountUsed(double amountUsed) {
      this.amountUsed = amountUsed;
      return this;
    }

    /** Whether an on-screen keyboard forced the swipe into the band above it. */
    public Builder keyboardAvoided(boolean keyboardAvoided) {
      this.keyboardAvoided = keyboardAvoided;
      return this;
    }

    /** Where the keyboard began (normalized y). */
    public Builder keyboardMinY(double keyboardMinY) {
      this.keyboardMinY = OptionalDouble.of(keyboardMinY);
      return this;
    }

    /** Where the keyboard began (normalized y), or empty when there was none. */
    public Builder keyboardMinY(OptionalDouble keyboardMinY) {
      this.keyboardMinY = Objects.requireNonNull(keyboardMinY, "keyboardMinY");
      return this;
    }

    /** Total cost. */
    public Builder cost(Cost cost) {
      this.cost = Objects.requireNonNull(cost, "cost");
      return this;
    }

    /**
     * The value.
     *
     * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a part left unset
     */
    public ScrollResult build() {
      // parts are checked in order, so the first one missing is the one named
      return new ScrollResult(
          required(action, "action"),
          required(before, "before"),
          required(movement, "movement"),
          required(diff, "diff"),
          required(amountRequested, "amount_requested"),
          required(amountUsed, "amount_used"),
          required(keyboardAvoided, "keyboard_avoided"),
          keyboardMinY,
          required(cost, "cost"));
    }
  }
}
