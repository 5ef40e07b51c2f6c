package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.core.internal.SwipeStyle;
import dev.swipe.core.internal.ValueBuilders;
import java.time.Duration;
import java.util.Set;
import org.immutables.value.Value;

/**
 * What a HID link can do. The planner uses {@link #minReportInterval()} to merge steps a slow link
 * cannot carry (a 13-byte CH9329 frame takes 13.5 ms at 9600 baud).
 */
@SuppressWarnings("exports")
// @Value annotations are for the annotation processor: clients need not read org.immutables.value
@Value.Immutable
@SwipeStyle
@Api(status = Api.Status.STABLE)
public abstract class HidCapabilities {
  /** For the generated implementation; values come from {@link #builder()}. */
  public HidCapabilities() {}

  /** Pointer kinds this transport supports. */
  public abstract Set<PointerKind> pointerKinds();

  /** The pointer kind in use. */
  public abstract PointerKind activePointer();

  /** The logical coordinate range of the pointer reports. */
  public abstract HidRange range();

  /** Smallest spacing between two reports that the link carries without queueing. */
  @Value.Default
  public Duration minReportInterval() {
    return Duration.ZERO;
  }

  /**
   * How many fingers the link can hold down at once: 1 for a mouse or a single-contact digitizer,
   * up to 10 for a multi-touch digitizer. A gesture with more fingers is refused before any report
   * is sent.
   */
  @Value.Default
  public int contacts() {
    return 1;
  }

  /**
   * Whether the link drives a phone that may ignore its input, as real phones on a HID rig do (iOS
   * ignores a digitizer, many Android phones an absolute mouse). The device then checks the input:
   * at open it looks whether the phone draws the mouse's pointer, a gesture that presses asks again
   * where it drew none (and fails with {@code input_ignored} naming the fix), and an absolute mouse
   * gets a release-all after each gesture (some iPhones lose its button's release). False for test
   * doubles and engines that always take their input. A rig whose capture can never show the
   * phone's pointer (replayed frames) turns the check off with {@code check_input=false} on its HID
   * URI.
   */
  @Value.Default
  public boolean rig() {
    return false;
  }

  /** Whether keyboard-page keys can be sent. */
  @Value.Default
  public boolean keyboard() {
    return false;
  }

  /** Whether consumer-page keys (Back, Home, volume) can be sent. */
  @Value.Default
  public boolean consumerKeys() {
    return false;
  }

  @Value.Check
  void check() {
    if (!pointerKinds().contains(activePointer())) {
      throw dev.swipe.base.SwipeException.invalidArgument(
          "pointer", "active pointer " + activePointer().id() + " is not among " + pointerKinds());
    }
    if (contacts() < 1 || contacts() > 10) {
      throw dev.swipe.base.SwipeException.invalidArgument(
          "contacts", "must be in [1, 10], was " + contacts());
    }
    if (minReportInterval().isNegative()) {
      throw dev.swipe.base.SwipeException.invalidArgument(
          "min_report_interval", "must not be negative, was " + minReportInterval());
    }
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link HidCapabilities}. */
  public static final class Builder extends ImmutableHidCapabilities.Builder {
    /** A new builder, as {@link HidCapabilities#builder()} gives. */
    public Builder() {}

    /**
     * The value; a required part left unset fails with {@code invalid_argument} naming it.
     *
     * @throws dev.swipe.base.SwipeException when a required part is missing
     */
    @Override
    public HidCapabilities build() {
      return ValueBuilders.build(super::build);
    }
  }
}
