package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.LongFunction;
import org.jspecify.annotations.Nullable;

/**
 * A screenshot: JPEG bytes of the phone screen with its size, capture time and the run-unique
 * attachment id that agents use to refer to it ({@code shot-12}).
 *
 * <p>{@link #settled()} is true only when the capture passed the settling gate (frames equal within
 * JPEG noise over a quiet window: 150 ms, longer for a wheel nudge's snap, see {@link
 * DeviceBuilder#settleBound}); false means it was not checked or never came to rest (a blinking
 * caret, a ticking clock, a deceleration still crawling at the bound, a map flung past the tiles it
 * has drawn), so re-observe if completeness matters.
 *
 * <p>Observations are created by an {@link AttachmentRegistry}, which ties each to its run. The
 * decoded rasters are cached while the registry counts the observation among its latest few (see
 * {@link AttachmentRegistry#RASTER_CACHED_SCREENSHOTS}); an older one decodes again when asked, so
 * a run that keeps hundreds of screenshots holds their JPEG bytes, not their rasters.
 */
@Api(status = Api.Status.STABLE)
public final class Observation {
  private final String id;
  private final String runId;
  private final byte[] jpeg;
  private final int width;
  private final int height;
  private final long captureNanos;
  private final boolean settled;
  private volatile @Nullable GreyRaster grey;
  private volatile @Nullable GreyRaster greyForDiff;

  /** Where the device's steered pointer may be drawn at a capture time, or null (none steered). */
  private final @Nullable LongFunction<List<PixelRect>> pointerMarks;

  /** Whether decoded rasters are kept; guarded by this for changes. */
  private volatile boolean cacheRasters = true;

  /** The registry that accounts for this observation's bytes, or null (not kept by a run). */
  private volatile @Nullable AttachmentRegistry keeper;

  Observation(
      String id,
      String runId,
      byte[] jpeg,
      int width,
      int height,
      long captureNanos,
      boolean settled,
      @Nullable GreyRaster greyForDiff,
      @Nullable LongFunction<List<PixelRect>> pointerMarks) {
    this.id = id;
    this.runId = runId;
    this.jpeg = jpeg;
    this.width = width;
    this.height = height;
    this.captureNanos = captureNanos;
    this.settled = settled;
    this.greyForDiff = greyForDiff;
    this.pointerMarks = pointerMarks;
  }

  /** The attachment id, e.g. {@code shot-12}; valid only inside the run that made it. */
  public String id() {
    return id;
  }

  /** The id of the run (registry) that made this observation. */
  public String runId() {
    return runId;
  }

  /** A copy of the JPEG bytes. */
  public byte[] jpeg() {
    return jpeg.clone();
  }

  /** The JPEG bytes as a stream, without copying. */
  public InputStream jpegStream() {
    return new ByteArrayInputStream(jpeg);
  }

  /** Size of the JPEG in bytes. */
  public int jpegSize() {
    return jpeg.length;
  }

  /** The JPEG as standard base64, as the {@code screenshot} tool returns it. */
  public String base64() {
    return Base64.getEncoder().encodeToString(jpeg);
  }

  /** Width in pixels. */
  public int width() {
    return width;
  }

  /** Height in pixels. */
  public int height() {
    return height;
  }

  /** Capture time on the device's {@link Ticker}. */
  public long captureNanos() {
    return captureNanos;
  }

  /** Whether the capture passed the settling gate. */
  public boolean settled() {
    return settled;
  }

  /**
   * Whether this is a frame seen in passing while content still moved (a fling's coast during
   * {@code scroll until}, id {@code motion-N}): never settled and not registered in the run.
   */
  public boolean inPassing() {
    return id.startsWith(AttachmentRegistry.IN_PASSING_PREFIX);
  }

  /**
   * The full-size luminance raster (for row-pitch measurement), decoded once and cached.
   *
   * @throws SwipeException {@code image_decode_failed} when the bytes are not a decodable image
   */
  public GreyRaster grey() {
    GreyRaster g = grey;
    if (g == null) {
      g = decode(DecodeOptions.DEFAULT);
      cache(g, true);
    }
    return g;
  }

  /**
   * The half-size, box-averaged raster that diffing and settling compare, decoded once and cached
   * so comparing two observations never decodes twice (while the run counts this observation among
   * its latest few; an older one decodes again).
   *
   * @throws SwipeException {@code image_decode_failed} when the bytes are not a decodable image
   */
  public GreyRaster greyForDiff() {
    GreyRaster g = greyForDiff;
    if (g == null) {
      g = decode(DecodeOptions.FOR_DIFF);
      cache(g, false);
    }
    return g;
  }

