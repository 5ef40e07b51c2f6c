package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The attachments of one run (an agent run or a device session): it issues ids such as {@code
 * shot-12} and resolves them again. Ids resolve only in the run that made them; paths, unknown ids,
 * ids of other runs and non-screenshot attachments are refused with clear errors, so a model can
 * never make the SDK read an arbitrary file.
 *
 * <p>Memory is bounded, in count and in bytes. A run keeps at most {@link #DEFAULT_CAPACITY}
 * attachments, and its kept screenshots hold at most {@link #DEFAULT_MAX_BYTES} of heap (JPEG bytes
 * and cached rasters, by {@link Observation#retainedBytes()}); a shared {@link Budget} bounds the
 * sum over many runs. Decoded rasters are cached only for the run's latest {@link
 * #RASTER_CACHED_SCREENSHOTS} screenshots (older ones decode again on demand). Beyond a bound the
 * oldest screenshots are evicted; their ids then answer {@code attachment_evicted}, saying to take
 * a new screenshot.
 */
@Api(status = Api.Status.STABLE)
public final class AttachmentRegistry {
  /** The id prefix of frames seen in passing. */
  static final String IN_PASSING_PREFIX = "motion-";

  /** How many attachments a run keeps before forgetting the oldest. */
  public static final int DEFAULT_CAPACITY = 512;

  /** The most bytes a run's kept screenshots hold by default: 64 MiB. */
  public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;

  /** How many of a run's latest screenshots keep their decoded rasters. */
  public static final int RASTER_CACHED_SCREENSHOTS = 4;

  private static final Pattern ID = Pattern.compile("[a-z][a-z0-9_]{0,15}-[0-9]{1,9}");
  private static final AtomicLong RUNS = new AtomicLong();

  private final String runId;
  private final int capacity;
  private final long maxBytes;
  private final @Nullable Budget shared;
  private final AtomicLong counter = new AtomicLong();
  private final AtomicLong passing = new AtomicLong();

  /** Guarded by this: the attachments, oldest first. */
  private final LinkedHashMap<String, Object> entries = new LinkedHashMap<>();

  /** Guarded by this: bytes counted per kept screenshot, and their sum. */
  private final Map<String, Long> counted = new HashMap<>();

  private long held;

  /** Guarded by this: the latest screenshots, whose rasters are cached, oldest first. */
  private final ArrayDeque<Observation> rasterCached = new ArrayDeque<>();

  private boolean closed;

  /** Where the device's steered pointer is drawn at a capture time; null while none is steered. */
  private volatile @Nullable LongFunction<List<PixelRect>> pointerMarks;

  /** A registry for a new run. */
  public AttachmentRegistry() {
    this(DEFAULT_CAPACITY);
  }

  /** A registry keeping at most {@code capacity} attachments (and the default bytes). */
  public AttachmentRegistry(int capacity) {
    this(capacity, DEFAULT_MAX_BYTES, null);
  }

  /**
   * A registry keeping at most {@code capacity} attachments whose screenshots hold at most {@code
   * maxBytes}, and, when {@code shared} is given, counting them in that budget of many runs too.
   *
   * @throws SwipeException {@code invalid_argument} for a capacity under 1 or a byte bound under 1
   *     MiB
   */
  public AttachmentRegistry(int capacity, long maxBytes, @Nullable Budget shared) {
    if (capacity < 1) {
      throw SwipeException.invalidArgument("capacity", "must be at least 1, was " + capacity);
    }
    if (maxBytes < 1024 * 1024) {
      throw SwipeException.invalidArgument(
          "max_run_attachment_bytes", "must be at least 1 MiB (1048576), was " + maxBytes);
    }
    this.runId = "run-" + RUNS.incrementAndGet();
    this.capacity = capacity;
    this.maxBytes = maxBytes;
    this.shared = shared;
  }

  /**
   * Called by the device whose run this is when it steers a pointer the phone draws: the
   * screenshots registered from now on leave the pointer's image out of their comparisons (see
   * {@link Observation#greyToCompareWith}).
   *
   * @param marks where the pointer may be drawn in a frame captured at a given time, frame pixels
   */
  public void markPointerWith(LongFunction<List<PixelRect>> marks) {
    SwipeException.requireArgument(marks, "marks");
    this.pointerMarks = marks;
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
  public Observation register(Frame frame, boolean settled, @Nullable GreyRaster greyForDiff) {
    SwipeException.requireArgument(frame, "frame");
    Observation o;
    List<Budget.Key> victims = new ArrayList<>();
    synchronized (this) {
      String id = "shot-" + counter.incrementAndGet();
      o =
          new Observation(
              id,
              runId,
              frame.jpeg(),
              frame.width(),
              frame.height(),
              frame.captureNanos(),
              settled,
              greyForDiff,
              pointerMarks);
      if (closed) {
        o.dropRasters();
        return o; // a closed run keeps nothing
      }
      entries.put(id, o);
      o.keptBy(this);
      rasterCached.addLast(o);
      while (rasterCached.size() > RASTER_CACHED_SCREENSHOTS) {
        Observation cold = rasterCached.removeFirst();
        cold.dropRasters();
        victims.addAll(count(cold));
      }
      victims.addAll(count(o));
      evictOwn(id);
    }
    evict(victims);
    return o;
  }

  /**
   * Counts what {@code o} holds now (here and in the shared budget); returns what the shared budget
   * wants evicted. Holds this lock.
   */
  private List<Budget.Key> count(Observation o) {
    if (entries.get(o.id()) != o) {
      return List.of();
    }
    long now = o.retainedBytes();
    Long before = counted.put(o.id(), now);
    held += now - (before == null ? 0 : before);
    return shared == null ? List.of() : shared.charge(new Budget.Key(this, o.id()), now);
  }

  /**
   * Evicts this run's oldest attachments (never {@code keep}) while it holds more than its count,
   * then its oldest screenshots while they hold more than its bytes. Holds this lock.
   */
  private void evictOwn(String keep) {
    while (entries.size() > capacity) {
      String oldest = oldest(keep, false);
      if (oldest == null) {
        return;
      }
      remove(oldest);
    }
    while (held > maxBytes) {
      String oldest = oldest(keep, true);
      if (oldest == null) {
        return;
      }
      remove(oldest);
    }
  }

  /** The oldest attachment (only screenshots when asked) other than {@code keep}, or null. */
  private @Nullable String oldest(String keep, boolean screenshotsOnly) {
    for (String id : entries.keySet()) {
      if (!id.equals(keep) && (!screenshotsOnly || counted.containsKey(id))) {
        return id;
      }
    }
    return null;
  }

  /** Removes an attachment and its bytes. Holds this lock. */
  private void remove(String id) {
    Object gone = entries.remove(id);
    Long bytes = counted.remove(id);
    if (bytes != null) {
      held -= bytes;
      if (shared != null) {
        shared.charge(new Budget.Key(this, id), 0);
      }
    }
    if (gone instanceof Observation o) {
      rasterCached.remove(o);
      o.dropRasters();
    }
  }

  /** Evicts screenshots the shared budget chose, each in its own registry. */
  private static void evict(List<Budget.Key> victims) {
    for (Budget.Key k : victims) {
      k.registry().evict(k.id());
    }
  }

  private synchronized void evict(String id) {
    if (entries.containsKey(id)) {
      remove(id);
    }
  }

  /** An observation of this run cached a raster: counts its bytes again. */
  void recount(Observation o) {
    List<Budget.Key> victims;
    synchronized (this) {
      victims = count(o);
    }
    evict(victims);
  }

  /** The bytes this run's kept screenshots hold now, by this registry's accounting. */
  public synchronized long heldBytes() {
    return held;
  }

  /** The most bytes this run's kept screenshots may hold. */
  public long maxBytes() {
    return maxBytes;
  }

  /**
   * Forgets every attachment (the run ended), giving their bytes back to the shared budget; later
   * registrations are not kept.
   */
  public synchronized void close() {
    closed = true;
    for (String id : List.copyOf(entries.keySet())) {
      remove(id);
    }
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
        greyForDiff,
        pointerMarks);
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
    if (!closed) {
      entries.put(id, value);
      evictOwn(id);
    }
    return id;
  }

  /**
   * Resolves a screenshot id of this run.
   *
   * @param field the argument's name, for the error (e.g. {@code before})
   * @throws SwipeException {@code invalid_argument} for something that is not an id (a path, a
   *     URL), {@code attachment_evicted} for a screenshot id this run issued and no longer keeps,
   *     {@code unknown_attachment} for an id this run never issued, {@code not_a_screenshot} for
   *     another kind of attachment
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
      if (trimmed.startsWith("shot-") && issued(trimmed)) {
        throw new SwipeException(
            ErrorCode.ATTACHMENT_EVICTED,
            field
                + ": "
                + trimmed
                + " was evicted (this run keeps its latest "
                + capacity
                + " attachments and at most "
                + maxBytes / (1024 * 1024)
                + " MiB of screenshots"
                + (shared == null
                    ? ""
                    : ", and all runs at most " + shared.maxBytes() / (1024 * 1024) + " MiB")
                + "); take a new screenshot",
            Map.of("field", field, "id", trimmed),
            null);
      }
      throw new SwipeException(
          ErrorCode.UNKNOWN_ATTACHMENT,
          field
              + ": "
              + trimmed
              + " is not an attachment of the current run; use an id shown beside a screenshot of"
              + " this run",
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

  /**
   * A heap budget shared by the attachment registries of many runs (an agent server's runs): the
   * bytes their kept screenshots hold (JPEG and cached rasters, {@link
   * Observation#retainedBytes()}) add up here, and when the sum passes {@link #maxBytes()} the
   * oldest screenshots of the whole server are evicted, whichever run holds them, until it fits
   * again. An evicted id answers {@code attachment_evicted} in its run. The screenshot being
   * registered is never the one evicted, so one screenshot larger than the budget is still kept
   * until the next one arrives.
   *
   * <pre>{@code
   * Budget server = new Budget(256L * 1024 * 1024);
   * AttachmentRegistry run = new AttachmentRegistry(512, 32L * 1024 * 1024, server);
   * }</pre>
   */
  public static final class Budget {
    /** Default budget of a server's kept screenshots: 256 MiB. */
    public static final long DEFAULT_MAX_BYTES = 256L * 1024 * 1024;

    private final long maxBytes;

    /** Guarded by this: bytes charged per kept screenshot, oldest first. */
    private final LinkedHashMap<Key, Long> charged = new LinkedHashMap<>();

    private long held;

    /** A kept screenshot: its registry (by identity) and id. */
    record Key(AttachmentRegistry registry, String id) {
      @Override
      public boolean equals(Object o) {
        return o instanceof Key k && k.registry == registry && k.id.equals(id);
      }

      @Override
      public int hashCode() {
        return System.identityHashCode(registry) * 31 + id.hashCode();
      }
    }

    /**
     * A budget of {@code maxBytes}.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code max_attachment_bytes}) for less
     *     than 1 MiB
     */
    public Budget(long maxBytes) {
      if (maxBytes < 1024 * 1024) {
        throw SwipeException.invalidArgument(
            "max_attachment_bytes", "must be at least 1 MiB (1048576), was " + maxBytes);
      }
      this.maxBytes = maxBytes;
    }

    /** The most bytes the kept screenshots of all runs may hold. */
    public long maxBytes() {
      return maxBytes;
    }

    /** The bytes the kept screenshots of all runs hold now, by their registries' accounting. */
    public synchronized long heldBytes() {
      return held;
    }

    /**
     * Sets what {@code key} holds (0 removes it) and returns the oldest other screenshots to evict
     * so the sum fits; the caller evicts them outside its own lock.
     */
    synchronized List<Key> charge(Key key, long bytes) {
      Long before = bytes == 0 ? charged.remove(key) : charged.put(key, bytes);
      held += bytes - (before == null ? 0 : before);
      if (held <= maxBytes) {
        return List.of();
      }
      List<Key> victims = new ArrayList<>();
      long over = held - maxBytes;
      for (Iterator<Map.Entry<Key, Long>> it = charged.entrySet().iterator();
          it.hasNext() && over > 0; ) {
        Map.Entry<Key, Long> e = it.next();
        if (!e.getKey().equals(key)) {
          victims.add(e.getKey());
          over -= e.getValue();
        }
      }
      return victims;
    }
  }
}
