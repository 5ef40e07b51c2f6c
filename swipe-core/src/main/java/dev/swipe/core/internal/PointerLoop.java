package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormSpace;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.RelativePointing;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A relative pointer steered by the frames: before a press, the pointer is found where the phone
 * draws it, moved toward the target with reports of one size and pace (so that the phone's
 * per-report acceleration acts as one linear gain, learned from what the frames show), checked,
 * corrected, and only then handed to the transport as its anchor, so the press lands where the
 * frames say the pointer is. It never homes into a corner or pushes into an edge, which on an
 * iPhone opens Notification Center, Control Center or the Home screen.
 *
 * <p>The pointer is found by its motion ({@link CursorFinder}), so its look is not assumed. The
 * last move onto the target always comes from a staging point a few pointer sizes away, so the
 * pointer's old and new images never overlap and its new place is seen clearly. A phone that draws
 * no pointer leaves the transport to dead-reckon as before.
 */
final class PointerLoop {
  /** Counts per report while travelling: a middle size, where the gain changes slowly with size. */
  static final int TRAVEL_STEP = 16;

  /** Counts per report on the last approach: small, so one report moves a few pixels. */
  static final int APPROACH_STEP = 5;

  /** Time between two reports of a move, so every report but the first is paced alike. */
  static final long PACE_NANOS = 15_000_000L;

  /** Reports in each leg of the wiggle that finds a pointer whose place is unknown. */
  static final int WIGGLE_REPORTS = 6;

  /** Searches without a pointer seen before the phone is taken to draw none. */
  static final int MAX_FAILED_SEARCHES = 2;

  /** Moves and checks before a press: enough for a staging and two corrections. */
  static final int MAX_ROUNDS = 4;

  /**
   * How far the press lands above the drawn tip, in pixels of a 1080-line capture: iOS's pointer
   * presses a few pixels above the tip it draws (0-8 measured), so the tip is aimed that far below.
   * Android presses at its arrow's tip, so there the aim is this much low; the relative pointer is
   * the one an iPhone needs, so its habit is the one followed (the frames cannot tell them apart).
   */
  static final double TAP_OFFSET_1080 = 5;

  /**
   * An approach report's reach against a travel report's before the approach size is seen: the
   * measured iPad moves 0.58 pt per count in reports of 5 and 0.87 in reports of 16.
   */
  static final double APPROACH_RATIO = (0.58 * APPROACH_STEP) / (0.87 * TRAVEL_STEP);

  /**
   * How far off a gain may be before it is seen for this move, as a share of the move: one learned
   * from a wiggle of another report size, or recalled from another session, misses by up to half.
   */
  static final double GAIN_DOUBT = 0.6;

  /** The first report of a burst after a pause moves less than a paced one, by about this much. */
  static final double ISOLATED_RATIO = 0.87;

  /**
   * A drag shorter than this, in normalized units (a share of the screen along each axis), is never
   * rehearsed: a tap, a catch, a wheel's nudge of a few rows, whose outcome the wheel reads anyway.
   */
  static final double REHEARSED_SPAN = 250;

  /** Drags whose reports come this many milliseconds apart, rounded, share a rehearsal. */
  static final double PACE_BUCKET_MS = 5;

  /**
   * Steps of a drag's direction, from along an axis to diagonal, that share a rehearsal: a diagonal
   * report carries more counts than an axis-aligned one of the same step (up to 7 for 5), and iOS
   * accelerates a report by its length.
   */
  static final int DIRECTION_STEPS = 4;

  /**
   * A rehearsed drag that went within this share of what the approach gain planned showed nothing
   * to correct.
   */
  static final double PLAIN_SHARE = 0.03;

  private final RelativePointing pointing;
  private final MeasuredLagSource capture;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Duration captureTimeout;
  private final PointerTrack track;
  private final Gain travel = new Gain(() -> 20);
  private final Gain approach = new Gain(() -> travel.perReport() * APPROACH_RATIO);

  /**
   * By the kind of drag ({@link #rehearsalKey}): the frame pixels per count a rehearsed drag's
   * reports went.
   */
  private final Map<Long, Double> dragGains = new HashMap<>();

  /**
   * Whether rehearsals went as planned for a slanted drag (whose reports are longer than the loop's
   * own) and for one at another pace than the loop's: a pointer that moves every count alike
   * (Android's) then needs no more rehearsals, each costing a drag's time and a look.
   */
  private boolean plainSlanted;

