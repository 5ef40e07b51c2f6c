package dev.swipe.wheel.internal;

/**
 * The row pitch a nudge uses and why. Chosen by {@code WheelMath.choosePitch}.
 *
 * @param pitch the pitch in normalized units (height rule)
 * @param source whether it is the measurement or the caller's estimate
 * @param confidence the measurement's confidence (0 when nothing was measured)
 * @param confident true when the measurement was trusted; unlocks the faster caps
 * @param overrodeEstimate true when a trusted measurement differs from the caller's {@code
 *     row_spacing} by more than {@code WheelMath.PITCH_OVERRIDE_TOLERANCE}
 * @param callerEstimate the caller's {@code row_spacing}, kept for reporting
 */
public record PitchChoice(
    double pitch,
    PitchSource source,
    double confidence,
    boolean confident,
    boolean overrodeEstimate,
    double callerEstimate) {}
