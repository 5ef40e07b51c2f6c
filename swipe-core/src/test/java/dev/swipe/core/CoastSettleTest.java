package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.core.testkit.RecordingHidTransport;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A gesture that lifts while moving is followed by a coast, and a page that updates once the coast
 * ends (a map drawing the tiles it skipped) changes the screen after a still spell longer than the
 * default quiet window: "settled" must not be claimed on the frame before that update.
 */
class CoastSettleTest {
  private static final long MS = 1_000_000L;

  /** A 60 fps screen source in virtual time. */
  private static final long FRAME = 16 * MS;

  /**
   * A map that follows the finger, coasts in whole-pixel steps for {@code coastMs} after release,
   * then sits still (its sub-pixel tail) for {@code stillMs} before drawing a tile. As a Leaflet
   * map's ease-out does on {@code chrome:}, the visible coast ends in a sliver (a change of a few
   * pixels, its last sub-pixel shift the diff still sees) unless {@link #stopsDead}.
   */
  static final class CoastingMap implements FrameSource {
    final VirtualClock clock;
    final RecordingHidTransport finger;
    final long coastMs;
    final long stillMs;
    final Map<String, byte[]> cache = new HashMap<>();

    /** A spell after release (ms, from and until) in which no frame is drawn at all. */
    long stallFromMs = -1;

    long stallUntilMs = -1;

    /** A spell after release (ms) in which each frame arrives {@code lateByMs} after it shows. */
    long lateFromMs = -1;

    long lateUntilMs = -1;

    long lateByMs;

    /** How long after it shows every frame arrives, moving or still (a busy machine). */
    long alwaysLateByMs;

    /**
     * Whether the coast carries the drawn content off the screen: bare background shows from
     * release until the tile is drawn, with the content around it.
     */
    boolean emptiedByCoast;

    /** Whether the coast stops after a whole-pixel step, without a sliver, as Android's does. */
    boolean stopsDead;

    /** How long the sliver that ends a coast shows before the still tail. */
    static final long SLIVER_MS = 32;

    CoastingMap(VirtualClock clock, RecordingHidTransport finger, long coastMs, long stillMs) {
      this.clock = clock;
      this.finger = finger;
      this.coastMs = coastMs;
      this.stillMs = stillMs;
    }

    /** When the finger lifted, or -1 while it is down or before it went down. */
    long releasedAt() {
      var sent = finger.sent();
      for (int i = sent.size() - 1; i >= 0; i--) {
        if (sent.get(i).report() instanceof HidReport.Pointer p) {
          return p.pressed() ? -1 : sent.get(i).atNanos();
        }
      }
      return -1;
    }

    /** The map at time {@code t}: its offset in pixels and whether the tile is drawn. */
    byte[] at(long t) {
      long released = releasedAt();
      int offset;
      boolean tile;
      if (released < 0) {
        offset = (int) Math.min(60, t / (10 * MS));
        tile = false;
      } else {
        long since = t - released;
        offset = 60 + (int) Math.min(coastMs, Math.max(0, since) / MS) / 16;
        tile = since >= (coastMs + stillMs) * MS;
        if (!stopsDead && coastMs > 0 && !tile && since >= coastMs * MS) {
          boolean inSliver = since < (coastMs + SLIVER_MS) * MS;
          return emptiedByCoast ? jpeg(-1, false) : jpeg(offset, false, inSliver ? 1 : 2);
        }
      }
      return emptiedByCoast && released >= 0 && !tile ? jpeg(-1, false) : jpeg(offset, tile);
    }

    /** The map at {@code offset} (bare background for -1), with the tile drawn or not. */
    byte[] jpeg(int offset, boolean tile) {
      return jpeg(offset, tile, 0);
    }

