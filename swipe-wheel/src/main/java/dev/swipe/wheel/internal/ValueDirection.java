package dev.swipe.wheel.internal;

/**
 * Which way the wheel's VALUES must go to approach the target. This is independent of the screen:
 * whether "increase" means dragging up or down depends on the {@link RowOrder}.
 */
public enum ValueDirection {
  /** Toward larger values (forward by {@code +value_step}, wrapping on cyclic wheels). */
  INCREASE("increase"),
  /** Toward smaller values (backward by {@code -value_step}, wrapping on cyclic wheels). */
  DECREASE("decrease"),
  /** Nothing to do: the current value is the target. */
  NONE("none");

  private final String wireName;

  ValueDirection(String wireName) {
    this.wireName = wireName;
  }

  /** Lower-case name for JSON results. */
  public String wireName() {
    return wireName;
  }

  /** +1 for {@link #INCREASE}, -1 for {@link #DECREASE}, 0 for {@link #NONE}. */
  public int sign() {
    return this == INCREASE ? 1 : this == DECREASE ? -1 : 0;
  }
}
