package dev.swipe.core.spi;

import static dev.swipe.core.internal.ValueBuilders.required;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a HID link can do. The planner uses {@link #minReportInterval()} to merge steps a slow link
 * cannot carry (a 13-byte CH9329 frame takes 13.5 ms at 9600 baud).
 *
 * @param pointerKinds pointer kinds this transport supports
 * @param activePointer the pointer kind in use
 * @param range the logical coordinate range of the pointer reports
 * @param minReportInterval smallest spacing between two reports that the link carries without
 *     queueing
 * @param contacts how many fingers the link can hold down at once: 1 for a mouse or a
 *     single-contact digitizer, up to 10 for a multi-touch digitizer. A gesture with more fingers
 *     is refused before any report is sent.
 * @param rig whether the link drives a phone that may ignore its input, as real phones on a HID rig
 *     do (iOS ignores a digitizer, many Android phones an absolute mouse). The device then checks
 *     the input: at open it looks whether the phone draws the mouse's pointer, a gesture that
 *     presses asks again where it drew none (and fails with {@code input_ignored} naming the fix),
 *     and an absolute mouse gets a release-all after each gesture (some iPhones lose its button's
 *     release). False for test doubles and engines that always take their input. A rig whose
 *     capture can never show the phone's pointer (replayed frames) turns the check off with {@code
 *     check_input=false} on its HID URI.
 * @param keyboard whether keyboard-page keys can be sent
 * @param consumerKeys whether consumer-page keys (Back, Home, volume) can be sent
 */
