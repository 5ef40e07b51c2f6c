package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.core.testkit.ObservedPointer;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.internal.PitchMeasurement;
import dev.swipe.wheel.internal.RunGuard;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@link ScrollExecutor}'s verdicts from the before screen, the frame during the dwell and the
 * settled after screen, its keyboard avoidance and its search loop, on a scripted phone whose
 * content answers the HID reports actually sent (real JPEG frames, a virtual clock).
 */
class ScrollExecutorTest {
  private static final long MS = 1_000_000L;
  private static final long FRAME = 33 * MS;
  private static final int W = 360;
  private static final int H = 800;

  /** How the phone's content answers a finger. */
  enum Content {
    /** A list in its middle: it moves with the finger and stays where it was let go. */
    FOLLOWS,
    /** A list at its end: it stretches a third of the finger's travel and springs back. */
    BOUNCES,
    /** Nothing scrollable under the finger. */
    STILL,
    /** A carousel that turns sideways whichever way the finger goes. */
    SIDEWAYS
  }

  /**
   * A 30 fps phone: a long document of bars under a fixed status bar, moved by the pointer reports
   * the transport has recorded up to each frame's time.
   */
  static final class ScrollPhone implements FrameSource {
    final VirtualClock clock;
    final RecordingHidTransport hid;
    final Content content;
    private final List<int[]> bars = new ArrayList<>(); // y, height, width, grey
    private final Map<String, byte[]> cache = new HashMap<>();

    /** A toast appears below the scroll region once the first report was sent. */
    boolean toastReacts;

    /** A spinner in the middle of the screen changes every frame. */
    boolean spinnerInBand;

    /** No frame can be had while the finger is down. */
    boolean blindWhilePressed;

    /** A keyboard of four rows of keys covers the screen from this pixel row down (0: none). */
    int keyboardTopPx;

    /** Where (document y, px) a full-width black bar stands, or 0 for none. */
    int markerDocY;

    ScrollPhone(VirtualClock clock, RecordingHidTransport hid, Content content) {
      this.clock = clock;
      this.hid = hid;
      this.content = content;
      Random r = new Random(37);
      for (int y = -3000; y < 6000; ) {
        int h = 6 + r.nextInt(18);
        bars.add(new int[] {y, h, 60 + r.nextInt(280), 40 + r.nextInt(170)});
        y += h + 4 + r.nextInt(20);
      }
    }

    /**
     * The content's offset (px, down positive) and whether a report was sent, at time {@code t}.
     */
    private double[] stateAt(long t) {
      boolean pressed = false;
      double downY = 0;
      double lastY = 0;
      double committed = 0;
      boolean any = false;
      for (RecordingHidTransport.Sent s : hid.sent()) {
        if (s.atNanos() > t || !(s.report() instanceof HidReport.Pointer p)) {
          continue;
        }
        any = true;
        double y = p.at().y() * (H - 1) / 1000.0;
        if (p.pressed() && !pressed) {
          pressed = true;
          downY = y;
          lastY = y;
        } else if (p.pressed()) {
          lastY = y;
        } else if (pressed) {
          pressed = false;
          if (content == Content.FOLLOWS || content == Content.SIDEWAYS) {
            committed += lastY - downY;
          }
        }
      }
      double follow =
          switch (content) {
            case FOLLOWS, SIDEWAYS -> 1.0;
            case BOUNCES -> 0.3;
            case STILL -> 0.0;
          };
      double offset = committed + (pressed ? follow * (lastY - downY) : 0);
      return new double[] {Math.rint(offset), any ? 1 : 0, pressed ? 1 : 0};
    }

