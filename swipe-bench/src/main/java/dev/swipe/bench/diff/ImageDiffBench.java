package dev.swipe.bench.diff;

import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.FrameStability;
import dev.swipe.diff.internal.ImageDecoder;
import dev.swipe.diff.internal.ImageDiff;
import dev.swipe.diff.internal.StabilityResult;
import java.util.concurrent.TimeUnit;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * image_diff on a pair of 1080x2400 quality-80 phone screenshots (a contacts list and the same list
 * scrolled by 60 px), swipe-diff side by side with OpenCV doing the equivalent work in the same JMH
 * run.
 *
 * <ul>
 *   <li>{@code cached*}: two already-decoded grey images. OpenCV: {@code absdiff} + {@code
 *       threshold} + {@code countNonZero}. swipe: {@code FrameStability} (the same changed-ratio
 *       work, noise-robust 2x2 cells) and {@code ImageDiff.compare} (ratio plus primary axis).
 *   <li>{@code job*}: from two JPEG byte arrays to the answer. OpenCV: {@code imdecode(GRAYSCALE)}
 *       x2 (and {@code IMREAD_REDUCED_GRAYSCALE_2} x2 for fairness) + the diff above. swipe: {@code
 *       ImageDecoder} (grey fast path, full or box-reduced by 2) x2 + {@code ImageDiff}.
 *   <li>{@code decode*}: one decode alone, to see where the job's time goes.
 * </ul>
 */
// set in @Setup before any benchmark runs
@SuppressWarnings("NullAway.Init")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(time = 2)
@Measurement(time = 2)
public class ImageDiffBench {

  /** Per-pixel threshold for OpenCV, the same 24 levels swipe uses on 2x2 cell means. */
  private static final double THRESHOLD = 24;

  private byte[] jpegA;
  private byte[] jpegB;
  private GreyRaster fullA;
  private GreyRaster fullB;
  private GreyRaster halfA;
  private GreyRaster halfB;
  private MatOfByte bytesA;
  private MatOfByte bytesB;
  private Mat matA;
  private Mat matB;
  private Mat halfMatA;
  private Mat halfMatB;
  private Mat scratch;

  /** Renders and encodes the screens, decodes them once for the cached benchmarks, loads OpenCV. */
  @Setup
  public void setUp() {
    nu.pattern.OpenCV.loadLocally();
    jpegA = PhoneScreens.jpeg(PhoneScreens.list(0), 0.8f);
    jpegB = PhoneScreens.jpeg(PhoneScreens.list(60), 0.8f);
    fullA = ImageDecoder.decode(jpegA);
    fullB = ImageDecoder.decode(jpegB);
    halfA = ImageDecoder.decode(jpegA, DecodeOptions.FOR_DIFF);
    halfB = ImageDecoder.decode(jpegB, DecodeOptions.FOR_DIFF);
    bytesA = new MatOfByte(jpegA);
    bytesB = new MatOfByte(jpegB);
    matA = Imgcodecs.imdecode(bytesA, Imgcodecs.IMREAD_GRAYSCALE);
    matB = Imgcodecs.imdecode(bytesB, Imgcodecs.IMREAD_GRAYSCALE);
    halfMatA = Imgcodecs.imdecode(bytesA, Imgcodecs.IMREAD_REDUCED_GRAYSCALE_2);
    halfMatB = Imgcodecs.imdecode(bytesB, Imgcodecs.IMREAD_REDUCED_GRAYSCALE_2);
    scratch = new Mat();
    DiffResult check = ImageDiff.compare(fullA, fullB);
    double cv = opencvRatio(matA, matB, scratch);
    System.out.printf(
        "%nswipe: %s   opencv ratio: %.4f   jpeg sizes: %d / %d bytes%n",
        check, cv, jpegA.length, jpegB.length);
  }

  /** Frees the native matrices. */
  @TearDown
  public void tearDown() {
    for (Mat m : new Mat[] {bytesA, bytesB, matA, matB, halfMatA, halfMatB, scratch}) {
      m.release();
    }
  }

  private static double opencvRatio(Mat a, Mat b, Mat scratch) {
    Core.absdiff(a, b, scratch);
    Imgproc.threshold(scratch, scratch, THRESHOLD, 255, Imgproc.THRESH_BINARY);
    return Core.countNonZero(scratch) / (double) (a.rows() * a.cols());
  }

  // --- 1. diff of two cached grey images -------------------------------------------------

