package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A heap budget shared by the attachment registries of many runs (an agent server's runs): the
 * bytes their kept screenshots hold (JPEG and cached rasters, {@link Observation#retainedBytes()})
 * add up here, and when the sum passes {@link #maxBytes()} the oldest screenshots of the whole
 * server are evicted, whichever run holds them, until it fits again. An evicted id answers {@code
 * attachment_evicted} in its run. The screenshot being registered is never the one evicted, so one
 * screenshot larger than the budget is still kept until the next one arrives.
 *
 * <pre>{@code
 * AttachmentBudget server = new AttachmentBudget(256L * 1024 * 1024);
 * AttachmentRegistry run = new AttachmentRegistry(512, 32L * 1024 * 1024, server);
 * }</pre>
 */
@Api(status = Api.Status.STABLE)
public final class AttachmentBudget {
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
  public AttachmentBudget(long maxBytes) {
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
   * Sets what {@code key} holds (0 removes it) and returns the oldest other screenshots to evict so
   * the sum fits; the caller evicts them outside its own lock.
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
