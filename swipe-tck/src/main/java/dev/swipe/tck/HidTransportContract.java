package dev.swipe.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.RelativePointing;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The compatibility kit every {@link HidTransport} passes (Micrometer style): subclass it, open
 * your transport against a real peer (a pseudo-terminal emulator, a FIFO, the simulator), and
 * report what the peer observed.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public abstract class HidTransportContract {
  /** For a provider's test class. */
  public HidTransportContract() {}

  /** The transport under test, opened fresh for each test. */
  protected HidTransport transport;

  /** Opens the transport under test against its peer. */
  protected abstract HidTransport openTransport();

  /**
   * Every pointer state the peer has received so far, oldest first. Implementations wait until the
   * peer has processed what was sent (e.g. until the emulator is quiet).
   */
  protected abstract List<ObservedPointer> observedPointer();

  /** How far (normalized units) an observed position may be from the sent one. */
  protected double positionTolerance() {
    return 1.0;
  }

  /** Frees the peer; called after the transport is closed. */
  protected void closePeer() {}

  @BeforeEach
  void openUnderTest() {
    transport = openTransport();
  }

  @AfterEach
  void closeUnderTest() {
    try {
      if (transport != null) { // null when opening it failed: the test already reports that
        transport.close();
      }
    } finally {
      closePeer();
    }
  }

  @Test
  void capabilitiesAreConsistent() {
    HidCapabilities caps = transport.capabilities();
    assertThat(caps.pointerKinds()).contains(caps.activePointer());
    assertThat(caps.range().max()).isGreaterThan(caps.range().min());
    assertThat(caps.minReportInterval().isNegative()).isFalse();
  }

  @Test
  void pressMoveReleaseArriveInOrder() {
    transport.send(new HidReport.Pointer(NormPoint.of(100, 200), true));
    transport.send(new HidReport.Pointer(NormPoint.of(300, 400), true));
    transport.send(new HidReport.Pointer(NormPoint.of(300, 400), false));
    List<ObservedPointer> seen = observedPointer();
    assertThat(seen).isNotEmpty();
    int firstPressed = indexOf(seen, true);
    assertThat(firstPressed).as("a pressed state arrives").isGreaterThanOrEqualTo(0);
    ObservedPointer last = seen.get(seen.size() - 1);
    assertThat(last.pressed()).as("the finger ends lifted").isFalse();
    assertThat(last.x()).isCloseTo(300, within(positionTolerance()));
    assertThat(last.y()).isCloseTo(400, within(positionTolerance()));
    ObservedPointer lastPressed = lastPressed(seen);
    assertThat(lastPressed.x()).isCloseTo(300, within(positionTolerance()));
    assertThat(lastPressed.y()).isCloseTo(400, within(positionTolerance()));
  }

  @Test
  void releaseAllLiftsTheFinger() {
    transport.send(new HidReport.Pointer(NormPoint.of(500, 500), true));
    transport.releaseAll();
    List<ObservedPointer> seen = observedPointer();
    assertThat(indexOf(seen, true)).isGreaterThanOrEqualTo(0);
    assertThat(seen.get(seen.size() - 1).pressed()).isFalse();
  }

  @Test
  void closeReleasesAndTwiceIsHarmless() {
    transport.send(new HidReport.Pointer(NormPoint.of(500, 500), true));
    transport.close();
    transport.close();
    List<ObservedPointer> seen = observedPointer();
    assertThat(seen.get(seen.size() - 1).pressed()).isFalse();
  }

  @Test
  void sendAfterCloseIsDeviceClosed() {
    transport.close();
    assertThatThrownBy(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, true)))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
  }

  @Test
  void cornersArriveWithoutWrapping() {
    transport.send(new HidReport.Pointer(NormPoint.of(0, 0), false));
    transport.send(new HidReport.Pointer(NormPoint.of(1000, 1000), false));
    List<ObservedPointer> seen = observedPointer();
    ObservedPointer last = seen.get(seen.size() - 1);
    assertThat(last.x()).isCloseTo(1000, within(positionTolerance()));
    assertThat(last.y()).isCloseTo(1000, within(positionTolerance()));
  }

  @Test
  void aRawRelativeSideIsOfferedOnlyForARelativePointerAndChecksItsInput() {
    Optional<RelativePointing> offered = transport.relativePointing();
    if (transport.capabilities().activePointer() != PointerKind.RELATIVE) {
      assertThat(offered).as("only a relative pointer has a raw relative side").isEmpty();
      return;
    }
    if (offered.isEmpty()) {
      return; // a relative link may leave every move to its own dead reckoning
    }
    RelativePointing raw = offered.get();
    assertThatThrownBy(() -> raw.move(128, 0))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("counts"));
    assertThatThrownBy(() -> raw.anchor(NormPoint.CENTER, 0, 1, 16))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("counts_per_unit"));
    assertThatThrownBy(() -> raw.anchor(NormPoint.CENTER, 1, 1, 0))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("max_step"));
    // Anchored where it is, a press presses there: no homing, no travel.
    raw.move(3, 2);
    List<ObservedPointer> before = observedPointer();
    ObservedPointer resting = before.get(before.size() - 1);
    raw.anchor(NormPoint.of(resting.x(), resting.y()), 1, 1, 16);
    transport.send(new HidReport.Pointer(NormPoint.of(resting.x(), resting.y()), true));
    transport.send(new HidReport.Pointer(NormPoint.of(resting.x(), resting.y()), false));
    List<ObservedPointer> seen = observedPointer();
    ObservedPointer pressed = lastPressed(seen);
    assertThat(pressed.x()).isCloseTo(resting.x(), within(positionTolerance()));
    assertThat(pressed.y()).isCloseTo(resting.y(), within(positionTolerance()));
    transport.close();
    assertThatThrownBy(() -> raw.move(1, 0))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
  }

  @Test
  void keysAreSentOrRefusedAsTheCapabilitiesSay() {
    HidReport.Keyboard down = new HidReport.Keyboard(Key.ENTER, Set.of(), true);
    if (transport.capabilities().keyboard()) {
      transport.send(down);
      transport.send(new HidReport.Keyboard(Key.ENTER, Set.of(), false));
    } else {
      assertThatThrownBy(() -> transport.send(down))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT));
    }
  }

  @Test
  void severalFingersAreCarriedOrRefusedAsTheContactsSay() {
    HidReport.Touch two =
        new HidReport.Touch(
            List.of(
                new HidReport.Contact(0, NormPoint.of(300, 500), true),
                new HidReport.Contact(1, NormPoint.of(700, 500), true)));
    HidReport.Touch lift =
        new HidReport.Touch(
            List.of(
                new HidReport.Contact(0, NormPoint.of(300, 500), false),
                new HidReport.Contact(1, NormPoint.of(700, 500), false)));
    if (transport.capabilities().contacts() >= 2) {
      transport.send(two);
      transport.send(lift);
      transport.send(two);
      transport.releaseAll();
      List<ObservedPointer> seen = observedPointer();
      assertThat(seen).as("the peer saw the fingers").isNotEmpty();
      assertThat(seen.get(seen.size() - 1).pressed()).as("released at the end").isFalse();
    } else {
      assertThatThrownBy(() -> transport.send(two))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT));
      transport.send(new HidReport.Pointer(NormPoint.of(500, 500), true));
      transport.send(new HidReport.Pointer(NormPoint.of(500, 500), false));
      List<ObservedPointer> seen = observedPointer();
      assertThat(seen).as("the link still works after refusing").isNotEmpty();
      assertThat(seen.get(seen.size() - 1).pressed()).isFalse();
    }
  }

  private static int indexOf(List<ObservedPointer> seen, boolean pressed) {
    for (int i = 0; i < seen.size(); i++) {
      if (seen.get(i).pressed() == pressed) {
        return i;
      }
    }
    return -1;
  }

  private static ObservedPointer lastPressed(List<ObservedPointer> seen) {
    for (int i = seen.size() - 1; i >= 0; i--) {
      if (seen.get(i).pressed()) {
        return seen.get(i);
      }
    }
    throw new AssertionError("no pressed state observed in " + seen);
  }

  /**
   * The finger as the device on the far side of a transport saw it, in normalized units.
   *
   * @param x horizontal position
   * @param y vertical position
   * @param pressed whether it touched
   */
  public record ObservedPointer(double x, double y, boolean pressed) {}
}