  private boolean plainPaced;

  /** Whether a rehearsal found a drag going other than planned: every new kind is rehearsed. */
  private boolean accelerated;

  /** Where the drawn tip is believed to be, frame pixels; NaN while unknown. */
  private double tipX = Double.NaN;

  private double tipY = Double.NaN;

  /** The pointer's drawn image, once seen. */
  private Look cursor = Look.NONE;

  private int frameW;
  private int frameH;

  /**
   * Searches that found no drawn pointer; after {@link #MAX_FAILED_SEARCHES} the phone is taken to
   * draw none and the transport dead-reckons from then on.
   */
  private int failedSearches;

  /** The latest frame taken, grey, with the pointer at the believed tip. */
  private @Nullable GreyRaster lastSeen;

  /** Frame pixels per pixel of the grey rasters (2 on a large frame, halved to read faster). */
  private double rasterScale = 1;

  /** What an earlier session on this rig learned, until the first frame gives its scale. */
  private RigMemory.@Nullable Learned recalled;

  /** Whether this loop measured the capture's lag (a recalled lag is measured again). */
  private boolean lagMeasured;

  PointerLoop(
      RelativePointing pointing,
      MeasuredLagSource capture,
      Ticker ticker,
      Sleeper sleeper,
      Duration captureTimeout) {
    this.pointing = pointing;
    this.capture = capture;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.captureTimeout = captureTimeout;
    this.track = new PointerTrack(() -> capture.latency().toNanos());
  }

  /**
   * Starts from what an earlier session on this rig learned: its gains become one more sight of
   * each (scaled to this capture's frame height once a frame is seen), so this session's sights
   * refine them.
   */
  void recall(RigMemory.Learned learned) {
    this.recalled = learned.hasGain() ? learned : null;
  }

  /** What this loop knows now, to keep for the next session on this rig. */
  RigMemory.Learned learned() {
    MeasuredLagSource.Measured m = capture.measured();
    return new RigMemory.Learned(
        frameH,
        travel.first(),
        travel.paced(),
        approach.first(),
        approach.paced(),
        m == null ? null : m.lag(),
        m == null ? null : m.frameInterval());
  }

  /** Where the pointer would press now, when its place is known. */
  Optional<NormPoint> pressPoint() {
    if (Double.isNaN(tipX)) {
      return Optional.empty();
    }
    return Optional.of(
        NormPoint.of(
            clampUnit(NormSpace.toNorm(tipX, frameW)),
            clampUnit(NormSpace.toNorm(tipY - TAP_OFFSET_1080 * frameH / 1080.0, frameH))));
  }

  /** Where this loop put the pointer, over time, for comparisons that leave its image out. */
  PointerTrack track() {
    return track;
  }

  /**
   * Brings the pointer's press point to {@code target} and anchors the transport there.
   *
   * @return false when no drawn pointer could be found (the transport then dead-reckons)
   * @throws InterruptedException when interrupted between reports
   */
  boolean place(NormPoint target) throws InterruptedException {
    return place(target, null);
  }

  /**
   * Brings the pointer's press point to {@code target}, where {@code gesture} (null for none) will
   * press first, and anchors the transport there. A drag goes in approach-size reports at the pace
   * of its own events, and a phone that accelerates its pointer by pace moves those reports another
   * distance than the loop's evenly paced ones: a gain learned over short moves at another pace was
   * a tenth off, which left a carousel's page short of its switch. So the first long drag of each
   * pace and direction is played once without pressing, its end found in the frames, and the
   * pointer brought back: the drag's reports then take the distance per count that rehearsal
   * showed.
   *
   * @return false when no drawn pointer could be found (the transport then dead-reckons)
   * @throws InterruptedException when interrupted between reports
   */
  boolean place(NormPoint target, @Nullable Timeline gesture) throws InterruptedException {
    if (Double.isNaN(tipX)) {
      if (failedSearches >= MAX_FAILED_SEARCHES) {
        return false;
      }
      if (!locate()) {
        failedSearches++;
        return false;
      }
      failedSearches = 0;
    }
    double aimX = NormSpace.toPixel(target.x(), frameW);
    double aimY = NormSpace.toPixel(target.y(), frameH) + TAP_OFFSET_1080 * frameH / 1080.0;
    steer(aimX, aimY);
    long kind = gesture == null ? -1 : rehearsalKey(gesture);
    boolean linear = !accelerated && plainSlanted && plainPaced;
    if (gesture != null && kind >= 0 && !linear && !dragGains.containsKey(kind)) {
      rehearse(gesture, kind);
      steer(aimX, aimY);
    }
    Double rehearsed = dragGains.get(kind);
    // the gesture's own moves go in approach-size reports, whose gain is the best known and which
    // keep a short drag (a wheel's one-row nudge) to its length
    anchor(rehearsed != null ? rehearsed : approach.perReport() / APPROACH_STEP);
    return true;
  }

