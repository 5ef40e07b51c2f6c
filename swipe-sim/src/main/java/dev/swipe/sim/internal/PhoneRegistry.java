package dev.swipe.sim.internal;

import dev.swipe.base.SwipeException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Phones opened with {@code name=...}, so a separately opened HID part and capture part reach the
 * same phone. An entry lives while at least one of its parts is open.
 */
public final class PhoneRegistry {
  private static final Map<String, Entry> PHONES = new HashMap<>();

  private static final class Entry {
    final Object phone;
    final String uri;
    boolean hid;
    boolean capture;

    Entry(Object phone, String uri) {
      this.phone = phone;
      this.uri = uri;
    }
  }

  private PhoneRegistry() {}

  /** Registers a phone whose parts are both taken (a combined or directly created phone). */
  public static synchronized void register(String name, Object phone) {
    if (PHONES.containsKey(name)) {
      throw SwipeException.invalidArgument(
          "name", "a sim phone named '" + name + "' is already open");
    }
    Entry e = new Entry(phone, "");
    e.hid = true;
    e.capture = true;
    PHONES.put(name, e);
  }

  /**
   * Takes one part of the phone named {@code name}, creating it on first use.
   *
   * @param uri the configuration's URI; a second part must use the same options
   * @param hid true for the HID part, false for the capture part
   */
  public static synchronized Object take(
      String name, String uri, boolean hid, Supplier<Object> create) {
    Entry e = PHONES.get(name);
    if (e == null) {
      e = new Entry(create.get(), uri);
      PHONES.put(name, e);
    } else if (!e.uri.equals(uri)) {
      throw SwipeException.invalidArgument(
          "name",
          "sim phone '"
              + name
              + "' is open with other options ("
              + (e.uri.isEmpty() ? "opened as one device" : e.uri)
              + "); open both parts with the same URI");
    }
    if (hid ? e.hid : e.capture) {
      throw SwipeException.invalidArgument(
          "name",
          "sim phone '" + name + "' already has an open " + (hid ? "hid" : "capture") + " part");
    }
    if (hid) {
      e.hid = true;
    } else {
      e.capture = true;
    }
    return e.phone;
  }

  /**
   * A part of {@code phone} closed. Returns true when the phone was registered and no part of it is
   * taken any more (it has been removed).
   */
  public static synchronized boolean partClosed(Object phone, boolean hid) {
    for (Iterator<Entry> it = PHONES.values().iterator(); it.hasNext(); ) {
      Entry e = it.next();
      if (e.phone == phone) {
        if (hid) {
          e.hid = false;
        } else {
          e.capture = false;
        }
        if (!e.hid && !e.capture) {
          it.remove();
          return true;
        }
        return false;
      }
    }
    return false;
  }

  /** The open phone named {@code name}. */
  public static synchronized Optional<Object> find(String name) {
    Entry e = PHONES.get(name);
    return e == null ? Optional.empty() : Optional.of(e.phone);
  }
}
