package dev.swipe.wheel.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Plans one nudge from a validated request and a pitch measurement, without state or devices. The
 * run guard ({@link RunGuard}) calls it with the learned row order and its micro-probe decision;
 * tests and benchmarks may call it directly.
 *
 * <p>Drag geometry. Let {@code p} be the pitch used and {@code s} the finger's y sign (-1 up, +1
 * down). The finger touches down on the centre of the ADJACENT row on the side the content comes
 * from, {@code start = center_y - s * START_OFFSET_ROWS * p}, and moves {@code rows * p} to {@code
 * end = start + s * rows * p}. Why not on the selected row: a press there that the phone reads as a
 * tap or long press opens the picker's text editor (Android NumberPicker) and the keyboard. A press
 * on the adjacent row that degenerates into a tap instead selects that row (iOS centres a tapped
 * row; NumberPicker steps by one toward it), which is one row in the intended direction - the same
 * thing a one-row drag would have done.
 */
final class WheelPlanner {

  /**
   * Touch-down offset from {@code center_y} toward the travel origin, in rows: the centre of the
   * adjacent row that will be pulled toward the selection. One row keeps the touch-down clear of
   * the selected band (+/-0.5 row) even when the pitch is off by a third.
   */
  public static final double START_OFFSET_ROWS = 1.0;

  /**
   * The touch-down may be pulled toward the centre to fit the screen, but never closer than this
   * many rows.
   */
  public static final double MIN_START_OFFSET_ROWS = 0.6;

  /**
   * A {@code visible_target_y} is "adjacent" when the remaining gap is exactly one row (or unknown,
   * for an order probe) and its distance from {@code center_y} is within [{@code
   * ADJACENT_MIN_ROWS}, {@code ADJACENT_MAX_ROWS}] pitches; anything else is not the neighbouring
   * row and is ignored in favour of the bounded {@code rows x pitch} drag.
   */
  public static final double ADJACENT_MIN_ROWS = 0.5;

  /** Upper bound of the adjacency window; see {@link #ADJACENT_MIN_ROWS}. */
  public static final double ADJACENT_MAX_ROWS = 1.5;

  /**
   * Drags of the rows path stay this far from the screen edges (normalized units): touches at the
   * very edge start system gestures (notification shade, home indicator).
   */
  public static final double EDGE_MARGIN = 10.0;

  private WheelPlanner() {}

  /** Plans with the usual row order (values increase downward) and the normal caps. */
  public static WheelPlan plan(WheelRequest request, PitchMeasurement measurement) {
    return plan(request, measurement, RowOrder.INCREASING_DOWN, false);
  }

  /**
   * Plans one action.
   *
   * @param request a validated request
   * @param measurement the pitch measured on the request's screenshot ({@link
   *     PitchMeasurement#none()} if none)
   * @param order the row order to assume (the guard passes what it has learned)
   * @param singleRow force exactly one row (the guard's micro-probe retry after a step that moved
   *     nothing)
   * @throws SwipeException {@code wheel_target_unreachable}; {@code invalid_argument} ("center_y")
   *     when the selected row is too close to a screen edge to drag from
   */
  public static WheelPlan plan(
      WheelRequest request, PitchMeasurement measurement, RowOrder order, boolean singleRow) {
    return plan(request, measurement, order, singleRow, Double.NaN);
  }

  /**
   * {@link #plan(WheelRequest, PitchMeasurement, RowOrder, boolean)} with the pitch an earlier
   * nudge of the column confirmed ({@code NaN} for none; see {@link PitchSource#CONFIRMED}).
   */
  static WheelPlan plan(
      WheelRequest request,
      PitchMeasurement measurement,
      RowOrder order,
      boolean singleRow,
      double confirmedPitch) {
    WheelMath.requireReachable(request);
    PitchChoice pitch = WheelMath.choosePitch(request.rowSpacing(), measurement, confirmedPitch);
    boolean probe = request.orderProbe();
    if (request.currentValue() == request.targetValue()) {
      return new WheelPlan(
          ActionKind.TARGET_REACHED,
          ValueDirection.NONE,
          FingerDirection.NONE,
          order,
          probe ? OptionalLong.empty() : OptionalLong.of(0),
          0,
          pitch,
          0.0,
          Optional.empty(),
          probe,
          singleRow);
    }
    WheelGap gap = WheelMath.gap(request);
    ValueDirection direction = gap.direction();
    OptionalLong gapRows = probe ? OptionalLong.empty() : OptionalLong.of(gap.rows());
    int rows = probe || singleRow ? 1 : WheelMath.capRows(gap.rows(), pitch.confident());
    double p = pitch.pitch();
    double cy = request.centerY();
    double x = request.columnX();

    if (request.visibleTargetY().isPresent() && (probe || gap.rows() == 1)) {
      double vty = request.visibleTargetY().getAsDouble();
      double d = Math.abs(vty - cy);
      if (d >= ADJACENT_MIN_ROWS * p && d <= ADJACENT_MAX_ROWS * p) {
        // Drag the visible target row itself onto the selection line: the finger lands on
        // the target (never the selected row) and travels exactly the observed distance.
        FingerDirection finger = vty > cy ? FingerDirection.UP : FingerDirection.DOWN;
        WheelDrag drag = new WheelDrag(x, vty, x, cy);
        return new WheelPlan(
            ActionKind.VISIBLE_TARGET,
            direction,
            finger,
            order,
            gapRows,
            1,
            pitch,
            d,
            Optional.of(drag),
            probe,
            singleRow);
      }
    }

    FingerDirection finger = order.finger(direction);
    int s = finger.dySign();
    double lo = EDGE_MARGIN;
    double hi = 1000.0 - EDGE_MARGIN;
    double start = cy - s * START_OFFSET_ROWS * p;
    start = Math.max(lo, Math.min(hi, start));
    double offset = (start - cy) * -s; // distance from the centre toward the travel origin
    if (offset < MIN_START_OFFSET_ROWS * p) {
      throw SwipeException.invalidArgument(
          "center_y",
          "the selected row at "
              + cy
              + " is too close to the screen edge to start a drag off the selected row (pitch "
              + p
              + ")");
    }
    double room = s < 0 ? start - lo : hi - start;
    int fit = (int) Math.floor(room / p + 1e-9);
    rows = Math.min(rows, Math.min(fit, WheelMath.MAX_ROWS_PER_ACTION));
    if (rows < 1) {
      throw SwipeException.invalidArgument(
          "center_y", "no room on screen to drag one row (pitch " + p + ") from center_y " + cy);
    }
    double travel = rows * p;
    double end = start + s * travel;
    end = Math.max(lo, Math.min(hi, end)); // guards rounding only; room already fits
    WheelDrag drag = new WheelDrag(x, start, x, end);
    return new WheelPlan(
        ActionKind.ROWS,
        direction,
        finger,
        order,
        gapRows,
        rows,
        pitch,
        Math.abs(end - start),
        Optional.of(drag),
        probe,
        singleRow);
  }
}
