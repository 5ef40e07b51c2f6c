/**
 * A physics-faithful virtual phone, the embedded default device {@code sim:}.
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:?scene=picker&platform=ios")) {
 *   SimOracle truth = SimOracle.of(phone);            // tests and benchmarks only
 *   SimState.Wheel hour = truth.wheel("hour");
 *   phone.tap(NormPoint.of(hour.columnXNorm(), hour.selectedCenterYNorm() + hour.rowPitchNorm()));
 * }
 * }</pre>
 *
 * <p>The phone renders real pixels with Java2D (1080x2400 at density 3, or scaled), encodes them as
 * lossy JPEG, shows each frame one capture latency late on a 30 fps grid, and moves content with
 * the platforms' published physics (Android OverScroller and NumberPicker, iOS UIScrollView and
 * UIPickerView, Flutter's mouse rules). Time is virtual by default: the SDK's sleeps advance the
 * phone's clock, and every animation is a closed-form function of that clock.
 *
 * <p>Public types: {@link dev.swipe.sim.SimPhone} (the phone and its parts), {@link
 * dev.swipe.sim.SimConfig} (what to build, and the {@code sim:} URI options), {@link
 * dev.swipe.sim.SimOracle} and {@link dev.swipe.sim.SimState} (the true state, never for SDK
 * policies). Everything in {@code dev.swipe.sim.internal} may change without notice.
 */
@NullMarked
package dev.swipe.sim;

import org.jspecify.annotations.NullMarked;
