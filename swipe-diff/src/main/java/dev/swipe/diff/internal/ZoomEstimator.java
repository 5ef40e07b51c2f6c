package dev.swipe.diff.internal;

import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * Tells from two frames alone whether a pinch zoomed the content, and by how much: the verdict of a
 * pinch gesture on a map, a photo or a page, where the app draws no other sign of it.
 *
 * <p>Why points and not the whole image: after a zoom in, most of the first frame is gone; after a
 * zoom out, most of the second frame is new; a pinch also pans. What survives is a patch of shared
 * content at two sizes. So corners are found on a pyramid of each frame ({@link ZoomFeatures}),
 * matched by binary descriptors, and the similarity transform (scale, turn, shift) that most
 * matches agree with is fitted by RANSAC, each match also having to agree with the size and angle
 * its own pyramid levels and patch angles imply. The fit is then checked on the pixels: the first
 * frame, mapped by it, must look like the second where both show the content.
 *
 * <p>The answer is unobserved (never a direction) when too few matches agree, when they crowd in
 * one spot, or when the mapped pixels do not correlate: an unrelated or blank screen has no such
 * agreement to find. Two different screens drawn from one regular pattern (pages of one typography,
 * a street grid, a month grid) can be aligned so that the pattern agrees; so the check also asks
 * that most of the detail the frames share, read in letter-sized blocks, agrees: the words, digits
 * and labels inside the pattern do not, in an alias. A map's labels, pins and tile seams keep their
 * size as it zooms, so they disagree in a true zoom too; where a pinch's path is known, a fit that
 * keeps the content under the fingers needs only half of the detail to agree (an alias keeps some
 * point anywhere, rarely the one under the fingers). A scroll and an unchanged screen fit a scale
 * of about 1: direction {@code none}; where the corners are too few for any fit, a pan is still
 * read from the whole picture (see {@code alongAShift}). Known limit: a pattern with nothing
 * distinct in it (an empty lattice) cannot be told from itself zoomed; a sparse map, mostly flat
 * blocks, often gives too few corners for the size of a zoom; and, without a pinch's path, a sparse
 * map whose tile seams and labels keep their size can line up with itself shifted after a zoom and
 * read as none.
 *
 * <p>Frames are reduced to about {@value #BASE_PIXELS} pixels first: a pinch's scale needs no more,
 * and the estimate stays cheap enough to run after every pinch.
 */
public final class ZoomEstimator {

  /** Pixels per frame the estimate works on; larger frames are reduced. */
  static final int BASE_PIXELS = 300_000;

  /** Pyramid levels: down to a fifth, so a 4x zoom still meets levels of equal size. */
  static final int LEVELS = 8;

  /** Keypoints per frame. */
  static final int BUDGET = 1500;

  /** A match's descriptors differ in at most this many of their 256 bits. */
  static final int MAX_DISTANCE = 72;

  /** Matches that must agree with the fit before it is believed. */
  static final int MIN_SUPPORT = 12;

  /** Fewer matches than {@link #MIN_SUPPORT} are believed only when the pixels agree this well. */
  static final int FEW_SUPPORT = 6;

  /** The median block correlation a fit of few matches needs. */
  static final double FEW_CORRELATION = 0.9;

  /** The share of agreeing detail a fit of few matches needs. */
  static final double FEW_DETAIL_SHARE = 0.9;

  /** A fit with this much support is worth a guided search for more. */
  static final int GUIDE_FROM = 4;

  /** A fit with this much support needs no guided search. */
  static final int GUIDED_ENOUGH = 40;

  /** The descriptor bound of a guided match, whose position already agrees. */
  static final int GUIDED_DISTANCE = 100;

  /** Scales beyond these are not searched: more than a pinch gives in one go. */
  static final double MIN_SCALE = 0.2;

  static final double MAX_SCALE = 5.0;

  /** How far a match's own size ratio (from its levels) may be from the fit's scale, in ln. */
  static final double SCALE_TOLERANCE = 0.45;

  /** How far a match's own angle may be from the fit's turn, radians. */
  static final double ANGLE_TOLERANCE = Math.toRadians(35);

  /** Largest turn the fit may have. */
  static final double MAX_TURN = Math.toRadians(60);

  /** Position error allowed for a match, in pixels of its coarser level. */
  static final double POSITION_TOLERANCE = 2.5;

  /** A scale within this ratio of 1 is no zoom: the fit's own error on a scroll stays inside. */
  static final double NONE_BAND = 1.05;

  /** A turn below this many degrees is reported as 0: no pinch is that precise. */
  static final double MIN_TURN_DEGREES = 2.0;

  /** The pixels mapped by the fit must correlate at least this well with the second frame. */
  static final double MIN_CORRELATION = 0.7;

  /** Edge of the blocks the pixel check correlates, in pixels of the level at half the base. */
  static final int BLOCK = 10;

  /** The level the pixel check reads: half the base, enough detail and a quarter of the work. */
  static final int VERIFY_LEVEL = ZoomFeatures.LEVELS_PER_OCTAVE;

  /** Edge of the blocks of the detail check: a letter or digit at the level it reads. */
  static final int DETAIL_BLOCK = 6;

  /**
   * The detail check reads this many levels above the finest both frames resolve: finer, the two
   * renderings of one content at two sizes differ by their anti-aliasing more than by content.
   */
  static final int DETAIL_COARSER = 2;

  /** A detail block agrees when it correlates at least this well. */
  static final double DETAIL_CORRELATION = 0.7;

  /**
   * The share of detail blocks that must agree. A zoom keeps nearly all of them; an alias of one
   * pattern agrees where the pattern is and not in the letters or labels it holds.
   */
  static final double MIN_DETAIL_SHARE = 0.74;

  /** A block stood still when it correlates this well with itself in the other frame... */
  static final double STILL_CORRELATION = 0.9;

  /** ...and its mean brightness moved by at most this many grey levels. */
  static final double STILL_LEVELS = 10;

  /** Blocks of the shared part with contrast that the pixel check needs. */
  static final int MIN_BLOCKS = 6;

  /** A block varies at least this much (standard deviation) in both frames to be compared. */
  static final double MIN_BLOCK_CONTRAST = 4.0;

  /** Frames whose brightness varies less than this (standard deviation) are blank. */
  static final double MIN_CONTRAST = 3.0;

  private static final int MAX_ITERATIONS = 2000;

  /** RANSAC draws from a fixed seed, so one pair of frames always gets one answer. */
  private static final long SEED = 0x200AL;

  private ZoomEstimator() {}

  /**
   * Estimates how the content of {@code after} is the content of {@code before} zoomed about some
   * point.
   *
   * @throws SwipeException {@code invalid_argument} for a null frame; {@code image_size_mismatch}
   *     when the frames differ in size
   */
  public static ZoomChange estimate(GreyRaster before, GreyRaster after) {
    return estimate(before, after, null);
  }

  /**
   * As {@link #estimate(GreyRaster, GreyRaster)}, for the frames before and after a pinch whose
   * fingers' centroid went from {@code fromX, fromY} to {@code toX, toY} (0-1000 on the frames)
   * while their spread asked for {@code scale}. Where the corners alone leave the zoom unobserved
   * (a sparse screen zoomed far has too few), the zooms the app may have made of that pinch are
   * tried on the pixels, the content under the centroid kept under it: every zoom from none to
   * twice as far as the one asked for (an app may stop at a limit, and one that snaps to levels, as
   * a map does, may go on to the next). One is believed only when the pixels agree with it as they
   * must with a fit of many matches, clearly better than with zooms a step either side of it, and
   * it is not the farthest tried (the truth may lie beyond). The pinch also vouches for a fit of
   * many matched corners that keeps the content under the fingers (see {@code keepsTheFingers}):
   * such a fit needs only half of the shared detail to agree, not three quarters, since a map's
   * labels and tile seams keep their size as it zooms.
   *
   * @throws SwipeException {@code invalid_argument} for a null frame, a point outside 0-1000 or a
   *     scale that is not positive; {@code image_size_mismatch} when the frames differ in size
   */
  public static ZoomChange estimate(
      GreyRaster before,
      GreyRaster after,
      double fromX,
      double fromY,
      double toX,
      double toY,
      double scale) {
    for (double v : new double[] {fromX, fromY, toX, toY}) {
      if (!(v >= 0 && v <= 1000)) {
        throw ImageFailures.invalidArgument("the centroid's points must be within 0-1000");
      }
    }
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw ImageFailures.invalidArgument("scale must be positive, was " + scale);
    }
    return estimate(before, after, new double[] {fromX, fromY, toX, toY, scale});
  }

  /** The estimate, with the pinch's centroid path and asked scale when {@code pinch} is given. */
  private static ZoomChange estimate(
      GreyRaster before, GreyRaster after, double @Nullable [] pinch) {
    if (before == null || after == null) {
      throw ImageFailures.invalidArgument("both frames are required");
    }
    ChangedCells.requireSameSize(before, after);
    int[] dims = new int[2];
    float[] a = base(before, dims);
    float[] b = base(after, dims);
    int w = dims[0];
    int h = dims[1];
    if (deviation(a) < MIN_CONTRAST || deviation(b) < MIN_CONTRAST) {
      return ZoomChange.UNOBSERVED;
    }
    ZoomFeatures fa = ZoomFeatures.of(a, w, h, BUDGET, LEVELS);
    ZoomFeatures fb = ZoomFeatures.of(b, w, h, BUDGET, LEVELS);
    ZoomChange found =
        fa.count < MIN_SUPPORT || fb.count < MIN_SUPPORT
            ? ZoomChange.UNOBSERVED
            : fromCorners(fa, fb, w, h, before, pinch);
    if (found.observed()) {
      return found;
    }
    Fit along = pinch == null ? null : alongThePinch(fa, fb, w, h, before, pinch);
    if (along == null) {
      Fit pan = alongAShift(fa, fb, a, b, w, h);
      // Where the fingers asked for a zoom, only a screen that stood still shows the app did not
      // zoom: a map's tile seams and labels keep their size and move with the content, so a sparse
      // map zoomed can line up with itself shifted.
      boolean askedAZoom = pinch != null && (pinch[4] >= NONE_BAND || pinch[4] <= 1 / NONE_BAND);
      along = pan != null && (!askedAZoom || stoodStill(pan, w, h)) ? pan : null;
    }
    return along == null ? found : answer(along, w, h, before);
  }

  /** Whether a fit of about no zoom keeps the middle of the frame within a pixel or two. */
  private static boolean stoodStill(Fit fit, int w, int h) {
    double cx = w / 2.0;
    double cy = h / 2.0;
    return Math.hypot(fit.p * cx - fit.q * cy + fit.tx - cx, fit.q * cx + fit.p * cy + fit.ty - cy)
        <= 2;
  }

  /** How far (in ln of the scale) from none a pan's best size may lie. */
  static final double SHIFT_NONE = 0.02;

  /** The sizes a pan is tried at: ln of the scale from minus to plus this... */
  static final double SHIFT_RANGE = 0.16;

  /** ...in steps of this. */
  static final double SHIFT_STEP = 0.01;

  /** The band (ln of the scale, from the best) that a pan's size must agree better than. */
  static final double SHIFT_NEIGHBOUR_FROM = 0.05;

  static final double SHIFT_NEIGHBOUR_TO = 0.15;

  /**
   * A pan that kept the size, where the corners are too few to say so: the shifts that best carry
   * the first frame onto the second ({@link ShiftSearch}) are each tried at sizes about none, the
   * content at the middle of the shared part kept where the shift puts it. A shift is believed only
   * with the agreement a fit of few matches needs and the detail share of any fit, at a size within
   * {@link #SHIFT_NONE} of none, and clearly better than at sizes {@link #SHIFT_NEIGHBOUR_FROM} to
   * {@link #SHIFT_NEIGHBOUR_TO} from it (a zoom of 1.06, just out of the band of none, peaks at its
   * own size, so it is not taken for a pan). Only ever an answer of none: a zoom needs the corners
   * or a pinch's path.
   */
  private static @Nullable Fit alongAShift(
      ZoomFeatures fa, ZoomFeatures fb, float[] a, float[] b, int w, int h) {
    if (fa.levels.length <= VERIFY_LEVEL || fb.levels.length <= VERIFY_LEVEL) {
      return null; // too small a frame for the pixel checks
    }
    int steps = (int) Math.round(2 * SHIFT_RANGE / SHIFT_STEP) + 1;
    double[] lnZ = new double[steps];
    for (int k = 0; k < steps; k++) {
      lnZ[k] = -SHIFT_RANGE + k * SHIFT_STEP;
    }
    for (int[] shift : ShiftSearch.of(a, b, w, h)) {
      int dx = shift[0];
      int dy = shift[1];
      double ax = (Math.max(0, -dx) + Math.min(w, w - dx)) / 2.0;
      double ay = (Math.max(0, -dy) + Math.min(h, h - dy)) / 2.0;
      double[] score = new double[steps];
      // the sizes about none first: most shifts fail there, and then the rest need not be tried
      int best = -1;
      for (int k = 0; k < steps; k++) {
        if (Math.abs(lnZ[k]) <= SHIFT_NONE + 1e-9) {
          score[k] = agreement(fa, fb, keeping(fa, fb, Math.exp(lnZ[k]), ax, ay, ax + dx, ay + dy));
          if (score[k] > -1 && (best < 0 || score[k] > score[best])) {
            best = k;
          }
        }
      }
      if (best < 0 || score[best] < FEW_CORRELATION) {
        continue;
      }
      boolean clear = true;
      for (int k = 0; k < steps && clear; k++) {
        if (Math.abs(lnZ[k]) <= SHIFT_NONE + 1e-9) {
          continue;
        }
        score[k] = agreement(fa, fb, keeping(fa, fb, Math.exp(lnZ[k]), ax, ay, ax + dx, ay + dy));
        double gap = Math.abs(lnZ[k] - lnZ[best]);
        boolean neighbour = gap >= SHIFT_NEIGHBOUR_FROM - 1e-9 && gap <= SHIFT_NEIGHBOUR_TO + 1e-9;
        // a size the pixels agree with better is no pan; a neighbour that cannot be compared, or
        // agrees nearly as well, cannot be told apart from it
        if (score[k] > score[best]
            || (neighbour && (score[k] <= -1 || score[k] > score[best] - PINCH_MARGIN))) {
          clear = false;
        }
      }
      Fit fit = keeping(fa, fb, Math.exp(lnZ[best]), ax, ay, ax + dx, ay + dy);
      if (clear && detailShare(fa, fb, fit) >= MIN_DETAIL_SHARE) {
        return fit;
      }
    }
    return null;
  }

  /** The estimate from matched corners, a pinch's path vouching for a fit where it is given. */
  private static ZoomChange fromCorners(
      ZoomFeatures fa,
      ZoomFeatures fb,
      int w,
      int h,
      GreyRaster before,
      double @Nullable [] pinch) {
    Matches m = Matches.of(fa, fb);
    Fit first = believed(fa, fb, m, w, h, before, pinch);
    if (first != null && first.isZoom()) {
      return answer(first, w, h, before);
    }
    // The strongest agreement keeps the size: it may be parts that stood still (a status bar, a
    // search field over a map) while the content under them zoomed. Look again without them.
    Fit rest = null;
    Fit tried = first != null ? first : Fit.search(m, new SplittableRandom(SEED));
    if (tried != null) {
      rest = believed(fa, fb, m.without(tried), w, h, before, pinch);
    }
    if (rest != null && rest.isZoom()) {
      return answer(rest, w, h, before);
    }
    return first != null ? answer(first, w, h, before) : ZoomChange.UNOBSERVED;
  }

  /** Zooms tried between none and twice as far as the one a pinch asked for. */
  static final int PINCH_STEPS = 61;

  /** How far (in ln of the scale) a zoom's neighbours are that it must agree better than. */
  static final double PINCH_NEIGHBOUR = 0.12;

  /** By how much the believed zoom's agreement must beat its neighbours'. */
  static final double PINCH_MARGIN = 0.04;

  /**
   * The zoom of a pinch ({@code pinch}: centroid from and to in 0-1000, asked scale) that the
   * pixels confirm, or null: see {@link #estimate(GreyRaster, GreyRaster, double, double, double,
   * double, double)}.
   */
  private static @Nullable Fit alongThePinch(
      ZoomFeatures fa, ZoomFeatures fb, int w, int h, GreyRaster frame, double[] pinch) {
    double sx = frame.width() / (double) w;
    double sy = frame.height() / (double) h;
    double ax = (NormSpace.toPixel(pinch[0], frame.width()) + 0.5) / sx - 0.5;
    double ay = (NormSpace.toPixel(pinch[1], frame.height()) + 0.5) / sy - 0.5;
    double bx = (NormSpace.toPixel(pinch[2], frame.width()) + 0.5) / sx - 0.5;
    double by = (NormSpace.toPixel(pinch[3], frame.height()) + 0.5) / sy - 0.5;
    double lnFar = Math.log(Math.max(MIN_SCALE, Math.min(MAX_SCALE, pinch[4] * pinch[4])));
    double[] lnZ = new double[PINCH_STEPS];
    double[] score = new double[PINCH_STEPS];
    int best = -1;
    for (int k = 0; k < PINCH_STEPS; k++) {
      lnZ[k] = lnFar * k / (PINCH_STEPS - 1);
      score[k] = agreement(fa, fb, keeping(fa, fb, Math.exp(lnZ[k]), ax, ay, bx, by));
      if (score[k] > -1 && (best < 0 || score[k] > score[best])) {
        best = k;
      }
    }
    if (best < 0 || best == PINCH_STEPS - 1 || score[best] < MIN_CORRELATION) {
      return null;
    }
    // clearly better than the zooms a step either side (where the range has them)
    for (int k = 0; k < PINCH_STEPS; k++) {
      if (Math.abs(lnZ[k] - lnZ[best]) >= PINCH_NEIGHBOUR
          && Math.abs(lnZ[k] - lnZ[best]) < 2 * PINCH_NEIGHBOUR
          && score[k] > score[best] - PINCH_MARGIN) {
        return null;
      }
    }
    Fit fit = keeping(fa, fb, Math.exp(lnZ[best]), ax, ay, bx, by);
    return detailShare(fa, fb, fit) >= MIN_DETAIL_SHARE ? fit : null;
  }

  /**
   * The zoom by {@code z} that takes the point {@code ax, ay} of the first frame to {@code bx, by}
   * (base pixels), with no matches behind it.
   */
  private static Fit keeping(
      ZoomFeatures fa, ZoomFeatures fb, double z, double ax, double ay, double bx, double by) {
    return new Fit(
        new Matches(fa, fb, 0, new int[0], new int[0]),
        z,
        0,
        bx - z * ax,
        by - z * ay,
        0,
        new boolean[0]);
  }

  /**
   * The best fit of the matches if it passes every check, else null; with a pinch's path ({@code
   * pinch}), a fit of many matches that {@linkplain #keepsTheFingers keeps the content under the
   * fingers} needs only {@link #VOUCHED_DETAIL_SHARE} of the detail to agree.
   */
  private static @Nullable Fit believed(
      ZoomFeatures fa,
      ZoomFeatures fb,
      Matches m,
      int w,
      int h,
      GreyRaster frame,
      double @Nullable [] pinch) {
    Fit fit = Fit.search(m, new SplittableRandom(SEED));
    if (fit == null) {
      return null;
    }
    fit = fit.refined(m);
    if (fit.support >= GUIDE_FROM && fit.support < GUIDED_ENOUGH) {
      // Few matches agree: the nearest descriptors missed corners that the fit now locates.
      // Look for each corner's partner where the fit puts it, with a looser descriptor bound.
      Matches g = Matches.guided(fa, fb, fit);
      Fit gf = new Fit(g, fit.p, fit.q, fit.tx, fit.ty, 0, new boolean[g.count]);
      gf = gf.recounted(g).refined(g);
      if (gf.support > fit.support) {
        fit = gf;
        m = g;
      }
    }
    if (fit.support < FEW_SUPPORT || !fit.spread(m, w, h)) {
      return null;
    }
    // a sparse screen (flat blocks, thin roads) has few corners: fewer matches may do when the
    // pixels agree nearly everywhere
    boolean few = fit.support < MIN_SUPPORT;
    boolean agrees = agreement(fa, fb, fit) >= (few ? FEW_CORRELATION : MIN_CORRELATION);
    boolean vouched = !few && pinch != null && keepsTheFingers(fit, w, h, frame, pinch);
    if (!agrees && !vouched) {
      return null;
    }
    double detail = detailShare(fa, fb, fit);
    return (agrees && detail >= (few ? FEW_DETAIL_SHARE : MIN_DETAIL_SHARE))
            || (vouched && detail >= VOUCHED_DETAIL_SHARE)
        ? fit
        : null;
  }

  /**
   * The share of agreeing detail a fit needs when a pinch's path vouches for it. Maps draw labels,
   * pins and tile seams at one size at every zoom and lay them out again, so where the content is
   * sparse they can be nearly half of the detail two frames of a true zoom share.
   */
  static final double VOUCHED_DETAIL_SHARE = 0.5;

  /**
   * How far (0-1000) from the fingers' centroid path a zoom's fixed point may lie and still keep
   * the content under the fingers: a map that snaps a pinch to whole levels finishes the snap about
   * the centre of its view, which moves the fixed point part of the way there.
   */
  static final double VOUCH_RADIUS = 100;

  /**
   * Whether the fit is a zoom the pinch ({@code pinch}: centroid from and to in 0-1000, asked
   * scale) could have made: of the pinch's direction, at most twice as far (in ln of the scale) as
   * asked, about a point within {@link #VOUCH_RADIUS} of the fingers' centroid on its way. A
   * pattern aliased onto another screen of it (two month grids) has its fixed point anywhere, so it
   * rarely keeps the fingers; a zoom the fingers made keeps a point near them.
   */
  private static boolean keepsTheFingers(Fit fit, int w, int h, GreyRaster frame, double[] pinch) {
    double lnScale = Math.log(fit.scale());
    double lnAsked = Math.log(pinch[4]);
    if (!fit.isZoom()
        || lnScale * lnAsked <= 0
        || Math.abs(lnScale) > 2 * Math.abs(lnAsked) + 1e-9) {
      return false;
    }
    double[] c = fixedPoint(fit, w, h, frame);
    double cx = c[0];
    double cy = c[1];
    // distance to the segment from the centroid's start to its end
    double vx = pinch[2] - pinch[0];
    double vy = pinch[3] - pinch[1];
    double len2 = vx * vx + vy * vy;
    double k =
        len2 == 0
            ? 0
            : Math.max(0, Math.min(1, ((cx - pinch[0]) * vx + (cy - pinch[1]) * vy) / len2));
    return Math.hypot(cx - pinch[0] - k * vx, cy - pinch[1] - k * vy) <= VOUCH_RADIUS;
  }

  /** The result for a believed fit, the centre in the normalized space of the frames. */
  private static ZoomChange answer(Fit fit, int w, int h, GreyRaster frame) {
    double scale = fit.scale();
    double turn = Math.toDegrees(fit.turn());
    if (Math.abs(turn) < MIN_TURN_DEGREES) {
      turn = 0;
    }
    if (!fit.isZoom()) {
      return new ZoomChange(true, ZoomChange.Direction.NONE, scale, turn, 500, 500, fit.support);
    }
    double[] c = fixedPoint(fit, w, h, frame);
    return new ZoomChange(
        true,
        scale > 1 ? ZoomChange.Direction.IN : ZoomChange.Direction.OUT,
        scale,
        turn,
        c[0],
        c[1],
        fit.support);
  }

  /**
   * The point a zoom fit keeps in place, in 0-1000 of the frame (outside that range when it lies
   * off the frame): {@code c = z c + t}, so {@code c = t / (1 - z)}.
   */
  private static double[] fixedPoint(Fit fit, int w, int h, GreyRaster frame) {
    double re = 1 - fit.p;
    double im = -fit.q;
    double den = re * re + im * im;
    double cx = (fit.tx * re + fit.ty * im) / den;
    double cy = (fit.ty * re - fit.tx * im) / den;
    double sx = frame.width() / (double) w;
    double sy = frame.height() / (double) h;
    return new double[] {
      NormSpace.toNorm((cx + 0.5) * sx - 0.5, frame.width()),
      NormSpace.toNorm((cy + 0.5) * sy - 0.5, frame.height())
    };
  }

  /** The frame as floats, reduced to about {@link #BASE_PIXELS}; {@code dims} receives its size. */
  static float[] base(GreyRaster r, int[] dims) {
    GreyRaster g = r;
    int f = 1;
    while (f < 16 && (long) r.width() * r.height() / ((long) f * f) > 4L * BASE_PIXELS) {
      f *= 2;
    }
    if (f > 1) {
      g = r.reduce(f);
    }
    int w = g.width();
    int h = g.height();
    byte[] p = Rasters.pixels(g);
    float[] img = new float[w * h];
    for (int i = 0; i < img.length; i++) {
      img[i] = p[i] & 0xFF;
    }
    long area = (long) w * h;
    if (area <= BASE_PIXELS) {
      dims[0] = w;
      dims[1] = h;
      return img;
    }
    double k = Math.sqrt(BASE_PIXELS / (double) area);
    int bw = Math.max(1, (int) Math.round(w * k));
    int bh = Math.max(1, (int) Math.round(h * k));
    dims[0] = bw;
    dims[1] = bh;
    return ZoomFeatures.resize(img, w, h, bw, bh);
  }

  private static double deviation(float[] img) {
    double s = 0;
    double s2 = 0;
    for (float v : img) {
      s += v;
      s2 += (double) v * v;
    }
    double mean = s / img.length;
    return Math.sqrt(Math.max(0, s2 / img.length - mean * mean));
  }

  /**
   * How well the first frame, mapped by the fit, looks like the second where both show the content:
   * the median correlation of small blocks, so a high-contrast bar that did not move cannot vouch
   * for a fit the rest of the screen contradicts, and flat blocks (which any fit explains) are left
   * out. -1 when fewer than {@link #MIN_BLOCKS} blocks can be compared. Read on the level at half
   * the base, from the first frame's level nearest the size the mapping asks for, so that a zoom
   * out is not aliased.
   */
  static double agreement(ZoomFeatures fa, ZoomFeatures fb, Fit fit) {
    int lb = Math.min(fb.levels.length - 1, VERIFY_LEVEL);
    double[] used = blockScores(fa, fb, fit, lb, BLOCK, false);
    if (used.length < MIN_BLOCKS) {
      return -1;
    }
    Arrays.sort(used);
    return used[used.length / 2];
  }

  /**
   * The share of the shared detail that agrees, read near the finest level both frames resolve: the
   * blocks with contrast whose correlation reaches {@link #DETAIL_CORRELATION}. Two screens drawn
   * from one pattern (lines of one font, a cell grid, a street grid) can be aligned so that the
   * pattern agrees, and with it the median of coarse blocks; the letters, digits and labels inside
   * it do not, and they are a good part of the detail. -1 when fewer than {@link #MIN_BLOCKS}
   * blocks can be compared.
   */
  static double detailShare(ZoomFeatures fa, ZoomFeatures fb, Fit fit) {
    double s = fit.scale();
    // the level of the second frame where the first, zoomed by s, is at its own base size
    int lb = 0;
    if (s > 1) {
      lb = (int) Math.round(Math.log(s) / Math.log(2) * ZoomFeatures.LEVELS_PER_OCTAVE);
    }
    lb = Math.min(fb.levels.length - 1, lb + DETAIL_COARSER);
    double[] scores = blockScores(fa, fb, fit, lb, DETAIL_BLOCK, true);
    if (scores.length < MIN_BLOCKS) {
      return -1;
    }
    int agree = 0;
    for (double c : scores) {
      agree += c >= DETAIL_CORRELATION ? 1 : 0;
    }
    return agree / (double) scores.length;
  }

  /**
   * The correlation of each {@code block}-pixel block of the second frame's level {@code lb} that
   * has contrast in either frame with the first frame mapped by the fit, read from the first
   * frame's level nearest the size the mapping asks for, so that a zoom out is not aliased; 0 for a
   * block with detail in one frame where the fit puts flat colour in the other. When {@code
   * strict}, a block barely textured in either frame is left out: JPEG noise decides whether it
   * passes the floor, so it can neither agree nor disagree; and so is a block the fit moves that
   * shows, in the second frame or at its source in the first, pixels that stood still (a status
   * bar, a button over a map): they are no part of the zoomed content.
   */
  static double[] blockScores(
      ZoomFeatures fa, ZoomFeatures fb, Fit fit, int lb, int block, boolean strict) {
    ZoomFeatures.Level vb = fb.levels[lb];
    // first-frame base pixels per level pixel of the second frame
    double want = Math.sqrt(vb.fx * vb.fy) / fit.scale();
    int la = 0;
    double bestGap = Double.MAX_VALUE;
    for (int k = 0; k < fa.levels.length; k++) {
      ZoomFeatures.Level l = fa.levels[k];
      double gap = Math.abs(Math.log(Math.sqrt(l.fx * l.fy) / want));
      if (gap < bestGap) {
        bestGap = gap;
        la = k;
      }
    }
    ZoomFeatures.Level va = fa.levels[la];
    // the inverse of b = z a + t: a = conj(z) (b - t) / |z|^2
    double n2 = fit.p * fit.p + fit.q * fit.q;
    double ip = fit.p / n2;
    double iq = -fit.q / n2;
    int bw = vb.width / block;
    int bh = vb.height / block;
    double[] scores = new double[bw * bh];
    int n = 0;
    double floor = block * block * MIN_BLOCK_CONTRAST * MIN_BLOCK_CONTRAST;
    boolean[] still = strict ? still(fa.levels[lb], vb, block, floor) : null;
    for (int by = 0; by < bh; by++) {
      for (int bx = 0; bx < bw; bx++) {
        if (still != null) {
          double cx = (bx + 0.5) * block * vb.fx - fit.tx;
          double cy = (by + 0.5) * block * vb.fy - fit.ty;
          int sx = (int) Math.floor((ip * cx - iq * cy) / vb.fx / block);
          int sy = (int) Math.floor((iq * cx + ip * cy) / vb.fy / block);
          boolean moved = Math.abs(sx - bx) > 1 || Math.abs(sy - by) > 1;
          boolean source = sx >= 0 && sy >= 0 && sx < bw && sy < bh && still[sy * bw + sx];
          if (moved && (still[by * bw + bx] || source)) {
            continue;
          }
        }
        double sa = 0;
        double sb = 0;
        double saa = 0;
        double sbb = 0;
        double sab = 0;
        boolean inside = true;
        for (int y = by * block; y < (by + 1) * block && inside; y++) {
          double ry = (y + 0.5) * vb.fy - 0.5 - fit.ty;
          for (int x = bx * block; x < (bx + 1) * block; x++) {
            double rx = (x + 0.5) * vb.fx - 0.5 - fit.tx;
            double lx = (ip * rx - iq * ry + 0.5) / va.fx - 0.5;
            double ly = (iq * rx + ip * ry + 0.5) / va.fy - 0.5;
            if (lx < 1 || ly < 1 || lx > va.width - 2 || ly > va.height - 2) {
              inside = false;
              break;
            }
            double u = va.sample(lx, ly);
            double v = vb.smooth[y * vb.width + x];
            sa += u;
            sb += v;
            saa += u * u;
            sbb += v * v;
            sab += u * v;
          }
        }
        if (!inside) {
          continue;
        }
        int m = block * block;
        double va2 = saa - sa * sa / m;
        double vb2 = sbb - sb * sb / m;
        if (va2 < floor && vb2 < floor) {
          continue; // flat in both frames: any fit explains it
        }
        if (strict && ((va2 < floor && va2 > floor / 4) || (vb2 < floor && vb2 > floor / 4))) {
          continue;
        }
        // detail in one frame where the fit puts flat colour in the other is a disagreement
        scores[n++] = va2 < floor || vb2 < floor ? 0 : (sab - sa * sb / m) / Math.sqrt(va2 * vb2);
      }
    }
    return Arrays.copyOf(scores, n);
  }

  /**
   * Which {@code block}-pixel blocks of two same-size levels show the same detail at the same place
   * in both frames: pixels that stood still.
   */
  private static boolean[] still(
      ZoomFeatures.Level a, ZoomFeatures.Level b, int block, double floor) {
    int bw = b.width / block;
    int bh = b.height / block;
    boolean[] out = new boolean[bw * bh];
    int m = block * block;
    for (int by = 0; by < bh; by++) {
      for (int bx = 0; bx < bw; bx++) {
        double sa = 0;
        double sb = 0;
        double saa = 0;
        double sbb = 0;
        double sab = 0;
        for (int y = by * block; y < (by + 1) * block; y++) {
          for (int x = bx * block; x < (bx + 1) * block; x++) {
            double u = a.smooth[y * a.width + x];
            double v = b.smooth[y * b.width + x];
            sa += u;
            sb += v;
            saa += u * u;
            sbb += v * v;
            sab += u * v;
          }
        }
        double va2 = saa - sa * sa / m;
        double vb2 = sbb - sb * sb / m;
        out[by * bw + bx] =
            va2 >= floor / 4
                && vb2 >= floor / 4
                && Math.abs(sa - sb) / m <= STILL_LEVELS
                && (sab - sa * sb / m) / Math.sqrt(va2 * vb2) >= STILL_CORRELATION;
      }
    }
    return out;
  }

  /** Candidate correspondences: each keypoint of the second frame to its nearest of the first. */
  static final class Matches {
    final ZoomFeatures a;
    final ZoomFeatures b;
    final int count;
    final int[] ia;
    final int[] ib;

    /** ln of the scale the match's two levels imply. */
    final double[] lnScale;

    /** The turn the match's two patch angles imply. */
    final double[] turn;

    private Matches(ZoomFeatures a, ZoomFeatures b, int count, int[] ia, int[] ib) {
      this.a = a;
      this.b = b;
      this.count = count;
      this.ia = ia;
      this.ib = ib;
      this.lnScale = new double[count];
      this.turn = new double[count];
      for (int k = 0; k < count; k++) {
        lnScale[k] = Math.log(b.size[ib[k]] / (double) a.size[ia[k]]);
        turn[k] = wrap(b.angle[ib[k]] - (double) a.angle[ia[k]]);
      }
    }

    /**
     * For each keypoint of {@code b}, the keypoint of {@code a} nearest in descriptor among those
     * the fit puts within tolerance of it, at a size and angle it agrees with.
     */
    static Matches guided(ZoomFeatures a, ZoomFeatures b, Fit fit) {
      double s = fit.scale();
      double ls = Math.log(s);
      double turn = fit.turn();
      int[] ia = new int[b.count];
      int[] ib = new int[b.count];
      int n = 0;
      for (int j = 0; j < b.count; j++) {
        int best = -1;
        int bestD = GUIDED_DISTANCE + 1;
        double bx = b.x[j];
        double by = b.y[j];
        for (int i = 0; i < a.count; i++) {
          if (Math.abs(ls - Math.log(b.size[j] / (double) a.size[i])) > SCALE_TOLERANCE) {
            continue;
          }
          double ex = fit.p * a.x[i] - fit.q * a.y[i] + fit.tx - bx;
          double ey = fit.q * a.x[i] + fit.p * a.y[i] + fit.ty - by;
          double tol = POSITION_TOLERANCE * Math.max(b.size[j], s * a.size[i]) + 1;
          if (ex * ex + ey * ey > tol * tol
              || Math.abs(wrap(turn - (b.angle[j] - (double) a.angle[i]))) > ANGLE_TOLERANCE) {
            continue;
          }
          int d = ZoomFeatures.distance(a, i, b, j);
          if (d < bestD) {
            bestD = d;
            best = i;
          }
        }
        if (best >= 0) {
          ia[n] = best;
          ib[n++] = j;
        }
      }
      return new Matches(a, b, n, ia, ib);
    }

    /**
     * These matches less those that share a keypoint with an inlier of {@code fit} (which may have
     * been counted among other matches of the same two frames).
     */
    Matches without(Fit fit) {
      boolean[] usedA = new boolean[a.count];
      boolean[] usedB = new boolean[b.count];
      Matches o = fit.over;
      for (int k = 0; k < o.count; k++) {
        if (fit.inlier[k]) {
          usedA[o.ia[k]] = true;
          usedB[o.ib[k]] = true;
        }
      }
      int[] na = new int[count];
      int[] nb = new int[count];
      int n = 0;
      for (int k = 0; k < count; k++) {
        if (!usedA[ia[k]] && !usedB[ib[k]]) {
          na[n] = ia[k];
          nb[n++] = ib[k];
        }
      }
      return new Matches(a, b, n, na, nb);
    }

    /**
     * The nearest keypoint of {@code a} for each of {@code b}, and the second nearest when nearly
     * as close (a repeated label or block must not hide the right one), within {@link
     * #MAX_DISTANCE}.
     */
    static Matches of(ZoomFeatures a, ZoomFeatures b) {
      int[] ia = new int[2 * b.count];
      int[] ib = new int[2 * b.count];
      int n = 0;
      for (int j = 0; j < b.count; j++) {
        int d1 = Integer.MAX_VALUE;
        int d2 = Integer.MAX_VALUE;
        int i1 = -1;
        int i2 = -1;
        for (int i = 0; i < a.count; i++) {
          int d = ZoomFeatures.distance(a, i, b, j);
          if (d < d2) {
            if (d < d1) {
              d2 = d1;
              i2 = i1;
              d1 = d;
              i1 = i;
            } else {
              d2 = d;
              i2 = i;
            }
          }
        }
        if (i1 >= 0 && d1 <= MAX_DISTANCE) {
          ia[n] = i1;
          ib[n++] = j;
          if (i2 >= 0 && d2 <= MAX_DISTANCE && d2 <= d1 + 8) {
            ia[n] = i2;
            ib[n++] = j;
          }
        }
      }
      return new Matches(a, b, n, ia, ib);
    }
  }

  /** A similarity {@code b = z a + t} with {@code z = p + iq}, and the matches that agree. */
  static final class Fit {
    final double p;
    final double q;
    final double tx;
    final double ty;
    final int support;
    final boolean[] inlier;

    /** The matches {@link #inlier} indexes. */
    final Matches over;

    Fit(Matches over, double p, double q, double tx, double ty, int support, boolean[] inlier) {
      this.over = over;
      this.p = p;
      this.q = q;
      this.tx = tx;
      this.ty = ty;
      this.support = support;
      this.inlier = inlier;
    }

    double scale() {
      return Math.hypot(p, q);
    }

    double turn() {
      return Math.atan2(q, p);
    }

    /** Whether the scale is outside the band of no zoom. */
    boolean isZoom() {
      double s = scale();
      return s >= NONE_BAND || s <= 1 / NONE_BAND;
    }

    /**
     * RANSAC over pairs of matches that agree with each other on size and angle; null when no pair
     * gives a plausible similarity.
     */
    static @Nullable Fit search(Matches m, SplittableRandom rnd) {
      if (m.count < 2) {
        return null;
      }
      int bestSupport = 0;
      double[] best = null;
      int[] stampA = new int[m.a.count];
      int[] stampB = new int[m.b.count];
      int needed = MAX_ITERATIONS;
      for (int it = 1; it <= Math.min(needed, MAX_ITERATIONS); it++) {
        int i = rnd.nextInt(m.count);
        int j = -1;
        for (int tries = 0; tries < 30; tries++) {
          int c = rnd.nextInt(m.count);
          if (c != i
              && m.ib[c] != m.ib[i]
              && m.ia[c] != m.ia[i]
              && Math.abs(m.lnScale[c] - m.lnScale[i]) <= 2 * SCALE_TOLERANCE
              && Math.abs(wrap(m.turn[c] - m.turn[i])) <= 2 * ANGLE_TOLERANCE) {
            j = c;
            break;
          }
        }
        if (j < 0) {
          continue;
        }
        double[] model = twoPoint(m, i, j);
        if (model == null) {
          continue;
        }
        int support = count(m, model, stampA, stampB, it, null);
        if (support > bestSupport) {
          bestSupport = support;
          best = model;
          double w = support / (double) m.b.count;
          double fail = 1 - w * w;
          needed = fail <= 0 ? 1 : (int) Math.min(MAX_ITERATIONS, Math.log(1e-3) / Math.log(fail));
          needed = Math.max(needed, 200);
        }
      }
      if (best == null) {
        return null;
      }
      boolean[] in = new boolean[m.count];
      int support = count(m, best, stampA, stampB, MAX_ITERATIONS + 1, in);
      return new Fit(m, best[0], best[1], best[2], best[3], support, in);
    }

    /** This model with its inliers counted among {@code m}. */
    Fit recounted(Matches m) {
      boolean[] in = new boolean[m.count];
      int support =
          count(m, new double[] {p, q, tx, ty}, new int[m.a.count], new int[m.b.count], 1, in);
      return new Fit(m, p, q, tx, ty, support, in);
    }

    /** Least squares over the inliers, re-collecting them, a few rounds. */
    Fit refined(Matches m) {
      Fit f = this;
      int[] stampA = new int[m.a.count];
      int[] stampB = new int[m.b.count];
      for (int round = 0; round < 3; round++) {
        double[] model = leastSquares(m, f.inlier);
        if (model == null) {
          return f;
        }
        boolean[] in = new boolean[m.count];
        int support = count(m, model, stampA, stampB, round + 1, in);
        if (support < f.support) {
          return f;
        }
        f = new Fit(m, model[0], model[1], model[2], model[3], support, in);
      }
      return f;
    }

    /**
     * Whether the inliers spread over enough of the second frame for the scale to be measured, not
     * read off one cluster of a few pixels.
     */
    boolean spread(Matches m, int w, int h) {
      double sx = 0;
      double sy = 0;
      double sxx = 0;
      double syy = 0;
      int n = 0;
      for (int k = 0; k < m.count; k++) {
        if (inlier[k]) {
          double x = m.b.x[m.ib[k]];
          double y = m.b.y[m.ib[k]];
          sx += x;
          sy += y;
          sxx += x * x;
          syy += y * y;
          n++;
        }
      }
      if (n < 2) {
        return false;
      }
      double var = (sxx - sx * sx / n + syy - sy * sy / n) / n;
      double min = 0.03 * Math.min(w, h);
      return var >= min * min;
    }

    private static double @Nullable [] twoPoint(Matches m, int i, int j) {
      double ax = m.a.x[m.ia[j]] - (double) m.a.x[m.ia[i]];
      double ay = m.a.y[m.ia[j]] - (double) m.a.y[m.ia[i]];
      double bx = m.b.x[m.ib[j]] - (double) m.b.x[m.ib[i]];
      double by = m.b.y[m.ib[j]] - (double) m.b.y[m.ib[i]];
      double d = ax * ax + ay * ay;
      if (d < 64 || bx * bx + by * by < 64) {
        return null; // too close together to measure a scale
      }
      // z = (b2 - b1) / (a2 - a1)
      double p = (bx * ax + by * ay) / d;
      double q = (by * ax - bx * ay) / d;
      double s = Math.hypot(p, q);
      double turn = Math.atan2(q, p);
      if (s < MIN_SCALE || s > MAX_SCALE || Math.abs(turn) > MAX_TURN) {
        return null;
      }
      double ls = Math.log(s);
      if (Math.abs(ls - m.lnScale[i]) > SCALE_TOLERANCE
          || Math.abs(ls - m.lnScale[j]) > SCALE_TOLERANCE
          || Math.abs(wrap(turn - m.turn[i])) > ANGLE_TOLERANCE
          || Math.abs(wrap(turn - m.turn[j])) > ANGLE_TOLERANCE) {
        return null;
      }
      double a1x = m.a.x[m.ia[i]];
      double a1y = m.a.y[m.ia[i]];
      double tx = m.b.x[m.ib[i]] - (p * a1x - q * a1y);
      double ty = m.b.y[m.ib[i]] - (q * a1x + p * a1y);
      return new double[] {p, q, tx, ty};
    }

    /**
     * Matches that agree with the model, each keypoint of either frame counted once; marks them in
     * {@code in} when given.
     */
    private static int count(
        Matches m, double[] model, int[] stampA, int[] stampB, int stamp, boolean @Nullable [] in) {
      double p = model[0];
      double q = model[1];
      double tx = model[2];
      double ty = model[3];
      double s = Math.hypot(p, q);
      double ls = Math.log(s);
      double turn = Math.atan2(q, p);
      int n = 0;
      for (int k = 0; k < m.count; k++) {
        if (Math.abs(ls - m.lnScale[k]) > SCALE_TOLERANCE
            || Math.abs(wrap(turn - m.turn[k])) > ANGLE_TOLERANCE) {
          continue;
        }
        int ka = m.ia[k];
        int kb = m.ib[k];
        if (stampA[ka] == stamp || stampB[kb] == stamp) {
          continue;
        }
        double ax = m.a.x[ka];
        double ay = m.a.y[ka];
        double ex = p * ax - q * ay + tx - m.b.x[kb];
        double ey = q * ax + p * ay + ty - m.b.y[kb];
        double tol = POSITION_TOLERANCE * Math.max(m.b.size[kb], s * m.a.size[ka]) + 1;
        if (ex * ex + ey * ey <= tol * tol) {
          stampA[ka] = stamp;
          stampB[kb] = stamp;
          n++;
          if (in != null) {
            in[k] = true;
          }
        }
      }
      return n;
    }

    private static double @Nullable [] leastSquares(Matches m, boolean[] in) {
      double max = 0;
      double may = 0;
      double mbx = 0;
      double mby = 0;
      int n = 0;
      for (int k = 0; k < m.count; k++) {
        if (in[k]) {
          max += m.a.x[m.ia[k]];
          may += m.a.y[m.ia[k]];
          mbx += m.b.x[m.ib[k]];
          mby += m.b.y[m.ib[k]];
          n++;
        }
      }
      if (n < 2) {
        return null;
      }
      max /= n;
      may /= n;
      mbx /= n;
      mby /= n;
      double sp = 0;
      double sq = 0;
      double d = 0;
      for (int k = 0; k < m.count; k++) {
        if (in[k]) {
          double ax = m.a.x[m.ia[k]] - max;
          double ay = m.a.y[m.ia[k]] - may;
          double bx = m.b.x[m.ib[k]] - mbx;
          double by = m.b.y[m.ib[k]] - mby;
          sp += ax * bx + ay * by;
          sq += ax * by - ay * bx;
          d += ax * ax + ay * ay;
        }
      }
      if (d <= 0) {
        return null;
      }
      double p = sp / d;
      double q = sq / d;
      if (Math.hypot(p, q) < 1e-6) {
        return null;
      }
      return new double[] {p, q, mbx - (p * max - q * may), mby - (q * max + p * may)};
    }
  }

  /** An angle brought into -pi..pi. */
  static double wrap(double a) {
    double r = a % (2 * Math.PI);
    if (r > Math.PI) {
      r -= 2 * Math.PI;
    } else if (r < -Math.PI) {
      r += 2 * Math.PI;
    }
    return r;
  }
}
