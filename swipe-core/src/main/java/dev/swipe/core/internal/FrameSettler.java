package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.FrameStability;
import dev.swipe.diff.internal.ImageDecoder;
import dev.swipe.diff.internal.StabilityResult;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The settling gate: re-capture until consecutive frames stay equal within JPEG noise for a quiet
 * window ({@link #QUIET_NANOS} of capture time, or {@link #QUIET_FRAMES} frames from a fast source;
 * a wheel nudge asks for {@link Quiet#PICKER}), bounded in time. Only a passed gate yields {@code
 * settled = true}; a screen that never rests (a spinner, a ticking clock) returns its latest frame
 * unsettled when the bound expires, never hangs.
 *
 * <p>Why a window and not just two frames: the end of a spring or deceleration moves content by
 * less than a pixel per frame, so two frames in a row can be equal while the content still has a
 * pixel to go; found on the simulator's iOS bounce-back, where it made a scroll at the top edge
 * look like a move.
 */
final class FrameSettler {
  /**
   * What settling produced and what it cost.
   *
   * @param motion the last consecutive frame pairs that differed, to read a large move's axis
   * @param focusSettled whether the focus region (the whole screen when none was given) stayed
   *     equal over the quiet window up to the returned frame: true for a settled screen, and for a
   *     scroll band that rests while a clock ticks or a caret blinks elsewhere
   */
  public record Settled(
      Observation observation,
      int frames,
      long waitNanos,
      MotionTrail motion,
      boolean focusSettled) {}

  /** Looks at each frame while settling; returning true ends the wait at that frame. */
  @FunctionalInterface
  public interface Watcher {
    /** Whether to stop waiting at this frame (its diff raster is given, already decoded). */
    boolean stopAt(Frame frame, GreyRaster greyForDiff);
  }

  private final FrameSource capture;
  private final AttachmentRegistry attachments;
  private final Ticker ticker;
  private final Duration captureTimeout;
  private final MotionLog log;

  /** Frames must stay equal at least this long (capture time) to count as settled... */
  static final long QUIET_NANOS = 150_000_000L;

  /** ...or over this many consecutive frames, for sources that deliver faster than 30 fps. */
  static final int QUIET_FRAMES = 5;

  /**
   * A frame that arrives this much later than the moment it shows (beyond the source's latency and
   * its usual delivery delay, see {@link DeliveryDelays}) adds no watched quiet time: see {@code
   * QuietRun}.
   */
  static final long LATE_NANOS = 150_000_000L;

  private final DeliveryDelays deliveries = new DeliveryDelays();

  /** The default quiet window, as a duration. */
  public static final Duration QUIET = Duration.ofNanos(QUIET_NANOS);

  /**
   * How long frames must stay equal once something moved.
   *
   * @param afterMotion the shortest quiet window after motion (a still screen keeps {@link #QUIET})
   * @param crawlFactor when positive, the window also lasts this many times the latest gap between
   *     two changes, so that a crawl whose steps come further and further apart is not declared
   *     settled between two of them
   * @param motionAtStart whether the gesture is known to have moved content, so that the first
   *     frame already counts as a change (a crawl can look still for 150 ms right after release)
   * @param crawlGaps how many of the latest gaps between changes the crawl factor looks at (the
   *     longest of them counts)
   * @param longestCrawlStep a gap between two changes longer than this is no crawl's step (a
   *     caret's blink, a clock's tick) and leaves the window at its floor
   * @param crawlGrace how much longer than the bound the gate waits when, as the bound runs out,
   *     the content is crawling (its changes come further and further apart) and has not rested
   *     yet; zero for none
   * @param timeOnly whether the window is only capture time: a fast source's frames do not end it
   *     sooner ({@link #QUIET_FRAMES} frames per {@link #QUIET})
   * @param spanFactor when positive, the window also lasts this many times the span of the motion
   *     seen (see {@code QuietRun}), so that an ease-out whose last pixels take a share of its time
   *     is not declared settled in its tail however long it coasts; only while the latest change
   *     was a sliver (see {@link Quiet#VISIBLE_STEP_SHARE})
   */
  public record Quiet(
      Duration afterMotion,
      double crawlFactor,
      boolean motionAtStart,
      int crawlGaps,
      Duration longestCrawlStep,
      Duration crawlGrace,
      boolean timeOnly,
      double spanFactor) {
    /** No gap is too long for a crawl's step. */
    static final Duration ANY_STEP = Duration.ofDays(1);

    /** Every action but a wheel nudge and a scroll: 150 ms (or five frames), crawl-blind. */
    public static final Quiet DEFAULT = new Quiet(QUIET, 0, false);

    /**
     * A scroll's verdict: 150 ms, or four times the longer of the latest two gaps between crawl
     * steps, and up to a bound more for a crawl still slowing down when the bound runs out. Found
     * on the simulator's iOS bounce-back (a critically damped spring of 8 to 14 rad/s): its last
     * whole-pixel steps come unevenly further apart (66, 34, then 166 ms; 100 then 200 ms), so a
     * 150 ms window, or three times the latest gap alone, passed between two of them with the
     * content still a pixel off the edge (the scroll read as moved), and after a long pull the
     * crawl outlasted the 1000 ms bound (read as unobserved). Gaps longer than 400 ms are not taken
     * for a crawl's steps, so a caret blinking in the band does not stretch the window.
     */
    public static final Quiet SCROLL =
        new Quiet(QUIET, 4, false, 2, Duration.ofMillis(400), Duration.ofMillis(1000));

    /**
     * A gesture that lifts while still moving (a fling, an inertial pan): half a second of capture
     * time from release or from the latest change, and at least as long as the motion seen so far.
     * The content coasts on an ease-out whose last pixels take longest, and only then does the page
     * do what it does at rest: a Leaflet map on a phone draws the tiles it skipped while moving
     * once the pan's inertia ends. The default window (passed in five frames of a fast screencast)
     * called such a map settled with part of it still blank (found by the honesty benchmark on
     * {@code chrome:}). A fixed window is beaten by a long enough coast: Leaflet's inertia eases
     * out as the fifth power of the time left and iOS's scroll decays exponentially, so their last
     * few pixels, steps too small for the noise-robust diff, take a share of the coast that grows
     * with its length (a third to a half of the motion seen before them). Where the latest change
     * was no such sliver (at least {@link #VISIBLE_STEP_SHARE} of the screen changed: whole-pixel
     * steps of a list, or motion that stopped dead, as Android's spline does) the diff sees
     * whatever moves, and the window is half a second or four times the longer of the latest two
     * gaps between changes: waiting the motion's length again there cost seconds on every long iOS
     * coast and a second on Android's. A coast that leaves the screen bare is another matter: see
     * {@link FrameSettler#emptied}. The window counts capture time only: the frames of a sub-pixel
     * tail come as fast as ever.
     */
    public static final Quiet COAST =
        new Quiet(
            Duration.ofMillis(500), 4, true, 2, Duration.ofMillis(1000), Duration.ZERO, true, 1);

    /**
     * Below this dwell before release a gesture lifts while moving: velocity trackers look at the
     * last 50 to 100 ms of a touch (Drag's default dwell is this long so that none computes one).
     */
    public static final int COAST_BELOW_HOLD_MS = 100;

    /**
     * How many times the device's settle bound a gesture that lifts while moving is given by
     * default: a coast lasts seconds (iOS decays a fling's speed by 0.2% a millisecond, Leaflet's
     * inertia eases out over up to two seconds), and its window lasts as long as the motion, so
     * within the plain bound a long coast could only come back unsettled on a page at rest.
     */
    public static final int COAST_BOUND_FACTOR = 3;

    /** A window policy whose crawl factor counts any gap, without grace past the bound. */
    public Quiet(Duration afterMotion, double crawlFactor, boolean motionAtStart) {
      this(afterMotion, crawlFactor, motionAtStart, 1, ANY_STEP, Duration.ZERO);
    }

    /** A window policy that a fast source's frames may end sooner, blind to the motion's span. */
    public Quiet(
        Duration afterMotion,
        double crawlFactor,
        boolean motionAtStart,
        int crawlGaps,
        Duration longestCrawlStep,
        Duration crawlGrace) {
      this(
          afterMotion,
          crawlFactor,
          motionAtStart,
          crawlGaps,
          longestCrawlStep,
          crawlGrace,
          false,
          0);
    }

    /**
     * The window after a played gesture: {@link #COAST} for a swipe or drag that lifts while moving
     * (its dwell before release is under {@link #COAST_BELOW_HOLD_MS}), else {@link #DEFAULT}.
     */
    public static Quiet after(Gesture gesture) {
      int hold =
          gesture instanceof Swipe s
              ? s.holdAfterMs()
              : gesture instanceof Drag d
                  ? d.holdAfterMs()
                  : gesture instanceof Pinch p ? p.holdAfterMs() : Integer.MAX_VALUE;
      return hold < COAST_BELOW_HOLD_MS ? COAST : DEFAULT;
    }

    /**
     * A frame of a 30 fps source and its jitter: a crawl's whole-pixel steps land on frames, so one
     * gap can come a frame shorter than the one before (three frames, then two) while the crawl
     * itself keeps slowing down.
     */
    static final long FRAME_ROUNDING_NANOS = 40_000_000L;

    /**
     * Changes closer than this are continuous motion (every frame of a 30 fps source), not a crawl.
     */
    static final long CRAWL_MIN_STEP_NANOS = 50_000_000L;

    /**
     * A picker wheel's snap. A deceleration ends in an exponential crawl (iOS pickers: 0.998 per
     * ms) whose last whole-pixel steps come hundreds of milliseconds apart: on the simulator the
     * gaps grow 100, 167, 266, 534 ms (each up to about twice the one before, give or take a
     * frame). The honesty benchmark found every shorter policy calling crawling wheels settled: a
     * fixed 150 ms window (24 of 30 nudges), a fixed 300 ms one (about 1 in 10), 2.5 times the
     * latest gap (2 of 40 devices), and a 300 ms, then a 600 ms window from release when the drag's
     * own dwell had hidden the earlier steps (the next one came 531 ms after release, or later, 0.3
     * px from rest; 1 of 200 ios devices at 600 ms). So the window is at least 1000 ms from release
     * and four times the latest gap; on 40 ios devices the longer first window cost one more
     * unsettled nudge than 600 ms did, on 40 android devices none. Only wheel nudges use it: for
     * every action the longer window pushed Android's 600 ms edge-glow recede past the 1000 ms
     * bound, and 7 of 24 edge scrolls came back unobserved.
     */
    public static final Quiet PICKER = new Quiet(Duration.ofSeconds(1), 4, true);

    /**
     * How many times the device's settle bound a wheel nudge allows its snap: with {@link
     * #PICKER}'s window a crawl often outlasts 1000 ms, and an unsettled nudge is no use to a
     * reader who must confirm the value.
     */
    public static final int PICKER_BOUND_FACTOR = 2;

    public Quiet {
      if (afterMotion == null
          || afterMotion.isNegative()
          || !(crawlFactor >= 0 && crawlFactor < 100)
          || crawlGaps < 1
          || crawlGaps > 2
          || longestCrawlStep == null
          || longestCrawlStep.isNegative()
          || crawlGrace == null
          || crawlGrace.isNegative()
          || !(spanFactor >= 0 && spanFactor < 100)) {
        throw new IllegalArgumentException(
            "quiet window "
                + afterMotion
                + " x"
                + crawlFactor
                + " steps up to "
                + longestCrawlStep
                + " grace "
                + crawlGrace
                + " span x"
                + spanFactor);
      }
    }

    /** The window a quiet run needs: the short one on a still screen, else this policy's. */
    long windowNanos(boolean moved, long lastGapNanos) {
      return windowNanos(moved, lastGapNanos, 0);
    }

    /**
     * The window after changes {@code previousGapNanos} then {@code lastGapNanos} apart: the crawl
     * factor applies to the longest of the latest {@link #crawlGaps()} that is a crawl's step.
     */
    long windowNanos(boolean moved, long lastGapNanos, long previousGapNanos) {
      return windowNanos(moved, lastGapNanos, previousGapNanos, 0);
    }

    /**
     * {@link #windowNanos(boolean, long, long)} after motion that has lasted {@code spanNanos} from
     * its first change to its latest: the span factor applies to it.
     */
    long windowNanos(boolean moved, long lastGapNanos, long previousGapNanos, long spanNanos) {
      return windowNanos(moved, lastGapNanos, previousGapNanos, spanNanos, 0);
    }

    /**
     * A change of at least this share of the judged pixels is no sub-pixel sliver of an ease-out's
     * tail: a list's whole-pixel step changes about twice as much. The slivers that end a Leaflet
     * map's inertia on {@code chrome:} change under 1% of them.
     */
    static final double VISIBLE_STEP_SHARE = 0.02;

    /**
     * {@link #windowNanos(boolean, long, long, long)} when the latest change touched {@code
     * lastChangeShare} of the judged pixels: the span counts only after a sliver, since after a
     * larger change the diff would see the content move on.
     */
    long windowNanos(
        boolean moved,
        long lastGapNanos,
        long previousGapNanos,
        long spanNanos,
        double lastChangeShare) {
      long step = 0;
      long longest = longestCrawlStep.toNanos();
      if (lastGapNanos <= longest) {
        step = lastGapNanos;
      }
      if (crawlGaps >= 2 && previousGapNanos <= longest) {
        step = Math.max(step, previousGapNanos);
      }
      long crawl = (long) (crawlFactor * step);
      long span =
          lastChangeShare >= VISIBLE_STEP_SHARE ? 0 : (long) (spanFactor * Math.max(0, spanNanos));
      return moved
          ? Math.max(Math.max(QUIET_NANOS, afterMotion.toNanos()), Math.max(crawl, span))
          : QUIET_NANOS;
    }

    /**
     * Whether changes {@code previousGap} then {@code lastGap} apart are a crawl that is not
     * speeding up: steps with still frames between them (whole-pixel steps of a slow spring come
     * two frames apart, then three, rarely ever further apart at once, and at most a frame closer
     * than the step before), not continuous motion. An animation of under 20 frames a second looks
     * the same and costs the grace; it never settles.
     */
    boolean slowingCrawl(long previousGap, long lastGap) {
      return previousGap > 0
          && lastGap >= CRAWL_MIN_STEP_NANOS
          && lastGap <= longestCrawlStep.toNanos()
          && lastGap + FRAME_ROUNDING_NANOS >= previousGap;
    }

    /**
     * Whether a quiet window already running when the bound runs out is let finish once: for the
     * policies that wait out slow endings (a crawl's grace, a coast's span), whose window can
     * outgrow what the bound leaves after the motion.
     */
    boolean finishesWindow() {
      return !crawlGrace.isZero() || spanFactor > 0;
    }

    /** Whether a run of {@code frames} equal frames over {@code nanos} passes a window. */
    static boolean passed(long nanos, int frames, long windowNanos) {
      return nanos >= windowNanos || frames >= QUIET_FRAMES * windowNanos / QUIET_NANOS;
    }

    /**
     * How far apart (capture time) the gate asks for frames: any newer frame, or, when only time
     * counts, one a 60 Hz display frame later, so that a source that hands out a frame per request
     * at once cannot keep the window from ever passing.
     */
    long frameSpacingNanos() {
      return timeOnly ? DISPLAY_FRAME_NANOS : 1;
    }

    /** A display frame at 60 Hz. */
    static final long DISPLAY_FRAME_NANOS = 16_666_667L;

    /** {@link #passed(long, int, long)}, by capture time alone when this policy says so. */
    boolean passes(long nanos, int frames, long windowNanos) {
      return timeOnly ? nanos >= windowNanos : passed(nanos, frames, windowNanos);
    }
  }

  /** A gate on one capture source, registering results in one run. */
  public FrameSettler(
      FrameSource capture, AttachmentRegistry attachments, Ticker ticker, Duration captureTimeout) {
    this(capture, attachments, ticker, captureTimeout, new MotionLog());
  }

  /** A gate that also tells the device's {@code log} of every screen it returns. */
  FrameSettler(
      FrameSource capture,
      AttachmentRegistry attachments,
      Ticker ticker,
      Duration captureTimeout,
      MotionLog log) {
    this.capture = capture;
    this.attachments = attachments;
    this.ticker = ticker;
    this.captureTimeout = captureTimeout;
    this.log = log;
  }

  /**
   * Captures the first frame newer than {@code notBeforeNanos} (plus latency), then keeps capturing
   * until the frames stay equal over the quiet window or {@code bound} (plus the source's latency)
   * has passed.
   */
  public Settled settle(long notBeforeNanos, Duration bound) {
    return settle(notBeforeNanos, bound, null, Quiet.DEFAULT);
  }

  /**
   * {@link #settle(long, Duration)} with another quiet window once motion was seen ({@link
   * Quiet#PICKER} for a wheel's snap); a screen still from the first frame keeps the short one.
   */
  public Settled settle(long notBeforeNanos, Duration bound, Quiet quiet) {
    return settle(notBeforeNanos, bound, null, quiet);
  }

  /**
   * {@link #settle(long, Duration)}, showing every frame to {@code watcher} (may be null); when it
   * asks to stop, that frame is returned unsettled at once.
   */
  public Settled settle(long notBeforeNanos, Duration bound, @Nullable Watcher watcher) {
    return settle(notBeforeNanos, bound, watcher, Quiet.DEFAULT, null);
  }

  /**
   * {@link #settle(long, Duration, Watcher)} that also judges the {@code focus} region on its own
   * ({@link Settled#focusSettled()}); the screen as a whole is still settled only when all of it
   * rests.
   */
  public Settled settle(
      long notBeforeNanos, Duration bound, @Nullable Watcher watcher, @Nullable NormRegion focus) {
    return settle(notBeforeNanos, bound, watcher, Quiet.DEFAULT, focus);
  }

  private Settled settle(
      long notBeforeNanos, Duration bound, @Nullable Watcher watcher, Quiet quiet) {
    return settle(notBeforeNanos, bound, watcher, quiet, null);
  }

  /**
   * {@link #settle(long, Duration, Watcher, NormRegion)} with the {@code quiet} policy ({@link
   * Quiet#SCROLL} for a scroll's verdict); a crawl's grace is judged on {@code focus} when given.
   */
  public Settled settle(
      long notBeforeNanos,
      Duration bound,
      @Nullable Watcher watcher,
      Quiet quiet,
      @Nullable NormRegion focus) {
    return settle(notBeforeNanos, bound, watcher, quiet, focus, null);
  }

  /**
   * {@link #settle(long, Duration, Quiet)} after a gesture that started on the screen {@code
   * before} (null for none): a frame that shows far less detail than it or than the first frame, a
   * screen the motion emptied, ends no quiet window (see {@link #emptied}).
   */
  public Settled settle(
      long notBeforeNanos, Duration bound, Quiet quiet, @Nullable GreyRaster before) {
    return settle(notBeforeNanos, bound, null, quiet, null, before);
  }

  /**
   * The whole gate: {@code watcher} (may be null) sees every frame and may end the wait unsettled,
   * {@code quiet} is the window once motion was seen, {@code focus} (may be null) a region judged
   * on its own, {@code before} (may be null) the screen a coasting gesture started from.
   */
  Settled settle(
      long notBeforeNanos,
      Duration bound,
      @Nullable Watcher watcher,
      Quiet quiet,
      @Nullable NormRegion focus,
      @Nullable GreyRaster before) {
    long start = ticker.read();
    Frame previous = capture.grab(notBeforeNanos, captureTimeout);
    int frames = 1;
    if (bound.isZero() && watcher == null) {
      return seen(
          new Settled(
              attachments.register(previous, false),
              frames,
              ticker.read() - start,
              MotionTrail.NONE,
              false));
    }
    GreyRaster previousGrey = decode(previous);
    // the first frame after release may still show what the motion then carries away
    double detailBefore = before == null ? 0 : Math.max(detail(before), detail(previousGrey));
    if (watcher != null && watcher.stopAt(previous, previousGrey)) {
      return seen(
          new Settled(
              attachments.register(previous, false, previousGrey),
              frames,
              ticker.read() - start,
              MotionTrail.NONE,
              false));
    }
    // The quiet run is judged against its first frame, not only frame to frame: a slow fade (an
    // edge glow) changes each frame by less than the noise threshold but adds up.
    QuietRun screen = new QuietRun(null, previousGrey, previous.captureNanos(), quiet);
    QuietRun band =
        focus == null ? null : new QuietRun(focus, previousGrey, previous.captureNanos(), quiet);
    MotionTrail trail = new MotionTrail();
    long latency = capture.latency().toNanos();
    // The bound is the phone's time to settle; the source shows it a latency late (found by the
    // honesty benchmark: behind 500-1500 ms of capture latency, settled screens came back
    // unsettled because the bound had run out before their first fresh frame arrived).
    long deadline = start + latency + bound.toNanos();
    boolean graced = quiet.crawlGrace().isZero();
    boolean finishing = !quiet.finishesWindow();
    while (true) {
      if (ticker.read() >= deadline) {
        QuietRun judged = band != null ? band : screen;
        // A quiet window already running when the bound runs out (the region, or the screen
        // around a band that has rested) is let finish once: its next frame decides.
        long windowLeft =
            Math.max(
                judged.windowLeft(previous.captureNanos(), quiet),
                screen.windowLeft(previous.captureNanos(), quiet));
        if (windowLeft > 0 && !finishing) {
          finishing = true;
          deadline = ticker.read() + windowLeft + Quiet.FRAME_ROUNDING_NANOS;
          continue;
        }
        // A crawl still slowing down in the judged region gets the grace once; anything else
        // (still screens, continuous motion, a blink) ends at the bound as before.
        if (graced || !judged.crawling(previous.captureNanos(), quiet)) {
          break;
        }
        graced = true;
        deadline += quiet.crawlGrace().toNanos();
      }
      long remaining = Math.max(deadline - ticker.read(), 1_000_000L);
      Frame next =
          grabInTime(
              capture,
              previous.captureNanos() - latency + quiet.frameSpacingNanos(),
              Duration.ofNanos(remaining));
      if (next == null) {
        if (graced || ticker.read() < deadline) {
          break; // no further frame within the bound: the latest one stays unsettled
        }
        continue; // the bound ran out waiting: a crawl may still get its grace
      }
      frames++;
      // A frame that comes long after the moment it shows (beyond the source's latency) crossed a
      // stall: of the phone's renderer, busy drawing, or of the capture; it shows the screen, but
      // not that nothing happened meanwhile.
      long delay = ticker.read() - next.captureNanos() - latency;
      boolean late = delay > LATE_NANOS + deliveries.usualNanos();
      deliveries.add(delay);
      GreyRaster nextGrey = decode(next);
      if (band != null) {
        band.see(nextGrey, next.captureNanos(), late);
      }
      if (watcher != null && watcher.stopAt(next, nextGrey)) {
        return seen(
            new Settled(
                attachments.register(next, false, nextGrey),
                frames,
                ticker.read() - start,
                trail,
                false));
      }
      if (screen.see(nextGrey, next.captureNanos(), late)) {
        if (screen.passed(next.captureNanos(), quiet) && !emptied(detailBefore, nextGrey)) {
          return seen(
              new Settled(
                  attachments.register(next, true, nextGrey),
                  frames,
                  ticker.read() - start,
                  trail,
                  true));
        }
      } else {
        trail.add(previousGrey, nextGrey);
      }
      previous = next;
      previousGrey = nextGrey;
    }
    return seen(
        new Settled(
            attachments.register(previous, false, previousGrey),
            frames,
            ticker.read() - start,
            trail,
            band != null && band.passed(previous.captureNanos(), quiet)));
  }

  private Settled seen(Settled settled) {
    log.saw(settled.observation());
    return settled;
  }

  /**
   * A run of frames equal to its first (the anchor) within noise, over the whole screen or one
   * region; a frame that differs starts a new run and marks the content as moved.
   */
  private static final class QuietRun {
    private final @Nullable NormRegion region;
    private GreyRaster anchor;
    private int frames = 1;
    private boolean moved;

    /**
     * Quiet time the run has watched: the capture time between its frames, each gap counted up to
     * {@link #QUIET_NANOS}. Two equal frames far apart say nothing of what showed between them: a
     * page whose renderer is busy drawing (a map's tiles once its pan ends) sends no frame until it
     * is done, and the frame after the stall can still show the screen before the drawing.
     */
    private long watched;

    /** The capture time of the run's latest frame. */
    private long latestAt;

    /**
     * When the latest change was seen (MIN_VALUE before any), and the gaps between the last three.
     */
    private long lastChange;

    private long lastGap;
    private long previousGap;

    /** The share of the judged pixels the latest change touched. */
    private double lastChangeShare;

    /**
     * The motion's span: from its first change (or the run's first frame when the gesture is known
     * to move) to the latest change that came within the policy's shortest window of the one
     * before. A change after a longer still spell is the page acting once its motion ended (a map's
     * tiles), not more of the motion, and does not stretch the span.
     */
    private long motionStart;

    private long motionEnd;
    private final long motionGapNanos;

    /**
     * A run starting at {@code first}, judged by {@code quiet}; {@code region} null means the whole
     * screen.
     */
    QuietRun(@Nullable NormRegion region, GreyRaster first, long at, Quiet quiet) {
      this.region = region;
      this.anchor = first;
      this.latestAt = at;
      this.moved = quiet.motionAtStart();
      this.lastChange = moved ? at : Long.MIN_VALUE;
      this.motionStart = at;
      this.motionEnd = at;
      this.motionGapNanos = quiet.windowNanos(true, 0, 0);
    }

    /**
     * Adds a frame: true when it continues the run, false when it starts a new one. A {@code late}
     * frame continues a run without adding watched time.
     */
    boolean see(GreyRaster next, long at, boolean late) {
      StabilityResult diff =
          !sameSize(anchor, next)
              ? null
              : region == null
                  ? FrameStability.STRICT.compare(anchor, next)
                  : FrameStability.STRICT.compare(anchor, next, region);
      boolean same = diff != null && diff.stable();
      if (same) {
        frames++;
        if (!late) {
          watched += Math.min(Math.max(0, at - latestAt), QUIET_NANOS);
        }
      } else {
        anchor = next;
        lastChangeShare = diff == null ? 1 : diff.changedRatio();
        watched = 0;
        frames = 1;
        moved = true;
        previousGap = lastGap;
        lastGap = lastChange == Long.MIN_VALUE ? 0 : at - lastChange;
        if (lastChange == Long.MIN_VALUE) {
          motionStart = at;
          motionEnd = at;
        } else if (lastGap < motionGapNanos) {
          motionEnd = at;
        }
        lastChange = at;
      }
      latestAt = Math.max(latestAt, at);
      return same;
    }

    /** Whether the run, up to the frame at {@code at}, lasts the window {@code quiet} asks for. */
    boolean passed(long at, Quiet quiet) {
      return quiet.passes(quietNanos(at), frames, window(quiet));
    }

    /** The window {@code quiet} asks of this run. */
    private long window(Quiet quiet) {
      return quiet.windowNanos(
          moved, lastGap, previousGap, motionEnd - motionStart, lastChangeShare);
    }

    /** The quiet time watched up to the frame at {@code at}. */
    private long quietNanos(long at) {
      return watched + Math.min(Math.max(0, at - latestAt), QUIET_NANOS);
    }

    /**
     * How much longer the run, resting since motion at the frame at {@code at}, needs to pass its
     * window; zero when it passed, has not moved, or is not resting (its latest frame changed).
     */
    long windowLeft(long at, Quiet quiet) {
      if (!moved || frames < 2 || passed(at, quiet)) {
        return 0;
      }
      return Math.max(0, window(quiet) - quietNanos(at));
    }

    /**
     * Whether, at the frame at {@code at}, the region still crawls: not yet quiet, and its steps
     * not speeding up (the latest gap at least the one before, or the pause since the latest change
     * already as long as that gap).
     */
    boolean crawling(long at, Quiet quiet) {
      return moved
          && !passed(at, quiet)
          && (quiet.slowingCrawl(previousGap, lastGap)
              || (lastChange != Long.MIN_VALUE && quiet.slowingCrawl(lastGap, at - lastChange)));
    }
  }

  /**
   * A frame with less detail than this (see {@link #detail}) is bare: background with at most a few
   * controls on it.
   */
  static final double BARE_DETAIL = 0.04;

  /**
   * A bare frame under this share of the detail of the screen a gesture started from is emptied.
   */
  static final double EMPTIED_SHARE = 0.25;

  /**
   * Whether {@code frame} shows a screen emptied by the motion (bare, and far barer than the screen
   * before), whose stillness says nothing: when content is flung past what the page has drawn (a
   * map's tiles it draws only once the pan has ended, a virtual list's rows not yet rendered), the
   * screen shows bare background, and bare background moving looks exactly like bare background at
   * rest. Found on a Leaflet map on {@code chrome:}: fast pans left one colour on the screen for
   * seconds while the map still coasted, and the new tiles came after the quiet window had passed.
   * Such a screen settles only once detail returns; until then the bound ends the wait unsettled.
   */
  static boolean emptied(double detailBefore, GreyRaster frame) {
    double d = detail(frame);
    return d < BARE_DETAIL && d < EMPTIED_SHARE * detailBefore;
  }

  /** Grey levels between the darkest and lightest pixel of a block that JPEG noise never makes. */
  static final int DETAIL_RANGE = 24;

  /**
   * The share of 8x8 blocks of {@code g} that hold an edge or texture (darkest and lightest pixel
   * {@link #DETAIL_RANGE} or more apart) rather than a flat fill.
   */
  static double detail(GreyRaster g) {
    int blocks = 0;
    int detailed = 0;
    for (int y = 0; y + 8 <= g.height(); y += 8) {
      for (int x = 0; x + 8 <= g.width(); x += 8) {
        int min = 255;
        int max = 0;
        for (int j = 0; j < 8 && max - min < DETAIL_RANGE; j++) {
          for (int i = 0; i < 8; i++) {
            int v = g.get(x + i, y + j);
            min = Math.min(min, v);
            max = Math.max(max, v);
          }
        }
        blocks++;
        if (max - min >= DETAIL_RANGE) {
          detailed++;
        }
      }
    }
    return blocks == 0 ? 0 : detailed / (double) blocks;
  }

  static boolean sameSize(GreyRaster a, GreyRaster b) {
    return a.width() == b.width() && a.height() == b.height();
  }

  /**
   * The first frame newer than {@code notBeforeNanos}, or null when the source has none within
   * {@code timeout} (timed out, or only stale frames): for looks that may come back empty.
   */
  static @Nullable Frame grabInTime(FrameSource capture, long notBeforeNanos, Duration timeout) {
    try {
      return capture.grab(notBeforeNanos, timeout);
    } catch (SwipeException e) {
      if (e.code() == ErrorCode.CAPTURE_TIMEOUT || e.code() == ErrorCode.CAPTURE_STALE) {
        return null;
      }
      throw e;
    }
  }

  /** A frame decoded for diffing; a corrupt frame fails with {@code image_decode_failed}. */
  static GreyRaster decode(Frame f) {
    try {
      return ImageDecoder.decode(f.jpeg(), DecodeOptions.FOR_DIFF);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }
}