@Api(status = Api.Status.STABLE)
public record HidCapabilities(
    Set<PointerKind> pointerKinds,
    PointerKind activePointer,
    Range range,
    Duration minReportInterval,
    int contacts,
    boolean rig,
    boolean keyboard,
    boolean consumerKeys) {

  /**
   * Checks the parts are there and agree with each other; keeps an unmodifiable copy of the pointer
   * kinds in their order.
   *
   * @throws SwipeException {@code invalid_argument} naming a missing or wrong part
   */
  public HidCapabilities {
    pointerKinds =
        Collections.unmodifiableSet(new LinkedHashSet<>(required(pointerKinds, "pointer_kinds")));
    required(activePointer, "active_pointer");
    required(range, "range");
    required(minReportInterval, "min_report_interval");
    if (!pointerKinds.contains(activePointer)) {
      throw SwipeException.invalidArgument(
          "pointer", "active pointer " + activePointer.id() + " is not among " + pointerKinds);
    }
    if (contacts < 1 || contacts > 10) {
      throw SwipeException.invalidArgument("contacts", "must be in [1, 10], was " + contacts);
    }
    if (minReportInterval.isNegative()) {
      throw SwipeException.invalidArgument(
          "min_report_interval", "must not be negative, was " + minReportInterval);
    }
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link HidCapabilities}, part by part. Unset parts default to: no minimum report
   * interval, one contact, not a rig, no keyboard and no consumer keys.
   */
  public static final class Builder {
    private final Set<PointerKind> pointerKinds = new LinkedHashSet<>();
    private @Nullable PointerKind activePointer;
    private @Nullable Range range;
    private Duration minReportInterval = Duration.ZERO;
    private int contacts = 1;
    private boolean rig;
    private boolean keyboard;
    private boolean consumerKeys;

    /** A new builder, as {@link HidCapabilities#builder()} gives. */
    public Builder() {}

    /** Every part from {@code capabilities}, to change some of them. */
    public Builder from(HidCapabilities capabilities) {
      pointerKinds.clear();
      pointerKinds.addAll(capabilities.pointerKinds());
      activePointer = capabilities.activePointer();
      range = capabilities.range();
      minReportInterval = capabilities.minReportInterval();
      contacts = capabilities.contacts();
      rig = capabilities.rig();
      keyboard = capabilities.keyboard();
      consumerKeys = capabilities.consumerKeys();
      return this;
    }

    /** The pointer kinds the transport supports, replacing any added before. */
    public Builder pointerKinds(Iterable<PointerKind> kinds) {
      pointerKinds.clear();
      kinds.forEach(pointerKinds::add);
      return this;
    }

    /** Adds supported pointer kinds. */
    public Builder addPointerKinds(PointerKind... kinds) {
      Collections.addAll(pointerKinds, kinds);
      return this;
    }

    /** The pointer kind in use; it must be among the supported kinds. */
    public Builder activePointer(PointerKind activePointer) {
      this.activePointer = Objects.requireNonNull(activePointer, "activePointer");
      return this;
    }

    /** The logical coordinate range of the pointer reports. */
    public Builder range(Range range) {
      this.range = Objects.requireNonNull(range, "range");
      return this;
    }

    /** Smallest spacing between two reports that the link carries without queueing. */
    public Builder minReportInterval(Duration minReportInterval) {
      this.minReportInterval = Objects.requireNonNull(minReportInterval, "minReportInterval");
      return this;
    }

    /** How many fingers the link can hold down at once, 1 to 10. */
    public Builder contacts(int contacts) {
      this.contacts = contacts;
      return this;
    }

    /** Whether the link drives a phone that may ignore its input. */
    public Builder rig(boolean rig) {
      this.rig = rig;
      return this;
    }

    /** Whether keyboard-page keys can be sent. */
    public Builder keyboard(boolean keyboard) {
      this.keyboard = keyboard;
      return this;
    }

    /** Whether consumer-page keys can be sent. */
    public Builder consumerKeys(boolean consumerKeys) {
      this.consumerKeys = consumerKeys;
      return this;
    }

    /**
     * The value.
     *
     * @throws SwipeException {@code invalid_argument} naming a part left unset or wrong
     */
    public HidCapabilities build() {
      return new HidCapabilities(
          pointerKinds,
          required(activePointer, "active_pointer"),
          required(range, "range"),
          minReportInterval,
          contacts,
          rig,
          keyboard,
          consumerKeys);
    }
  }

  /**
   * A HID logical coordinate range and the mapping from normalized space onto it. Values outside
   * the range are clamped, never wrapped: a wrapped coordinate would teleport the finger to the
   * opposite edge.
   *
   * @param min logical value of normalized 0
   * @param max logical value of normalized 1000
   */
  public record Range(int min, int max) {
    /** CH9329 absolute mouse: 0..4095. */
    public static final Range CH9329_ABSOLUTE = new Range(0, 4095);

    /** Linux gadget and PiKVM USB absolute reports: 0..32767. */
    public static final Range USB_ABSOLUTE = new Range(0, 32767);

    /** PiKVM serial protocol: signed int16, -32768..32767. */
    public static final Range SIGNED_INT16 = new Range(-32768, 32767);

    /** Validates that the range is non-empty. */
    public Range {
      if (max <= min) {
        throw SwipeException.invalidArgument("max", "must exceed min (" + min + "), was " + max);
      }
    }

    /** Normalized coordinate (clamped to [0, 1000]; NaN refused) to the nearest logical value. */
    public int toLogical(double norm) {
      if (Double.isNaN(norm)) {
        throw SwipeException.invalidArgument("norm", "must be a number, was NaN");
      }
      double clamped = Math.max(0, Math.min(NormPoint.MAX, norm));
      long v = Math.round(min + clamped / NormPoint.MAX * ((long) max - min));
      return (int) Math.max(min, Math.min(max, v));
    }

    /** Logical value (clamped to the range) back to normalized space. */
    public double toNorm(long logical) {
      long clamped = Math.max(min, Math.min(max, logical));
      return (clamped - (double) min) / ((long) max - min) * NormPoint.MAX;
    }

    /** Size of one logical unit in normalized units: the best precision the link offers. */
    public double normPerUnit() {
      return NormPoint.MAX / ((long) max - min);
    }
  }
}
