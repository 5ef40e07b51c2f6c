package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.webdriver.SessionTools;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The rig's one session place. A rig is one phone, so it holds at most one session; a second New
 * Session is {@code session not created}. A session ends on Delete Session, after its idle timeout
 * (status polls are not commands, so they do not keep it alive), when its client went away in the
 * middle of a command, when the rig faults, or when the server stops; in every case the session's
 * running commands are interrupted (an interrupted gesture releases the finger), the finger and
 * keys are released, and the session's run is closed before the place is free again.
 */
public final class SessionSlot implements AutoCloseable {
  private static final long REAP_EVERY_MS = 200;
  private static final Duration END_WAIT = Duration.ofSeconds(10);
  private static final int REMEMBERED = 32;

  private final Device phone;
  private final SessionTools.Factory tools;

  /** What the rig is; its screen size is learned again from each session's first screenshot. */
  private volatile Capabilities.Rig rig;

  private final ScheduledExecutorService timer;

  /** Guarded by this. */
  private @Nullable RigSession current;

  private boolean reserved;
  private @Nullable String fault;

  /**
   * Whether the fault needs a restart (the HID link is gone) rather than a good look at the screen.
   */
  private boolean faultNeedsRestart;

  private boolean closed;
  private final Map<String, String> ended =
      new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > REMEMBERED;
        }
      };

  /**
   * @param phone the rig's device
   * @param tools opens each session's run and tools
   * @param rig what the rig is, for capability matching
   */
  public SessionSlot(Device phone, SessionTools.Factory tools, Capabilities.Rig rig) {
    this.phone = phone;
    this.tools = tools;
    this.rig = rig;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "swipe-webdriver-timer");
              t.setDaemon(true);
              return t;
            });
    // runs until close() shuts the timer down; reap() lets no exception out to cancel it
    ScheduledFuture<?> unused =
        timer.scheduleWithFixedDelay(
            this::reap, REAP_EVERY_MS, REAP_EVERY_MS, TimeUnit.MILLISECONDS);
  }

  /** What the rig is, for matching and for its stereotype. */
  public Capabilities.Rig rig() {
    return rig;
  }

  /**
   * Why this rig does not match the New Session {@code body}, or null when it does (busy or not).
   *
   * @throws W3cFailure {@code invalid argument} for a malformed body, as {@link #create} would
   */
  @Nullable String mismatch(JsonNode body) {
    try {
      Capabilities.process(body, rig, tools.capabilities());
      return null;
    } catch (W3cFailure f) {
      if (f.error() != W3cError.SESSION_NOT_CREATED) {
        throw f;
      }
      return f.getMessage();
    }
  }

  /** Whether {@code id} names this rig's session, live or one of the last ended. */
  synchronized boolean knows(String id) {
    return (current != null && current.id().equals(id)) || ended.containsKey(id);
  }

  /** Whether a New Session would be tried here now: not stopping, not busy, not broken. */
  synchronized boolean ready() {
    return !closed && current == null && !reserved && fault == null;
  }

  /**
   * New Session: processes the capabilities, opens the session's run and looks at the screen once.
   */
  RigSession create(JsonNode body) {
    synchronized (this) {
      if (closed) {
        throw notCreated(RemoteEndCode.RIG_STOPPING, "rig " + rig.name() + " is stopping");
      }
      if (current != null || reserved) {
        throw notCreated(
            RemoteEndCode.RIG_BUSY,
            "rig " + rig.name() + " is busy with another session; a rig is one phone");
      }
      if (faultNeedsRestart) {
        throw notCreated(
            RemoteEndCode.RIG_FAULT,
            "rig " + rig.name() + " is broken until it is restarted: " + fault);
      }
      reserved = true;
    }
    try {
      Capabilities.Matched matched = Capabilities.process(body, rig, tools.capabilities());
      Map<String, String> asked = new LinkedHashMap<>();
      for (String name : tools.capabilities()) {
        JsonNode v = matched.capabilities().get(name);
        if (v != null && v.isTextual()) {
          asked.put(name, v.asText());
        }
      }
      String id = UUID.randomUUID().toString();
      SessionTools t;
      Observation screen;
      try {
        t = tools.open(phone, id, asked);
      } catch (SwipeException e) {
        if (e.code() == CommonCode.INVALID_ARGUMENT && asked.containsKey(e.field())) {
          // the value of a capability the tools refuse: the request's fault, not the rig's
          throw W3cFailure.invalidArgument("capabilities." + e.field(), e.getMessage());
        }
        throw broken(e);
      } catch (RuntimeException e) {
        throw broken(SwipeException.orInternal(e));
      }
      try {
        screen = t.device().screenshot();
      } catch (RuntimeException e) {
        closeQuietly(t);
        throw broken(SwipeException.orInternal(e));
      }
      RigSession s = new RigSession(id, t, matched, screen.width(), screen.height());
      String size = screen.width() + "x" + screen.height();
      if (!size.equals(rig.screen())) {
        rig = rig.withScreen(screen.width(), screen.height());
      }
      synchronized (this) {
        fault = null;
        current = s;
      }
      return s;
    } finally {
      synchronized (this) {
        reserved = false;
      }
    }
  }

  private W3cFailure broken(SwipeException e) {
    synchronized (this) {
      fault = e.code().id() + ": " + e.getMessage();
    }
    return notCreated(
        RemoteEndCode.RIG_FAULT,
        "rig "
            + rig.name()
            + " cannot look at its phone: "
            + e.code().id()
            + ": "
            + e.getMessage());
  }

  private static W3cFailure notCreated(RemoteEndCode code, String message) {
    return W3cFailure.of(W3cError.SESSION_NOT_CREATED, code, null, message);
  }

  /**
   * Starts a command in session {@code id}: the session, with the calling thread registered as
   * running in it (pair with {@link RigSession#exit()}).
   *
   * @throws W3cFailure {@code invalid session id}
   */
  RigSession enter(String id) {
    RigSession s;
    String why;
    synchronized (this) {
      s = current != null && current.id().equals(id) ? current : null;
      why = ended.get(id);
    }
    if (s == null || !s.enter()) {
      if (s != null) {
        why = s.endReason();
      }
      throw W3cFailure.of(
          W3cError.INVALID_SESSION_ID,
          RemoteEndCode.INVALID_SESSION_ID,
          null,
          why == null
              ? "no session " + Json.abbreviate(id) + " on rig " + rig.name()
              : "session " + id + " has ended: " + why);
    }
    return s;
  }

  /** Ends a session: interrupts its other commands, releases the finger, closes its run. */
  void end(RigSession s, String reason) {
    if (!s.markEnded(reason)) {
      return;
    }
    boolean interrupted = false;
    try {
      s.awaitOthers(END_WAIT);
    } catch (InterruptedException e) {
      interrupted = true;
    }
    try {
      phone.rig().unwrap(HidTransport.class).ifPresent(HidTransport::releaseAll);
    } catch (RuntimeException e) {
      // best effort: a link that is gone has nothing pressed
    }
    try {
      // the session's trace says why it ended (a client that left, an idle timeout, a fault)
      s.device().run().note("session_ended", Map.of("session", s.id(), "reason", reason));
    } catch (RuntimeException e) {
      // a trace never stops the end of a session
    }
    closeQuietly(s.tools());
    synchronized (this) {
      if (current == s) {
        current = null;
      }
      ended.put(s.id(), reason);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Ends a session because the rig failed under it, and remembers the fault for {@code /status}. A
   * lost HID link or a closed device refuses every later session until the rig restarts; a capture
   * fault is cleared by the next session's first good screenshot.
   */
  void fault(RigSession s, SwipeException e) {
    String code = e.code().id();
    synchronized (this) {
      fault = code + ": " + e.getMessage();
      faultNeedsRestart = code.startsWith("hid_") || code.equals(ErrorCode.DEVICE_CLOSED.id());
    }
    end(s, "rig fault (" + e.code().id() + ": " + e.getMessage() + ")");
  }

  /** Schedules {@code task} after {@code delayMs}. */
  ScheduledFuture<?> schedule(Runnable task, long delayMs) {
    return timer.schedule(task, delayMs, TimeUnit.MILLISECONDS);
  }

  /**
   * The {@code value} of {@code GET /sessions} (Appium's and Selenium 3's list): the live session,
   * if any, as {@code {id, capabilities}}; a rig holds at most one.
   */
  synchronized ArrayNode sessions() {
    ArrayNode out = Json.MAPPER.createArrayNode();
    if (current != null && current.endReason() == null) {
      ObjectNode o = out.addObject();
      o.put("id", current.id());
      o.set("capabilities", current.capabilities());
    }
    return out;
  }

  /**
   * This rig in {@code GET /status}'s {@code swipe.rigs}: {@code name}, {@code platformName},
   * {@code screen}, {@code pointer}, {@code ready}, {@code busy}, {@code fault} and the {@code
   * stereotype} a relay node offers for it.
   */
  synchronized ObjectNode rigStatus() {
    Capabilities.Rig r = rig;
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("name", r.name());
    o.put("platformName", r.platformName());
    o.put("screen", r.screen());
    o.put("pointer", r.pointer());
    o.put("ready", ready());
    o.put("busy", current != null || reserved);
    o.put("fault", fault);
    o.set("stereotype", r.stereotype());
    return o;
  }

  /** The {@code value} of {@code GET /status}. */
  synchronized ObjectNode status() {
    boolean ready = ready();
    ObjectNode v = Json.MAPPER.createObjectNode();
    v.put("ready", ready);
    v.put(
        "message",
        closed
            ? "rig " + rig.name() + " is stopping"
            : fault != null
                ? "rig " + rig.name() + " is broken: " + fault
                : current != null || reserved
                    ? "rig " + rig.name() + " is busy with a session"
                    : "rig " + rig.name() + " is ready");
    ObjectNode swipe = v.putObject("swipe");
    swipe.put("rig", rig.name());
    swipe.put("platformName", rig.platformName());
    swipe.put("sessionActive", current != null);
    if (fault == null) {
      swipe.putNull("fault");
    } else {
      swipe.put("fault", fault);
    }
    swipe.putArray("rigs").add(rigStatus());
    return v;
  }

  private void reap() {
    RigSession s;
    synchronized (this) {
      s = current;
    }
    if (s != null && s.idleExpired(System.nanoTime())) {
      end(
          s,
          "no command for "
              + s.idleTimeout().toMillis() / 1000.0
              + " s (appium:newCommandTimeout)");
    }
  }

  /** Ends the session (if any) and stops the timer. */
  @Override
  public void close() {
    RigSession s;
    synchronized (this) {
      closed = true;
      s = current;
    }
    if (s != null) {
      end(s, "the rig stopped");
    }
    timer.shutdownNow();
  }

  private static void closeQuietly(SessionTools t) {
    try {
      t.close();
    } catch (RuntimeException e) {
      // the run's view is gone either way
    }
  }
}
