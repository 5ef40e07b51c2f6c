package dev.swipe.flow.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowStep;
import dev.swipe.text.ScreenText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The steps a recorder has kept, each with the screen seen before it, and the lifts that turn what
 * a program did into what it meant:
 *
 * <ul>
 *   <li>scrolls, each followed by a failed look for the same text, then a look that finds it: one
 *       {@code scroll_until} (one way) or {@code pan_until} (turning, as a map is searched);
 *   <li>scrolls one way that moved (or whose move went unobserved), then one that met an edge: one
 *       {@code scroll_to_edge};
 *   <li>a swipe that starts on a text just found: a {@code drag_text}.
 * </ul>
 */
public final class FlowLog {
  private final List<FlowStep> steps = new ArrayList<>();
  private final Runnable changed;
  private final List<byte @Nullable []> screens = new ArrayList<>();
  private int width;
  private int height;

  /** The text looked for and not found, and the scrolls since that were each followed by a miss. */
  private FlowStep.@Nullable TextTarget searching;

  private int searchFrom = -1;
  private boolean scrolledSinceMiss;

  /** The last text found on the latest screen, for a drag that starts on it. */
  private FlowStep.@Nullable TextTarget foundTarget;

  private @Nullable ScreenText foundText;

  /** A log that tells {@code changed} after each change to its steps, outside its lock. */
  public FlowLog(Runnable changed) {
    this.changed = changed;
  }

  /** A log no one listens to. */
  public FlowLog() {
    this(() -> {});
  }

  public synchronized void saw(Observation o) {
    if (width == 0) {
      width = o.width();
      height = o.height();
    }
  }

  public synchronized boolean hasSize() {
    return width > 0;
  }

  /** Keeps {@code step}, seen after {@code before}; any other step ends a search in progress. */
  public void add(FlowStep step, @Nullable Observation before) {
    keep(step, before);
    changed.run();
  }

  private synchronized void keep(FlowStep step, @Nullable Observation before) {
    if (before != null) {
      saw(before);
    }
    boolean scroll = step instanceof FlowStep.Scroll;
    if (!scroll) {
      searching = null;
      searchFrom = -1;
    } else if (searching != null) {
      if (searchFrom < 0) {
        searchFrom = steps.size();
      } else if (scrolledSinceMiss) {
        // two scrolls without a look between: not a search
        searching = null;
        searchFrom = -1;
      }
      scrolledSinceMiss = true;
    }
    foundTarget = null;
    foundText = null;
    steps.add(step);
    screens.add(before == null ? null : before.jpeg());
    if (scroll && searching == null) {
      liftToEdge();
    }
  }

  /** A look for {@code target} on {@code shown} (the latest screen) found nothing. */
  public synchronized void missed(FlowStep.TextTarget target) {
    if (!target.equals(searching)) {
      searching = target;
      searchFrom = -1;
    }
    scrolledSinceMiss = false;
  }

  /** A look for {@code target} on the latest screen found {@code text}. */
  public void found(FlowStep.TextTarget target, ScreenText text, Observation shown) {
    foundOn(target, text, shown);
    changed.run();
  }

  private synchronized void foundOn(
      FlowStep.TextTarget target, ScreenText text, Observation shown) {
    saw(shown);
    if (target.equals(searching) && searchFrom >= 0 && scrolledSinceMiss) {
      liftSearch(target, text, shown);
    } else if (!justFound(target)) {
      steps.add(new FlowStep.WaitText(target, false, 5_000));
      screens.add(shown.jpeg());
    }
    searching = null;
    searchFrom = -1;
    foundTarget = target;
    foundText = text;
  }

  /** Whether the last step already found {@code target} on the screen it ended on. */
  private boolean justFound(FlowStep.TextTarget target) {
    if (steps.isEmpty()) {
      return false;
    }
    FlowStep last = steps.get(steps.size() - 1);
    if (last instanceof FlowStep.ScrollUntil u) {
      return u.target().equals(target) && FlowStep.FOUND.equals(u.expected());
    }
    if (last instanceof FlowStep.PanUntil p) {
      return p.target().equals(target);
    }
    return last instanceof FlowStep.WaitText w && !w.gone() && w.target().equals(target);
  }

