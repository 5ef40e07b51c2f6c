/**
 * Pure image algorithms behind swipe's pixel feedback: decoding screenshots to luminance ({@link
 * dev.swipe.diff.internal.ImageDecoder}, {@link dev.swipe.diff.GreyRaster}), the {@code image_diff}
 * tool ({@link dev.swipe.diff.internal.ImageDiff}), row pitch of picker wheels ({@link
 * dev.swipe.diff.internal.RowPitch}), frame stability for settling ({@link
 * dev.swipe.diff.internal.FrameStability}) and the zoom of a pinch ({@link
 * dev.swipe.diff.internal.ZoomEstimator}).
 *
 * <p>Everything here is free of I/O and devices and depends on nothing else of swipe; failures are
 * {@link dev.swipe.base.SwipeException}s with stable snake_case codes.
 */
@NullMarked
package dev.swipe.diff;

import org.jspecify.annotations.NullMarked;
