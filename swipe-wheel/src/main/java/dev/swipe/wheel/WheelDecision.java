package dev.swipe.wheel;

import java.util.Optional;

/**
 * What the run guard decided for one nudge: the plan plus the budgets. Core returns it to the
 * agent beside the new settled screenshot.
 *
 * @param plan              the device-free plan (direction, rows, pitch, drag)
 * @param microProbe        true when this is the one micro-probe retry after a step that moved nothing
 * @param columnAllowance   actions this column's current target may use in total
 * @param columnActionsLeft actions left for this column after this one is charged
 * @param runActionsLeft    actions left in the run (all columns) after this one is charged
 */
public record WheelDecision(WheelPlan plan, boolean microProbe, int columnAllowance, int columnActionsLeft,
        int runActionsLeft) {

    /** Which way the values go. */
    public ValueDirection direction() {
        return plan.direction();
    }

    /** Which way the finger moves on screen. */
    public FingerDirection finger() {
        return plan.finger();
    }

    /** Rows this action moves. */
    public int rows() {
        return plan.rows();
    }

    /** The pitch used, in normalized units. */
    public double pitch() {
        return plan.pitch().pitch();
    }

    /** Where the pitch came from. */
    public PitchSource pitchSource() {
        return plan.pitch().source();
    }

    /** True when a trusted measurement replaced a caller estimate that was off by more than 10%. */
    public boolean pitchOverrodeEstimate() {
        return plan.pitch().overrodeEstimate();
    }

    /** Confidence of the pitch measurement in [0, 1]. */
    public double confidence() {
        return plan.pitch().confidence();
    }

    /** Finger travel in normalized units. */
    public double travel() {
        return plan.travel();
    }

    /** The drag to execute; empty when the target is already reached. */
    public Optional<WheelDrag> drag() {
        return plan.drag();
    }

    /** True when nothing must be executed: the current value is the target. */
    public boolean targetReached() {
        return plan.targetReached();
    }
}