    /**
     * The map at {@code offset} with {@code sliver} sub-pixel shifts drawn as a few pixels that
     * change (0 for none): what the last visible frames of an ease-out show.
     */
    byte[] jpeg(int offset, boolean tile, int sliver) {
      return cache.computeIfAbsent(
          offset + "/" + tile + "/" + sliver,
          k -> {
            BufferedImage img = new BufferedImage(180, 400, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setColor(new Color(0xf2efe9));
            g.fillRect(0, 0, 180, 400);
            g.setColor(Color.DARK_GRAY);
            for (int y = -80; offset >= 0 && y < 400; y += 40) {
              g.fillRect(0, y + offset % 40, 180, 6);
            }
            if (tile) {
              g.setColor(new Color(0x4c8c4a));
              g.fillRect(0, 250, 180, 150);
            }
            if (sliver > 0) {
              g.setColor(Color.GRAY);
              g.fillRect(20 + 16 * sliver, 200, 8, 8);
            }
            g.dispose();
            return Jpegs.encode(img);
          });
    }

    @Override
    public Frame grab(long notBeforeNanos, Duration timeout) {
      long at = Math.max(notBeforeNanos, clock.read());
      long shown = ((at + FRAME - 1) / FRAME) * FRAME;
      long released = releasedAt();
      if (released >= 0
          && shown > released + stallFromMs * MS
          && shown < released + stallUntilMs * MS) {
        shown = released + stallUntilMs * MS; // the renderer was busy: the next frame comes late
      }
      long arrives = shown;
      if (released >= 0
          && shown > released + lateFromMs * MS
          && shown < released + lateUntilMs * MS) {
        arrives = shown + lateByMs * MS; // a picture of the moment asked for, handed over late
      }
      arrives += alwaysLateByMs * MS;
      try {
        clock.sleep(Math.max(0, arrives - clock.read()));
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return new Frame(at(shown), 180, 400, shown);
    }

    @Override
    public Duration latency() {
      return Duration.ZERO;
    }

    @Override
    public void close() {}
  }

  private final VirtualClock clock = new VirtualClock();
  private final RecordingHidTransport finger = new RecordingHidTransport(clock);

  private Device device(FrameSource eyes) {
    return Device.builder().hid(finger).capture(eyes).ticker(clock).sleeper(clock).open();
  }

  /** A settled claim shows {@code expected}, and the bound left room to make it. */
  private static void assertSettledShowing(ActionResult r, byte[] expected, String what) {
    if (r.observation().settled()) {
      assertThat(Arrays.equals(r.observation().jpeg(), expected)).as(what).isTrue();
    }
    assertThat(r.observation().settled()).as("the bound leaves room to see it").isTrue();
  }

  /** A device on {@code eyes} whose screen may take {@code bound} to settle. */
  private Device device(FrameSource eyes, Duration bound) {
    return Device.builder()
        .hid(finger)
        .capture(eyes)
        .ticker(clock)
        .sleeper(clock)
        .settleBound(bound)
        .open();
  }

  @Test
  void aFlingIsNotSettledBeforeWhatThePageDrawsWhenItsCoastEnds() {
    CoastingMap map = new CoastingMap(clock, finger, 120, 250);
    try (Device d = device(map)) {
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(300)
                  .steps(16)
                  .holdAfterMs(0)
                  .build());
      byte[] rest = map.jpeg(60 + 120 / 16, true);
      assertSettledShowing(r, rest, "a settled screen shows the tile drawn after the coast");
    }
  }

  @Test
  void aLongCoastsStillTailIsWaitedOutHoweverLongerThanHalfASecondItIs() {
    // an inertial pan that coasts visibly for 1200 ms, then for 800 ms by less than the diff sees
    // (Leaflet's fifth-power ease-out after a fast pan), then draws its tiles: a fixed half second
    // of quiet called it settled 300 ms before the tiles
    CoastingMap map = new CoastingMap(clock, finger, 1200, 800);
    try (Device d = device(map, Duration.ofSeconds(4))) {
      ActionResult r = d.perform(pan(300, 16));
      assertSettledShowing(r, map.jpeg(60 + 1200 / 16, true), "settled only once the tiles show");
    }
  }