    @Override
    public Frame grab(long notBeforeNanos, Duration timeout) {
      long shown = ((Math.max(notBeforeNanos, clock.read()) + FRAME - 1) / FRAME) * FRAME;
      double[] s = stateAt(shown);
      if (blindWhilePressed && s[2] > 0) {
        throw new SwipeException(ErrorCode.CAPTURE_TIMEOUT, "no frame while pressed");
      }
      try {
        clock.sleep(Math.max(0, shown - clock.read()));
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      boolean spin = spinnerInBand && (shown / FRAME) % 2 == 0;
      return new Frame(render((int) s[0], s[1] > 0 && toastReacts, spin), W, H, shown);
    }

    private byte[] render(int offset, boolean toast, boolean spin) {
      return cache.computeIfAbsent(
          offset + "/" + toast + "/" + spin,
          k -> {
            BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, W, H);
            int dx = content == Content.SIDEWAYS ? offset : 0;
            int dy = content == Content.SIDEWAYS ? 0 : offset;
            for (int[] b : bars) {
              int y = b[0] + dy;
              if (y + b[1] >= 40 && y < H) {
                g.setColor(new Color(b[3], b[3], b[3]));
                g.fillRect(10 + dx, y, b[2], b[1]);
              }
            }
            if (markerDocY != 0) {
              g.setColor(Color.BLACK);
              g.fillRect(0, markerDocY + dy, W, 14);
            }
            g.setColor(new Color(230, 230, 235));
            g.fillRect(0, 0, W, 40); // the status bar, which never scrolls
            g.setColor(Color.BLACK);
            if (toast) {
              g.fillRect(20, H - 70, W - 40, 60);
            }
            if (spin) {
              g.fillRect(W / 2 - 20, H / 2 - 20, 40, 40);
            }
            if (keyboardTopPx > 0) {
              g.setColor(new Color(60, 60, 64));
              g.fillRect(0, keyboardTopPx, W, H - keyboardTopPx);
              g.setColor(new Color(200, 200, 205));
              for (int row = 0; row < 4; row++) {
                for (int key = 0; key < 10; key++) {
                  g.fillRect(6 + key * 35, keyboardTopPx + 16 + row * 70, 29, 50);
                }
              }
            }
            g.dispose();
            return Jpegs.encode(img);
          });
    }

    @Override
    public Duration latency() {
      return Duration.ZERO;
    }

    @Override
    public void close() {}
  }

  /** A scroll executor and the phone it plays on, sharing one virtual clock. */
  private static final class Rig {
    final VirtualClock clock = new VirtualClock(1_000 * MS);
    final RecordingHidTransport hid = new RecordingHidTransport(clock);
    final ScrollPhone phone;
    final AttachmentRegistry shots = new AttachmentRegistry();
    final RunGuard guard = new RunGuard();
    final ScrollExecutor executor;

    Rig(Content content) {
      phone = new ScrollPhone(clock, hid, content);
      executor =
          new ScrollExecutor(
              hid,
              phone,
              clock,
              new TimelineRunner(clock, clock),
              new FrameSettler(phone, shots, clock, Duration.ofSeconds(1)),
              shots,
              Duration.ofSeconds(1),
              Duration.ofSeconds(1),
              guard);
    }

    List<ObservedPointer> pressed() {
      return hid.observed().stream().filter(ObservedPointer::pressed).toList();
    }
  }

  private static Scroll down(double amount) {
    return Scroll.builder(ScrollDirection.DOWN).amount(amount).build();
  }

  @Test
  void contentThatFollowsTheFingerAndStaysIsMovedAlongTheScroll() {
    Rig rig = new Rig(Content.FOLLOWS);
    ScrollResult r = rig.executor.scroll(down(0.3));
    assertThat(r.movement()).isEqualTo(Movement.MOVED);
    assertThat(r.diff().changed()).isTrue();
    assertThat(r.diff().primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
    assertThat(r.before().id()).isNotEqualTo(r.observation().id());
    assertThat(r.observation().settled()).isTrue();
    // one gesture, every report counted, the before, during and settling frames counted
    assertThat(r.cost().gestures()).isEqualTo(1);
    assertThat(r.cost().hidReports()).isEqualTo(rig.hid.sent().size());
    assertThat(r.cost().framesGrabbed()).isGreaterThanOrEqualTo(2 * FrameSettler.QUIET_FRAMES + 1);
    assertThat(r.keyboardAvoided()).isFalse();
  }

  @Test
  void contentThatStretchedDuringTheDwellAndSprangBackIsAtTheEdge() {
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    Rig rig = new Rig(Content.BOUNCES);
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.movement()).isEqualTo(Movement.AT_EDGE);
    assertThat(r.diff().changed()).as("before and after alike").isFalse();
    assertThat(heard).hasSize(1);
    assertThat(heard.get(0).movementEvidence()).contains("bounced back", r.before().id());
    assertThat(heard.get(0).settledEvidence()).startsWith(r.observation().id() + " settled");
  }

