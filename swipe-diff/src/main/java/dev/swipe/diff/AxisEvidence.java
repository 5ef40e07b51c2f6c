package dev.swipe.diff;

import dev.swipe.base.Api;

/**
 * What a {@link DiffResult}'s {@code primary_axis} rests on. Reported because the two answers
 * differ in kind: one is read from the compared frames themselves, the other from the frames a
 * device captured between them, which an agent holding only the two screenshots cannot check.
 */
@Api(status = Api.Status.STABLE)
public enum AxisEvidence {
  /** Read from the two compared frames (also the answer when the axis is {@code none}). */
  FRAME_PAIR("frame_pair"),
  /**
   * The two frames share nothing that moved (a carousel page, a wheel several rows on), so the axis
   * was read from consecutive frames the device captured between them while the content moved
   * inside the compared region.
   */
  MOTION_BETWEEN("motion_between");

  private final String id;

  AxisEvidence(String id) {
    this.id = id;
  }

  /**
   * The lowercase id used in the agent tools' JSON: {@code frame_pair} or {@code motion_between}.
   */
  public String id() {
    return id;
  }
}