  @Test
  void aCoastThatStopsDeadSettlesHalfASecondAfterItNotAsLongAgainAsItMoved() {
    // Android's spline ends on a whole-pixel step: nothing is left for the diff to miss, so the
    // window is half a second after the last change, however long the coast was
    CoastingMap map = new CoastingMap(clock, finger, 1500, 0);
    map.stopsDead = true;
    try (Device d = device(map, Duration.ofSeconds(4))) {
      ActionResult r = d.perform(pan(300, 16));
      assertSettledShowing(r, map.jpeg(60 + 1500 / 16, true), "settled at rest");
      assertThat(r.cost().settleWaitMs()).isBetween(1500L + 500, 1500L + 500 + 100);
    }
  }

  @Test
  void aCoastsWindowRunningWhenTheBoundRunsOutIsLetFinish() {
    // 700 ms of coast ending in a sliver ask for 700 ms of quiet after it, past the default 1 s
    // bound (the map draws nothing more)
    CoastingMap map = new CoastingMap(clock, finger, 700, 60_000);
    try (Device d = device(map)) {
      ActionResult r = d.perform(fastPan());
      assertThat(r.observation().settled()).isTrue();
      assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(60 + 700 / 16, false, 2))).isTrue();
      assertThat(r.cost().settleWaitMs()).isGreaterThanOrEqualTo(1400);
    }
  }

  @Test
  void aCoastLongerThanTheDefaultBoundIsGivenThreeTimesItUnlessTheCallerNamesABound() {
    // 1500 ms of visible coast end after the 1 s bound, and ask for as long again of quiet: with
    // the plain bound no window could even start, and the map at rest came back unsettled
    CoastingMap map = new CoastingMap(clock, finger, 1500, 0);
    try (Device d = device(map)) {
      assertSettledShowing(
          d.perform(fastPan()), map.jpeg(60 + 1500 / 16, true), "the coast's end is waited for");
      ActionResult named = d.rig().perform(fastPan(), Duration.ofSeconds(1));
      assertThat(named.observation().settled()).as("a bound the caller names is kept").isFalse();
    }
  }

  @Test
  void aScreenTheCoastEmptiedIsNotSettledUntilItsContentIsDrawn() {
    // a fast pan carries the drawn tiles off the screen: bare background, which looks the same
    // moving or at rest, shows for 900 ms until the map draws its new tiles
    CoastingMap map = new CoastingMap(clock, finger, 0, 900);
    map.emptiedByCoast = true;
    try (Device d = device(map, Duration.ofSeconds(2))) {
      ActionResult r = d.perform(fastPan());
      assertThat(r.observation().settled()).as("the bound leaves room to see it").isTrue();
      assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(60, true)))
          .as("settled only once the tiles show")
          .isTrue();
    }
  }

  @Test
  void aScreenTheCoastLeavesEmptyComesBackUnsettled() {
    CoastingMap map = new CoastingMap(clock, finger, 0, 60_000);
    map.emptiedByCoast = true;
    try (Device d = device(map)) {
      d.screenshot(); // the screen the pan starts from, seen before it
      ActionResult r = d.perform(fastPan());
      assertThat(r.observation().settled())
          .as("bare background says nothing of whether it still moves")
          .isFalse();
      assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(-1, false))).isTrue();
    }
  }

  private static Drag fastPan() {
    return pan(200, 12);
  }

  /** A pan up and to the right over {@code ms} in {@code steps}, lifted while moving. */
  private static Drag pan(int ms, int steps) {
    return Drag.builder(NormPoint.of(300, 700), NormPoint.of(500, 500))
        .then(NormPoint.of(600, 300))
        .durationMs(ms)
        .steps(steps)
        .holdAfterMs(0)
        .build();
  }

  @Test
  void anInertialDragWaitsOutTheStillSpellToo() {
    CoastingMap map = new CoastingMap(clock, finger, 80, 300);
    try (Device d = device(map)) {
      ActionResult r = d.perform(pan(300, 16));
      assertThat(r.observation().settled()).isTrue();
      assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(60 + 80 / 16, true))).isTrue();
    }
  }

  @Test
  void equalFramesAcrossAStallAreNotTakenForAWatchedQuietSpell() {
    // nothing moves after release, the renderer then draws for 600 ms (no frame comes), and the
    // first frame after the stall still shows the screen before the tile fades in
    CoastingMap map = new CoastingMap(clock, finger, 0, 700);
    map.stallFromMs = 30;
    map.stallUntilMs = 650;
    try (Device d = device(map, Duration.ofMillis(1500))) {
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(300)
                  .steps(16)
                  .holdAfterMs(0)
                  .build());
      assertSettledShowing(r, map.jpeg(60, true), "settled only once the tile shows");
    }
  }

  @Test
  void framesThatArriveLongAfterWhatTheyShowAreNotAWatchedQuietSpell() {
    CoastingMap map = new CoastingMap(clock, finger, 0, 950);
    map.lateFromMs = 20;
    map.lateUntilMs = 1000;
    map.lateByMs = 200;
    try (Device d = device(map, Duration.ofMillis(2000))) {
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(300)
                  .steps(16)
                  .holdAfterMs(0)
                  .build());
      assertSettledShowing(r, map.jpeg(60, true), "settled only once the tile shows");
    }
  }

  @Test
  void aStallAfterPromptDeliveriesIsStillAStall() {
    // two pans whose frames come at once teach the gate that this source is prompt; the third
    // pan's frames then come 200 ms late for a second, and are still no watched quiet spell
    CoastingMap map = new CoastingMap(clock, finger, 0, 950);
    try (Device d = device(map, Duration.ofMillis(2000))) {
      for (int i = 0; i < 2; i++) {
        assertThat(d.perform(pan(300, 16)).observation().settled()).isTrue();
      }
      map.lateFromMs = 20;
      map.lateUntilMs = 1000;
      map.lateByMs = 200;
      assertSettledShowing(
          d.perform(pan(300, 16)), map.jpeg(60, true), "settled only once the tile shows");
    }
  }

  @Test
  void onASourceThatIsAlwaysSlowOnlyADeliveryPastTheUsualOneIsLate() {
    // a busy machine: every frame, moving or still, arrives 300 ms after the moment it shows (a
    // browser's screenshots under load); when that counted as a stall no pan ever settled
    CoastingMap map = new CoastingMap(clock, finger, 0, 400);
    map.alwaysLateByMs = 300;
    try (Device d = device(map, Duration.ofSeconds(4))) {
      int settled = 0;
      for (int i = 0; i < 4; i++) {
        ActionResult r = d.perform(pan(300, 16));
        if (r.observation().settled()) {
          settled++;
          assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(60, true)))
              .as("pan %d settled on the tile", i)
              .isTrue();
        }
      }
      assertThat(settled).as("pans settled once the usual delay was learned").isGreaterThan(2);
    }
  }

  @Test
  void aGestureThatDwellsBeforeLiftingKeepsTheShortWindow() {
    // the coast and the tile never come for a finger that rests before lifting on a real page;
    // here the screen is still after release, and the short window ends long before the tile
    CoastingMap map = new CoastingMap(clock, finger, 0, 2000);
    try (Device d = device(map)) {
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(300)
                  .steps(16)
                  .holdAfterMs(100)
                  .build());
      assertThat(r.observation().settled()).isTrue();
      assertThat(Arrays.equals(r.observation().jpeg(), map.jpeg(60, false)))
          .as("settled within the default window, before the tile")
          .isTrue();
    }
  }
}
