package dev.swipe.webdriver.internal;

import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a W3C key value (one code point: a character, or one of the specification's normalized keys
 * in U+E000..U+E05D such as {@code \uE007} Enter) means on the rig's HID keyboard, which is assumed
 * to have a US layout: a modifier to hold, a key to press (with or without Shift), or nothing
 * ({@code \uE000}, the null key).
 */
final class KeyValues {
  /**
   * What a key value does.
   *
   * @param modifier the modifier it holds, or null
   * @param key the key it presses, or null
   * @param shift whether Shift is pressed with the key (an upper-case letter, {@code !}, ...)
   */
  record Meaning(@Nullable Modifier modifier, @Nullable Key key, boolean shift) {
    static final Meaning NOTHING = new Meaning(null, null, false);

    boolean isModifier() {
      return modifier != null;
    }

    boolean isNothing() {
      return modifier == null && key == null;
    }
  }

  private static final String UNSHIFTED_PUNCT = "-=[]\\;'`,./";
  private static final String SHIFTED_PUNCT = "_+{}|:\"~<>?";
  private static final int[] PUNCT_USAGE = {
    0x2D, 0x2E, 0x2F, 0x30, 0x31, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38
  };
  private static final String SHIFTED_DIGITS = "!@#$%^&*()";

  /** The specification's normalized keys that are named keys on a keyboard. */
  private static final Map<Integer, Meaning> NAMED =
      Map.ofEntries(
          Map.entry(0xE000, Meaning.NOTHING),
          Map.entry(0xE003, press(Key.BACKSPACE)),
          Map.entry(0xE004, press(Key.TAB)),
          Map.entry(0xE006, press(Key.ENTER)),
          Map.entry(0xE007, press(Key.ENTER)),
          Map.entry(0xE008, hold(Modifier.SHIFT)),
          Map.entry(0xE009, hold(Modifier.CTRL)),
          Map.entry(0xE00A, hold(Modifier.ALT)),
          Map.entry(0xE00C, press(Key.ESCAPE)),
          Map.entry(0xE00D, press(Key.SPACE)),
          Map.entry(0xE00E, press(Key.keyboard(0x4B, "page_up"))),
          Map.entry(0xE00F, press(Key.keyboard(0x4E, "page_down"))),
          Map.entry(0xE010, press(Key.keyboard(0x4D, "end"))),
          Map.entry(0xE011, press(Key.keyboard(0x4A, "home_key"))),
          Map.entry(0xE012, press(Key.LEFT)),
          Map.entry(0xE013, press(Key.UP)),
          Map.entry(0xE014, press(Key.RIGHT)),
          Map.entry(0xE015, press(Key.DOWN)),
          Map.entry(0xE016, press(Key.keyboard(0x49, "insert"))),
          Map.entry(0xE017, press(Key.keyboard(0x4C, "delete"))),
          Map.entry(0xE03D, hold(Modifier.GUI)),
          Map.entry(0xE050, hold(Modifier.SHIFT)),
          Map.entry(0xE051, hold(Modifier.CTRL)),
          Map.entry(0xE052, hold(Modifier.ALT)),
          Map.entry(0xE053, hold(Modifier.GUI)),
          Map.entry(0xE054, press(Key.keyboard(0x4B, "page_up"))),
          Map.entry(0xE055, press(Key.keyboard(0x4E, "page_down"))),
          Map.entry(0xE056, press(Key.keyboard(0x4D, "end"))),
          Map.entry(0xE057, press(Key.keyboard(0x4A, "home_key"))),
          Map.entry(0xE058, press(Key.LEFT)),
          Map.entry(0xE059, press(Key.UP)),
          Map.entry(0xE05A, press(Key.RIGHT)),
          Map.entry(0xE05B, press(Key.DOWN)),
          Map.entry(0xE05C, press(Key.keyboard(0x49, "insert"))),
          Map.entry(0xE05D, press(Key.keyboard(0x4C, "delete"))));

  /** Normalized keys that stand for a character (keypad keys, U+E018..U+E029). */
  private static final String KEYPAD = ";=0123456789*+,-./";

  private KeyValues() {}

  /**
   * The meaning of one key value.
   *
   * @throws W3cFailure {@code unsupported operation} for a key a US-layout HID keyboard cannot
   *     produce (accented letters, emoji, Help, Pause, ...)
   */
  static Meaning of(int codePoint, String field) {
    Meaning named = NAMED.get(codePoint);
    if (named != null) {
      return named;
    }
    if (codePoint >= 0xE018 && codePoint <= 0xE029) {
      return of(KEYPAD.charAt(codePoint - 0xE018), field);
    }
    if (codePoint >= 0xE031 && codePoint <= 0xE03C) {
      int n = codePoint - 0xE031;
      return press(Key.keyboard(0x3A + n, "f" + (n + 1)));
    }
    Meaning m = character(codePoint);
    if (m == null) {
      throw W3cFailure.unsupported(
          field,
          String.format(
              "the key U+%04X cannot be typed on the rig's US-layout HID keyboard", codePoint));
    }
    return m;
  }

  private static @Nullable Meaning character(int c) {
    String name = new String(Character.toChars(c));
    if (c >= 'a' && c <= 'z') {
      return new Meaning(null, Key.keyboard(0x04 + (c - 'a'), name), false);
    }
    if (c >= 'A' && c <= 'Z') {
      return new Meaning(null, Key.keyboard(0x04 + (c - 'A'), name), true);
    }
    if (c >= '1' && c <= '9') {
      return new Meaning(null, Key.keyboard(0x1E + (c - '1'), name), false);
    }
    if (c == '0') {
      return new Meaning(null, Key.keyboard(0x27, name), false);
    }
    int i = c < 0x80 ? SHIFTED_DIGITS.indexOf(c) : -1;
    if (i >= 0) {
      return new Meaning(null, Key.keyboard(i == 9 ? 0x27 : 0x1E + i, name), true);
    }
    i = c < 0x80 ? UNSHIFTED_PUNCT.indexOf(c) : -1;
    if (i >= 0) {
      return new Meaning(null, Key.keyboard(PUNCT_USAGE[i], name), false);
    }
    i = c < 0x80 ? SHIFTED_PUNCT.indexOf(c) : -1;
    if (i >= 0) {
      return new Meaning(null, Key.keyboard(PUNCT_USAGE[i], name), true);
    }
    return switch (c) {
      case ' ' -> press(Key.SPACE);
      case '\n' -> press(Key.ENTER);
      case '\t' -> press(Key.TAB);
      default -> null;
    };
  }

  private static Meaning press(Key k) {
    return new Meaning(null, k, false);
  }

  private static Meaning hold(Modifier m) {
    return new Meaning(m, null, false);
  }
}
