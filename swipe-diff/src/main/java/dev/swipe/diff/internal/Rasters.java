package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import java.lang.invoke.MethodHandles;
import org.jspecify.annotations.Nullable;

/**
 * The algorithms' way into a {@link GreyRaster}: its pixel array, its chroma and wrapping arrays
 * without a copy. The raster keeps these private, since its package is API and callers must never
 * reach its pixels; it hands this module's internal package the {@link Hooks} once, when the class
 * is initialized (the JDK's shared-secrets pattern).
 */
public final class Rasters {

  /** What {@link GreyRaster} lets the algorithms do; implemented by the raster itself. */
  public interface Hooks {
    /** Wraps an array the caller gives up (no copy). */
    GreyRaster wrap(int width, int height, int sourceWidth, int sourceHeight, byte[] pixels);

    /** Wraps a full-size luminance array and its chroma, both given up by the caller. */
    GreyRaster wrapColour(int width, int height, byte[] pixels, Chroma chroma);

    /** The raster's own pixel array, row by row; never to be written or handed out. */
    byte[] pixels(GreyRaster raster);

    /** The source image's chroma, or null when its colour is unknown. */
    @Nullable Chroma chroma(GreyRaster raster);

    /** Chroma blocks per row: {@code ceil(sourceWidth / 8)}. */
    int chromaBlocksX(GreyRaster raster);

    /** Source pixels per raster pixel: 1 unless reduced. */
    int reduction(GreyRaster raster);
  }

  private static volatile @Nullable Hooks hooks;

  private Rasters() {}

  /**
   * Called once, by {@link GreyRaster}'s initializer.
   *
   * @throws IllegalStateException when hooks are already installed
   */
  public static void install(Hooks h) {
    synchronized (Rasters.class) {
      if (hooks != null) {
        throw new IllegalStateException("raster hooks are installed once, by GreyRaster");
      }
      hooks = h;
    }
  }

  private static Hooks hooks() {
    Hooks h = hooks;
    if (h == null) {
      try {
        MethodHandles.lookup().ensureInitialized(GreyRaster.class);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot initialize GreyRaster", e);
      }
      h = hooks;
      if (h == null) {
        throw new IllegalStateException("GreyRaster did not install the raster hooks");
      }
    }
    return h;
  }

  /** See {@link Hooks#wrap}. */
  public static GreyRaster wrap(
      int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
    return hooks().wrap(width, height, sourceWidth, sourceHeight, pixels);
  }

  /** See {@link Hooks#wrapColour}. */
  public static GreyRaster wrapColour(int width, int height, byte[] pixels, Chroma chroma) {
    return hooks().wrapColour(width, height, pixels, chroma);
  }

  /** See {@link Hooks#pixels}. */
  public static byte[] pixels(GreyRaster raster) {
    return hooks().pixels(raster);
  }

  /** See {@link Hooks#chroma}. */
  public static @Nullable Chroma chroma(GreyRaster raster) {
    return hooks().chroma(raster);
  }

  /** See {@link Hooks#chromaBlocksX}. */
  public static int chromaBlocksX(GreyRaster raster) {
    return hooks().chromaBlocksX(raster);
  }

  /** See {@link Hooks#reduction}. */
  public static int reduction(GreyRaster raster) {
    return hooks().reduction(raster);
  }
}
