package dev.swipe.hid;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * Matches a CH9329's replies to the requests they answer.
 *
 * <p>The chip reads frames in order and answers each with the request's command plus 0x80 (ok) or
 * 0xC0 (error); a reply carries no sequence number. So a reply answers the oldest outstanding
 * request of its command, and every request older than that one is finished too: if its reply
 * never came, it was lost. A reply that no outstanding request waits for is stale (a duplicate, or
 * the answer to a request given up earlier): it is counted and never taken as the answer to a newer
 * request.
 *
 * <p>When a report's reply does not come in time, its fate is unknown: the chip may not have read
 * it, may be reading it late, or its reply may be damaged. Resending then could act twice. Instead
 * a GET_INFO request, whose reply no report shares, is queued behind the report ({@link
 * #sync(Request)}): the report's own reply or the GET_INFO reply, whichever comes first, says what
 * the chip did with the report.
 */
final class Ch9329Link {
  /** Most requests kept waiting for a reply (a chip that never answers must not grow this). */
  private static final int MAX_OUTSTANDING = 256;
  private static final int STATUS_PENDING = -1;

  /** One request on the wire and what became of it. */
  static final class Request {
    final int command;
    final long writtenAt;
    private final long corruptSeenBefore;
    private int status = STATUS_PENDING;
    private boolean lost;
    private boolean uncertain;
    private byte[] reply = new byte[0];
    private long answeredAt;

    private Request(int command, long writtenAt, long corruptSeenBefore) {
      this.command = command;
      this.writtenAt = writtenAt;
      this.corruptSeenBefore = corruptSeenBefore;
    }

    /** Whether a reply came or the request is known to be lost. */
    boolean resolved() {
      return status != STATUS_PENDING || lost;
    }

    /** Whether the chip answered with its ok status. */
    boolean ok() {
      return !lost && status == 0;
    }

    /** The error status the chip answered with, or -1. */
    int refusal() {
      return !lost && status > 0 ? status : -1;
    }

    /** The chip finished with this request without answering it (or its answer was lost). */
    boolean lost() {
      return lost;
    }

    /**
     * For a lost request: damaged bytes arrived after it was written, which may have been its
     * reply. The chip may then have acted on it.
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
  private final int address;
  private final LinkFaults faults;
  private final long probeExpiryNanos;
  private final Ch9329Frame.Reader reader = new Ch9329Frame.Reader();
  private final ArrayDeque<Request> outstanding = new ArrayDeque<>();
  private final Request[] lastAnswered = new Request[0x40];
  private final byte[] buf = new byte[256];
  private long corruptSeen;

  /**
   * @param probeExpiryNanos how long a GET_INFO's reply is waited for; one later than that is
   *     taken as lost (a later reply is matched to a newer GET_INFO, which is harmless for a query
   *     but must be bounded for a barrier)
   */
  Ch9329Link(SerialLink port, int address, LinkFaults faults, long probeExpiryNanos) {
    this.port = port;
    this.address = address;
    this.faults = faults;
    this.probeExpiryNanos = probeExpiryNanos;
  }

  SerialLink port() {
    return port;
  }

  /** Wire time of {@code bytes} at the link's baud (8N1: ten bits a byte). */
  long wireNanos(int bytes) {
    return bytes * 10L * 1_000_000_000L / port.baud();
  }

  /** Writes a request and waits for nothing; the reply is matched when it comes. */
  Request send(int command, byte[] data) throws IOException {
    Request r = new Request(command, System.nanoTime(), corruptSeen);
    if (outstanding.size() == MAX_OUTSTANDING) {
      Request given = outstanding.removeFirst();
      given.lost = true;
      given.uncertain = true;
    }
    outstanding.addLast(r);
    port.write(new Ch9329Frame(address, command, data).encode());
    return r;
  }

  /** Whether a request other than GET_INFO is still waiting for its reply. */
  boolean reportsOutstanding() {
    for (Request r : outstanding) {
      if (r.command != Ch9329Frame.CMD_GET_INFO) {
        return true;
      }
    }
    return false;
  }

  /** Reads and matches whatever has arrived, without waiting. */
  void drain() throws IOException {
    int n;
    while (port.available() > 0 && (n = port.read(buf)) > 0) {
      take(n);
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
      int n = port.read(buf);
      take(n);
    }
    return true;
  }

  /** Damaged frames or noise seen since {@code r} was written. */
  boolean corruptSince(Request r) {
    return corruptSeen > r.corruptSeenBefore;
  }

  /**
   * Finds out what became of {@code r}: queues a GET_INFO behind it and waits until {@code r} is
   * answered or the GET_INFO is (then the chip finished with {@code r} without an answer). A lost
   * GET_INFO is sent once more.
   *
   * @param timeoutNanos how long each GET_INFO may take
   * @return whether {@code r} is resolved
   */
  boolean sync(Request r) throws IOException {
    for (int i = 0; i < 2 && !r.resolved(); i++) {
      Request probe = send(Ch9329Frame.CMD_GET_INFO, new byte[0]);
      if (!await(() -> r.resolved() || probe.resolved(), probeDeadline())) {
        abandon(probe);
      }
    }
    return r.resolved();
  }

  /**
   * Waits until the chip has finished with every request written so far: a GET_INFO is queued
   * and answered (once more if it is lost).
   *
   * @return whether the chip answered
   */
  boolean barrier() throws IOException {
    for (int i = 0; i < 2; i++) {
      Request probe = send(Ch9329Frame.CMD_GET_INFO, new byte[0]);
      if (await(() -> probe.resolved() && !reportsOutstandingBefore(probe), probeDeadline())) {
        return true;
      }
      abandon(probe);
    }
    return false;
  }

  private long probeDeadline() {
    return System.nanoTime() + wireNanos(2 * Ch9329Frame.OVERHEAD + 8) + probeExpiryNanos;
  }

  /** Stops waiting for a GET_INFO's reply (its late reply, if any, answers a newer GET_INFO). */
  private void abandon(Request probe) {
    if (!probe.resolved()) {
      outstanding.remove(probe);
      probe.lost = true;
      probe.uncertain = true;
    }
  }

  /**
   * Stops waiting for every GET_INFO sent so far: for reading the chip info, where any GET_INFO
   * reply will do (all carry the same information).
   */
  void abandonProbes() {
    for (Request r : outstanding.toArray(new Request[0])) {
      if (r.command == Ch9329Frame.CMD_GET_INFO) {
        abandon(r);
      }
    }
  }

  private boolean reportsOutstandingBefore(Request probe) {
    for (Request r : outstanding) {
      if (r == probe) {
        return false;
      }
      if (r.command != Ch9329Frame.CMD_GET_INFO) {
        return true;
      }
    }
    return false;
  }

  private void take(int n) {
    for (int i = 0; i < n; i++) {
      reader.feed(buf[i] & 0xFF, this::onFrame);
    }
  }

  private void onFrame(Ch9329Frame.Reader.Received received) {
    Ch9329Frame f = received.frame();
    if (received.corrupt() || f.address() != address) {
      corruptSeen++;
      faults.count(LinkFaults.CORRUPT_REPLY);
      return;
    }
    int kind = f.command() & 0xC0;
    int command = f.command() & 0x3F;
    int status = kind == 0xC0 ? Math.max(1, f.status()) : (f.data().length == 1 ? f.status() : 0);
    long now = System.nanoTime();
    Request match = null;
    for (Iterator<Request> it = outstanding.iterator(); it.hasNext(); ) {
      Request r = it.next();
      if (r.command != command) {
        continue;
      }
      if (command == Ch9329Frame.CMD_GET_INFO && now - r.writtenAt > probeExpiryNanos) {
        it.remove(); // waited for long enough: this reply answers a newer one
        r.lost = true;
        r.uncertain = true;
        continue;
      }
      match = r;
      break;
    }
    if (match == null) {
      faults.count(LinkFaults.STALE_REPLY);
      Request last = lastAnswered[command];
      if (last != null) {
        // In order, the last reply of a command before a barrier's answers the last request.
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
      r.uncertain = corruptSeen > r.corruptSeenBefore;
      if (!r.uncertain) {
        faults.count(LinkFaults.LOST_FRAME);
      }
    }
    match.status = status;
    match.reply = f.data();
    match.answeredAt = now;
    lastAnswered[command] = match;
  }
}
