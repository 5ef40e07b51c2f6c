package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.Modifier;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Appium's {@code pressKey} ({@code KeyEvent}: Android key codes and meta state) as HID key
 * presses, so {@code driver.pressKey(new KeyEvent(AndroidKey.BACK))} works on a rig. The codes are
 * Android's {@code KeyEvent.KEYCODE_*}; the keys are what a US-layout USB keyboard (and its
 * consumer page, for Back, Home and volume) sends for them, which Android maps back to the same key
 * codes. A code with no HID key (Power, Camera, App switch, ...) is {@code unsupported operation}
 * naming {@code keycode}, never a guess.
 */
final class AndroidKeyCodes {
  /** Android's KEYCODE_BACK: also what {@code POST /back} presses. */
  static final int BACK = 4;

  /** How long a long press holds its key (Android's long-press timeout is 400-500 ms). */
  static final int LONG_PRESS_MS = 1000;

  /** What a key code presses: the key, and whether Shift goes with it ({@code @} is Shift+2). */
  private record Stroke(Key key, boolean shift) {}

  private static final Map<Integer, Stroke> KEYS = new HashMap<>();

  /** Android meta state bits and the modifier each holds. */
  private static final Map<Integer, Modifier> META =
      Map.ofEntries(
          Map.entry(0x1, Modifier.SHIFT), // META_SHIFT_ON
          Map.entry(0x40, Modifier.SHIFT), // META_SHIFT_LEFT_ON
          Map.entry(0x80, Modifier.SHIFT), // META_SHIFT_RIGHT_ON
          Map.entry(0x2, Modifier.ALT), // META_ALT_ON
          Map.entry(0x10, Modifier.ALT), // META_ALT_LEFT_ON
          Map.entry(0x20, Modifier.ALT), // META_ALT_RIGHT_ON
          Map.entry(0x1000, Modifier.CTRL), // META_CTRL_ON
          Map.entry(0x2000, Modifier.CTRL), // META_CTRL_LEFT_ON
          Map.entry(0x4000, Modifier.CTRL), // META_CTRL_RIGHT_ON
          Map.entry(0x10000, Modifier.GUI), // META_META_ON
          Map.entry(0x20000, Modifier.GUI), // META_META_LEFT_ON
          Map.entry(0x40000, Modifier.GUI)); // META_META_RIGHT_ON

  static {
    key(3, Key.HOME);
    key(BACK, Key.BACK);
    key(24, Key.VOLUME_UP);
    key(25, Key.VOLUME_DOWN);
    for (int i = 0; i < 10; i++) { // KEYCODE_0..9, and the number pad's 0..9
      Key digit = Key.keyboard(i == 0 ? 0x27 : 0x1E + i - 1, Integer.toString(i));
      key(7 + i, digit);
      key(144 + i, digit);
    }
    for (int i = 0; i < 26; i++) { // KEYCODE_A..Z
      key(29 + i, Key.keyboard(0x04 + i, String.valueOf((char) ('a' + i))));
    }
    key(19, Key.UP);
    key(20, Key.DOWN);
    key(21, Key.LEFT);
    key(22, Key.RIGHT);
    key(66, Key.ENTER);
    key(160, Key.ENTER); // NUMPAD_ENTER
    key(67, Key.BACKSPACE); // DEL
    key(112, Key.keyboard(0x4C, "delete")); // FORWARD_DEL
    key(61, Key.TAB);
    key(62, Key.SPACE);
    key(111, Key.ESCAPE);
    key(55, Key.keyboard(0x36, ","));
    key(56, Key.keyboard(0x37, "."));
    key(68, Key.keyboard(0x35, "`"));
    key(69, Key.keyboard(0x2D, "-"));
    key(70, Key.keyboard(0x2E, "="));
    key(71, Key.keyboard(0x2F, "["));
    key(72, Key.keyboard(0x30, "]"));
    key(73, Key.keyboard(0x31, "\\"));
    key(74, Key.keyboard(0x33, ";"));
    key(75, Key.keyboard(0x34, "'"));
    key(76, Key.keyboard(0x38, "/"));
    KEYS.put(77, new Stroke(Key.keyboard(0x1F, "@"), true)); // AT
    KEYS.put(17, new Stroke(Key.keyboard(0x25, "*"), true)); // STAR
    KEYS.put(18, new Stroke(Key.keyboard(0x20, "#"), true)); // POUND
    KEYS.put(81, new Stroke(Key.keyboard(0x2E, "+"), true)); // PLUS
    key(92, Key.keyboard(0x4B, "page_up"));
    key(93, Key.keyboard(0x4E, "page_down"));
    key(122, Key.keyboard(0x4A, "home_key")); // MOVE_HOME
    key(123, Key.keyboard(0x4D, "end")); // MOVE_END
    key(124, Key.keyboard(0x49, "insert"));
    for (int i = 0; i < 12; i++) { // F1..F12
      key(131 + i, Key.keyboard(0x3A + i, "f" + (i + 1)));
    }
  }

