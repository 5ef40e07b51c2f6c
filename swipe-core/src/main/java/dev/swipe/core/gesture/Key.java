package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;

/**
 * A key by its USB HID usage: keyboard keys on usage page 0x07, phone buttons such as Back and Home
 * on the consumer page 0x0C (which is how a USB keyboard's media keys reach Android).
 *
 * @param page the usage page
 * @param usage the usage id on that page
 * @param name a readable name for logs and errors
 */
@Api(status = Api.Status.STABLE)
public record Key(Page page, int usage, String name) {
  /** The HID usage pages a key can live on. */
  public enum Page {
    /** Keyboard/Keypad page (0x07): 8-byte keyboard reports. */
    KEYBOARD,
    /** Consumer page (0x0C): media and application-control keys. */
    CONSUMER
  }

  /** Return / Enter. */
  public static final Key ENTER = keyboard(0x28, "enter");

  /** Escape. */
  public static final Key ESCAPE = keyboard(0x29, "escape");

  /** Backspace (delete backwards). */
  public static final Key BACKSPACE = keyboard(0x2A, "backspace");

  /** Tab. */
  public static final Key TAB = keyboard(0x2B, "tab");

  /** Space bar. */
  public static final Key SPACE = keyboard(0x2C, "space");

  /** Arrow right. */
  public static final Key RIGHT = keyboard(0x4F, "right");

  /** Arrow left. */
  public static final Key LEFT = keyboard(0x50, "left");

  /** Arrow down. */
  public static final Key DOWN = keyboard(0x51, "down");

  /** Arrow up. */
  public static final Key UP = keyboard(0x52, "up");

  /** Application-control Home (consumer 0x0223): the phone's home action. */
  public static final Key HOME = consumer(0x0223, "home");

  /** Application-control Back (consumer 0x0224): Android's back action. */
  public static final Key BACK = consumer(0x0224, "back");

  /** Volume up (consumer 0xE9). */
  public static final Key VOLUME_UP = consumer(0xE9, "volume_up");

  /** Volume down (consumer 0xEA). */
  public static final Key VOLUME_DOWN = consumer(0xEA, "volume_down");

  /** Validates the usage range for the page. */
  public Key {
    SwipeException.requireArgument(page, "page");
    SwipeException.requireArgument(name, "name");
    int max = page == Page.KEYBOARD ? 0xFF : 0xFFFF;
    if (usage <= 0 || usage > max) {
      throw SwipeException.invalidArgument(
          "usage",
          "must be in [1, 0x" + Integer.toHexString(max) + "] on page " + page + ", was " + usage);
    }
  }

  /** A keyboard-page key. */
  public static Key keyboard(int usage, String name) {
    return new Key(Page.KEYBOARD, usage, name);
  }

  /** A consumer-page key. */
  public static Key consumer(int usage, String name) {
    return new Key(Page.CONSUMER, usage, name);
  }
}
