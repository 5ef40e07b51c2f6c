package dev.swipe.agent;

import dev.swipe.core.gesture.Key;

/**
 * Which HID keyboard usage (and whether Shift) types a character on a US keyboard layout, the
 * layout a HID keyboard is assumed to have on the phone. Characters outside printable ASCII, tab
 * and newline cannot be typed this way.
 */
final class UsKeyboardLayout {
  /**
   * One key stroke.
   *
   * @param key the keyboard-page key
   * @param shift whether Shift is held
   */
  record Stroke(Key key, boolean shift) {}

  private static final String UNSHIFTED_PUNCT = "-=[]\\;'`,./";
  private static final String SHIFTED_PUNCT = "_+{}|:\"~<>?";
  private static final int[] PUNCT_USAGE = {0x2D, 0x2E, 0x2F, 0x30, 0x31, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38};
  private static final String SHIFTED_DIGITS = "!@#$%^&*()";

  private UsKeyboardLayout() {}

  /** The stroke for {@code c}, or null when the layout has no key for it. */
  static Stroke stroke(int c) {
    if (c >= 'a' && c <= 'z') {
      return new Stroke(Key.keyboard(0x04 + (c - 'a'), String.valueOf((char) c)), false);
    }
    if (c >= 'A' && c <= 'Z') {
      return new Stroke(Key.keyboard(0x04 + (c - 'A'), String.valueOf((char) c)), true);
    }
    if (c >= '1' && c <= '9') {
      return new Stroke(Key.keyboard(0x1E + (c - '1'), String.valueOf((char) c)), false);
    }
    if (c == '0') {
      return new Stroke(Key.keyboard(0x27, "0"), false);
    }
    int shiftedDigit = c < 0x80 ? SHIFTED_DIGITS.indexOf(c) : -1;
    if (shiftedDigit >= 0) {
      return new Stroke(Key.keyboard(shiftedDigit == 9 ? 0x27 : 0x1E + shiftedDigit, String.valueOf((char) c)), true);
    }
    int p = c < 0x80 ? UNSHIFTED_PUNCT.indexOf(c) : -1;
    if (p >= 0) {
      return new Stroke(Key.keyboard(PUNCT_USAGE[p], String.valueOf((char) c)), false);
    }
    p = c < 0x80 ? SHIFTED_PUNCT.indexOf(c) : -1;
    if (p >= 0) {
      return new Stroke(Key.keyboard(PUNCT_USAGE[p], String.valueOf((char) c)), true);
    }
    return switch (c) {
      case ' ' -> new Stroke(Key.SPACE, false);
      case '\n' -> new Stroke(Key.ENTER, false);
      case '\t' -> new Stroke(Key.TAB, false);
      default -> null;
    };
  }
}
