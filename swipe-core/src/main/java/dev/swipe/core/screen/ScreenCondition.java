package dev.swipe.core.screen;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.ImageDiff;
import java.util.function.Predicate;

/**
 * Something that holds or not on one screenshot, with a description for results, traces and failure
 * messages. Pixel conditions are built here; text conditions come from the device that reads them
 * ({@code Device.text().visible}, {@code Device.text().gone}); any predicate becomes one with
 * {@link #of}. Conditions combine with {@link #and}, {@link #or} and {@link #negate}.
 *
 * <p>Conditions are checked on screenshots of one device's run, so they may read text or compare
 * with earlier screenshots of that run; keep them free of side effects, since a wait checks them
 * many times.
 */
@Api(status = Api.Status.STABLE)
public interface ScreenCondition extends Predicate<Observation> {

  /**
   * What the condition checks, in words, e.g. {@code "region {0,200,1000,600} changed from
   * shot-3"}.
   */
  String description();

  /** Any predicate, described. */
  static ScreenCondition of(String description, Predicate<Observation> test) {
    SwipeException.requireArgument(description, "description");
    SwipeException.requireArgument(test, "condition");
    return new ScreenCondition() {
      @Override
      public boolean test(Observation o) {
        return test.test(o);
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public String toString() {
        return description;
      }
    };
  }

  /**
   * The region differs from {@code reference} beyond JPEG noise ({@code image_diff}'s {@code
   * changed}): e.g. a page that was loading has come.
   *
   * @param region the part to compare, or null for the whole screen
   */
  static ScreenCondition changedFrom(Observation reference, NormRegion region) {
    SwipeException.requireArgument(reference, "reference");
    return of("changed from " + reference.id() + where(region), o -> changed(reference, o, region));
  }

  /**
   * The region equals {@code reference} within JPEG noise (the negation of {@link #changedFrom}).
   */
  static ScreenCondition unchangedFrom(Observation reference, NormRegion region) {
    SwipeException.requireArgument(reference, "reference");
    return of(
        "unchanged from " + reference.id() + where(region), o -> !changed(reference, o, region));
  }

  /** The screen matches a golden screenshot within its masks and tolerance. */
  static ScreenCondition matches(GoldenScreen golden) {
    SwipeException.requireArgument(golden, "golden");
    return of("matches " + golden.name(), o -> golden.compare(o).matched());
  }

  @Override
  default ScreenCondition and(Predicate<? super Observation> other) {
    SwipeException.requireArgument(other, "other");
    ScreenCondition self = this;
    return of(
        "(" + description() + ") and (" + describe(other) + ")",
        o -> self.test(o) && other.test(o));
  }

  @Override
  default ScreenCondition or(Predicate<? super Observation> other) {
    SwipeException.requireArgument(other, "other");
    ScreenCondition self = this;
    return of(
        "(" + description() + ") or (" + describe(other) + ")", o -> self.test(o) || other.test(o));
  }

  @Override
  default ScreenCondition negate() {
    ScreenCondition self = this;
    return of("not (" + description() + ")", o -> !self.test(o));
  }

  private static String describe(Predicate<?> p) {
    return p instanceof ScreenCondition c ? c.description() : "a predicate";
  }

  private static String where(NormRegion r) {
    return r == null
        ? ""
        : " in {" + fmt(r.x()) + "," + fmt(r.y()) + "," + fmt(r.w()) + "," + fmt(r.h()) + "}";
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  private static boolean changed(Observation a, Observation b, NormRegion r) {
    if (a.width() != b.width() || a.height() != b.height()) {
      return true;
    }
    try {
      // the device's steered pointer, drawn by the phone, is no change of the screen
      GreyRaster ga = a.greyToCompareWith(b);
      GreyRaster gb = b.greyToCompareWith(a);
      return r == null
          ? ImageDiff.compare(ga, gb).changed()
          : ImageDiff.compare(ga, gb, r.x(), r.y(), r.w(), r.h()).changed();
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }
}
