package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The finger on a page: each pointer report becomes an {@code Input.dispatchTouchEvent} stamped
 * with the moment it is sent, which the timeline runner makes the moment it was planned for, so the
 * engine's velocity tracker sees the gesture as planned. One finger's moves are sent without
 * waiting for the engine's answer, so a busy page cannot stretch the gesture; the lift waits for
 * every answer before it returns, as the transport contract asks of a report that ends a gesture.
 *
 * <p>DevTools places a touch in CSS pixels of the visual viewport, so on a page the browser has
 * zoomed the same numbers land further out on the screen. Each press, and each report of two or
 * more fingers (which may be zooming the page as they move), first asks the page its zoom (one
 * round trip) and divides by it, so a finger lands where the screen shows it. Without that a pinch
 * fed on its own zoom and ran on to the browser's limit, and a tap on a zoomed page landed off its
 * mark.
 *
 * <p>A multi-touch report carries up to {@link #MAX_TOUCH_POINTS} fingers. A finger that is not
 * pressed has no touch equivalent; it moves the page's mouse, as a hovering stylus would. Keys go
 * through {@code Input.dispatchKeyEvent}.
 */
final class ChromeTouchTransport implements HidTransport {
  /** Touch points a page is told the screen takes. */
  static final int MAX_TOUCH_POINTS = 5;

  /** CSS pixel coordinates as the logical range: 0..width-1 would lose the far edge's fraction. */
  private static final HidCapabilities.Range RANGE = new HidCapabilities.Range(0, 10_000);

  private final ChromePage page;
  private final HidCapabilities capabilities;
  private final long epochNanosAtStart;
  private final long tickerAtStart;
  private final Deque<CompletableFuture<JsonNode>> unanswered = new ArrayDeque<>();
  private boolean touching;
  private boolean closed;

  /** The page's zoom the coordinates are divided by; see the class comment. */
  private double pageScale = 1;

  ChromeTouchTransport(ChromePage page) {
    this.page = page;
    this.capabilities =
        HidCapabilities.builder()
            .pointerKinds(Set.of(PointerKind.TOUCH))
            .activePointer(PointerKind.TOUCH)
            .range(RANGE)
            .minReportInterval(Duration.ZERO)
            .keyboard(true)
            .consumerKeys(false)
            .contacts(MAX_TOUCH_POINTS)
            .build();
    Instant now = Instant.now();
    this.epochNanosAtStart = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    this.tickerAtStart = page.ticker().read();
  }

  @Override
  public HidCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public synchronized void send(HidReport report) {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the chrome: finger is closed");
    }
    checkAnswers();
    if (report instanceof HidReport.Pointer p) {
      pointer(p);
    } else if (report instanceof HidReport.Touch t) {
      touches(t);
    } else if (report instanceof HidReport.Keyboard k) {
      key(k);
    }
  }

  /**
   * Several fingers: DevTools takes the fingers that touch and presses, moves or lifts each one
   * that changed since the previous event. A finger this report lifts is first moved to where it
   * lifts, with the others, then left out.
   */
  private void touches(HidReport.Touch t) {
    if (t.contacts().size() > MAX_TOUCH_POINTS) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "chrome: takes up to " + MAX_TOUCH_POINTS + " fingers, got " + t.contacts().size());
    }
    if (!touching || t.contacts().size() > 1) {
      pageScale = page.pageScale();
    }
    boolean lifts = t.contacts().stream().anyMatch(c -> !c.touching());
    if (lifts && touching) {
      ObjectNode e = touch("touchMove");
      for (HidReport.Contact c : t.contacts()) {
        addPoint(e, c.at(), c.id());
      }
      unanswered.add(page.callAsync("Input.dispatchTouchEvent", e));
    }
    List<HidReport.Contact> down =
        t.contacts().stream().filter(HidReport.Contact::touching).toList();
    if (down.isEmpty()) {
      if (touching) {
        touching = false;
        unanswered.add(page.callAsync("Input.dispatchTouchEvent", touch("touchEnd")));
        awaitAnswers();
      }
      return;
    }
    ObjectNode e = touch(touching ? "touchMove" : "touchStart");
    for (HidReport.Contact c : down) {
      addPoint(e, c.at(), c.id());
    }
    touching = true;
    unanswered.add(page.callAsync("Input.dispatchTouchEvent", e));
  }

  /** Adds a touch point at {@code at} (normalized) to a touch event, in CSS pixels. */
  private void addPoint(ObjectNode event, NormPoint at, int id) {
    double[] xy = cssPixels(at);
    ObjectNode point = ((ArrayNode) event.get("touchPoints")).addObject();
    point.put("x", xy[0]).put("y", xy[1]).put("id", id);
    point.put("radiusX", 4).put("radiusY", 4).put("force", 1);
  }

  private double[] cssPixels(NormPoint at) {
    double x = at.x() / NormPoint.MAX * page.screen().width();
    double y = at.y() / NormPoint.MAX * page.screen().height();
    // The far edge (normalized 1000) lies on the last pixel's far side; keep it on the screen.
    return new double[] {
      Math.min(x, page.screen().width() - 0.01) / pageScale,
      Math.min(y, page.screen().height() - 0.01) / pageScale
    };
  }

  private void pointer(HidReport.Pointer p) {
    if (!touching) {
      // one finger does not zoom: the zoom read at its press holds until it lifts
      pageScale = page.pageScale();
    }
    double[] xy = cssPixels(p.at());
    double x = xy[0];
    double y = xy[1];
    if (p.pressed()) {
      ObjectNode e = touch(touching ? "touchMove" : "touchStart");
      addPoint(e, p.at(), 0);
      touching = true;
      unanswered.add(page.callAsync("Input.dispatchTouchEvent", e));
    } else if (touching) {
      touching = false;
      unanswered.add(page.callAsync("Input.dispatchTouchEvent", touch("touchEnd")));
      awaitAnswers();
    } else {
      ObjectNode e = ChromePage.json().put("type", "mouseMoved").put("x", x).put("y", y);
      e.put("timestamp", nowSeconds());
      unanswered.add(page.callAsync("Input.dispatchMouseEvent", e));
      awaitAnswers();
    }
  }

  private void key(HidReport.Keyboard k) {
    ObjectNode e = ChromeKeys.event(k);
    e.put("timestamp", nowSeconds());
    unanswered.add(page.callAsync("Input.dispatchKeyEvent", e));
    if (!k.down()) {
      awaitAnswers();
    }
  }

  private ObjectNode touch(String type) {
    ObjectNode e = ChromePage.json().put("type", type);
    e.putArray("touchPoints");
    e.put("timestamp", nowSeconds());
    return e;
  }

  /** Now, as epoch seconds, counted on the device's ticker so that report spacing is exact. */
  private double nowSeconds() {
    long nanos = epochNanosAtStart + (page.ticker().read() - tickerAtStart);
    return nanos / 1e9;
  }

  /** Fails on an earlier report the page refused; drops the answers that came. */
  private void checkAnswers() {
    while (!unanswered.isEmpty() && unanswered.peekFirst().isDone()) {
      CompletableFuture<JsonNode> f = unanswered.removeFirst();
      if (f.isCompletedExceptionally()) {
        unanswered.clear();
        throw asHid(f);
      }
    }
  }

  private void awaitAnswers() {
    while (!unanswered.isEmpty()) {
      CompletableFuture<JsonNode> f = unanswered.removeFirst();
      try {
        CdpConnection.await("Input.dispatch", f, CdpConnection.COMMAND_TIMEOUT);
      } catch (SwipeException e) {
        unanswered.clear();
        throw asHid(e);
      }
    }
  }

  private SwipeException asHid(CompletableFuture<JsonNode> failed) {
    try {
      failed.join();
      return new SwipeException(CommonCode.INTERNAL, "a failed answer completed normally");
    } catch (java.util.concurrent.CompletionException e) {
      return e.getCause() instanceof SwipeException se
          ? asHid(se)
          : new SwipeException(
              ErrorCode.HID_DISCONNECTED, "touch event failed: " + e.getCause(), Map.of(), e);
    }
  }

  private SwipeException asHid(SwipeException e) {
    if (e.code() == CommonCode.INTERRUPTED) {
      return e;
    }
    ErrorCode code = page.isLost() ? ErrorCode.HID_DISCONNECTED : ErrorCode.HID_REJECTED;
    return new SwipeException(
        code,
        (page.isLost() ? "the browser is gone (" + page.lostReason() + "): " : "") + e.getMessage(),
        e.details(),
        e);
  }

  @Override
  public synchronized void releaseAll() {
    if (!touching || page.isLost()) {
      touching = false;
      unanswered.clear();
      return;
    }
    touching = false;
    try {
      page.callAsync("Input.dispatchTouchEvent", touch("touchCancel"))
          .get(2, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // best effort: the contract forbids throwing here
    }
    unanswered.clear();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    releaseAll();
    closed = true;
    page.release();
  }
}