  /**
   * Anchors the transport at the press point, the gesture's reports moving {@code pxPerCount} frame
   * pixels per count.
   */
  private void anchor(double pxPerCount) {
    NormPoint pressAt = pressPoint().orElseThrow();
    pointing.anchor(
        pressAt,
        1 / (pxPerCount * NormSpace.unitsPerPixel(frameW)),
        1 / (pxPerCount * NormSpace.unitsPerPixel(frameH)),
        APPROACH_STEP);
  }

  /**
   * Moves the tip to {@code aimX, aimY} (frame pixels): from a staging point a few pointer sizes
   * away, checked and corrected in up to {@link #MAX_ROUNDS} rounds.
   */
  private void steer(double aimX, double aimY) throws InterruptedException {
    double tolerance = Math.max(2.5 * rasterScale, approach.perReport() * 0.75);
    double stage = Math.max(2.5 * cursor.size(), 0.06 * Math.min(frameW, frameH));
    for (int round = 0; round < MAX_ROUNDS; round++) {
      double ex = aimX - tipX;
      double ey = aimY - tipY;
      if (Math.abs(ex) <= tolerance && Math.abs(ey) <= tolerance) {
        break;
      }
      double dist = Math.hypot(ex, ey);
      double sx;
      double sy;
      if (dist > 1e-9) {
        sx = aimX - ex / dist * stage;
        sy = aimY - ey / dist * stage;
      } else {
        sx = aimX;
        sy = aimY - stage;
      }
      if (dist < stage * 0.9 || !safe(sx, sy)) {
        // too close to approach from the pointer's side: back off toward the screen's middle
        double mx = frameW / 2.0 - aimX;
        double my = frameH / 2.0 - aimY;
        double m = Math.max(Math.hypot(mx, my), 1e-9);
        sx = aimX + mx / m * stage;
        sy = aimY + my / m * stage;
      }
      double toStage = Math.hypot(sx - tipX, sy - tipY);
      // a move shorter than the pointer's size leaves its old and new images as one blob, whose
      // middle is neither; from a tip already a staging distance away, the approach is direct
      boolean overlapping = toStage < 1.5 * cursor.size() && dist >= stage * 0.9;
      if (toStage > tolerance && !overlapping) {
        boolean far = toStage > 2 * stage;
        moveSeen(sx, sy, far ? travel : approach, far ? TRAVEL_STEP : APPROACH_STEP);
      }
      moveSeen(aimX, aimY, approach, APPROACH_STEP);
    }
  }

  /**
   * The kind of drag {@code gesture} is, when it is a long drag that keeps clear of the edges that
   * open system UI: its pressed events' mean spacing in steps of {@link #PACE_BUCKET_MS}, and the
   * direction to its farthest point in {@link #DIRECTION_STEPS} steps from an axis to a diagonal;
   * -1 for a tap, a short drag or one that reaches an edge.
   */
  private long rehearsalKey(Timeline gesture) {
    @Nullable NormPoint from = null;
    double span = 0;
    double farX = 0;
    double farY = 0;
    long first = -1;
    long last = -1;
    int count = 0;
    for (TimelineEvent e : gesture.events()) {
      if (!(e instanceof PointerEvent p) || (from == null && !p.pressed())) {
        continue;
      }
      if (!safe(
          NormSpace.toPixel(p.point().x(), frameW), NormSpace.toPixel(p.point().y(), frameH))) {
        return -1;
      }
      if (from == null) {
        first = e.offsetNanos();
        from = p.point();
      }
      last = e.offsetNanos();
      count++;
      double reach = Math.hypot(p.point().x() - from.x(), p.point().y() - from.y());
      if (reach > span) {
        span = reach;
        farX = Math.abs(p.point().x() - from.x()) / NormSpace.unitsPerPixel(frameW);
        farY = Math.abs(p.point().y() - from.y()) / NormSpace.unitsPerPixel(frameH);
      }
    }
    if (count < 2 || span < REHEARSED_SPAN) {
      return -1;
    }
    long pace = Math.round((double) (last - first) / (count - 1) / 1e6 / PACE_BUCKET_MS);
    double slant = Math.atan2(Math.min(farX, farY), Math.max(farX, farY)) / (Math.PI / 4);
    return pace * (DIRECTION_STEPS + 1) + Math.round(slant * DIRECTION_STEPS);
  }

