package dev.swipe.core.scroll;

import dev.swipe.base.Api;
import org.jspecify.annotations.Nullable;

/**
 * Which content a scroll should reveal. {@code DOWN} shows what lies further down the list, so the
 * finger moves UP; this is the convention of {@code scroll} tools and of people saying "scroll
 * down". Callers who think in finger moves use {@link #revealedByFinger}.
 */
@Api(status = Api.Status.STABLE)
public enum ScrollDirection {
  /** Reveal content above; the finger moves down. */
  UP("up", 0, 1),
  /** Reveal content below; the finger moves up. */
  DOWN("down", 0, -1),
  /** Reveal content to the left; the finger moves right. */
  LEFT("left", 1, 0),
  /** Reveal content to the right; the finger moves left. */
  RIGHT("right", -1, 0);

  private final String id;
  private final int fingerDx;
  private final int fingerDy;

  ScrollDirection(String id, int fingerDx, int fingerDy) {
    this.id = id;
    this.fingerDx = fingerDx;
    this.fingerDy = fingerDy;
  }

  /** The wire name: up, down, left, right. */
  public String id() {
    return id;
  }

  /** Whether the scroll runs along the y axis. */
  public boolean vertical() {
    return fingerDx == 0;
  }

  /** Sign of the finger's x movement (-1, 0, +1). */
  public int fingerDx() {
    return fingerDx;
  }

  /** Sign of the finger's y movement (-1, 0, +1; +1 is down the screen). */
  public int fingerDy() {
    return fingerDy;
  }

  /** The direction that reveals what this one hides again (UP for DOWN, LEFT for RIGHT). */
  public ScrollDirection opposite() {
    return revealedByFinger(this);
  }

  /**
   * The content direction that a finger moving in {@code fingerDirection} reveals (the other
   * convention: "swipe up" reveals content below, i.e. scrolls DOWN).
   */
  public static ScrollDirection revealedByFinger(ScrollDirection fingerDirection) {
    return switch (fingerDirection) {
      case UP -> DOWN;
      case DOWN -> UP;
      case LEFT -> RIGHT;
      case RIGHT -> LEFT;
    };
  }

  /** Parses a wire name (case-insensitive); null when unknown. */
  public static @Nullable ScrollDirection fromId(String id) {
    for (ScrollDirection d : values()) {
      if (d.id.equalsIgnoreCase(id)) {
        return d;
      }
    }
    return null;
  }
}
