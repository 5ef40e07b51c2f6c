package dev.swipe.sim.internal;

import dev.swipe.sim.SimState;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One screen of the virtual phone: it takes touches (layout pixels, already routed away from the
 * keyboard), keeps its state as closed-form motions, and paints itself at any instant since the
 * last input.
 */
abstract class Scene {
  final VirtualPhone phone;
  final DeviceProfile profile;

  Scene(VirtualPhone phone) {
    this.phone = phone;
    this.profile = phone.profile();
  }

  /** A finger went down. */
  abstract void down(Touch touch);

  /** The finger moved; {@code crossedSlop} is true on the move that turned it into a drag. */
  abstract void move(Touch touch, boolean crossedSlop);

  /** The finger lifted with the tracker's velocity (layout pixels per second). */
  abstract void up(Touch touch, double vx, double vy);

  /** The phase of a gesture with two or more fingers. */
  enum PinchPhase {
    /** A second finger went down (or several at once). */
    BEGIN,
    /** The fingers moved. */
    MOVE,
    /** Fewer than two fingers touch now. */
    END
  }

  /**
   * Two or more fingers: their centroid (layout pixels), spread (twice their mean distance from the
   * centroid) and the angle of the first finger from the centroid (radians, clockwise on the
   * screen), which turns as the fingers twist. Scenes that do not zoom ignore them, as a list
   * ignores a second finger.
   */
  void pinch(PinchPhase phase, long t, double cx, double cy, double spread, double angle) {}

  /** Time passes from {@code from} to {@code to} (long presses, overshoot bookkeeping). */
  void advance(long from, long to) {}

  /** Paints the scene below the status bar and keyboard. */
  abstract void paint(Graphics2D g, Look look, long t);

  /** Everything {@link #paint} draws at {@code t}, as a value: equal keys paint equal pixels. */
  abstract Object viewKey(long t);

  /** Whether anything moves at {@code t}. */
  abstract boolean animating(long t);

  /** The status bar background. */
  Color statusBarColor(Look look) {
    return look.background;
  }

  /** Enter was pressed with this scene's field focused; true when the scene consumed it. */
  boolean enter(long t) {
    return false;
  }

  /** The keyboard was dismissed (Back, Escape or Enter). */
  void dismissed(long t) {}

  /** The Back key with no keyboard up; true when the scene went back a screen. */
  boolean back(long t) {
    return false;
  }

  /** Text typed into the focused field changed. */
  void textChanged(long t) {}

  // Oracle views; NaN or -1 where the scene has no such thing.

  double listOffset(long t) {
    return Double.NaN;
  }

  double listMaxOffset() {
    return Double.NaN;
  }

  int firstVisibleRow(long t) {
    return -1;
  }

  List<String> visibleRows(long t, double bottom) {
    return List.of();
  }

  double listRowHeight() {
    return Double.NaN;
  }

  /** The item whose own page is open (a contact), or null while the list shows. */
  @Nullable String openedItem() {
    return null;
  }

  int page(long t) {
    return -1;
  }

  int pageCount() {
    return -1;
  }

  double mapX(long t) {
    return Double.NaN;
  }

  double mapY(long t) {
    return Double.NaN;
  }

  double mapZoom(long t) {
    return Double.NaN;
  }

  /** How far the map is turned, in degrees clockwise; NaN where nothing turns. */
  double mapBearing(long t) {
    return Double.NaN;
  }

  List<SimState.Wheel> wheels(long t) {
    return List.of();
  }

  boolean editorOpen(long t) {
    return false;
  }

  /** Puts a wheel at rest on a value. */
  void wheelValue(String column, int value, long now) {
    throw dev.swipe.base.SwipeException.invalidArgument(
        "column", "this scene has no picker wheels");
  }

  /** Sets (or clears, with null) the value whose overshoots a wheel counts. */
  void wheelTarget(String column, @Nullable Integer value) {
    throw dev.swipe.base.SwipeException.invalidArgument(
        "column", "this scene has no picker wheels");
  }
}