  /** swipe: changed ratio only (same work as OpenCV's three calls), full-size rasters. */
  @Benchmark
  public StabilityResult cachedSwipeRatioFull() {
    return FrameStability.STRICT.compare(fullA, fullB);
  }

  /** swipe: full image_diff (ratio + primary axis), full-size rasters. */
  @Benchmark
  public DiffResult cachedSwipeDiffFull() {
    return ImageDiff.compare(fullA, fullB);
  }

  /** swipe: full image_diff on the half-size rasters the diffing decode path produces. */
  @Benchmark
  public DiffResult cachedSwipeDiffHalf() {
    return ImageDiff.compare(halfA, halfB);
  }

  /** OpenCV: absdiff + threshold + countNonZero on full-size grey Mats. */
  @Benchmark
  public double cachedOpencvFull() {
    return opencvRatio(matA, matB, scratch);
  }

  /** OpenCV: the same on half-size grey Mats. */
  @Benchmark
  public double cachedOpencvHalf() {
    return opencvRatio(halfMatA, halfMatB, scratch);
  }

  // --- 2. whole job from two JPEG byte arrays ----------------------------------------------

  /** swipe: decode both at full size (grey fast path) and run image_diff. */
  @Benchmark
  public DiffResult jobSwipeFull() {
    return ImageDiff.compare(ImageDecoder.decode(jpegA), ImageDecoder.decode(jpegB));
  }

  /** swipe: decode both for diffing (grey, box-reduced by 2) and run image_diff. */
  @Benchmark
  public DiffResult jobSwipeHalf() {
    return ImageDiff.compareImages(jpegA, jpegB);
  }

  /** OpenCV: imdecode(GRAYSCALE) x2 + absdiff + threshold + countNonZero. */
  @Benchmark
  public double jobOpencvFull() {
    return opencvJob(Imgcodecs.IMREAD_GRAYSCALE);
  }

  /** OpenCV: imdecode(REDUCED_GRAYSCALE_2) x2 (libjpeg DCT scaling) + the same diff. */
  @Benchmark
  public double jobOpencvHalf() {
    return opencvJob(Imgcodecs.IMREAD_REDUCED_GRAYSCALE_2);
  }

  /**
   * OpenCV doing the job swipe does since the diff sees colour: imdecode(COLOR) x2, absdiff on the
   * three channels, the channels' weighted sum, threshold, countNonZero. A page that changes hue at
   * equal luminance changes this count; the grey jobs above cannot see it.
   */
  @Benchmark
  public double jobOpencvColourFull() {
    return opencvJob(Imgcodecs.IMREAD_COLOR);
  }

  /** OpenCV: the colour job on imdecode(REDUCED_COLOR_2) (libjpeg DCT scaling). */
  @Benchmark
  public double jobOpencvColourHalf() {
    return opencvJob(Imgcodecs.IMREAD_REDUCED_COLOR_2);
  }

  /** Two imdecodes with {@code flags}, then the grey diff, or the colour one on colour Mats. */
  private double opencvJob(int flags) {
    MatOfByte ba = new MatOfByte(jpegA);
    MatOfByte bb = new MatOfByte(jpegB);
    Mat a = Imgcodecs.imdecode(ba, flags);
    Mat b = Imgcodecs.imdecode(bb, flags);
    Mat d = new Mat();
    try {
      if (a.channels() == 1) {
        return opencvRatio(a, b, d);
      }
      Mat grey = new Mat();
      try {
        Core.absdiff(a, b, d);
        Imgproc.cvtColor(d, grey, Imgproc.COLOR_BGR2GRAY);
        Imgproc.threshold(grey, grey, THRESHOLD, 255, Imgproc.THRESH_BINARY);
        return Core.countNonZero(grey) / (double) (a.rows() * a.cols());
      } finally {
        grey.release();
      }
    } finally {
      ba.release();
      bb.release();
      a.release();
      b.release();
      d.release();
    }
  }

  // --- decode alone ------------------------------------------------------------------------

  /** swipe: one JPEG to a full-size grey raster. */
  @Benchmark
  public GreyRaster decodeSwipeFull() {
    return ImageDecoder.decode(jpegA);
  }

  /** OpenCV: one JPEG to a full-size grey Mat. */
  @Benchmark
  public int decodeOpencvFull() {
    MatOfByte ba = new MatOfByte(jpegA);
    Mat a = Imgcodecs.imdecode(ba, Imgcodecs.IMREAD_GRAYSCALE);
    int rows = a.rows();
    a.release();
    ba.release();
    return rows;
  }
}
