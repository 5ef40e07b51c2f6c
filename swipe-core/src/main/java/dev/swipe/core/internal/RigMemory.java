package dev.swipe.core.internal;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a device learned about its rig, kept in the memory store between sessions so that the next
 * session on the same rig starts from it: the relative pointer's reach per report of each size the
 * pointer loop sends, and the capture's lag. Gains are kept with the report sizes they were learned
 * for and recalled only for the same sizes.
 *
 * <p>Why: until the gain is learned, the first presses of a session take extra correction rounds,
 * and until the lag is measured, a frame asked for after an action may show the phone before it. A
 * rig's gain changes only with its settings (iOS's Tracking Speed) and every sight this session
 * refines what was recalled, so a stale value costs a round, never a press elsewhere: the loop
 * still checks the pointer's place in the frames before every press.
 *
 * <p>One record of type {@value #TYPE} per rig. The rig is named by a digest of the URIs it was
 * opened with (the device URI, else the HID and capture URIs together), kept as the record's
 * entity, so that no password or token in a URI is written to the store. A device built from
 * transport instances without URIs has no name and keeps nothing.
 */
final class RigMemory {
  /** The records' type. */
  static final String TYPE = "rig";

  /** The records' tag. */
  static final String TAG = "rig-input";

  /**
   * What was learned, in pixels of a frame {@code frameHeight} tall; NaN (or null) where nothing
   * was.
   *
   * @param frameHeight the capture's frame height the pixels are counted in
   * @param travelFirst pixels the first travel-size report of a burst moves
   * @param travel pixels each later travel-size report moves
   * @param approachFirst pixels the first approach-size report of a burst moves
   * @param approach pixels each later approach-size report moves
   * @param lag from a HID report to the first frame showing it, or null when not measured
   * @param frameInterval the capture's frame spacing, or null when not measured
   */
  record Learned(
      int frameHeight,
      double travelFirst,
      double travel,
      double approachFirst,
      double approach,
      @Nullable Duration lag,
      @Nullable Duration frameInterval) {

    /** Whether a gain was learned (a lag alone is kept too). */
    boolean hasGain() {
      return frameHeight > 0 && Double.isFinite(travel) && travel > 0;
    }

    /** Whether there is anything worth keeping. */
    boolean any() {
      return hasGain() || lag != null;
    }
  }

  private static final String K_FRAME = "frame_height";
  private static final String K_TRAVEL_COUNTS = "travel_counts";
  private static final String K_APPROACH_COUNTS = "approach_counts";
  private static final String K_TRAVEL_FIRST = "travel_first_px";
  private static final String K_TRAVEL = "travel_px";
  private static final String K_APPROACH_FIRST = "approach_first_px";
  private static final String K_APPROACH = "approach_px";
  private static final String K_LAG = "capture_lag_ms";
  private static final String K_INTERVAL = "frame_interval_ms";

  private RigMemory() {}

  /**
   * The rig's name: a digest of {@code deviceUri}, else of {@code hidUri} and {@code captureUri}
   * together; empty when the device was given neither.
   */
  static Optional<String> name(
      @Nullable String deviceUri, @Nullable String hidUri, @Nullable String captureUri) {
    String basis =
        deviceUri != null
            ? "device " + deviceUri
            : hidUri != null && captureUri != null
                ? "hid " + hidUri + " capture " + captureUri
                : null;
    if (basis == null) {
      return Optional.empty();
    }
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256").digest(basis.getBytes(StandardCharsets.UTF_8));
      return Optional.of("rig-" + HexFormat.of().formatHex(d, 0, 12));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** The latest record kept for {@code rig}, when there is one and it reads. */
  static Optional<Learned> recall(MemoryStore store, String rig) {
    List<MemoryRecord> found =
        store.recall(new MemoryQuery("", List.of(TAG), List.of(rig), TYPE, MemoryQuery.MAX_LIMIT));
    return found.stream()
        .max(
            Comparator.comparing(
                r -> r.updatedAt() == null ? java.time.Instant.MIN : r.updatedAt()))
        .flatMap(r -> parse(r.content()));
  }

  /** Keeps {@code learned} as {@code rig}'s record, replacing the one kept before. */
  static void keep(MemoryStore store, String rig, Learned learned) {
    List<MemoryRecord> before =
        store.recall(new MemoryQuery("", List.of(TAG), List.of(rig), TYPE, MemoryQuery.MAX_LIMIT));
    String id = before.isEmpty() ? null : before.get(0).id();
    store.save(
        new MemoryRecord(
            id,
            TYPE,
            "Rig input and capture (" + rig + ")",
            toContent(learned),
            List.of(TAG),
            List.of(rig),
            MemoryRecord.DEFAULT_PRIORITY,
            null,
            null));
    for (int i = 1; i < before.size(); i++) {
      store.delete(Objects.requireNonNull(before.get(i).id(), "a stored record's id"));
    }
  }

  /** The record's content: {@code key: value} pairs, comma separated, absent values left out. */
  static String toContent(Learned l) {
    StringBuilder b = new StringBuilder();
    if (l.hasGain()) {
      put(b, K_FRAME, Integer.toString(l.frameHeight()));
      put(b, K_TRAVEL_COUNTS, Integer.toString(PointerLoop.TRAVEL_STEP));
      put(b, K_APPROACH_COUNTS, Integer.toString(PointerLoop.APPROACH_STEP));
      put(b, K_TRAVEL_FIRST, l.travelFirst());
      put(b, K_TRAVEL, l.travel());
      put(b, K_APPROACH_FIRST, l.approachFirst());
      put(b, K_APPROACH, l.approach());
    }
    if (l.lag() != null) {
      put(b, K_LAG, Long.toString(l.lag().toMillis()));
    }
    if (l.frameInterval() != null) {
      put(b, K_INTERVAL, Long.toString(l.frameInterval().toMillis()));
    }
    return b.toString();
  }

  private static void put(StringBuilder b, String key, double v) {
    if (Double.isFinite(v) && v > 0) {
      put(b, key, String.format(Locale.ROOT, "%.3f", v));
    }
  }

  private static void put(StringBuilder b, String key, String v) {
    if (b.length() > 0) {
      b.append(", ");
    }
    b.append(key).append(": ").append(v);
  }

  /**
   * Reads a record's content; empty when it holds nothing usable. A value that does not read (the
   * store is shared, and people edit records) is left out rather than failing the device's open.
   */
  static Optional<Learned> parse(String content) {
    Map<String, Double> v = new HashMap<>();
    for (String part : content.split("[,\\n]", -1)) {
      int colon = part.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String key = part.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      try {
        double d = Double.parseDouble(part.substring(colon + 1).strip());
        if (Double.isFinite(d) && d > 0) {
          v.put(key, d);
        }
      } catch (NumberFormatException e) {
        // left out, as the comment says
      }
    }
    double frame = v.getOrDefault(K_FRAME, Double.NaN);
    double travel = v.getOrDefault(K_TRAVEL, Double.NaN);
    // gains learned for reports of other sizes (an older version's loop) say nothing of these
    boolean sameCounts =
        v.getOrDefault(K_TRAVEL_COUNTS, (double) PointerLoop.TRAVEL_STEP) == PointerLoop.TRAVEL_STEP
            && v.getOrDefault(K_APPROACH_COUNTS, (double) PointerLoop.APPROACH_STEP)
                == PointerLoop.APPROACH_STEP;
    boolean gain = sameCounts && Double.isFinite(frame) && Double.isFinite(travel);
    Learned l =
        new Learned(
            gain ? (int) Math.round(frame) : 0,
            gain ? v.getOrDefault(K_TRAVEL_FIRST, Double.NaN) : Double.NaN,
            gain ? travel : Double.NaN,
            gain ? v.getOrDefault(K_APPROACH_FIRST, Double.NaN) : Double.NaN,
            gain ? v.getOrDefault(K_APPROACH, Double.NaN) : Double.NaN,
            v.containsKey(K_LAG) ? Duration.ofMillis(Math.round(v.get(K_LAG))) : null,
            v.containsKey(K_INTERVAL) ? Duration.ofMillis(Math.round(v.get(K_INTERVAL))) : null);
    return l.any() ? Optional.of(l) : Optional.empty();
  }
}