  /**
   * Plays {@code gesture}'s pointer events from the first press on without pressing, at their own
   * offsets and in the whole reports the anchored transport would send, then finds where the
   * pointer went and keeps the pixels per count it went for drags of its {@code kind}.
   */
  private void rehearse(Timeline gesture, long kind) throws InterruptedException {
    double pxPerCount = approach.perReport() / APPROACH_STEP;
    double countsPerUnitX = 1 / (pxPerCount * NormSpace.unitsPerPixel(frameW));
    double countsPerUnitY = 1 / (pxPerCount * NormSpace.unitsPerPixel(frameH));
    NormPoint from = pressPoint().orElseThrow();
    long countX = Math.round(from.x() * countsPerUnitX);
    long countY = Math.round(from.y() * countsPerUnitY);
    long startX = countX;
    long startY = countY;
    GreyRaster before = lastSeen != null ? lastSeen : grab();
    long start = ticker.read();
    long first = -1;
    List<TimelineEvent> events = gesture.events();
    for (int i = 0; i < events.size(); i++) {
      if (!(events.get(i) instanceof PointerEvent p) || (first < 0 && !p.pressed())) {
        continue;
      }
      if (first < 0) {
        first = p.offsetNanos();
      }
      long wait = start + p.offsetNanos() - first - ticker.read();
      if (wait > 0) {
        sleeper.sleep(wait);
      }
      long tx = Math.round(p.point().x() * countsPerUnitX);
      long ty = Math.round(p.point().y() * countsPerUnitY);
      for (RelativePointing.Counts c :
          RelativePointing.wholeReports(tx - countX, ty - countY, APPROACH_STEP)) {
        pointing.move(c.dx(), c.dy());
        countX += c.dx();
        countY += c.dy();
      }
    }
    double plannedX = (countX - startX) * pxPerCount;
    double plannedY = (countY - startY) * pxPerCount;
    double planned = Math.hypot(plannedX, plannedY);
    Sighting seen = sight(before, tipX + plannedX, tipY + plannedY, planned);
    if (seen == null) {
      return;
    }
    double sx = seen.x();
    double sy = seen.y();
    double ratio = ((sx - tipX) * plannedX + (sy - tipY) * plannedY) / (planned * planned);
    if (planned >= 1 && ratio > 1 - GAIN_DOUBT && ratio < 1 + GAIN_DOUBT && !nearEdge(sx, sy)) {
      dragGains.put(kind, pxPerCount * ratio);
      if (Math.abs(ratio - 1) >= PLAIN_SHARE) {
        accelerated = true;
      } else {
        long pace = kind / (DIRECTION_STEPS + 1);
        plainSlanted |= kind % (DIRECTION_STEPS + 1) >= DIRECTION_STEPS / 2;
        plainPaced |=
            Math.abs(pace * PACE_BUCKET_MS * 1e6 - PACE_NANOS) >= 2 * PACE_BUCKET_MS * 1e6;
      }
    }
    seenAt(seen);
  }

  /**
   * A gesture was played from the placed pointer: its press points went out at {@code start +
   * actual[i]}. The drawn tip is believed below the last one, and every point is noted in the
   * track, marked wider the farther the pointer went since it was last seen.
   */
  void played(Timeline timeline, long start, long[] actual) {
    if (Double.isNaN(tipX)) {
      return;
    }
    List<TimelineEvent> events = timeline.events();
    double offset = TAP_OFFSET_1080 * frameH / 1080.0;
    double fromX = tipX;
    double fromY = tipY;
    double unseen = 0;
    for (int i = 0; i < events.size() && i < actual.length; i++) {
      if (events.get(i) instanceof PointerEvent p) {
        double x = NormSpace.toPixel(p.point().x(), frameW);
        double y = NormSpace.toPixel(p.point().y(), frameH) + offset;
        unseen += Math.hypot(x - fromX, y - fromY);
        fromX = x;
        fromY = y;
        track.at(start + actual[i], x, y, reach(unseen));
        tipX = x;
        tipY = y;
      }
    }
    lastSeen = null;
  }

