package dev.swipe.core.scroll;

import dev.swipe.base.Api;

/**
 * What a directional scroll observed, judged from pixels only. Disagreements with the truth must
 * stay on the cautious side: when in doubt, {@link #UNOBSERVED}.
 */
@Api(status = Api.Status.STABLE)
public enum Movement {
  /**
   * The content inside the scrolled region differs from before the gesture, and the change is
   * motion along the scroll's axis.
   */
  MOVED("moved"),
  /**
   * Frames changed while the finger was down, but the settled screen equals the start: the content
   * was pulled and bounced back (an overscroll at the end of the content).
   */
  AT_EDGE("at-edge"),
  /**
   * Nothing moved at all, neither during the gesture nor after (no end-of-content signal either).
   */
  UNCHANGED("unchanged"),
  /**
   * The pair could not back a claim: the screen never came to rest, every difference lies outside
   * the scrolled region (a status-bar clock), or pixels changed without motion along the scroll's
   * axis (a fading edge glow, a replaced page).
   */
  UNOBSERVED("unobserved");

  private final String id;

  Movement(String id) {
    this.id = id;
  }

  /** The wire name, e.g. {@code at-edge}. */
  public String id() {
    return id;
  }
}
