package dev.swipe.core.scroll;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A directional scroll request.
 *
 * <p>{@code amount} is the finger path as a fraction of the scroll region's axis, honoured up to
 * {@link #MAX_AMOUNT} (0.8); larger values are cut to 0.8 and the result says so. The finger dwells
 * at the end before lifting ({@link #DWELL_MS}), which removes release velocity: app physics decide
 * the final offset, not a fling.
 *
 * @param direction the content to reveal (see {@link ScrollDirection})
 * @param amount fraction of the region's axis in (0, 1]; values above 0.8 are honoured as 0.8
 * @param durationMs time of the finger's move, 100..10000 ms
 * @param region the scrollable area (default {@link #DEFAULT_REGION}, the middle of the screen)
 * @param keyboard a known on-screen keyboard area, or empty to detect one on the before-screenshot
 * @param detectKeyboard whether to look for a keyboard when none is given
 * @param expectContent the caller knows content remains in that direction: an {@code unchanged}
 *     verdict then fails with {@code scroll_no_progress} instead of returning
 * @param before a settled observation of this run to compare against, or empty to take one
 */
@Api(status = Api.Status.STABLE)
public record Scroll(
    ScrollDirection direction,
    double amount,
    int durationMs,
    NormRegion region,
    Optional<NormRegion> keyboard,
    boolean detectKeyboard,
    boolean expectContent,
    Optional<Observation> before) {
  /** The largest honoured amount. */
  public static final double MAX_AMOUNT = 0.8;

  /** Default amount: half the region. */
  public static final double DEFAULT_AMOUNT = 0.5;

  /** Default move duration. */
  public static final int DEFAULT_DURATION_MS = 500;

  /** Dwell at the end of the move before lifting: no release velocity, no fling. */
  public static final int DWELL_MS = 120;

  /**
   * Default region: the middle of the screen (y 200..900), away from status and app bars, search
   * fields and the bottom navigation or home indicator, where a swipe would start on something that
   * does not scroll. Pass the real scroll region when you know it.
   */
  public static final NormRegion DEFAULT_REGION = NormRegion.of(0, 200, 1000, 700);

  /** Validates every field, naming it as the scroll tool does. */
  public Scroll {
    SwipeException.requireArgument(direction, "direction");
    if (!Double.isFinite(amount) || amount <= 0 || amount > 1) {
      throw SwipeException.invalidArgument(
          "amount",
          "must be a fraction of the viewport in (0, 1] (honoured up to 0.8), was " + amount);
    }
    if (durationMs < 100 || durationMs > 10_000) {
      throw SwipeException.invalidArgument(
          "duration_ms", "must be in [100, 10000], was " + durationMs);
    }
    SwipeException.requireArgument(region, "region");
    SwipeException.requireArgument(keyboard, "keyboard");
    SwipeException.requireArgument(before, "before");
  }

  /** A builder with the direction up front. */
  public static Builder builder(ScrollDirection direction) {
    return new Builder(direction);
  }

  /** A scroll with all defaults. */
  public static Scroll of(ScrollDirection direction) {
    return builder(direction).build();
  }

  /** The amount actually used: {@code min(amount, 0.8)}. */
  public double honouredAmount() {
    return Math.min(amount, MAX_AMOUNT);
  }

  /**
   * Builds a {@link Scroll}. A value builder: setting a field again replaces it (the last value
   * wins).
   */
  public static final class Builder {
    private final ScrollDirection direction;
    private double amount = DEFAULT_AMOUNT;
    private int durationMs = DEFAULT_DURATION_MS;
    private NormRegion region = DEFAULT_REGION;
    private @Nullable NormRegion keyboard;
    private boolean detectKeyboard = true;
    private boolean expectContent;
    private @Nullable Observation before;

    private Builder(ScrollDirection direction) {
      this.direction = SwipeException.requireArgument(direction, "direction");
    }

    /** Fraction of the region's axis the finger travels. */
    public Builder amount(double amount) {
      this.amount = amount;
      return this;
    }

    /** Duration of the finger's move. */
    public Builder durationMs(int durationMs) {
      this.durationMs = durationMs;
      return this;
    }

    /** The scrollable area. */
    public Builder region(NormRegion region) {
      this.region = SwipeException.requireArgument(region, "region");
      return this;
    }

    /** A known keyboard area (skips detection). */
    public Builder keyboard(NormRegion keyboard) {
      this.keyboard = SwipeException.requireArgument(keyboard, "keyboard");
      return this;
    }

    /** Whether to detect a keyboard when none is given (default true). */
    public Builder detectKeyboard(boolean detect) {
      this.detectKeyboard = detect;
      return this;
    }

    /** Fail with {@code scroll_no_progress} when nothing moves (default false). */
    public Builder expectContent(boolean expect) {
      this.expectContent = expect;
      return this;
    }

    /** Compare against this settled observation instead of taking a new one. */
    public Builder before(Observation before) {
      this.before = SwipeException.requireArgument(before, "before");
      return this;
    }

    /** Validates and builds. */
    public Scroll build() {
      return new Scroll(
          direction,
          amount,
          durationMs,
          region,
          Optional.ofNullable(keyboard),
          detectKeyboard,
          expectContent,
          Optional.ofNullable(before));
    }
  }
}
