/**
 * Pure picker-wheel math and the run-scoped policy behind {@code wheel_nudge}: move a picker wheel
 * to a target value with bounded, slow, verified steps, never flinging past it, never tapping the
 * selected row (which opens an editor), never falling back to generic input.
 *
 * <h2>Model</h2>
 *
 * <ul>
 *   <li><b>Units.</b> All geometry is normalized screen space 0-1000, origin top-left of the phone
 *       screen: {@code column_x} by the width rule, {@code center_y}, {@code row_spacing}, {@code
 *       visible_target_y} and every pitch and travel by the height rule. Values are ints; wheels of
 *       names use row indices.
 *   <li><b>Rows and steps.</b> Adjacent rows differ by {@code value_step}; a cyclic wheel wraps at
 *       {@code cycle_size}, the numeric modulus ({@code 00..55} by fives: cycle 60, step 5, 12
 *       rows). The gap is the number of rows between current and target the shorter way round; a
 *       tie on a cyclic wheel goes toward larger values.
 *   <li><b>Directions.</b> The values' direction (increase, decrease) and the finger's (up, down)
 *       are told apart. Content follows the finger, so with the usual order (values increase
 *       downward) showing the next LARGER value needs the content to move up: {@code INCREASE ->
 *       finger UP (end_y < start_y)}, {@code DECREASE -> finger DOWN}. The row order maps one to
 *       the other; the guard learns it from observations.
 *   <li><b>Steps.</b> Rows per action follow the caps tables of {@code WheelMath.capRows} (in
 *       {@code internal}); a request without {@code value_step} (order unknown) moves exactly one
 *       row; an exact {@code visible_target_y} of the adjacent row is moved exactly. No action
 *       travels more than {@code WheelMath.MAX_ROWS_PER_ACTION} rows of pitch.
 *   <li><b>Errors.</b> Everything caller-visible is a {@link dev.swipe.base.SwipeException} with a
 *       stable snake_case code ({@link dev.swipe.wheel.WheelErrorCode} or {@code
 *       invalid_argument}); core passes it on as it is.
 * </ul>
 *
 * <p>Entry points: {@link dev.swipe.wheel.WheelRequest} (validated input), the stateless planner of
 * one action and the run guard (one per run: budgets, no-progress, generic-input blocking) in
 * {@code internal}, read through {@link dev.swipe.wheel.WheelRunGuard} and {@link
 * dev.swipe.wheel.WheelDecision}. A caller of a device names a column and its target with {@link
 * dev.swipe.wheel.WheelSet} and reads one as a {@link dev.swipe.wheel.WheelColumn}; the device's
 * results hold them.
 */
@NullMarked
package dev.swipe.wheel;

import org.jspecify.annotations.NullMarked;
