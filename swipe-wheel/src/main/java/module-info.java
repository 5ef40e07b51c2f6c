/** Pure picker-wheel math: the wheel_nudge policy and its run guard. No devices, no I/O. */
@SuppressWarnings("module")
// the qualified export names swipe-core, which is built after this module (it needs it)
module dev.swipe.wheel {
  requires transitive dev.swipe.base;

  exports dev.swipe.wheel;
  // the planner, the run guard and the caps tables, not API: core plays and budgets nudges by
  // them
  exports dev.swipe.wheel.internal to
      dev.swipe.core;
}