  /** {@link #reach(Look, int, double, double)} of this loop's pointer and frames. */
  private PointerTrack.Reach reach(double unseenTravel) {
    return reach(cursor, frameH, rasterScale, unseenTravel);
  }

  /**
   * How far around the tip the image of {@code cursor} may reach in frames {@code frameH} pixels
   * high, read from rasters of {@code rasterScale} frame pixels a pixel, after it went {@code
   * unseenTravel} pixels unseen: the image as the search saw it (a circle around its middle, an
   * arrow below and right of its tip; its size every way when the screen's edge cut it off), a
   * margin for its soft edge, and a share of the distance it went unseen (a predicted place drifts
   * with the gain's error).
   *
   * <p>Not the image's size every way: that marked four times the pointer's area, and on a narrow
   * wheel column the pointer resting on it then covered most of the rows read, so a one-row turn
   * left under the 1% that {@code changed} asks of the column (found by the honesty benchmark on an
   * iPhone rig).
   */
  static PointerTrack.Reach reach(
      Look cursor, int frameH, double rasterScale, double unseenTravel) {
    double margin = 4 * frameH / 1080.0 + 2 * rasterScale + 0.05 * unseenTravel;
    if (!cursor.whole()) {
      return PointerTrack.Reach.around(cursor.size() + margin);
    }
    return new PointerTrack.Reach(
        cursor.left() + margin,
        cursor.up() + margin,
        cursor.right() + margin,
        cursor.down() + margin);
  }

  /**
   * Whether the frames show the pointer: where it was last seen, or found now by a wiggle.
   *
   * @throws InterruptedException when interrupted between reports
   */
  boolean shows() throws InterruptedException {
    if (!Double.isNaN(tipX)) {
      return true;
    }
    if (locate()) {
      failedSearches = 0;
      return true;
    }
    return false;
  }

  /** Forgets where the pointer is (after a failure): the next press looks for it again. */
  void lost() {
    if (!Double.isNaN(tipX)) {
      track.unknown(ticker.read());
    }
    tipX = Double.NaN;
    tipY = Double.NaN;
    lastSeen = null;
  }

  private static double clampUnit(double v) {
    return Math.max(0, Math.min(NormSpace.MAX, v));
  }

  /** Whether a point keeps clear of the edges and corners that open system UI. */
  private boolean safe(double x, double y) {
    double mx = 0.04 * frameW;
    double my = 0.05 * frameH;
    return x >= mx && x <= frameW - 1 - mx && y >= my && y <= frameH - 1 - my;
  }

  /**
   * Finds a pointer whose place is unknown: a horizontal wiggle there, back and there again (never
   * vertical, so the top and bottom edges are never pushed), judged across three frames.
   */
  private boolean locate() throws InterruptedException {
    for (int dir : new int[] {1, -1}) {
      if (!lagMeasured) {
        // two frames of the pointer at rest, then one report timed against the frames (one, so
        // that a phone drawing its pointer only where it stops shows the same moment), then the
        // rest of the leg
        Frame first = capture.grab(ticker.read(), captureTimeout);
        Frame second = LagProbe.next(capture, first.captureNanos(), captureTimeout);
        long sent = ticker.read();
        pointing.move(dir * TRAVEL_STEP, 0);
        measureLag(
            decode(first), decode(second), second.captureNanos() - first.captureNanos(), sent);
        burst(dir * TRAVEL_STEP, 0, WIGGLE_REPORTS - 1, 0);
      } else {
        burst(dir * TRAVEL_STEP, 0, WIGGLE_REPORTS, 0);
      }
      GreyRaster there = grab();
      burst(-dir * TRAVEL_STEP, 0, WIGGLE_REPORTS, 0);
      GreyRaster back = grab();
      burst(dir * TRAVEL_STEP, 0, WIGGLE_REPORTS, 0);
      GreyRaster again = grab();
      int min = (int) Math.max(4, 8 * frameH / 1080.0 / rasterScale);
      int max = (int) Math.ceil(90 * frameH / 1080.0 / rasterScale);
      CursorFinder.Blob[] seen = CursorFinder.wiggled(back, there, again, dir, min, max);
      if (seen != null) {
        CursorFinder.Blob best = seen[0];
        CursorFinder.Blob pair = seen[1];
        tipX = best.hotX() * rasterScale;
        tipY = best.hotY() * rasterScale;
        // its look from an image the screen's edge did not cut off, when the wiggle saw one
        CursorFinder.Blob image = best.cut(again.width(), again.height()) ? pair : best;
        cursor = Look.of(image, rasterScale, !image.cut(again.width(), again.height()));
        travel.observeFirst(WIGGLE_REPORTS, Math.abs(best.hotX() - pair.hotX()) * rasterScale);
        lastSeen = again;
        // the wiggle went there and back before it went again: 'back' shows where it had rested
        track.restedAt(pair.hotX() * rasterScale, pair.hotY() * rasterScale, reach(0));
        track.at(ticker.read(), tipX, tipY, reach(0));
        return true;
      }
    }
    return false;
  }

