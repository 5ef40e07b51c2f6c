package dev.swipe.wheel.internal;

/** State of one wheel column in a run, as reported by {@link RunGuard#status(double)}. */
enum ColumnStatus {
  /** No column known within tolerance of that x. */
  UNTRACKED,
  /** Known but not being worked (nothing committed for its current target, or target reached). */
  IDLE,
  /** Being worked: generic input aimed at it is refused. */
  IN_PROGRESS,
  /** The last step moved nothing; the next nudge is a one-row micro probe. */
  MICRO_PROBE_NEXT,
  /**
   * The micro probe moved nothing either; further nudges of this column fail with {@code
   * wheel_no_progress}.
   */
  NO_PROGRESS,
  /** The column's allowance for its current target is used up. */
  BUDGET_EXHAUSTED
}
