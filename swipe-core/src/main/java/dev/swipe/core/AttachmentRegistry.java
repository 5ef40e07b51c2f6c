package dev.swipe.core;

import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The attachments of one run (an agent run or a device session): it issues ids such as {@code
 * shot-12} and resolves them again. Ids resolve only in the run that made them; paths, unknown ids,
 * ids of other runs and non-screenshot attachments are refused with clear errors, so a model can
 * never make the SDK read an arbitrary file.
 *
 * <p>Memory is bounded: the oldest attachments beyond {@link #DEFAULT_CAPACITY} are forgotten and
 * then resolve as unknown (the message says they expired).
 */
public final class AttachmentRegistry {
  /** The id prefix of frames seen in passing. */
  static final String IN_PASSING_PREFIX = "motion-";

  /** How many attachments a run keeps before forgetting the oldest. */
  public static final int DEFAULT_CAPACITY = 512;

  private static final Pattern ID = Pattern.compile("[a-z][a-z0-9_]{0,15}-[0-9]{1,9}");
  private static final AtomicLong RUNS = new AtomicLong();

  private final String runId;
  private final int capacity;
  private final AtomicLong counter = new AtomicLong();
  private final AtomicLong passing = new AtomicLong();
  private final Map<String, Object> entries;

  /** A registry for a new run. */
  public AttachmentRegistry() {
    this(DEFAULT_CAPACITY);
  }

  /** A registry keeping at most {@code capacity} attachments. */
  public AttachmentRegistry(int capacity) {
    if (capacity < 1) {
      throw SwipeException.invalidArgument("capacity", "must be at least 1, was " + capacity);
    }
    this.runId = "run-" + RUNS.incrementAndGet();
    this.capacity = capacity;
    this.entries =
        new LinkedHashMap<>(16, 0.75f, false) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
            return size() > AttachmentRegistry.this.capacity;
          }
        };
  }

  /** This run's id. */
  public String runId() {
    return runId;
  }

  /** Registers a captured frame as a new screenshot of this run. */
  public Observation register(Frame frame, boolean settled) {
    return register(frame, settled, null);
  }

  /**
   * Registers a captured frame whose diff raster was already decoded (by the settling loop), so the
   * observation does not decode it again.
   *
   * @param greyForDiff the frame's {@link Observation#greyForDiff()} raster, or null
   */
  public synchronized Observation register(Frame frame, boolean settled, GreyRaster greyForDiff) {
    SwipeException.requireArgument(frame, "frame");
    String id = "shot-" + counter.incrementAndGet();
    Observation o =
        new Observation(
            id,
            runId,
            frame.jpeg(),
            frame.width(),
            frame.height(),
            frame.captureNanos(),
            settled,
            greyForDiff);
    entries.put(id, o);
    return o;
  }

  /**
   * A view of a frame seen in passing (content still moving), for a caller's predicate during
   * {@code scroll until}. It is not registered, so it costs no slot of the run's attachments and
   * its id ({@code motion-N}) is refused where a screenshot id is expected; it is never settled.
   */
  public Observation inPassing(Frame frame, GreyRaster greyForDiff) {
    SwipeException.requireArgument(frame, "frame");
    return new Observation(
        IN_PASSING_PREFIX + passing.incrementAndGet(),
        runId,
        frame.jpeg(),
        frame.width(),
        frame.height(),
        frame.captureNanos(),
        false,
        greyForDiff);
  }

  /**
   * Registers something that is not a screenshot (a document, a trace) under {@code kind-N}.
   *
   * @param kind lower-case letters, e.g. {@code doc}; {@code shot} is reserved
   */
  public synchronized String registerOther(String kind, Object value) {
    SwipeException.requireArgument(value, "value");
    if (kind == null || !kind.matches("[a-z][a-z0-9_]{0,15}") || kind.equals("shot")) {
      throw SwipeException.invalidArgument(
          "kind", "must be lower-case letters and not 'shot', was " + kind);
    }
    String id = kind + "-" + counter.incrementAndGet();
    entries.put(id, value);
    return id;
  }

  /**
   * Resolves a screenshot id of this run.
   *
   * @param field the argument's name, for the error (e.g. {@code before})
   * @throws SwipeException {@code invalid_argument} for something that is not an id (a path, a
   *     URL), {@code unknown_attachment} for an id this run does not hold, {@code not_a_screenshot}
   *     for another kind of attachment
   */
  public synchronized Observation screenshot(String id, String field) {
    SwipeException.requireArgument(id, field);
    String trimmed = id.strip();
    if (!ID.matcher(trimmed).matches()) {
      throw SwipeException.invalidArgument(
          field,
          "must be a screenshot_attachment_id such as shot-3, copied from a screenshot label; paths and"
              + " URLs are never accepted, was '"
              + abbreviate(id)
              + "'");
    }
    Object entry = entries.get(trimmed);
    if (entry == null && trimmed.startsWith(IN_PASSING_PREFIX)) {
      throw new SwipeException(
          ErrorCode.UNKNOWN_ATTACHMENT,
          field
              + ": "
              + trimmed
              + " is a frame seen in passing while content moved; such frames are not"
              + " kept: use the settled screenshot id of the result",
          Map.of("field", field, "id", trimmed),
          null);
    }
    if (entry == null) {
      boolean issuedHere = trimmed.startsWith("shot-") && issued(trimmed);
      throw new SwipeException(
          ErrorCode.UNKNOWN_ATTACHMENT,
          field
              + ": "
              + trimmed
              + (issuedHere
                  ? " has expired (this run keeps the latest "
                      + capacity
                      + " attachments); take a new screenshot"
                  : " is not an attachment of the current run; use an id shown beside a screenshot of this run"),
          Map.of("field", field, "id", trimmed),
          null);
    }
    if (!(entry instanceof Observation o)) {
      throw new SwipeException(
          ErrorCode.NOT_A_SCREENSHOT,
          field + ": " + trimmed + " is an attachment but not a screenshot",
          Map.of("field", field, "id", trimmed),
          null);
    }
    return o;
  }

  /**
   * Checks that an observation object belongs to this run (Java callers pass objects, not ids).
   *
   * @throws SwipeException {@code unknown_attachment} for an observation of another run
   */
  public Observation requireOwn(Observation o, String field) {
    SwipeException.requireArgument(o, field);
    if (!o.runId().equals(runId)) {
      throw new SwipeException(
          ErrorCode.UNKNOWN_ATTACHMENT,
          field + ": " + o.id() + " belongs to " + o.runId() + ", not to the current run " + runId,
          Map.of("field", field, "id", o.id()),
          null);
    }
    return o;
  }

  /** The ids this run currently holds, oldest first. */
  public synchronized Set<String> ids() {
    return Set.copyOf(entries.keySet());
  }

  private boolean issued(String id) {
    try {
      long n = Long.parseLong(id.substring(id.indexOf('-') + 1));
      return n >= 1 && n <= counter.get();
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