  private AndroidKeyCodes() {}

  private static void key(int code, Key key) {
    KEYS.put(code, new Stroke(key, false));
  }

  /**
   * The key press for Appium's key event parameters {@code keycode}, {@code metastate}, {@code
   * flags} (accepted, not used: they describe where an Android event came from) and {@code
   * isLongPress}.
   *
   * @param platform the rig's platform: Back exists on Android only
   * @param longPress whether to hold the key (the long-press endpoint), besides {@code isLongPress}
   */
  static KeyPress press(ObjectNode p, String platform, boolean longPress) {
    Json.onlyKeys(p, "", List.of("keycode", "metastate", "flags", "isLongPress"));
    Long code = Json.optInteger(p, "keycode", "keycode", 0, Integer.MAX_VALUE);
    if (code == null) {
      throw W3cFailure.invalidArgument("keycode", "is required: an Android KEYCODE_ number");
    }
    Long meta = Json.optInteger(p, "metastate", "metastate", 0, Integer.MAX_VALUE);
    Json.optInteger(p, "flags", "flags", 0, Integer.MAX_VALUE);
    boolean hold =
        longPress || Boolean.TRUE.equals(Json.optBoolean(p, "isLongPress", "isLongPress"));
    if (code == BACK && !platform.equalsIgnoreCase("android")) {
      throw noBack(platform, "keycode");
    }
    Stroke s = KEYS.get(code.intValue());
    if (s == null) {
      throw W3cFailure.unsupported(
          "keycode",
          "Android key code "
              + code
              + " has no USB HID key this rig can press; keys: letters, digits, punctuation,"
              + " Enter, Del, Tab, Space, Escape, arrows, Page Up/Down, Move Home/End, Insert,"
              + " F1-F12, Home, Back, Volume Up/Down");
    }
    Set<Modifier> mods = EnumSet.noneOf(Modifier.class);
    if (s.shift()) {
      mods.add(Modifier.SHIFT);
    }
    long rest = meta == null ? 0 : meta;
    for (Map.Entry<Integer, Modifier> e : META.entrySet()) {
      if ((rest & e.getKey()) != 0) {
        mods.add(e.getValue());
        rest &= ~e.getKey();
      }
    }
    if (rest != 0) {
      throw W3cFailure.unsupported(
          "metastate",
          String.format(
              "bits 0x%X are not Shift, Alt, Ctrl or Meta; a HID keyboard holds only those", rest));
    }
    if (!mods.isEmpty() && s.key().page() != Key.Page.KEYBOARD) {
      throw W3cFailure.invalidArgument(
          "metastate", s.key().name() + " is a phone button: it takes no Shift, Alt, Ctrl or Meta");
    }
    return new KeyPress(s.key(), mods, hold ? LONG_PRESS_MS : KeyPress.DEFAULT_HOLD_MS);
  }

  /** The key a keyboard-page or consumer-page press needs the HID link to have. */
  static boolean consumer(KeyPress k) {
    return k.key().page() == Key.Page.CONSUMER;
  }

  /** {@code unsupported operation}: the platform has no system Back. */
  static W3cFailure noBack(String platform, String field) {
    return W3cFailure.unsupported(
        field,
        "a "
            + platform
            + " phone has no system Back; tap the app's back button or swipe from the left edge"
            + " (mobile: swipeGesture with direction right, from left 0)");
  }
}
