package dev.swipe.sim;

import dev.swipe.base.Api;
import dev.swipe.core.spi.PointerKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The simulator's true state at one instant, for tests and benchmarks only (SDK policies must judge
 * from pixels). Pixel values are in frame pixels (after {@code scale}); normalized values follow
 * DESIGN.md (x by the width rule, y by the height rule). Fields that do not apply to the scene are
 * {@code NaN}, {@code -1} or empty.
 *
 * @param scene the scene shown
 * @param platform the platform physics
 * @param atNanos the phone clock reading of this state
 * @param animating whether anything still moves (fling, snap, bounce, keyboard slide)
 * @param frameWidth frame width in pixels
 * @param frameHeight frame height in pixels
 * @param listOffsetPx list content offset (0 at the top)
 * @param listMaxOffsetPx largest list offset (the bottom edge)
 * @param firstVisibleRow index of the first list row at least partly visible
 * @param visibleListRows texts of the list rows fully visible (not under the keyboard), top down
 * @param listRowHeightPx list row height
 * @param page carousel page at rest (the nearest page while moving)
 * @param pageCount carousel page count
 * @param mapOffsetXPx map (or photo) viewport left edge on the canvas at zoom 1 (with a turned map:
 *     the x of the canvas point under the viewport's top-left corner)
 * @param mapOffsetYPx map (or photo) viewport top edge on the canvas at zoom 1 (with a turned map:
 *     the y of that point)
 * @param mapZoom how far the map or photo is zoomed (1 as it opens, above 1 zoomed in)
 * @param mapBearingDeg how far the map is turned, in degrees clockwise on the screen (-180 to 180;
 *     0 as it opens and on the photo viewer, NaN on other scenes)
 * @param wheels picker columns, left to right
 * @param keyboardVisible whether the on-screen keyboard is up (or coming up)
 * @param editorOpen whether a picker's inline editor is open (Android tap or long press)
 * @param focusedText text of the focused field, empty when none
 * @param lastTouchVelocity release velocity of the last touch
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record SimState(
    SimConfig.Scene scene,
    SimConfig.Platform platform,
    long atNanos,
    boolean animating,
    int frameWidth,
    int frameHeight,
    double listOffsetPx,
    double listMaxOffsetPx,
    int firstVisibleRow,
    List<String> visibleListRows,
    double listRowHeightPx,
    int page,
    int pageCount,
    double mapOffsetXPx,
    double mapOffsetYPx,
    double mapZoom,
    double mapBearingDeg,
    List<Wheel> wheels,
    boolean keyboardVisible,
    boolean editorOpen,
    String focusedText,
    Velocity lastTouchVelocity) {

  /** Copies the wheel list. */
  public SimState {
    wheels = List.copyOf(wheels);
    visibleListRows = List.copyOf(visibleListRows);
  }

  /** The wheel of a column ({@code month}, {@code hour}, {@code minute}), if shown. */
  public Optional<Wheel> wheel(String column) {
    return wheels.stream().filter(w -> w.column().equals(column)).findFirst();
  }

  /**
   * One picker column.
   *
   * @param column its name: {@code month}, {@code hour} or {@code minute}
   * @param value the selected value (month index 0-11, hour 0-23, minute 0-55)
   * @param index the selected row index
   * @param label the selected row's text
   * @param rowCount rows in one cycle
   * @param valueStep value difference between adjacent rows
   * @param cycleSize the numeric modulus of a cyclic wheel (24, 60), empty when not cyclic
   * @param position the wheel position in rows (fractional while moving; unwrapped on cyclic
   *     wheels)
   * @param moving whether it is flinging or snapping
   * @param rowPitchPx distance between adjacent rows
   * @param selectedCenterYPx y of the selected row's centre (the selection band)
   * @param columnXPx x of the column's centre
   * @param rowPitchNorm row pitch, normalized by the height rule
   * @param selectedCenterYNorm selected row centre, normalized by the height rule
   * @param columnXNorm column centre, normalized by the width rule
   * @param target the value set with {@link SimOracle#setWheelTarget}, if any
   * @param overshoots how often the wheel went past the target row (entered it and left on the far
   *     side)
   * @param maxRowsPastTarget the farthest it went past the target, in rows
   * @param liftOffsetRows how far from its nearest row the finger left the wheel when it last
   *     lifted off a drag, in rows (positive: past the row the way the position grows); 0 before
   *     any drag
   */
  public record Wheel(
      String column,
      int value,
      int index,
      String label,
      int rowCount,
      int valueStep,
      OptionalInt cycleSize,
      double position,
      boolean moving,
      double rowPitchPx,
      double selectedCenterYPx,
      double columnXPx,
      double rowPitchNorm,
      double selectedCenterYNorm,
      double columnXNorm,
      OptionalInt target,
      int overshoots,
      int maxRowsPastTarget,
      double liftOffsetRows) {}

  /**
   * A release velocity of the finger, as the phone's velocity tracker computed it.
   *
   * @param xPxPerS horizontal, frame pixels per second
   * @param yPxPerS vertical, frame pixels per second (positive downwards)
   */
  public record Velocity(double xPxPerS, double yPxPerS) {
    /** No velocity. */
    public static final Velocity ZERO = new Velocity(0, 0);
  }

  /**
   * A pointer state as the phone's HID stack received it, before platform rules decide what it
   * does.
   *
   * @param atNanos phone clock reading
   * @param kind the pointer kind it arrived as
   * @param x horizontal position, normalized
   * @param y vertical position, normalized
   * @param pressed whether the finger touched (button down)
   */
  public record PointerSample(
      long atNanos, PointerKind kind, double x, double y, boolean pressed) {}

  /** The system UI drawn over the app (iOS with {@code input=rig}), or none. */
  public enum SystemUi {
    /** The app is shown. */
    NONE,
    /** Notification Center: pushed or dwelt at the top edge or the top-left corner. */
    NOTIFICATION_CENTER,
    /** Control Center: pushed or dwelt at the top-right corner. */
    CONTROL_CENTER,
    /** The Home screen: pushed past the bottom edge. */
    HOME_SCREEN,
    /** The App Switcher: dwelt at the bottom edge. */
    APP_SWITCHER
  }

  /**
   * A change of the system UI shown.
   *
   * @param atNanos phone clock reading
   * @param shown what shows from then on
   */
  public record SystemUiChange(long atNanos, SystemUi shown) {}

  /**
   * The mouse pointer as it truly is, for scoring where a tap will land.
   *
   * @param xPx where a press lands, frame pixels
   * @param yPx where a press lands, frame pixels
   * @param xNorm the same, normalized
   * @param yNorm the same, normalized
   * @param drawn whether the phone draws its pointer now
   * @param tipXPx where the drawn pointer's tip (an arrow's point, a circle's centre) is
   * @param tipYPx the same, vertical (below the landing point by the tap offset)
   * @param pressed whether the button is down as the phone sees it
   */
  public record Pointer(
      double xPx,
      double yPx,
      double xNorm,
      double yNorm,
      boolean drawn,
      double tipXPx,
      double tipYPx,
      boolean pressed) {}

  /** What a touch contact reached. */
  public enum Receiver {
    /** The app (its scene or the on-screen keyboard). */
    APP,
    /** The system UI drawn over the app (Notification Center and the like). */
    SYSTEM_UI
  }

  /** The phase of a touch contact. */
  public enum Phase {
    /** The contact began. */
    DOWN,
    /** The contact moved. */
    MOVE,
    /** The contact ended. */
    UP
  }

  /**
   * A touch as the phone truly took it, after its input rules (ignored reports and dropped clicks
   * leave no event): the truth tap and drag scores are measured against.
   *
   * @param atNanos phone clock reading
   * @param phase down, move or up
   * @param kind the pointer kind it arrived as
   * @param receiver what it reached
   * @param xPx where, frame pixels
   * @param yPx where, frame pixels
   * @param xNorm the same, normalized
   * @param yNorm the same, normalized
   */
  public record TouchEvent(
      long atNanos,
      Phase phase,
      PointerKind kind,
      Receiver receiver,
      double xPx,
      double yPx,
      double xNorm,
      double yNorm) {}
}
