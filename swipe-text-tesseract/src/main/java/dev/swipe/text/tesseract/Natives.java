package dev.swipe.text.tesseract;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextCode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.bytedeco.javacpp.Loader;

/** Loads Tesseract's native library once, or says what is missing for this platform. */
final class Natives {
  /** The artifact version whose native jars this module was built against. */
  static final String TESSERACT_ARTIFACT = "org.bytedeco:tesseract:5.5.1-1.5.12";

  private static volatile boolean loaded;

  private Natives() {}

  /** The JavaCPP platform name of this JVM, e.g. {@code linux-x86_64}, or os.name/os.arch. */
  static String platform() {
    try {
      return Loader.getPlatform();
    } catch (LinkageError | RuntimeException e) {
      return System.getProperty("os.name", "?").toLowerCase(Locale.ROOT)
          + "-"
          + System.getProperty("os.arch", "?");
    }
  }

  /**
   * Loads the natives or throws {@code text_reader_unavailable} naming the platform and the jars to
   * add.
   */
  static synchronized void load() {
    if (loaded) {
      return;
    }
    try {
      Loader.load(org.bytedeco.tesseract.global.tesseract.class);
      loaded = true;
    } catch (LinkageError | RuntimeException e) {
      String p = platform();
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("platform", p);
      d.put("os_name", System.getProperty("os.name", "?"));
      d.put("os_arch", System.getProperty("os.arch", "?"));
      d.put("missing", "Tesseract native library for " + p);
      d.put(
          "add",
          TESSERACT_ARTIFACT + ":" + p + " (and leptonica, javacpp with the same classifier)");
      throw new SwipeException(
          TextCode.TEXT_READER_UNAVAILABLE,
          "Tesseract's native library cannot be loaded on "
              + p
              + " ("
              + d.get("os_name")
              + ", "
              + d.get("os_arch")
              + "): add the jars with classifier "
              + p
              + " of org.bytedeco:tesseract, leptonica and javacpp"
              + " (see the swipe README); cause: "
              + e,
          d,
          e);
    }
  }
}