  /**
   * Moves the tip to {@code x, y} with reports of {@code step} counts, whose reach {@code gain}
   * knows, and updates the tip from the frames: the pointer's new image nearest the prediction (see
   * {@link #pointerAmong}); when none is seen, the prediction stands.
   */
  private void moveSeen(double x, double y, Gain gain, int step) throws InterruptedException {
    double dx = x - tipX;
    double dy = y - tipY;
    int nx = gain.reportsFor(Math.abs(dx), true);
    int ny = gain.reportsFor(Math.abs(dy), nx == 0);
    if (nx == 0 && ny == 0) {
      return;
    }
    GreyRaster before = lastSeen != null ? lastSeen : grab();
    burst((int) Math.signum(dx) * step, (int) Math.signum(dy) * step, nx, ny);
    double predictX = tipX + Math.signum(dx) * gain.distance(nx, true);
    double predictY = tipY + Math.signum(dy) * gain.distance(ny, nx == 0);
    Sighting seen = sight(before, predictX, predictY, Math.hypot(dx, dy));
    if (seen == null) {
      return;
    }
    double sx = seen.x();
    double sy = seen.y();
    if (nx > 0 && !nearEdge(sx, sy)) {
      gain.observeFirst(nx, Math.abs(sx - tipX));
    }
    if (ny > 0 && !nearEdge(sx, sy)) {
      if (nx == 0) {
        gain.observeFirst(ny, Math.abs(sy - tipY));
      } else {
        gain.observePaced(ny, Math.abs(sy - tipY));
      }
    }
    seenAt(seen);
  }

  /** Where a move put the pointer's tip (frame pixels), seen in {@code rested}. */
  private record Sighting(double x, double y, GreyRaster rested) {}

  /**
   * After a move from the believed tip that should have put it at {@code predictX, predictY}: the
   * pointer's new image (see {@link #pointerAmong}) in two frames taken now against {@code before}.
   * When none is seen, nothing moved where a pointer could be: the prediction stands, marked as
   * gone {@code unseen} pixels unseen, and the next move looks afresh.
   *
   * @return where it was seen (the tip not yet moved there: see {@link #seenAt}), or null
   */
  private @Nullable Sighting sight(
      GreyRaster before, double predictX, double predictY, double unseen) {
    GreyRaster moved = grab();
    GreyRaster rested = grab();
    int min = (int) Math.max(3, 0.6 * cursor.size() / rasterScale);
    int max = (int) Math.ceil(1.6 * cursor.size() / rasterScale) + 2;
    CursorFinder.Blob seen =
        pointerAmong(
            CursorFinder.moved(before, moved, rested, min, max),
            rasterScale,
            cursor,
            tipX,
            tipY,
            predictX,
            predictY);
    if (seen == null) {
      track.at(ticker.read(), predictX, predictY, reach(unseen));
      tipX = predictX;
      tipY = predictY;
      lastSeen = null;
      return null;
    }
    return new Sighting(seen.hotX() * rasterScale, seen.hotY() * rasterScale, rested);
  }

  /** Takes the tip to where {@code s} saw it. */
  private void seenAt(Sighting s) {
    tipX = s.x();
    tipY = s.y();
    lastSeen = s.rested();
    track.at(ticker.read(), s.x(), s.y(), reach(0));
  }