  /** The text last found on the latest screen, if a swipe may start on it. */
  public synchronized Optional<FlowStep.TextTarget> foundAt(dev.swipe.base.NormPoint p) {
    ScreenText t = foundText;
    if (t == null || foundTarget == null) {
      return Optional.empty();
    }
    NormRegion r = t.region();
    NormRegion grown =
        NormRegion.fromCorners(
            Math.max(0, r.x() - 10),
            Math.max(0, r.y() - 10),
            Math.min(1000, r.x2() + 10),
            Math.min(1000, r.y2() + 10));
    return grown.contains(p) ? Optional.of(foundTarget) : Optional.empty();
  }

  private void liftSearch(FlowStep.TextTarget target, ScreenText text, Observation shown) {
    List<FlowStep.Scroll> run = new ArrayList<>();
    for (int i = searchFrom; i < steps.size(); i++) {
      if (!(steps.get(i) instanceof FlowStep.Scroll s)) {
        return;
      }
      run.add(s);
    }
    FlowStep.Anchor anchor = anchorOf(text, shown);
    FlowStep.ScrollMove first = run.get(0).move();
    ScrollDirection across = first.direction();
    ScrollDirection down = null;
    for (FlowStep.Scroll s : run) {
      if (horizontal(s.move().direction()) != horizontal(across)) {
        down = s.move().direction();
        break;
      }
    }
    FlowStep lifted;
    if (down == null) {
      boolean oneWay = run.stream().allMatch(s -> s.move().direction() == across);
      if (!oneWay) {
        return;
      }
      lifted =
          new FlowStep.ScrollUntil(
              target,
              first,
              SearchPace.STEADY,
              Math.min(500, Math.max(10, 3 * run.size())),
              120_000,
              anchor,
              FlowStep.FOUND);
    } else {
      lifted =
          new FlowStep.PanUntil(
              target,
              across,
              down,
              first.amount(),
              first.region(),
              Math.min(500, Math.max(20, 3 * run.size())),
              anchor);
    }
    byte[] screen = screens.get(searchFrom);
    while (steps.size() > searchFrom) {
      steps.remove(steps.size() - 1);
      screens.remove(screens.size() - 1);
    }
    steps.add(lifted);
    screens.add(screen);
  }

  private void liftToEdge() {
    int last = steps.size() - 1;
    FlowStep.Scroll end = (FlowStep.Scroll) steps.get(last);
    if (!"at-edge".equals(end.expected()) && !"unchanged".equals(end.expected())) {
      return;
    }
    int from = last;
    while (from > 0
        && steps.get(from - 1) instanceof FlowStep.Scroll s
        && s.move().equals(end.move())
        && (s.expected() == null || "moved".equals(s.expected()))) {
      from--;
    }
    if (from == last) {
      return;
    }
    int passes = last - from + 1;
    byte[] screen = screens.get(from);
    while (steps.size() > from) {
      steps.remove(steps.size() - 1);
      screens.remove(screens.size() - 1);
    }
    steps.add(new FlowStep.ScrollToEdge(end.move(), Math.min(500, Math.max(20, 3 * passes))));
    screens.add(screen);
  }

  private static boolean horizontal(ScrollDirection d) {
    return d == ScrollDirection.LEFT || d == ScrollDirection.RIGHT;
  }

  /** The anchor of {@code text} read on {@code shown}: its words, place and image. */
  public static FlowStep.Anchor anchorOf(ScreenText text, Observation shown) {
    NormRegion r = pad(text.region(), 6);
    return FlowStep.Anchor.of(text.text(), r, CropImages.cut(shown.grey(), r).orElse(null));
  }

  static NormRegion pad(NormRegion r, double by) {
    return NormRegion.fromCorners(
        Math.max(0, r.x() - by),
        Math.max(0, r.y() - by),
        Math.min(1000, r.x2() + by),
        Math.min(1000, r.y2() + by));
  }

  /** The flow so far. */
  public synchronized Flow flow(String name, int fallbackWidth, int fallbackHeight) {
    return new Flow(
        Flow.VERSION,
        name,
        width > 0 ? width : fallbackWidth,
        width > 0 ? height : fallbackHeight,
        steps);
  }

  /** The screen seen before each step (null where none was), in step order. */
  public synchronized List<byte @Nullable []> screens() {
    return new ArrayList<>(screens);
  }
}