  /**
   * The full-size raster ({@link #grey()}) with the device's steered pointer left out: where the
   * pointer may be drawn in this frame, each row runs straight across from the pixels beside it, so
   * a pointer resting on a picker is not measured as part of its rows. Without a drawn, steered
   * pointer (a touch digitizer, an absolute mouse) this is {@link #grey()} itself.
   *
   * @throws SwipeException {@code image_decode_failed} when the bytes are not a decodable image
   */
  public GreyRaster greyForReading() {
    GreyRaster g = grey();
    List<PixelRect> marks = marks();
    if (marks.isEmpty()) {
      return g;
    }
    List<PixelRect> inRaster = inRaster(marks, g);
    try {
      return g.filledAcross(inRaster);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * This screen's {@link #greyForDiff()} raster, made ready to compare with {@code other}'s: where
   * the device's steered pointer may be drawn in either frame, the later of the two frames shows
   * the earlier one's pixels, so that the pointer's own image is never taken for a change of the
   * screen. Compare {@code a.greyToCompareWith(b)} with {@code b.greyToCompareWith(a)}. Without a
   * drawn, steered pointer (a touch digitizer, an absolute mouse) this is {@link #greyForDiff()}
   * itself.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code other} when it is null; {@code
   *     image_decode_failed} when the bytes are not a decodable image
   */
  public GreyRaster greyToCompareWith(Observation other) {
    SwipeException.requireArgument(other, "other");
    GreyRaster g = greyForDiff();
    boolean later =
        captureNanos != other.captureNanos
            ? captureNanos > other.captureNanos
            : id.compareTo(other.id) > 0;
    if (!later || other == this) {
      return g; // the reference side stays as captured
    }
    List<PixelRect> marks = new ArrayList<>(marks());
    marks.addAll(other.marks());
    if (marks.isEmpty()) {
      return g;
    }
    List<PixelRect> inRaster = inRaster(marks, g);
    try {
      return g.patchedFrom(other.greyForDiff(), inRaster);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /** Frame-pixel rectangles in {@code g}'s pixels (it may be reduced), those off it left out. */
  private static List<PixelRect> inRaster(List<PixelRect> frameRects, GreyRaster g) {
    List<PixelRect> out = new ArrayList<>(frameRects.size());
    for (PixelRect m : frameRects) {
      int l = (int) Math.floor(m.x() / g.scaleX());
      int t = (int) Math.floor(m.y() / g.scaleY());
      int r = (int) Math.ceil(m.right() / g.scaleX());
      int b = (int) Math.ceil(m.bottom() / g.scaleY());
      if (l < g.width() && t < g.height()) {
        out.add(new PixelRect(l, t, Math.max(1, r - l), Math.max(1, b - t)));
      }
    }
    return out;
  }

  /** Where the steered pointer may be drawn in this frame (frame pixels); empty when unknown. */
  private List<PixelRect> marks() {
    return pointerMarks == null ? List.of() : pointerMarks.apply(captureNanos);
  }

  /** Keeps a freshly decoded raster when rasters are cached, and has its bytes counted. */
  private void cache(GreyRaster g, boolean full) {
    boolean kept = false;
    synchronized (this) {
      if (cacheRasters) {
        if (full && grey == null) {
          grey = g;
          kept = true;
        } else if (!full && greyForDiff == null) {
          greyForDiff = g;
          kept = true;
        }
      }
    }
    AttachmentRegistry k = keeper;
    if (kept && k != null) {
      k.recount(this);
    }
  }

  /**
   * Bytes this observation holds on the heap: its JPEG and whichever decoded rasters are cached (an
   * array's header and the object around it are not counted).
   */
  public synchronized long retainedBytes() {
    return jpeg.length + rasterBytes(grey) + rasterBytes(greyForDiff);
  }

  private static long rasterBytes(@Nullable GreyRaster g) {
    return g == null ? 0 : (long) g.width() * g.height();
  }

  /** Counts this observation's bytes in {@code registry} (called once, by the registry). */
  void keptBy(AttachmentRegistry registry) {
    keeper = registry;
  }

  /** Drops the cached rasters and decodes again on each later request. */
  synchronized void dropRasters() {
    cacheRasters = false;
    grey = null;
    greyForDiff = null;
  }

  private GreyRaster decode(DecodeOptions options) {
    try {
      return ImageDecoder.decode(jpeg, options);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  @Override
  public String toString() {
    return "Observation["
        + id
        + " "
        + width
        + "x"
        + height
        + (settled ? " settled" : " unsettled")
        + "]";
  }
}