  @Test
  void nothingMovingBeforeDuringOrAfterIsUnchanged() {
    Rig rig = new Rig(Content.STILL);
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.movement()).isEqualTo(Movement.UNCHANGED);
    assertThat(heard.get(0).movementEvidence()).contains("so was the frame during the gesture");
    assertThat(rig.pressed()).as("the gesture was played").isNotEmpty();
  }

  @Test
  void anUnchangedScrollWhereContentWasExpectedFailsAsNoProgress() {
    Rig rig = new Rig(Content.STILL);
    assertThatThrownBy(
            () ->
                rig.executor.scroll(
                    Scroll.builder(ScrollDirection.UP).amount(0.3).expectContent(true).build()))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.SCROLL_NO_PROGRESS);
              assertThat(e.details()).containsEntry("movement", "unchanged");
            });
    // the same expectation on content that moves is no failure
    assertThat(
            new Rig(Content.FOLLOWS)
                .executor
                .scroll(Scroll.builder(ScrollDirection.UP).amount(0.3).expectContent(true).build())
                .movement())
        .isEqualTo(Movement.MOVED);
  }

  @Test
  void withoutAFrameDuringTheDwellAnUnchangedBandIsUnobservedNotUnchanged() {
    Rig rig = new Rig(Content.STILL);
    rig.phone.blindWhilePressed = true;
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.movement()).isEqualTo(Movement.UNOBSERVED);
    assertThat(heard.get(0).movementEvidence()).contains("no frame came during the dwell");
  }

  @Test
  void aStillBandWithTheScreenChangedOutsideItIsUnobserved() {
    Rig rig = new Rig(Content.STILL);
    rig.phone.toastReacts = true;
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.diff().changed()).as("the band").isFalse();
    assertThat(r.movement()).isEqualTo(Movement.UNOBSERVED);
    assertThat(heard.get(0).movementEvidence()).contains("outside the band changed");
  }

  @Test
  void aBandStillMovingWhenTheBoundRunsOutIsUnobserved() {
    Rig rig = new Rig(Content.FOLLOWS);
    rig.phone.spinnerInBand = true;
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.movement()).isEqualTo(Movement.UNOBSERVED);
    assertThat(r.observation().settled()).isFalse();
    assertThat(heard.get(0).movementEvidence()).contains("still moving when the bound ran out");
    assertThat(heard.get(0).settledEvidence()).contains("not settled");
  }

  @Test
  void pixelsThatChangedAcrossTheScrollAreNoMove() {
    Rig rig = new Rig(Content.SIDEWAYS);
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r = rig.executor.scroll(down(0.3), heard::add);
    assertThat(r.diff().changed()).isTrue();
    assertThat(r.diff().primaryAxis()).isNotEqualTo(PrimaryAxis.VERTICAL);
    assertThat(r.movement()).isEqualTo(Movement.UNOBSERVED);
    assertThat(heard.get(0).movementEvidence()).contains("not along the scroll");
  }

  @Test
  void aKeyboardOverTheRegionShortensTheBandAndTheFingerStaysAboveIt() {
    Rig rig = new Rig(Content.FOLLOWS);
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r =
        rig.executor.scroll(
            Scroll.builder(ScrollDirection.DOWN)
                .amount(0.8)
                .keyboard(NormRegion.of(0, 600, 1000, 400))
                .build(),
            heard::add);
    assertThat(r.keyboardAvoided()).isTrue();
    assertThat(r.keyboardMinY()).hasValue(600.0);
    NormRegion band = heard.get(0).band();
    assertThat(band.y()).isEqualTo(Scroll.DEFAULT_REGION.y());
    assertThat(band.y2()).isCloseTo(600 - ScrollExecutor.KEYBOARD_MARGIN, within(1e-9));
    assertThat(rig.pressed())
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p.y()).isBetween(band.y(), band.y2()));
    assertThat(r.movement()).isEqualTo(Movement.MOVED);
  }

  @Test
  void aKeyboardLeavingTooLittleOfTheRegionIsRefusedBeforeAnyInput() {
    Rig rig = new Rig(Content.FOLLOWS);
    assertThatThrownBy(
            () ->
                rig.executor.scroll(
                    Scroll.builder(ScrollDirection.DOWN)
                        .keyboard(NormRegion.of(0, 340, 1000, 660))
                        .build()))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.SCROLL_KEYBOARD_OCCLUDES_SURFACE);
              // 340 - 10 - 200 = 130 units left, fewer than the 210 (30% of 700) a scroll needs
              assertThat(e.details()).containsEntry("keyboard_min_y", 340.0);
              assertThat((double) e.details().get("usable_height")).isCloseTo(130, within(1e-9));
              assertThat(e.details()).containsEntry("needed_height", 210.0);
            });
    assertThat(rig.hid.sent()).isEmpty();
  }

  @Test
  void aKeyboardBelowTheRegionLeavesTheBandAlone() {
    Rig rig = new Rig(Content.FOLLOWS);
    List<ScrollExecutor.Played> heard = new ArrayList<>();
    ScrollResult r =
        rig.executor.scroll(
            Scroll.builder(ScrollDirection.DOWN)
                .amount(0.3)
                .keyboard(NormRegion.of(0, 950, 1000, 50))
                .build(),
            heard::add);
    assertThat(r.keyboardAvoided()).isFalse();
    assertThat(r.keyboardMinY()).hasValue(950.0);
    assertThat(heard.get(0).band()).isEqualTo(Scroll.DEFAULT_REGION);
  }

  @Test
  void aKeyboardDrawnOnTheBeforeScreenIsFoundAndAvoided() {
    Rig rig = new Rig(Content.FOLLOWS);
    rig.phone.keyboardTopPx = 500; // normalized 625.8
    ScrollResult r = rig.executor.scroll(down(0.5));
    assertThat(r.keyboardAvoided()).isTrue();
    assertThat(r.keyboardMinY().getAsDouble()).isBetween(600.0, 640.0);
    double bottom = r.keyboardMinY().getAsDouble() - ScrollExecutor.KEYBOARD_MARGIN;
    assertThat(rig.pressed()).allSatisfy(p -> assertThat(p.y()).isLessThanOrEqualTo(bottom));
    // told not to look, the scroll plays over the keys
    Rig blind = new Rig(Content.FOLLOWS);
    blind.phone.keyboardTopPx = 500;
    ScrollResult over =
        blind.executor.scroll(
            Scroll.builder(ScrollDirection.DOWN).amount(0.5).detectKeyboard(false).build());
    assertThat(over.keyboardAvoided()).isFalse();
    assertThat(blind.pressed()).anySatisfy(p -> assertThat(p.y()).isGreaterThan(bottom));
  }

  @Test
  void aScrollThroughAWheelBeingWorkedIsRefusedBeforeAnyInput() {
    Rig rig = new Rig(Content.FOLLOWS);
    // a column at x=500 under way toward 9 from 3: the guard holds its rows
    rig.guard.nudge(
        WheelRequest.builder()
            .currentValue(3)
            .targetValue(9)
            .valueStep(1)
            .columnX(500)
            .centerY(550)
            .rowSpacing(40)
            .build(),
        PitchMeasurement.of(40, 0.9),
        (drag, decision) -> {});
    assertThatThrownBy(() -> rig.executor.scroll(down(0.3)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED));
    assertThat(rig.hid.sent()).isEmpty();
    // a region beside the column is free
    assertThat(
            rig.executor
                .scroll(
                    Scroll.builder(ScrollDirection.DOWN)
                        .amount(0.3)
                        .region(NormRegion.of(0, 200, 300, 700))
                        .build())
                .movement())
        .isEqualTo(Movement.MOVED);
  }

  @Test
  void theFingerTravelsTheHonouredAmountOfTheBandCentredAndAgainstTheDirection() {
    NormRegion band = NormRegion.of(100, 200, 600, 600);
    Swipe down =
        ScrollExecutor.plan(Scroll.builder(ScrollDirection.DOWN).amount(0.5).build(), band);
    // content below is revealed by a finger going up
    assertThat(down.start()).isEqualTo(NormPoint.of(400, 650));
    assertThat(down.end()).isEqualTo(NormPoint.of(400, 350));
    Swipe left =
        ScrollExecutor.plan(Scroll.builder(ScrollDirection.LEFT).amount(1.0).build(), band);
    // 1.0 is honoured as 0.8 of the band's width: 480 units, the finger going right
    assertThat(left.start()).isEqualTo(NormPoint.of(160, 500));
    assertThat(left.end()).isEqualTo(NormPoint.of(640, 500));
    assertThat(left.holdAfterMs())
        .as("the dwell that the during-frame is taken in")
        .isEqualTo(Scroll.DWELL_MS);
    Swipe fling =
        ScrollExecutor.planFling(Scroll.builder(ScrollDirection.DOWN).amount(0.5).build(), band);
    // a short fast path whatever the amount: 0.4 of 600 units, centred
    assertThat(fling.start()).isEqualTo(NormPoint.of(400, 620));
    assertThat(fling.end()).isEqualTo(NormPoint.of(400, 380));
    assertThat(fling.holdAfterMs()).as("no dwell: the content coasts on").isZero();
    assertThat(fling.durationMs()).isEqualTo(ScrollExecutor.FLING_MOVE_MS);
  }

  @Test
  void stepsBackCoverHowFarTheContentTravelledSinceTheSightingWithOneToSpare() {
    NormRegion band = NormRegion.of(0, 200, 1000, 700);
    assertThat(ScrollExecutor.stepsBack(Double.NaN, 0.5, band, ScrollDirection.DOWN))
        .as("unknown: the old three")
        .isEqualTo(ScrollExecutor.MAX_STEPS_BACK);
    // a step of 0.5 moves 350 units of a 700-unit band
    assertThat(ScrollExecutor.stepsBack(0, 0.5, band, ScrollDirection.DOWN)).isEqualTo(1);
    assertThat(ScrollExecutor.stepsBack(700, 0.5, band, ScrollDirection.DOWN)).isEqualTo(3);
    assertThat(ScrollExecutor.stepsBack(701, 0.5, band, ScrollDirection.DOWN)).isEqualTo(4);
    assertThat(ScrollExecutor.stepsBack(700, 0.25, band, ScrollDirection.DOWN))
        .as("a caller's shorter amount takes more steps")
        .isEqualTo(5);
    assertThat(ScrollExecutor.stepsBack(1e6, 0.5, band, ScrollDirection.DOWN))
        .isEqualTo(ScrollExecutor.MAX_STEPS_BACK_MEASURED);
    // across: the band's width
    assertThat(ScrollExecutor.stepsBack(1000, 0.5, band, ScrollDirection.RIGHT)).isEqualTo(3);
  }

  /** Whether a band of the screen shows the full-width black marker bar. */
  private static Predicate<Observation> markerShown() {
    return o -> {
      GreyRaster g = o.greyForDiff();
      for (int y = g.height() / 10; y < g.height() * 9 / 10; y++) {
        int dark = 0;
        for (int x = 0; x < g.width(); x++) {
          if (g.get(x, y) < 50) {
            dark++;
          }
        }
        if (dark > g.width() * 0.95) {
          return true;
        }
      }
      return false;
    };
  }

  @Test
  void aSearchScrollsUntilItsConditionHoldsEachPassJudgedAgainstTheLast() {
    Rig rig = new Rig(Content.FOLLOWS);
    rig.phone.markerDocY = 1500; // about three passes of 0.4 below the first screen
    ScrollUntilResult r =
        rig.executor.scrollUntil(
            Scroll.builder(ScrollDirection.DOWN).amount(0.4).build(),
            markerShown(),
            10,
            Duration.ofSeconds(60),
            SearchPace.STEADY);
    assertThat(r.found()).isTrue();
    assertThat(r.edgeReached()).isFalse();
    assertThat(r.passes()).isBetween(2, 9).isEqualTo(r.scrolls().size());
    assertThat(r.scrolls()).allSatisfy(s -> assertThat(s.movement()).isEqualTo(Movement.MOVED));
    for (int i = 1; i < r.scrolls().size(); i++) {
      assertThat(r.scrolls().get(i).before().id())
          .isEqualTo(r.scrolls().get(i - 1).observation().id());
    }
    assertThat(r.observation().id()).isEqualTo(r.scrolls().get(r.passes() - 1).observation().id());
    assertThat(markerShown().test(r.scrolls().get(r.passes() - 2).observation()))
        .as("not shown one pass earlier")
        .isFalse();
  }

  @Test
  void aSearchEndsAtAnEdgeWithoutFailingAndWithinItsPasses() {
    ScrollUntilResult edge =
        new Rig(Content.BOUNCES)
            .executor.scrollUntil(
                down(0.4), o -> false, 10, Duration.ofSeconds(60), SearchPace.STEADY);
    assertThat(edge.found()).isFalse();
    assertThat(edge.edgeReached()).isTrue();
    assertThat(edge.passes()).isEqualTo(1);
    ScrollUntilResult bounded =
        new Rig(Content.FOLLOWS)
            .executor.scrollUntil(
                down(0.4), o -> false, 3, Duration.ofSeconds(60), SearchPace.STEADY);
    assertThat(bounded.passes()).isEqualTo(3);
    assertThat(bounded.edgeReached()).isFalse();
    assertThat(bounded.timedOut()).isFalse();
    assertThat(bounded.cost().gestures()).isEqualTo(3);
  }

  @Test
  void aSearchWhoseConditionAlreadyHoldsOrWhoseTimeIsUpPlaysNothing() {
    Rig rig = new Rig(Content.FOLLOWS);
    ScrollUntilResult found =
        rig.executor.scrollUntil(
            down(0.4), o -> true, 10, Duration.ofSeconds(60), SearchPace.STEADY);
    assertThat(found.found()).isTrue();
    assertThat(found.passes()).isZero();
    ScrollUntilResult late =
        rig.executor.scrollUntil(down(0.4), o -> false, 10, Duration.ZERO, SearchPace.STEADY);
    assertThat(late.timedOut()).isTrue();
    assertThat(late.passes()).isZero();
    assertThat(rig.hid.sent()).isEmpty();
  }
}
