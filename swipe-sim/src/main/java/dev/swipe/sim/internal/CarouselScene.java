package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.List;

/**
 * A paging carousel of six onboarding pages, with the platform's rule for when a release turns the
 * page:
 *
 * <ul>
 *   <li>ViewPager (android default; ViewPager.java determineTargetPage, MIN_DISTANCE_FOR_FLING 25
 *       dp, MIN_FLING_VELOCITY 400 dp/s): a fling past 25 dp faster than 400 dp/s turns to the page
 *       it points at; otherwise the page turns once 60% of it is shown. It settles over
 *       smoothScrollTo's duration (at most MAX_SETTLE_DURATION 600 ms, quintic).
 *   <li>PagerSnapHelper (flutter default; PagerSnapHelper.java findTargetSnapPosition, any fling
 *       over RecyclerView's 50 dp/s minimum): a fling turns to the next page in its direction,
 *       anything slower snaps to the nearer page (MILLISECONDS_PER_INCH 100,
 *       MAX_SCROLL_ON_FLING_DURATION 100).
 *   <li>iOS: more than half a page, or a third with a fling the same way; eases over 300 ms and
 *       rubber-bands past the first and last page.
 * </ul>
 */
final class CarouselScene extends Scene {
  static final int PAGES = 6;
  static final double W = DeviceProfile.WIDTH;
  static final double TOP = 240;
  static final double BOTTOM = 1560;
  private static final String[] TITLES = {
    "Welcome", "Discover", "Share", "Track", "Secure", "Ready"
  };
  private static final Color[] COLORS = {
    // Neighbours differ in luminance too, so a page switch shows in a grey diff.
    new Color(0x3F51B5),
    new Color(0xF2B14A),
    new Color(0x00897B),
    new Color(0xE57373),
    new Color(0x5E35B1),
    new Color(0x4FC3F7)
  };

  /**
   * {@code carousel=pastel}: pink, mint, peach, sky, lemon, lavender, all of Rec.601 luma 215
   * (0.299 R + 0.587 G + 0.114 B within half a level); neighbours differ by 30-65 levels in Cb or
   * Cr.
   */
  static final Color[] PASTELS = {
    new Color(255, 193, 225),
    new Color(170, 241, 200),
    new Color(255, 203, 170),
    new Color(170, 230, 255),
    new Color(240, 217, 140),
    new Color(215, 207, 255)
  };

  private static final Color PASTEL_INK = new Color(0x30, 0x30, 0x38);

  private final ScrollAxis axis;
  private final TextField caption = new TextField(60, 1700, 960, 144, "Add a caption");
  private boolean onPager;
  private boolean horizontal;
  private int startPage;

  CarouselScene(VirtualPhone phone) {
    super(phone);
    this.axis = new ScrollAxis(profile, W, 0, (PAGES - 1) * W, false);
  }

