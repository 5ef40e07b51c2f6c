package dev.swipe.chrome.internal;

import dev.swipe.base.SwipeException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The phone a page is shown on: its viewport in CSS pixels, its device pixel ratio and the user
 * agent it announces (pages such as Ionic's pick their look from it).
 *
 * @param name the preset's name, or the size as given
 * @param width viewport width in CSS pixels
 * @param height viewport height in CSS pixels
 * @param pixelRatio device pixels per CSS pixel
 * @param ios whether it presents itself as an iPhone (otherwise an Android phone)
 */
record PhoneScreen(String name, int width, int height, double pixelRatio, boolean ios) {
  static final String PRESETS = "pixel-7|iphone-15|WxH@DPR (e.g. 390x844@3)";

  private static final Pattern SIZE =
      Pattern.compile("(\\d{2,4})x(\\d{2,4})(?:@(\\d+(?:\\.\\d+)?))?");

  private static final String ANDROID_AGENT =
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
          + " Chrome/156.0.0.0 Mobile Safari/537.36";
  private static final String IOS_AGENT =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
          + " Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

  /**
   * Parses {@code device=}.
   *
   * @param platform {@code ios}, {@code android} or null (a preset's own; Android for a size)
   * @throws SwipeException {@code invalid_argument} (field {@code device}) for anything else
   */
  static PhoneScreen parse(String device, @Nullable String platform) {
    String d = device.strip().toLowerCase(Locale.ROOT);
    PhoneScreen preset =
        switch (d) {
          case "pixel-7" -> new PhoneScreen("pixel-7", 412, 915, 2.625, false);
          case "iphone-15" -> new PhoneScreen("iphone-15", 393, 852, 3, true);
          default -> null;
        };
    if (preset == null) {
      Matcher m = SIZE.matcher(d);
      if (!m.matches()) {
        throw SwipeException.invalidArgument(
            "device", "must be one of " + PRESETS + ", was '" + device + "'");
      }
      int w = Integer.parseInt(m.group(1));
      int h = Integer.parseInt(m.group(2));
      double dpr = m.group(3) == null ? 1 : Double.parseDouble(m.group(3));
      if (w < 200 || w > 2000 || h < 200 || h > 4000) {
        throw SwipeException.invalidArgument(
            "device", "viewport must be 200..2000 x 200..4000 CSS pixels, was " + w + "x" + h);
      }
      if (!(dpr >= 0.5 && dpr <= 4)) {
        throw SwipeException.invalidArgument(
            "device", "pixel ratio must be in [0.5, 4], was " + m.group(3));
      }
      preset = new PhoneScreen(d, w, h, dpr, false);
    }
    if (platform == null) {
      return preset;
    }
    return new PhoneScreen(
        preset.name, preset.width, preset.height, preset.pixelRatio, platform.equals("ios"));
  }

  /** The user agent string the page sees. */
  String userAgent() {
    return ios ? IOS_AGENT : ANDROID_AGENT;
  }

  /** The platform name of the user agent metadata. */
  String platformName() {
    return ios ? "iOS" : "Android";
  }
}
