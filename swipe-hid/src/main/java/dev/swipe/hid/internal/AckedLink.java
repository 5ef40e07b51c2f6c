package dev.swipe.hid.internal;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Matches a serial HID device's replies to the requests they answer, for devices that read requests
 * in order and answer each one, without sequence numbers (the CH9329, PiKVM's firmware).
 *
 * <p>Each request has a key: the kind of reply that can answer it (the CH9329's command; for PiKVM,
 * a report or the probe). A reply answers the oldest outstanding request of its key, and every
 * request older than that one is finished too: if its reply never came, it was lost. A reply that
 * no outstanding request waits for is stale (a duplicate, or the answer to a request given up
 * earlier): it is counted and never taken as the answer to a newer request.
 *
 * <p>When a report's reply does not come in time, its fate is unknown: the device may not have read
 * it, may be reading it late, or its reply may be damaged. Resending then could act twice. Instead
 * a probe, a request whose reply no report shares, is queued behind the report ({@link
 * #sync(Request)}): the report's own reply or the probe's, whichever comes first, says what the
 * device did with the report.
 *
 * <p>A request stays outstanding until its reply comes or a later reply proves it finished, even
 * when waiting for it has been given up: a late reply then still answers the oldest request it can,
 * never a newer one. (Taking a late probe reply for a newer probe's would prove a report lost that
 * the device is still to read, and a resent relative move would act twice.)
 */
final class AckedLink {
  /** Most requests kept waiting for a reply (a device that never answers must not grow this). */
  private static final int MAX_OUTSTANDING = 256;

  private static final int STATUS_PENDING = -1;

  /** The byte format of one device. */
  interface Protocol {
    /** The probe request: the device answers it without acting, with a reply no report shares. */
    byte[] probe();

    /** The key of the probe's reply. */
    int probeKey();

    /** Bytes of the probe and its reply together, for its wire time. */
    int probeRoundTripBytes();

    /** Decodes received bytes, handing complete replies and noise to {@code replies}. */
    void feed(byte[] buf, int n, Replies replies);
  }

  /** What a {@link Protocol} finds in the received bytes. */
  interface Replies {
    /**
     * A reply: {@code key} says which requests it can answer, {@code status} is 0 for ok and
     * positive for the device's error code, {@code data} its payload.
     */
    void reply(int key, int status, byte[] data);

    /**
     * A reply that answers a request of {@code key} when one is outstanding, else one of {@code
     * fallbackKey}: a device whose replies do not say which kind of request they answer (PiKVM's
     * "invalid command" answers the probe, or a report the firmware does not know). Such a reply,
     * when nothing waits for it, says nothing about the request it may have answered.
     */
    void reply(int key, int fallbackKey, int status, byte[] data);

    /** Bytes that belong to no valid reply (a damaged one, or line noise). */
    void noise();
  }

  /** One request on the wire and what became of it. */
  static final class Request {
    final int key;

    /** Order of writing on this link. */
    final long seq;

    final long writtenAt;
    private final long noiseBefore;
    private int status = STATUS_PENDING;
    private boolean lost;
    private boolean uncertain;
    private byte[] reply = new byte[0];
    private long answeredAt;

    private Request(int key, long seq, long writtenAt, long noiseBefore) {
      this.key = key;
      this.seq = seq;
      this.writtenAt = writtenAt;
      this.noiseBefore = noiseBefore;
    }

    /** Whether a reply came or the request is known to be lost. */
    boolean resolved() {
      return status != STATUS_PENDING || lost;
    }

    /** Whether the device answered with its ok status. */
    boolean ok() {
      return !lost && status == 0;
    }

    /** The error code the device answered with, or -1. */
    int refusal() {
      return !lost && status > 0 ? status : -1;
    }

    /** The device finished with this request without answering it (or its answer was lost). */
    boolean lost() {
      return lost;
    }

    /**
     * For a lost request: damaged bytes arrived after it was written, which may have been its
     * reply. The device may then have acted on it.
     */
    boolean uncertain() {
      return uncertain;
    }

    byte[] reply() {
      return reply;
    }

    long answeredAt() {
      return answeredAt;
    }
  }

  private final SerialLink port;
  private final Protocol protocol;
  private final LinkFaults faults;
  private final long probeTimeoutNanos;
  private final ArrayDeque<Request> outstanding = new ArrayDeque<>();
  private final Map<Integer, Request> lastAnswered = new HashMap<>();
  private final byte[] buf = new byte[256];
  private final Replies replies =
      new Replies() {
        @Override
        public void reply(int key, int status, byte[] data) {
          onReply(key, status, data, true);
        }

        @Override
        public void reply(int key, int fallbackKey, int status, byte[] data) {
          boolean waited = false;
          for (Request r : outstanding) {
            waited |= r.key == key;
          }
          onReply(waited ? key : fallbackKey, status, data, false);
        }

        @Override
        public void noise() {
          noiseSeen++;
          faults.count(LinkFaults.CORRUPT_REPLY);
        }
      };
  private long noiseSeen;
  private long written;

  /**
   * Every request up to this one in writing order is finished (a reply matched it or a later one).
   */
  private long finishedThrough = -1;

  /**
   * @param probeTimeoutNanos how long a probe's reply is waited for before another is sent
   */
  AckedLink(SerialLink port, Protocol protocol, LinkFaults faults, long probeTimeoutNanos) {
    this.port = port;
    this.protocol = protocol;
    this.faults = faults;
    this.probeTimeoutNanos = probeTimeoutNanos;
  }

  /** Wire time of {@code bytes} at the link's baud (8N1: ten bits a byte). */
  long wireNanos(int bytes) {
    return bytes * 10L * 1_000_000_000L / port.baud();
  }

  /** Writes a request and waits for nothing; its reply is matched when it comes. */
  Request send(int key, byte[] frame) throws IOException {
    Request r = new Request(key, written++, System.nanoTime(), noiseSeen);
    if (outstanding.size() == MAX_OUTSTANDING) {
      Request given = outstanding.removeFirst();
      given.lost = true;
      given.uncertain = true;
    }
    outstanding.addLast(r);
    port.write(frame);
    return r;
  }

  /** Whether a request other than a probe is still waiting for its reply. */
  boolean reportsOutstanding() {
    for (Request r : outstanding) {
      if (r.key != protocol.probeKey()) {
        return true;
      }
    }
    return false;
  }

  /** Reads and matches whatever has arrived, without waiting. */
  void drain() throws IOException {
    int n;
    while (port.available() > 0 && (n = port.read(buf)) > 0) {
      protocol.feed(buf, n, replies);
    }
  }

  /**
   * Reads and matches replies until {@code done} holds or {@code deadline} ({@link
   * System#nanoTime()}) passes.
   *
   * @return whether {@code done} holds
   */
  boolean await(BooleanSupplier done, long deadline) throws IOException {
    while (!done.getAsBoolean()) {
      if (System.nanoTime() - deadline >= 0) {
        return false;
      }
      protocol.feed(buf, port.read(buf), replies);
    }
    return true;
  }

  /** Damaged replies or noise seen since {@code r} was written. */
  boolean noiseSince(Request r) {
    return noiseSeen > r.noiseBefore;
  }

  /**
   * Finds out what became of {@code r}: queues a probe behind it and waits until {@code r} is
   * answered or the probe is (then the device finished with {@code r} without an answer). A lost
   * probe is sent once more.
   *
   * @return whether {@code r} is resolved
   */
  boolean sync(Request r) throws IOException {
    for (int i = 0; i < 2 && !r.resolved(); i++) {
      send(protocol.probeKey(), protocol.probe());
      // Any reply to a probe sent after r, or to r, settles r (a reply proves older requests done).
      await(r::resolved, probeDeadline());
    }
    return r.resolved();
  }

  /**
   * Waits until the device has finished with {@code last} (and everything before it): a probe is
   * queued behind and a reply to it, or to anything written after {@code last}, comes (a second
   * probe if none does). Proves that the device consumed {@code last} even when the reply matched
   * to it was a late duplicate of an earlier one.
   *
   * @return whether the device answered
   */
  boolean barrier(Request last) throws IOException {
    for (int i = 0; i < 2; i++) {
      send(protocol.probeKey(), protocol.probe());
      if (await(() -> finishedThrough > last.seq, probeDeadline())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Waits until no report written earlier is still waiting for its reply (after a failure left some
   * unanswered), queueing probes whose replies prove them finished.
   *
   * @return whether none is left
   */
  boolean settle() throws IOException {
    for (int i = 0; i < 2 && reportsOutstanding(); i++) {
      send(protocol.probeKey(), protocol.probe());
      await(() -> !reportsOutstanding(), probeDeadline());
    }
    return !reportsOutstanding();
  }

  /**
   * Stops waiting for every probe sent so far: for a query where any probe reply will do (all carry
   * the same information).
   */
  void abandonProbes() {
    for (Iterator<Request> it = outstanding.iterator(); it.hasNext(); ) {
      Request r = it.next();
      if (r.key == protocol.probeKey()) {
        it.remove();
        r.lost = true;
        r.uncertain = true;
      }
    }
  }

  private long probeDeadline() {
    return System.nanoTime() + wireNanos(protocol.probeRoundTripBytes()) + probeTimeoutNanos;
  }

  private void onReply(int key, int status, byte[] data, boolean exactKey) {
    long now = System.nanoTime();
    Request match = null;
    for (Request r : outstanding) {
      if (r.key == key) {
        match = r;
        break;
      }
    }
    if (match == null) {
      faults.count(LinkFaults.STALE_REPLY);
      Request last = lastAnswered.get(key);
      if (last != null && exactKey) {
        // In order, the last reply of a key before a probe's answers the last request of it.
        last.status = status;
      }
      return;
    }
    for (Iterator<Request> it = outstanding.iterator(); it.hasNext(); ) {
      Request r = it.next();
      it.remove();
      if (r == match) {
        break;
      }
      r.lost = true;
      r.uncertain = noiseSeen > r.noiseBefore;
      if (!r.uncertain) {
        faults.count(LinkFaults.LOST_FRAME);
      }
    }
    match.status = status;
    match.reply = data;
    match.answeredAt = now;
    lastAnswered.put(key, match);
    finishedThrough = Math.max(finishedThrough, match.seq);
  }
}
