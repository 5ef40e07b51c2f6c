package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * HID keyboard usages as DevTools key events, with a US layout: the key a USB keyboard would press,
 * and the text it types with or without shift. Consumer keys (Home, Back, volume) have no page
 * equivalent and are refused.
 */
final class ChromeKeys {
  private ChromeKeys() {}

  private static final String DIGITS = "1234567890";
  private static final String SHIFTED_DIGITS = "!@#$%^&*()";

  /** Usages 0x2D..0x38 in order (0x32 is the non-US hash key). */
  private static final String PUNCT = "-=[]\\#;'`,./";

  private static final String SHIFTED_PUNCT = "_+{}|~:\"~<>?";
  private static final String[] PUNCT_CODES = {
    "Minus",
    "Equal",
    "BracketLeft",
    "BracketRight",
    "Backslash",
    "IntlHash",
    "Semicolon",
    "Quote",
    "Backquote",
    "Comma",
    "Period",
    "Slash"
  };
  private static final int[] PUNCT_VK = {
    189, 187, 219, 221, 220, 220, 186, 222, 192, 188, 190, 191
  };

  private record Named(String key, String code, int vk, @Nullable String text) {}

  private static final Map<Integer, Named> NAMED =
      Map.of(
          0x28, new Named("Enter", "Enter", 13, "\r"),
          0x29, new Named("Escape", "Escape", 27, null),
          0x2A, new Named("Backspace", "Backspace", 8, null),
          0x2B, new Named("Tab", "Tab", 9, null),
          0x2C, new Named(" ", "Space", 32, " "),
          0x4F, new Named("ArrowRight", "ArrowRight", 39, null),
          0x50, new Named("ArrowLeft", "ArrowLeft", 37, null),
          0x51, new Named("ArrowDown", "ArrowDown", 40, null),
          0x52, new Named("ArrowUp", "ArrowUp", 38, null));

  /**
   * The {@code Input.dispatchKeyEvent} parameters of a report.
   *
   * @throws SwipeException {@code unsupported_input} for consumer keys and usages without a key
   */
  static ObjectNode event(HidReport.Keyboard report) {
    Key k = report.key();
    if (k.page() != Key.Page.KEYBOARD) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "a browser page has no " + k.name() + " key (consumer keys are phone buttons)",
          Map.of("key", k.name()),
          null);
    }
    Set<Modifier> mods = report.modifiers();
    boolean shift = mods.contains(Modifier.SHIFT);
    int usage = k.usage();
    String key;
    String code;
    int vk;
    String text;
    if (usage >= 0x04 && usage <= 0x1D) {
      char c = (char) ('a' + usage - 0x04);
      key = shift ? String.valueOf(c).toUpperCase(Locale.ROOT) : String.valueOf(c);
      code = "Key" + Character.toUpperCase(c);
      vk = Character.toUpperCase(c);
      text = key;
    } else if (usage >= 0x1E && usage <= 0x27) {
      int i = usage - 0x1E;
      key = String.valueOf((shift ? SHIFTED_DIGITS : DIGITS).charAt(i));
      code = "Digit" + DIGITS.charAt(i);
      vk = DIGITS.charAt(i);
      text = key;
    } else if (usage >= 0x2D && usage <= 0x38) {
      int i = usage - 0x2D;
      key = String.valueOf((shift ? SHIFTED_PUNCT : PUNCT).charAt(i));
      code = PUNCT_CODES[i];
      vk = PUNCT_VK[i];
      text = key;
    } else if (NAMED.containsKey(usage)) {
      Named n = NAMED.get(usage);
      key = n.key;
      code = n.code;
      vk = n.vk;
      text = n.text;
    } else {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "no browser key for keyboard usage 0x" + Integer.toHexString(usage),
          Map.of("key", k.name()),
          null);
    }
    boolean typing = text != null && !mods.contains(Modifier.CTRL) && !mods.contains(Modifier.GUI);
    ObjectNode e = ChromePage.json();
    e.put("type", report.down() ? (typing ? "keyDown" : "rawKeyDown") : "keyUp");
    e.put("modifiers", modifiers(mods));
    e.put("key", key);
    e.put("code", code);
    e.put("windowsVirtualKeyCode", vk);
    e.put("nativeVirtualKeyCode", vk);
    if (report.down() && typing) {
      e.put("text", text);
      e.put("unmodifiedText", text);
    }
    return e;
  }

  /** The DevTools modifier bits: Alt 1, Ctrl 2, Meta 4, Shift 8. */
  private static int modifiers(Set<Modifier> mods) {
    int bits = 0;
    bits |= mods.contains(Modifier.ALT) ? 1 : 0;
    bits |= mods.contains(Modifier.CTRL) ? 2 : 0;
    bits |= mods.contains(Modifier.GUI) ? 4 : 0;
    bits |= mods.contains(Modifier.SHIFT) ? 8 : 0;
    return bits;
  }
}
