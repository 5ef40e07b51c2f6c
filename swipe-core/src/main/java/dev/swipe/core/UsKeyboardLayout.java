package dev.swipe.core;

import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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
  private static final int[] PUNCT_USAGE = {
    0x2D, 0x2E, 0x2F, 0x30, 0x31, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38
  };
  private static final String SHIFTED_DIGITS = "!@#$%^&*()";

  /** Most characters one {@link Device#typeText} call types. */
  static final int MAX_CHARS = 10_000;

  private UsKeyboardLayout() {}

  /**
   * Types {@code text} on {@code device}: every character is checked first, so a character the
   * layout cannot type leaves the phone untouched; only the last key waits for the screen to
   * settle.
   */
  static ActionResult type(Device device, String text) {
    SwipeException.requireArgument(text, "text");
    if (text.isEmpty()) {
      throw SwipeException.invalidArgument("text", "must not be empty");
    }
    int count = text.codePointCount(0, text.length());
    if (count > MAX_CHARS) {
      throw SwipeException.invalidArgument(
          "text", "has " + count + " characters; at most " + MAX_CHARS + " per call");
    }
    List<Stroke> strokes = new ArrayList<>(count);
    int index = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      Stroke s = stroke(cp);
      if (s == null) {
        String ch = new String(Character.toChars(cp));
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("field", "text");
        d.put("character", ch);
        d.put("code_point", String.format("U+%04X", cp));
        d.put("index", index);
        throw new SwipeException(
            ErrorCode.UNSUPPORTED_CHARACTER,
            "text: the character '"
                + ch
                + "' ("
                + d.get("code_point")
                + ") at index "
                + index
                + " cannot be typed with a US-layout HID keyboard;"
                + " nothing was typed. Type only ASCII letters, digits, punctuation, space, tab and newline.",
            d,
            null);
      }
      strokes.add(s);
      i += Character.charCount(cp);
      index++;
    }
    if (!device.rig().capabilities().keyboard()) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "this HID link has no keyboard; nothing was typed",
          Map.of("key", "keyboard"),
          null);
    }
    ActionResult last = null;
    Cost total = Cost.ZERO;
    for (int i = 0; i < strokes.size(); i++) {
      Stroke s = strokes.get(i);
      Set<Modifier> mods = s.shift() ? EnumSet.of(Modifier.SHIFT) : Set.of();
      KeyPress press = new KeyPress(s.key(), mods, KeyPress.DEFAULT_HOLD_MS);
      // only the last key waits for the screen to settle; the others take the first fresh frame
      last =
          i == strokes.size() - 1
              ? device.perform(press)
              : device.rig().perform(press, Duration.ZERO);
      total = total.plus(last.cost());
    }
    // the text is not empty, so a key was pressed
    return ActionResult.builder().from(Objects.requireNonNull(last, "last")).cost(total).build();
  }

  /** The stroke for {@code c}, or null when the layout has no key for it. */
  static @Nullable Stroke stroke(int c) {
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
      return new Stroke(
          Key.keyboard(shiftedDigit == 9 ? 0x27 : 0x1E + shiftedDigit, String.valueOf((char) c)),
          true);
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