  @Override
  void down(Touch touch) {
    onPager = touch.downY >= TOP && touch.downY <= BOTTOM;
    horizontal = false;
    if (onPager) {
      axis.touchDown(touch.downTime);
      startPage = nearestPage(axis.at(touch.downTime));
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (!onPager || !touch.dragging) {
      return;
    }
    if (crossedSlop) {
      horizontal = Math.abs(touch.slopX - touch.downX) >= Math.abs(touch.slopY - touch.downY);
      if (horizontal) {
        double dist = Math.hypot(touch.slopX - touch.downX, touch.slopY - touch.downY);
        axis.beginDrag(touch.time, touch.downX + touch.slop * (touch.slopX - touch.downX) / dist);
      }
    }
    if (horizontal) {
      axis.dragTo(touch.x);
    }
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    long t = touch.time;
    if (onPager) {
      double pos = axis.at(t);
      if (profile.ios()) {
        iosRelease(t, pos, horizontal ? -vx : 0);
      } else if (phone.config().effectivePaging() == dev.swipe.sim.SimConfig.Paging.VIEWPAGER) {
        viewPagerRelease(touch, pos, horizontal ? vx : 0);
      } else {
        snapHelperRelease(t, pos, horizontal ? -vx : 0);
      }
    } else if (caption.contains(touch.downX, touch.downY) && touch.withinSlop()) {
      phone.focus(caption, t);
    }
    onPager = false;
  }

  private void iosRelease(long t, double pos, double v) {
    double moved = pos - startPage * W;
    int target = startPage;
    if (Math.abs(moved) > W / 2) {
      target = startPage + (int) Math.signum(moved);
    } else if (Math.abs(moved) > W / 3
        && Math.abs(v) > profile.minFlingPxPerS()
        && Math.signum(v) == Math.signum(moved)) {
      target = startPage + (int) Math.signum(moved);
    }
    target = Math.max(0, Math.min(PAGES - 1, target));
    settle(t, pos, target * W, v);
  }

  /** ViewPager.determineTargetPage with the finger's velocity (positive: towards earlier pages). */
  private void viewPagerRelease(Touch touch, double pos, double fingerVx) {
    long t = touch.time;
    int target;
    if (!horizontal) {
      target = nearestPage(pos);
    } else {
      int currentPage = (int) Math.floor(pos / W);
      double pageOffset = pos / W - currentPage;
      double deltaX = touch.x - touch.downX;
      if (Math.abs(deltaX) > 25 * profile.density()
          && Math.abs(fingerVx) > 400 * profile.density()) {
        target = fingerVx > 0 ? currentPage : currentPage + 1;
      } else {
        double truncator = currentPage >= startPage ? 0.4 : 0.6;
        target = currentPage + (int) (pageOffset + truncator);
      }
    }
    target = Math.max(0, Math.min(PAGES - 1, target));
    double to = target * W;
    if (pos == to) {
      axis.animate(Motion.still(pos));
      return;
    }
    // ViewPager.smoothScrollTo
    double half = W / 2;
    double ratio = Math.min(1, Math.abs(to - pos) / W);
    double distance = half + half * Math.sin((ratio - 0.5) * 0.3 * Math.PI / 2);
    double v = Math.abs(fingerVx);
    long ms =
        v > 0
            ? 4 * Math.round(1000 * Math.abs(distance / v))
            : (long) ((Math.abs(to - pos) / W + 1) * 100);
    ms = Math.max(1, Math.min(600, ms));
    axis.animate(new Motion.Eased(pos, to, t, ms * 1_000_000L, Motion.Easing.DECELERATE_2_5));
  }

  /** PagerSnapHelper: onFling above RecyclerView's minimum, else snapToTargetExistingView. */
  private void snapHelperRelease(long t, double pos, double contentV) {
    boolean fling = horizontal && Math.abs(contentV) > profile.minFlingPxPerS();
    int target =
        fling
            ? (contentV > 0 ? (int) Math.floor(pos / W) + 1 : (int) Math.floor(pos / W))
            : nearestPage(pos);
    target = Math.max(0, Math.min(PAGES - 1, target));
    double to = target * W;
    double dx = Math.abs(to - pos);
    if (dx == 0) {
      axis.animate(Motion.still(pos));
      return;
    }
    long ms;
    Motion.Easing easing;
    if (fling) {
      double dpi = profile.density() * 160;
      double scrolling = Math.min(100, Math.ceil(dx * 100 / dpi));
      ms = (long) Math.ceil(scrolling / 0.3356);
      easing = Motion.Easing.DECELERATE_1;
    } else {
      ms = Math.min(2000, (long) ((dx / W + 1) * 300));
      easing = Motion.Easing.DECELERATE_2_5;
    }
    axis.animate(new Motion.Eased(pos, to, t, ms * 1_000_000L, easing));
  }

  private void settle(long t, double pos, double to, double v) {
    if (pos == to) {
      axis.animate(Motion.still(pos));
      return;
    }
    long durationMs;
    Motion.Easing easing;
    if (profile.ios()) {
      durationMs = 300;
      easing = Motion.Easing.EASE_OUT_CUBIC;
    } else {
      double dx = Math.abs(to - pos);
      durationMs =
          Math.abs(v) > 0 ? 4 * Math.round(1000 * dx / Math.abs(v)) : (long) ((dx / W + 1) * 100);
      durationMs = Math.max(1, Math.min(600, durationMs));
      easing = Motion.Easing.DECELERATE_2_5;
    }
    axis.animate(new Motion.Eased(pos, to, t, durationMs * 1_000_000L, easing));
  }

  private static int nearestPage(double offset) {
    return (int) Math.max(0, Math.min(PAGES - 1, Math.round(offset / W)));
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    double offset = Math.floor(0.5 + axis.at(t));
    look.text(g, "Get started", 48, 196, profile.ios() ? 96 : 66, profile.ios(), look.text);
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(0, TOP, W, BOTTOM - TOP));
    for (int p = 0; p < PAGES; p++) {
      double x = p * W - offset;
      if (x > W || x < -W) {
        continue;
      }
      paintPage(g, look, p, x);
    }
    g.setClip(clip);
    double dotsY = BOTTOM + 60;
    double page = offset / W;
    for (int p = 0; p < PAGES; p++) {
      double cx = W / 2 + (p - (PAGES - 1) / 2.0) * 60;
      boolean current = Math.abs(page - p) < 0.5;
      g.setColor(current ? look.accent : look.divider);
      double r = current ? 16 : 11;
      g.fill(new Ellipse2D.Double(cx - r, dotsY - r, 2 * r, 2 * r));
    }
    caption.paint(g, look, phone.caret(caption), 0);
  }

