package dev.swipe.wheel.internal;

/** What a planned nudge does. */
public enum ActionKind {
  /** Nothing: the current value already equals the target (the column's guard is released). */
  TARGET_REACHED("target_reached"),
  /** A bounded slow drag of {@code rows x pitch}. */
  ROWS("rows"),
  /**
   * A drag of exactly {@code |visible_target_y - center_y|} bringing the visible adjacent target to
   * the centre.
   */
  VISIBLE_TARGET("visible_target");

  private final String wireName;

  ActionKind(String wireName) {
    this.wireName = wireName;
  }

  /** snake_case name for JSON results. */
  public String wireName() {
    return wireName;
  }
}
