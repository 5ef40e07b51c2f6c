package dev.swipe.hid.internal;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a HID link has been through since it was opened: how many reports the device confirmed and
 * how many faults of each kind the transport met and handled. A transport never hides a fault
 * behind a success; this is where the ones it recovered from stay visible (a bench or a health
 * check prints them; failed reports carry the same counts in their error details).
 *
 * <p>Fault names (snake_case, stable): {@code late_ack} (a report was acknowledged only after its
 * timeout: the device took it late), {@code stale_reply} (a reply no request was waiting for: a
 * duplicate, or one that came after its request was given up; never taken for a newer report's),
 * {@code corrupt_reply} (a reply with a bad checksum, or line noise), {@code lost_frame} (a report
 * the device never took, proven by its answer to a later request, and resent), {@code refused} (an
 * error status), {@code resend}, {@code no_reply} (the device answered neither a report nor the
 * requests sent to find out what became of it), {@code stalled_write} (a gadget write the USB host
 * did not take in time), {@code busy_write} (a gadget write refused for now, retried), {@code
 * short_write} (a gadget took part of a report).
 *
 * @param reports reports the device confirmed (the gadget: reports it took)
 * @param faults count per fault name; names that never happened are absent
 */
public record LinkHealth(long reports, Map<String, Long> faults) {
  public LinkHealth {
    faults = Map.copyOf(faults);
  }

  /** The count of one fault name (0 when it never happened). */
  public long count(String fault) {
    return faults.getOrDefault(fault, 0L);
  }

  @Override
  public String toString() {
    return "LinkHealth[reports=" + reports + ", faults=" + new TreeMap<>(faults) + "]";
  }
}