  private void paintPage(Graphics2D g, Look look, int p, double x) {
    boolean pastel = phone.config().carousel() == dev.swipe.sim.SimConfig.CarouselPages.PASTEL;
    Color c = pastel ? PASTELS[p] : COLORS[p];
    Color ink = pastel ? PASTEL_INK : Color.WHITE;
    g.setColor(c);
    g.fill(new RoundRectangle2D.Double(x + 60, TOP + 60, W - 120, BOTTOM - TOP - 120, 72, 72));
    // pastel bubbles: the page's hue a little lighter (18 levels of luma at most)
    g.setColor(pastel ? lighter(c) : c.brighter());
    for (int i = 0; i < 3; i++) {
      double r = 150 + 90 * ((p + i) % 3);
      g.fill(
          new Ellipse2D.Double(
              x + 180 + i * 240 - r / 2, TOP + 420 - r / 2 + 60 * ((p * 7 + i) % 3), r, r));
    }
    look.centred(g, (p + 1) + " / " + PAGES, x + W / 2, TOP + 180, 44, false, ink);
    look.centred(g, TITLES[p], x + W / 2, TOP + 820, 110, true, ink);
    look.centred(
        g,
        "Swipe to continue with page " + (p + 2 > PAGES ? 1 : p + 2),
        x + W / 2,
        TOP + 980,
        44,
        false,
        ink);
    look.centred(
        g, "Everything you need, one page at a time.", x + W / 2, TOP + 1060, 40, false, ink);
  }

  private static Color lighter(Color c) {
    return new Color(
        c.getRed() + (255 - c.getRed()) * 45 / 100,
        c.getGreen() + (255 - c.getGreen()) * 45 / 100,
        c.getBlue() + (255 - c.getBlue()) * 45 / 100);
  }

  @Override
  Object viewKey(long t) {
    return List.of(
        Math.floor(0.5 + axis.at(t)), caption.text(), caption.focused(), phone.caret(caption));
  }

  @Override
  boolean animating(long t) {
    return axis.moving(t);
  }

  @Override
  int page(long t) {
    return nearestPage(axis.at(t));
  }

  @Override
  int pageCount() {
    return PAGES;
  }
}