  /**
   * Which of the {@code blobs} (raster pixels, {@code rasterScale} frame pixels a pixel) that
   * changed when the pointer {@code cursor} was moved from its tip at {@code tipX, tipY} (frame
   * pixels) is its new image: the one nearest where it was predicted, but not the image it left,
   * and none farther from the prediction than a gain off by {@link #GAIN_DOUBT} of the move (plus
   * twice the pointer's size) would put it; null when none is. Content moving under the pointer (a
   * list still coasting when a fling is caught) leaves blobs of text everywhere: taking the nearest
   * however far, the loop once believed a glyph across the screen was the pointer and steered the
   * real one into the bottom edge, which opened the Home screen.
   */
  static CursorFinder.@Nullable Blob pointerAmong(
      List<CursorFinder.Blob> blobs,
      double rasterScale,
      Look cursor,
      double tipX,
      double tipY,
      double predictX,
      double predictY) {
    CursorFinder.Blob seen = null;
    double bestDistance = Double.MAX_VALUE;
    double plausible =
        GAIN_DOUBT * Math.hypot(predictX - tipX, predictY - tipY) + 2 * cursor.size();
    for (CursorFinder.Blob b : blobs) {
      double bx = b.hotX() * rasterScale;
      double by = b.hotY() * rasterScale;
      if (Math.hypot(bx - tipX, by - tipY) < 0.5 * cursor.size()) {
        continue; // where the pointer was: the image it left
      }
      double d = Math.hypot(bx - predictX, by - predictY);
      if (d > plausible) {
        continue;
      }
      if (d < bestDistance) {
        bestDistance = d;
        seen = b;
      }
    }
    return seen;
  }

  /**
   * The pointer's drawn image as a search saw it, frame pixels from its tip each way: a circle lies
   * around its middle, an arrow below and right of its tip.
   *
   * @param whole false when the screen's edge cut the image off, so that its sides say little of
   *     where the rest of it lies
   */
  record Look(double left, double up, double right, double down, boolean whole) {
    /** No pointer seen yet. */
    static final Look NONE = new Look(0, 0, 0, 0, true);

    /** The whole image of {@code blob}, found on a raster of {@code scale} frame pixels a pixel. */
    static Look of(CursorFinder.Blob blob, double scale) {
      return of(blob, scale, true);
    }

    /** The image of {@code blob}, {@code whole} or cut off by the screen's edge. */
    static Look of(CursorFinder.Blob blob, double scale, boolean whole) {
      return new Look(
          (blob.hotX() - blob.minX()) * scale,
          (blob.hotY() - blob.minY()) * scale,
          (blob.maxX() + 1 - blob.hotX()) * scale,
          (blob.maxY() + 1 - blob.hotY()) * scale,
          whole);
    }

    double width() {
      return left + right;
    }

    double height() {
      return up + down;
    }

    /** The larger side. */
    double size() {
      return Math.max(width(), height());
    }
  }

  /** Measures the capture's lag from one report ({@link LagProbe}). */
  private void measureLag(GreyRaster rest, GreyRaster still, long intervalNanos, long sentNanos) {
    int min = (int) Math.max(4, 8 * frameH / 1080.0 / rasterScale);
    int max = (int) Math.ceil(90 * frameH / 1080.0 / rasterScale);
    lagMeasured |=
        LagProbe.measure(
            capture, this::decode, captureTimeout, rest, still, intervalNanos, sentNanos, min, max);
  }

  /** Whether the pointer may have been stopped by the screen's edge (its move then says less). */
  private boolean nearEdge(double x, double y) {
    double m = 3 * rasterScale;
    return x < m || y < m || x > frameW - 1 - m || y > frameH - 1 - m;
  }

  /** Sends {@code nx} reports of {@code stepX} and then {@code ny} of {@code stepY}, paced. */
  private void burst(int stepX, int stepY, int nx, int ny) throws InterruptedException {
    int sent = 0;
    for (int i = 0; i < nx + ny; i++) {
      if (sent++ > 0) {
        sleeper.sleep(PACE_NANOS);
      }
      if (i < nx) {
        pointing.move(stepX, 0);
      } else {
        pointing.move(0, stepY);
      }
    }
  }

