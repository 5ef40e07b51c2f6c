package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One step of a {@link Flow}: what to do, at the level of intent, and what the recording saw.
 *
 * <p>Steps that act on text re-find it on the replayed screen (text first, the anchor's crop as a
 * fallback); {@link Tap} and {@link Swipe} are raw gestures in 0-1000 space, kept as such where the
 * recorder could lift them to no intent. {@link #expect()} is the verdict the step got when it was
 * recorded; a replay that gets another stops with {@code flow_verdict_differs}.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public sealed interface FlowStep {

  /** The step's kind as the flow file names it, e.g. {@code tap_text}. */
  String kind();

  /** The verdict recorded, when the step has one. */
  default Optional<String> expect() {
    return Optional.empty();
  }

  /** What the step found on the recorded screen, when it acted on something it can find again. */
  default Optional<Anchor> anchor() {
    return Optional.empty();
  }

  /** The longest a wait step may wait, ms: the device's own bound on a wait. */
  long MAX_WAIT_MS = 600_000;

  /** Verdicts of steps that tap or swipe: whether the screen changed. */
  String CHANGED = "changed";

  /** The screen stayed as it was. */
  String UNCHANGED = "unchanged";

  /** A search or wait found its text. */
  String FOUND = "found";

  /** A search ended without its text. */
  String NOT_FOUND = "not_found";

  /**
   * Taps a text.
   *
   * @param expected {@link #CHANGED}, {@link #UNCHANGED} or null
   */
  record TapText(TextTarget target, @Nullable Anchor anchored, @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public TapText {
      SwipeException.requireArgument(target, "text");
      checkChange(expected);
    }

    @Override
    public String kind() {
      return "tap_text";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }

    @Override
    public Optional<Anchor> anchor() {
      return Optional.ofNullable(anchored);
    }
  }

  /**
   * A raw tap (or long press) at a point. With an anchor crop the replay taps where the crop is
   * found again; without one, at the point itself.
   *
   * @param holdMs how long the finger rests, ms
   * @param longPress a long press rather than a tap
   */
  record Tap(
      NormPoint at,
      int holdMs,
      boolean longPress,
      @Nullable Anchor anchored,
      @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public Tap {
      SwipeException.requireArgument(at, "at");
      checkRange("hold_ms", holdMs, 1, 60_000);
      checkChange(expected);
    }

    @Override
    public String kind() {
      return "tap";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }

    @Override
    public Optional<Anchor> anchor() {
      return Optional.ofNullable(anchored);
    }
  }

  /** A raw swipe from one point to another, replayed as recorded. */
  record Swipe(NormPoint from, NormPoint to, Motion motion, @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public Swipe {
      SwipeException.requireArgument(from, "from");
      SwipeException.requireArgument(to, "to");
      SwipeException.requireArgument(motion, "motion");
      checkChange(expected);
    }

    @Override
    public String kind() {
      return "swipe";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }
  }

  /** A raw drag along a path of two or more points, replayed as recorded. */
  record Drag(List<NormPoint> path, Motion motion, @Nullable String expected) implements FlowStep {
    /** Checks the values. */
    public Drag {
      path = List.copyOf(SwipeException.requireArgument(path, "path"));
      if (path.size() < 2 || path.size() > dev.swipe.core.gesture.Drag.MAX_POINTS) {
        throw SwipeException.invalidArgument(
            "path",
            "must have 2 to "
                + dev.swipe.core.gesture.Drag.MAX_POINTS
                + " points, had "
                + path.size());
      }
      SwipeException.requireArgument(motion, "motion");
      checkChange(expected);
    }

    @Override
    public String kind() {
      return "drag";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }

    /** The gesture this step plays. */
    public dev.swipe.core.gesture.Drag gesture() {
      return new dev.swipe.core.gesture.Drag(
          path, motion.durationMs(), motion.steps(), motion.holdBeforeMs(), motion.holdAfterMs());
    }
  }

  /**
   * Drags a text to a point: the drag starts wherever the text is found on the replayed screen.
   *
   * @param expected {@link #FOUND} when the text was read within reach of {@code to} after the drag
   */
  record DragText(
      TextTarget target,
      NormPoint to,
      Motion motion,
      @Nullable Anchor anchored,
      @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public DragText {
      SwipeException.requireArgument(target, "text");
      SwipeException.requireArgument(to, "to");
      SwipeException.requireArgument(motion, "motion");
      checkOneOf("expect", expected, FOUND, NOT_FOUND);
    }

    @Override
    public String kind() {
      return "drag_text";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }

    @Override
    public Optional<Anchor> anchor() {
      return Optional.ofNullable(anchored);
    }
  }

  /**
   * One directional scroll.
   *
   * @param move which way and how far
   * @param expected the movement recorded: "moved", "at-edge" or "unchanged" (an "unobserved"
   *     recording is kept as null: nothing to compare with)
   */
  record Scroll(ScrollMove move, @Nullable String expected) implements FlowStep {
    /** Checks the values. */
    public Scroll {
      SwipeException.requireArgument(move, "direction");
      checkOneOf("expect", expected, "moved", "at-edge", "unchanged");
    }

    @Override
    public String kind() {
      return "scroll";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }
  }

  /** Scrolls one way until a pass reports an edge (a carousel's last page, a list's end). */
  record ScrollToEdge(ScrollMove move, int maxPasses) implements FlowStep {
    /** Checks the values. */
    public ScrollToEdge {
      SwipeException.requireArgument(move, "direction");
      checkRange("max_passes", maxPasses, 1, 500);
    }

    @Override
    public String kind() {
      return "scroll_to_edge";
    }

    @Override
    public Optional<String> expect() {
      return Optional.of("at-edge");
    }
  }

  /**
   * Scrolls one way until a text shows on a settled screen.
   *
   * @param timeoutMs the search's bound on the device's clock, ms
   * @param expected {@link #FOUND} or {@link #NOT_FOUND}
   */
  record ScrollUntil(
      TextTarget target,
      ScrollMove move,
      SearchPace pace,
      int maxPasses,
      long timeoutMs,
      @Nullable Anchor anchored,
      @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public ScrollUntil {
      SwipeException.requireArgument(target, "text");
      SwipeException.requireArgument(move, "direction");
      SwipeException.requireArgument(pace, "pace");
      checkRange("max_passes", maxPasses, 1, 500);
      checkRange("timeout_ms", timeoutMs, 1, 3_600_000);
      checkOneOf("expect", expected, FOUND, NOT_FOUND);
    }

    @Override
    public String kind() {
      return "scroll_until";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }

    @Override
    public Optional<Anchor> anchor() {
      return Optional.ofNullable(anchored);
    }
  }

  /**
   * Pans a two-way surface (a map) row by row until a text shows: across until an edge, one step
   * {@code down}, back across, and so on, turning {@code down} around at the far edge.
   *
   * @param across the first way across
   * @param down the way from row to row
   * @param maxPans the pans allowed in all
   */
  record PanUntil(
      TextTarget target,
      ScrollDirection across,
      ScrollDirection down,
      double amount,
      @Nullable NormRegion region,
      int maxPans,
      @Nullable Anchor anchored)
      implements FlowStep {
    /** Checks the values. */
    public PanUntil {
      SwipeException.requireArgument(target, "text");
      SwipeException.requireArgument(across, "across");
      SwipeException.requireArgument(down, "down");
      if ((across == ScrollDirection.LEFT || across == ScrollDirection.RIGHT)
          == (down == ScrollDirection.LEFT || down == ScrollDirection.RIGHT)) {
        throw SwipeException.invalidArgument(
            "down", "must be perpendicular to across (" + across + "), was " + down);
      }
      new ScrollMove(across, amount, region);
      checkRange("max_pans", maxPans, 1, 500);
    }

    @Override
    public String kind() {
      return "pan_until";
    }

    @Override
    public Optional<String> expect() {
      return Optional.of(FOUND);
    }

    @Override
    public Optional<Anchor> anchor() {
      return Optional.ofNullable(anchored);
    }
  }

  /**
   * Sets a picker wheel to a label.
   *
   * @param column the wheel's place from the left, 0-based
   * @param to the label to show
   */
  record SetWheel(int column, String to) implements FlowStep {
    /** Checks the values. */
    public SetWheel {
      checkRange("column", column, 0, 20);
      SwipeException.requireArgument(to, "to");
      if (to.isBlank()) {
        throw SwipeException.invalidArgument("to", "must not be blank");
      }
    }

    @Override
    public String kind() {
      return "set_wheel";
    }

    @Override
    public Optional<String> expect() {
      return Optional.of(to);
    }
  }

  /** Types text with the HID keyboard. */
  record TypeText(String text) implements FlowStep {
    /** Checks the values. */
    public TypeText {
      SwipeException.requireArgument(text, "text");
      if (text.isEmpty()) {
        throw SwipeException.invalidArgument("text", "must not be empty");
      }
    }

    @Override
    public String kind() {
      return "type_text";
    }
  }

  /** Presses one key. */
  record PressKey(Key key) implements FlowStep {
    /** Checks the values. */
    public PressKey {
      SwipeException.requireArgument(key, "key");
    }

    @Override
    public String kind() {
      return "key";
    }
  }

  /**
   * Waits for a text to show (or to go).
   *
   * @param gone wait for the text to be gone instead
   * @param timeoutMs the bound on the device's clock, ms
   */
  record WaitText(TextTarget target, boolean gone, long timeoutMs) implements FlowStep {
    /** Checks the values. */
    public WaitText {
      SwipeException.requireArgument(target, "text");
      checkRange("timeout_ms", timeoutMs, 1, MAX_WAIT_MS);
    }

    @Override
    public String kind() {
      return "wait_text";
    }

    @Override
    public Optional<String> expect() {
      return Optional.of(gone ? NOT_FOUND : FOUND);
    }
  }

  /** Waits for the screen to stop changing. */
  record WaitStable(long timeoutMs) implements FlowStep {
    /** Checks the values. */
    public WaitStable {
      checkRange("timeout_ms", timeoutMs, 1, MAX_WAIT_MS);
    }

    @Override
    public String kind() {
      return "wait_stable";
    }
  }

  /**
   * Compares the screen with a golden image (same device and capture size only).
   *
   * @param golden the image's path, relative to the flow file
   * @param masks regions left out of the comparison
   * @param tolerance the share of cells allowed to differ
   */
  record AssertScreen(String golden, List<NormRegion> masks, double tolerance) implements FlowStep {
    /** Checks the values. */
    public AssertScreen {
      SwipeException.requireArgument(golden, "golden");
      masks = List.copyOf(SwipeException.requireArgument(masks, "masks"));
      if (!(tolerance >= 0 && tolerance <= 1)) {
        throw SwipeException.invalidArgument("tolerance", "must be in [0, 1], was " + tolerance);
      }
    }

    @Override
    public String kind() {
      return "assert_screen";
    }
  }

  /**
   * Two fingers: a zoom, a turn or a two-finger pan, played as recorded.
   *
   * @param gesture the fingers' path
   * @param expected the zoom recorded: {@code in}, {@code out} or {@code none}
   */
  record Pinch(dev.swipe.core.gesture.Pinch gesture, @Nullable String expected)
      implements FlowStep {
    /** Checks the values. */
    public Pinch {
      SwipeException.requireArgument(gesture, "gesture");
      checkOneOf("expect", expected, "in", "out", "none");
    }

    @Override
    public String kind() {
      return "pinch";
    }

    @Override
    public Optional<String> expect() {
      return Optional.ofNullable(expected);
    }
  }

  /**
   * A directional scroll's values.
   *
   * @param amount the finger path's share of the region's axis, as {@link
   *     dev.swipe.core.scroll.Scroll} takes it
   * @param region where the finger scrolls, or null for the default band
   */
  record ScrollMove(ScrollDirection direction, double amount, @Nullable NormRegion region) {
    /** Checks the values. */
    public ScrollMove {
      SwipeException.requireArgument(direction, "direction");
      if (!(amount > 0 && amount <= 1)) {
        throw SwipeException.invalidArgument("amount", "must be in (0, 1], was " + amount);
      }
    }

    /** The scroll this move stands for. */
    public dev.swipe.core.scroll.Scroll toScroll() {
      dev.swipe.core.scroll.Scroll.Builder b =
          dev.swipe.core.scroll.Scroll.builder(direction).amount(amount);
      if (region != null) {
        b.region(region);
      }
      return b.build();
    }
  }

  /**
   * How a finger moves between two points.
   *
   * @param durationMs the move, ms
   * @param steps move reports
   * @param holdBeforeMs rest after pressing, ms
   * @param holdAfterMs rest before lifting, ms
   */
  record Motion(int durationMs, int steps, int holdBeforeMs, int holdAfterMs) {
    /** The SDK's default swipe. */
    public static final Motion DEFAULT =
        new Motion(
            dev.swipe.core.gesture.Swipe.DEFAULT_DURATION_MS,
            dev.swipe.core.gesture.Swipe.DEFAULT_STEPS,
            dev.swipe.core.gesture.Swipe.DEFAULT_HOLD_BEFORE_MS,
            dev.swipe.core.gesture.Swipe.DEFAULT_HOLD_AFTER_MS);

    /** Checks the values. */
    public Motion {
      checkRange("duration_ms", durationMs, 1, 60_000);
      checkRange("steps", steps, 1, 1000);
      checkRange("hold_before_ms", holdBeforeMs, 0, 60_000);
      checkRange("hold_after_ms", holdAfterMs, 0, 60_000);
    }

    /** A swipe from {@code from} to {@code to} with this motion. */
    public dev.swipe.core.gesture.Swipe swipe(NormPoint from, NormPoint to) {
      return dev.swipe.core.gesture.Swipe.builder(from, to)
          .durationMs(durationMs)
          .steps(steps)
          .holdBeforeMs(holdBeforeMs)
          .holdAfterMs(holdAfterMs)
          .build();
    }
  }

  private static void checkRange(String field, long value, long min, long max) {
    if (value < min || value > max) {
      throw SwipeException.invalidArgument(
          field, "must be in [" + min + ", " + max + "], was " + value);
    }
  }

  private static void checkChange(@Nullable String expected) {
    checkOneOf("expect", expected, CHANGED, UNCHANGED);
  }

  private static void checkOneOf(String field, @Nullable String value, String... allowed) {
    if (value == null) {
      return;
    }
    for (String a : allowed) {
      if (a.equals(value)) {
        return;
      }
    }
    throw SwipeException.invalidArgument(
        field, "must be one of " + String.join(", ", allowed) + ", was " + value);
  }

  /**
   * What a step found on the recorded screen, kept so a replay can find it again on another screen:
   * the text it read there, where it stood, and a small image of it for when reading fails.
   *
   * @param text the text read there, or null where the step acted on no text
   * @param region where it stood, in 0-1000 of the recorded screen
   * @param crop a grey PNG of that region at the recorded screen's pixels, in base64, or null when
   *     the region was too plain to find again by its look
   */
  record Anchor(@Nullable String text, NormRegion region, @Nullable String crop) {

    /** Checks the values. */
    public Anchor {
      SwipeException.requireArgument(region, "region");
      if (crop != null) {
        try {
          Base64.getDecoder().decode(crop);
        } catch (IllegalArgumentException e) {
          throw SwipeException.invalidArgument("crop", "must be base64 (a PNG)");
        }
      }
    }

    /** An anchor with the crop's PNG bytes. */
    public static Anchor of(@Nullable String text, NormRegion region, byte @Nullable [] png) {
      return new Anchor(text, region, png == null ? null : Base64.getEncoder().encodeToString(png));
    }

    /** The text, when the anchor has one. */
    public Optional<String> textRead() {
      return Optional.ofNullable(text);
    }

    /** The crop's PNG bytes, when there is one. */
    public Optional<byte[]> cropPng() {
      return Optional.ofNullable(crop).map(c -> Base64.getDecoder().decode(c));
    }
  }

  /**
   * The text a step looks for, as the flow file keeps it: a {@link TextQuery} in plain values.
   *
   * @param text what to look for, 1 to {@value TextQuery#MAX_LENGTH} characters
   * @param match how words are compared
   * @param scope words anywhere or one line
   * @param maxEdits edits a {@link TextQuery.Match#FUZZY} match forgives, 0 otherwise
   * @param within where on the screen to look (0-1000), or null for the whole screen; being
   *     normalized, it scales with the screen
   */
  record TextTarget(
      String text,
      TextQuery.Match match,
      TextQuery.Scope scope,
      int maxEdits,
      @Nullable NormRegion within) {

    /** Checks the values as {@link TextQuery} would. */
    public TextTarget {
      SwipeException.requireArgument(text, "text");
      SwipeException.requireArgument(match, "match");
      SwipeException.requireArgument(scope, "scope");
      if (maxEdits < 0 || maxEdits > TextQuery.MAX_EDITS) {
        throw SwipeException.invalidArgument(
            "max_edits", "must be in [0, " + TextQuery.MAX_EDITS + "], was " + maxEdits);
      }
      if (match != TextQuery.Match.FUZZY) {
        maxEdits = 0;
      }
      toQuery(text, match, scope, maxEdits, within);
    }

    /** Text matched as {@link TextQuery#of(String)} matches it, anywhere on the screen. */
    public static TextTarget of(String text) {
      return of(TextQuery.of(SwipeException.requireArgument(text, "text")));
    }

    /** The plain values of {@code query}. */
    public static TextTarget of(TextQuery query) {
      SwipeException.requireArgument(query, "query");
      NormRegion within = query.region().orElse(null);
      return new TextTarget(query.text(), query.match(), query.scope(), query.maxEdits(), within);
    }

    /** The query this target stands for. */
    public TextQuery query() {
      return toQuery(text, match, scope, maxEdits, within);
    }

    /** Where to look, when narrowed. */
    public Optional<NormRegion> region() {
      return Optional.ofNullable(within);
    }

    private static TextQuery toQuery(
        String text,
        TextQuery.Match match,
        TextQuery.Scope scope,
        int maxEdits,
        @Nullable NormRegion within) {
      TextQuery.Builder b = TextQuery.builder(text).match(match).scope(scope);
      if (match == TextQuery.Match.FUZZY) {
        b.maxEdits(maxEdits);
      }
      if (within != null) {
        b.within(within.x(), within.y(), within.w(), within.h());
      }
      return b.build();
    }
  }
}
