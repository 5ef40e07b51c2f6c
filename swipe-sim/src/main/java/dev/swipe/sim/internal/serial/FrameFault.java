package dev.swipe.sim.internal.serial;

import java.time.Duration;
import java.util.Objects;

/**
 * What a faulty serial device does wrong with one request frame: the faults a host transport must
 * survive without ever claiming that the device took a report it has not taken.
 *
 * @param kind what goes wrong
 * @param delay how long the device takes before it reads the frame (only for {@link Kind#LATE})
 */
public record FrameFault(Kind kind, Duration delay) {
  /** The kinds of fault, one per frame. */
  public enum Kind {
    /** The device behaves. */
    NONE,
    /** The device reads (acts on and answers) the frame only after {@link FrameFault#delay()}. */
    LATE,
    /** The frame is lost on the way: the device neither acts on it nor answers. */
    DROP,
    /** The device acts once but its reply arrives twice. */
    DUPLICATE_REPLY,
    /** The device acts, but its reply arrives with a broken checksum. */
    CORRUPT_REPLY,
    /** The device acts, but line noise (a few random bytes) arrives before its reply. */
    GARBAGE,
    /** The frame arrives damaged (broken checksum): the device refuses it and does not act. */
    DAMAGED_REQUEST,
    /** The line dies when this frame arrives (the pseudo-terminal pair is closed). */
    VANISH
  }

  /** A frame the device handles correctly. */
  public static final FrameFault NONE = new FrameFault(Kind.NONE, Duration.ZERO);

  public FrameFault {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative() || (kind != Kind.LATE && !delay.isZero())) {
      throw new IllegalArgumentException(
          "only a late frame has a (non-negative) delay: " + kind + " " + delay);
    }
  }

  /** The device reads the frame {@code delay} after it arrived. */
  public static FrameFault late(Duration delay) {
    return new FrameFault(Kind.LATE, delay);
  }

  /** A fault of a kind that takes no delay. */
  public static FrameFault of(Kind kind) {
    return kind == Kind.NONE ? NONE : new FrameFault(kind, Duration.ZERO);
  }
}