  /** A frame taken after everything sent so far shows, grey (halved on a large frame). */
  private GreyRaster grab() {
    return decode(capture.grab(ticker.read(), captureTimeout));
  }

  /** A frame, grey (halved on a large frame). */
  private GreyRaster decode(Frame f) {
    frameW = f.width();
    frameH = f.height();
    if (recalled != null) {
      double scale = (double) frameH / recalled.frameHeight();
      travel.prior(recalled.travelFirst() * scale, recalled.travel() * scale);
      approach.prior(recalled.approachFirst() * scale, recalled.approach() * scale);
      recalled = null;
    }
    DecodeOptions options = f.height() > 1400 ? DecodeOptions.FOR_DIFF : DecodeOptions.DEFAULT;
    try {
      GreyRaster g = ImageDecoder.decode(f.jpeg(), options);
      rasterScale = g.scaleX();
      return g;
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * The pixels one size of report moves the pointer: {@code first} for a burst's first report after
   * a pause, {@code paced} for the ones that follow, learned by least squares from what the frames
   * showed, with the first assumed {@link #ISOLATED_RATIO} of the paced until both are seen.
   */
  static final class Gain {
    private final List<double[]> rows = new ArrayList<>();
    private final DoubleSupplier unseen;
    private double first = Double.NaN;
    private double paced = Double.NaN;

    /**
     * @param unseen pixels per paced report until one is seen
     */
    Gain(DoubleSupplier unseen) {
      this.unseen = unseen;
    }

    /** A burst of {@code n} reports that began after a pause moved {@code px}. */
    void observeFirst(int n, double px) {
      rows.add(new double[] {1, n - 1, px});
      fit();
    }

    /** {@code n} paced reports (after others in the same burst) moved {@code px}. */
    void observePaced(int n, double px) {
      rows.add(new double[] {0, n, px});
      fit();
    }

    /**
     * One sight of each kind as an earlier session learned them: {@code first} for a burst's first
     * report, {@code paced} for the others; a value that is not a positive number is left out.
     */
    void prior(double first, double paced) {
      if (Double.isFinite(first) && first > 0) {
        rows.add(new double[] {1, 0, first});
      }
      if (Double.isFinite(paced) && paced > 0) {
        rows.add(new double[] {0, 1, paced});
      }
      fit();
    }

    /** Pixels the first report of a burst moves, as learned; NaN before a sight. */
    double first() {
      return first;
    }

    /** Pixels each later report moves, as learned; NaN before a sight. */
    double paced() {
      return paced;
    }

    /** Pixels per paced report. */
    double perReport() {
      return Double.isNaN(paced) ? unseen.getAsDouble() : paced;
    }

    /** How far {@code n} reports move, {@code first} when they begin a burst. */
    double distance(int n, boolean leading) {
      if (n <= 0) {
        return 0;
      }
      double p = perReport();
      double f = Double.isNaN(first) ? ISOLATED_RATIO * p : first;
      return leading ? f + p * (n - 1) : p * n;
    }

    /** The number of reports whose distance comes nearest {@code px}. */
    int reportsFor(double px, boolean leading) {
      double p = perReport();
      double offset = leading ? distance(1, true) - p : 0; // distance(n) = offset + n * p
      int n = (int) Math.min(10_000, Math.max(1, Math.round((px - offset) / p)));
      // staying put is nearer than the fewest reports would go
      return Math.abs(distance(n, leading) - px) > px ? 0 : n;
    }

    /**
     * Least squares for (first, paced) over the rows, with the prior first = ratio * paced as one
     * more row, so one kind of sight is enough.
     */
    private void fit() {
      double s11 = 1;
      double s12 = -ISOLATED_RATIO;
      double s22 = ISOLATED_RATIO * ISOLATED_RATIO;
      double t1 = 0;
      double t2 = 0;
      for (double[] r : rows) {
        s11 += r[0] * r[0];
        s12 += r[0] * r[1];
        s22 += r[1] * r[1];
        t1 += r[0] * r[2];
        t2 += r[1] * r[2];
      }
      double det = s11 * s22 - s12 * s12;
      if (Math.abs(det) < 1e-9) {
        return;
      }
      double f = (t1 * s22 - t2 * s12) / det;
      double p = (s11 * t2 - s12 * t1) / det;
      if (p > 0) {
        paced = p;
        first = Math.max(0.3 * p, Math.min(1.5 * p, f));
      }
    }
  }
}
