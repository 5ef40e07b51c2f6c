/** Pure picker-wheel math: the wheel_nudge policy and its run guard. No devices, no I/O. */
module dev.swipe.wheel {
  requires transitive dev.swipe.base;
  requires static org.jspecify;

  exports dev.swipe.wheel;
}
