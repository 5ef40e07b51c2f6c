package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.sim.SimConfig.AbsoluteMouse;
import dev.swipe.sim.SimState.Phase;
import dev.swipe.sim.SimState.Receiver;
import dev.swipe.sim.SimState.SystemUi;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * {@code input=rig}: the simulator takes HID input as real phones do (public measurements and field
 * reports, issue 36), and its oracle tells the truth about where presses landed.
 */
class RigInputTest {
  private static final Duration REST = Duration.ofSeconds(10);

  /**
   * An iOS rig; the capture lag pinned to a dongle's, as these tests time the input, not the lag.
   */
  private static final String IOS_RIG = "sim:?scale=0.5&platform=ios&input=rig&latency_ms=60";

  private static final long ISOLATED_MS = 200;

  private static Frame grab(SimPhone phone) {
    return phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
  }

  /** A frame showing the phone as it is now (past the capture latency). */
  private static Frame settledFrame(SimPhone phone) {
    Play.sleepMs(phone, 300);
    return grab(phone);
  }

  private static boolean same(Frame a, Frame b) {
    return Arrays.equals(a.jpeg(), b.jpeg());
  }

  private static void mouse(SimPhone phone, double x, double y, boolean pressed) {
    phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(x, y), pressed));
  }

  private static void mouseTap(SimPhone phone, double x, double y) {
    mouse(phone, x, y, false);
    Play.sleepMs(phone, 30);
    mouse(phone, x, y, true);
    Play.sleepMs(phone, 60);
    mouse(phone, x, y, false);
  }

  /** Steers the relative pointer onto a frame point with isolated reports, watching the truth. */
  private static void steer(SimPhone phone, double xPx, double yPx, boolean pressed) {
    for (int i = 0; i < 300; i++) {
      SimState.Pointer p = phone.oracle().pointer();
      double dx = xPx - p.xPx();
      double dy = yPx - p.yPx();
      if (Math.hypot(dx, dy) < 1.0) {
        return;
      }
      int cx = (int) Math.max(-15, Math.min(15, Math.round(dx * 0.5)));
      int cy = (int) Math.max(-15, Math.min(15, Math.round(dy * 0.5)));
      if (cx == 0 && cy == 0) {
        cx = (int) Math.signum(Math.round(dx));
        cy = (int) Math.signum(Math.round(dy));
      }
      phone.relativeInput(cx, cy, pressed);
      Play.sleepMs(phone, ISOLATED_MS);
    }
    throw new AssertionError("the pointer never reached " + xPx + "," + yPx);
  }

  private static void click(SimPhone phone) {
    phone.relativeInput(0, 0, true);
    Play.sleepMs(phone, 60);
    phone.relativeInput(0, 0, false);
    Play.sleepMs(phone, 30);
  }

  /** Presses where the pointer is, drags it up by {@code px} frame pixels, releases. */
  private static void dragUp(SimPhone phone, double px) {
    SimState.Pointer p = phone.oracle().pointer();
    phone.relativeInput(0, 0, true);
    Play.sleepMs(phone, 30);
    steer(phone, p.xPx(), p.yPx() - px, true);
    phone.relativeInput(0, 0, false);
    Play.sleepMs(phone, 30);
  }

  private static void pushInto(SimPhone phone, int dx, int dy) {
    for (int i = 0; i < 12; i++) {
      phone.relativeInput(dx, dy, false);
      Play.sleepMs(phone, 20);
    }
  }

  private static BufferedImage image(Frame f) {
    try {
      return ImageIO.read(new ByteArrayInputStream(f.jpeg()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int grey(int rgb) {
    return (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
  }

  /** {minX, minY, maxX, maxY} of the pixels that differ by more than {@code threshold} grey. */
  private static int[] changed(Frame a, Frame b, int threshold) {
    BufferedImage x = image(a);
    BufferedImage y = image(b);
    int[] box = {Integer.MAX_VALUE, Integer.MAX_VALUE, -1, -1};
    for (int j = 0; j < x.getHeight(); j++) {
      for (int i = 0; i < x.getWidth(); i++) {
        if (Math.abs(grey(x.getRGB(i, j)) - grey(y.getRGB(i, j))) > threshold) {
          box[0] = Math.min(box[0], i);
          box[1] = Math.min(box[1], j);
          box[2] = Math.max(box[2], i);
          box[3] = Math.max(box[3], j);
        }
      }
    }
    return box;
  }

  private static boolean drawn(SimPhone phone, String text) {
    return phone.oracle().drawnText().stream().anyMatch(t -> t.text().equals(text));
  }

  // ---- the relative pointer -------------------------------------------------------------------

  @Test
  void isolatedReportsMoveThePointerByTheMeasuredGainInEveryDirection() {
    // {counts per report, reports, measured pt per count}; 1.5 frame px per pt (density 3, scale
    // 0.5).
    double[][] cases = {{5, 6, 0.58}, {12, 5, 0.82}, {20, 4, 0.90}, {60, 2, 1.79}, {127, 1, 1.49}};
    int[][] directions = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (double[] c : cases) {
      for (int[] d : directions) {
        try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
          // Start on the far side of the screen from where the reports go.
          steer(
              phone, d[0] == 0 ? 270 : 270 - 250 * d[0], d[1] == 0 ? 600 : 600 - 580 * d[1], false);
          Play.sleepMs(phone, ISOLATED_MS);
          SimState.Pointer start = phone.oracle().pointer();
          int k = (int) c[0];
          for (int i = 0; i < c[1]; i++) {
            phone.relativeInput(d[0] * k, d[1] * k, false);
            Play.sleepMs(phone, ISOLATED_MS);
          }
          SimState.Pointer end = phone.oracle().pointer();
          double moved = Math.hypot(end.xPx() - start.xPx(), end.yPx() - start.yPx());
          assertThat(moved)
              .as("%s reports of %s counts along %s", c[1], k, Arrays.toString(d))
              .isCloseTo(c[1] * k * c[2] * 1.5, within(1e-6));
        }
      }
    }
  }

  @Test
  void pacedReportsMoveFartherAndEveryDeviceFollowsItsOwnCurve() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      double y0 = phone.oracle().pointer().yPx();
      for (int i = 0; i < 5; i++) {
        phone.relativeInput(0, 20, false);
        Play.sleepMs(phone, 20);
      }
      double moved = phone.oracle().pointer().yPx() - y0;
      // The first report is isolated, the four after it come 20 ms apart: 15% farther.
      assertThat(moved).isCloseTo(20 * 0.90 * 1.5 * (1 + 4 * 1.15), within(1e-6));
    }
    for (long device = 1; device <= 12; device++) {
      try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel&seed=" + device)) {
        SimOracle.Input input = phone.oracle().input();
        assertThat(input.acceleratedPointer()).isTrue();
        double y0 = phone.oracle().pointer().yPx();
        phone.relativeInput(0, 16, false);
        Play.sleepMs(phone, 20);
        phone.relativeInput(0, 16, false);
        double expected = 16 * input.pxPerCount(16, -1) + 16 * input.pxPerCount(16, 20_000_000L);
        assertThat(phone.oracle().pointer().yPx() - y0)
            .as("device %d", device)
            .isCloseTo(expected, within(1e-6));
        assertThat(expected / (32 * IosPointerCurve.measured(16) * 1.5))
            .as("tracking speed 0.5-2x, shape 10-20%%, pace 5-25%%")
            .isBetween(0.5 * 0.8 * 0.5 * (1 + 1.0), 2 * 1.2 * (1 + 1.25) / 2);
      }
    }
  }

  @Test
  void theIdealModelStillMovesOnePixelPerCount() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&platform=ios&pointer=rel&input=ideal")) {
      assertThat(phone.config().input()).isEqualTo(SimConfig.InputModel.IDEAL);
      double y0 = phone.oracle().pointer().yPx();
      phone.relativeInput(0, 40, false);
      assertThat(phone.oracle().pointer().yPx() - y0).isCloseTo(40, within(0.5));
    }
  }

  @Test
  void roundedCornersKeepThePointerTensOfPointsOffTheNominalCorner() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      pushInto(phone, -60, 60);
      SimState.Pointer p = phone.oracle().pointer();
      double radius = phone.oracle().input().cornerRadiusPx();
      double offCornerPt = Math.hypot(p.xPx(), p.yPx() - (phone.frameHeight() - 1)) / 1.5;
      assertThat(offCornerPt).isBetween(10.0, 40.0);
      assertThat(offCornerPt).isCloseTo(radius / 1.5 * (Math.sqrt(2) - 1), within(1.0));
      assertThat(phone.oracle().systemUi())
          .as("pushing left along the bottom-left arc pushes past the bottom edge")
          .isEqualTo(SystemUi.HOME_SCREEN);
    }
  }

  // ---- what iOS ignores -----------------------------------------------------------------------

  @Test
  void iosOnARigIgnoresATouchDigitizer() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=touch")) {
      Frame before = settledFrame(phone);
      Play.swipe(phone, 700, 300, 200);
      Play.gesture(phone, new dev.swipe.core.gesture.Tap(NormPoint.of(300, 133), 60));
      assertThat(phone.oracle().pointerLog()).as("the reports arrived").isNotEmpty();
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isZero();
      assertThat(phone.oracle().keyboardVisible()).isFalse();
      assertThat(phone.oracle().touchLog()).isEmpty();
      assertThat(phone.oracle().input().takesDigitizer()).isFalse();
      assertThat(same(settledFrame(phone), before)).isTrue();
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&platform=ios&input=ideal")) {
      Play.swipe(phone, 700, 300, 200);
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx())
          .as("the ideal model takes the same swipe")
          .isPositive();
    }
  }

  @Test
  void eachAbsoluteMouseOutcomeBehavesAsStated() {
    // ignore: no pointer, no touch.
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=abs&abs_mouse=ignore")) {
      Frame before = settledFrame(phone);
      mouseTap(phone, 300, 133);
      assertThat(phone.oracle().keyboardVisible()).isFalse();
      assertThat(phone.oracle().touchLog()).isEmpty();
      assertThat(phone.oracle().pointer().drawn()).isFalse();
      assertThat(same(settledFrame(phone), before)).isTrue();
    }
    // accept: the click taps the search field.
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=abs&abs_mouse=accept")) {
      mouseTap(phone, 300, 133);
      assertThat(phone.oracle().keyboardVisible()).isTrue();
      assertThat(phone.oracle().touchLog())
          .extracting(SimState.TouchEvent::phase)
          .containsExactly(Phase.DOWN, Phase.UP);
      assertThat(phone.oracle().touchLog().get(0).xNorm()).isCloseTo(300, within(1.0));
    }
    // no_click: the pointer moves and is drawn, the click is dropped.
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=abs&abs_mouse=no_click")) {
      Frame before = settledFrame(phone);
      mouseTap(phone, 300, 133);
      assertThat(phone.oracle().pointer().xNorm()).isCloseTo(300, within(1.0));
      assertThat(phone.oracle().pointer().drawn()).isTrue();
      assertThat(phone.oracle().keyboardVisible()).isFalse();
      assertThat(phone.oracle().touchLog()).isEmpty();
      assertThat(same(settledFrame(phone), before)).as("the cursor shows").isFalse();
    }
    // stuck: the button stays down, so the next move drags the list; a release-all lifts it.
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=abs&abs_mouse=stuck")) {
      mouseTap(phone, 500, 700);
      assertThat(phone.oracle().pointer().pressed()).isTrue();
      for (int i = 1; i <= 10; i++) {
        mouse(phone, 500, 700 - 30 * i, false);
        Play.sleepMs(phone, 20);
      }
      Play.sleepMs(phone, 100);
      assertThat(phone.oracle().listOffsetPx()).as("dragged while 'released'").isPositive();
      assertThat(phone.oracle().touchLog())
          .extracting(SimState.TouchEvent::phase)
          .doesNotContain(Phase.UP);
      phone.transport().releaseAll();
      assertThat(phone.oracle().pointer().pressed()).isFalse();
      List<SimState.TouchEvent> log = phone.oracle().touchLog();
      assertThat(log.get(log.size() - 1).phase()).isEqualTo(Phase.UP);
    }
  }

  @Test
  void everyOutcomeOccursAcrossDevicesAndAndroidTakesADigitizer() {
    Set<AbsoluteMouse> ios = EnumSet.noneOf(AbsoluteMouse.class);
    Set<AbsoluteMouse> android = EnumSet.noneOf(AbsoluteMouse.class);
    for (long device = 1; device <= 40; device++) {
      ios.add(absoluteMouseOf("sim:?platform=ios&input=rig&scale=0.1&seed=" + device));
      android.add(absoluteMouseOf("sim:?input=rig&scale=0.1&seed=" + device));
    }
    assertThat(ios).containsExactlyInAnyOrder(AbsoluteMouse.values());
    assertThat(android).containsExactlyInAnyOrder(AbsoluteMouse.IGNORE, AbsoluteMouse.ACCEPT);
    for (long device = 1; device <= 6; device++) {
      try (SimPhone phone = SimPhone.open("sim:?scale=0.5&input=rig&seed=" + device)) {
        Play.swipe(phone, 700, 300, 200);
        assertThat(phone.oracle().awaitRest(REST).listOffsetPx())
            .as("device %d takes a digitizer", device)
            .isPositive();
        if (phone.oracle().input().absoluteMouse() == AbsoluteMouse.IGNORE) {
          double offset = phone.oracle().listOffsetPx();
          for (int i = 0; i <= 10; i++) {
            mouse(phone, 500, 700 - 30 * i, i < 10);
            Play.sleepMs(phone, 20);
          }
          assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isEqualTo(offset);
        }
      }
    }
  }

  /** The absolute-mouse outcome of the device a URI opens. */
  private static AbsoluteMouse absoluteMouseOf(String uri) {
    try (SimPhone phone = SimPhone.open(uri)) {
      return phone.oracle().input().absoluteMouse();
    }
  }

  // ---- Compose lists --------------------------------------------------------------------------

  @Test
  void composeListsIgnoreMouseDragsButTakeTouchAndClicks() {
    String mouse = "sim:?scale=0.5&pointer=abs&abs_mouse=accept";
    for (String list : new String[] {"view", "compose"}) {
      try (SimPhone phone = SimPhone.open(mouse + "&list=" + list)) {
        for (int i = 0; i <= 10; i++) {
          mouse(phone, 500, 700 - 30 * i, i < 10);
          Play.sleepMs(phone, 20);
        }
        double offset = phone.oracle().awaitRest(REST).listOffsetPx();
        if (list.equals("view")) {
          assertThat(offset).as("a View list scrolls under a mouse drag").isPositive();
        } else {
          assertThat(offset).as("a Compose list does not").isZero();
          mouseTap(phone, 300, 133);
          assertThat(phone.oracle().keyboardVisible()).as("a click still taps").isTrue();
        }
      }
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&list=compose")) {
      Play.swipe(phone, 700, 300, 200);
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).as("touch scrolls").isPositive();
    }
  }

  // ---- system UI at the edges -----------------------------------------------------------------

  @Test
  void pushingIntoTheTopLeftCornerDrawsNotificationCenterAndASwipeUpCloses() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      Frame app = settledFrame(phone);
      pushInto(phone, -127, -127);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NOTIFICATION_CENTER);
      Frame shown = settledFrame(phone);
      assertThat(drawn(phone, "No Older Notifications")).isTrue();
      int[] box = changed(app, shown, 40);
      assertThat(box[3] - box[1]).as("drawn over the whole screen").isGreaterThan(1000);
      // A tap on it does not close it; a swipe up does.
      steer(phone, 270, 800, false);
      click(phone);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NOTIFICATION_CENTER);
      dragUp(phone, 400);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NONE);
      assertThat(phone.oracle().touchLog())
          .extracting(SimState.TouchEvent::receiver)
          .containsOnly(Receiver.SYSTEM_UI);
      Play.sleepMs(phone, phone.oracle().input().cursorHideAfter().toMillis());
      assertThat(same(settledFrame(phone), app)).as("the app as it was").isTrue();
      assertThat(phone.oracle().systemUiLog())
          .extracting(SimState.SystemUiChange::shown)
          .containsExactly(SystemUi.NOTIFICATION_CENTER, SystemUi.NONE);
    }
  }

  @Test
  void theTopRightOpensControlCenterWhichATapOutsideCloses() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      pushInto(phone, 127, -127);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.CONTROL_CENTER);
      steer(phone, 270, 1000, false);
      click(phone);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NONE);
    }
  }

  @Test
  void restingOnTheTopEdgeOpensNotificationCenterAfterADwell() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      steer(phone, 270, 20, false);
      phone.relativeInput(0, -20, false); // onto the edge, pushing less than it takes
      assertThat(phone.oracle().pointer().yPx()).isZero();
      Play.sleepMs(phone, 900);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NONE);
      Play.sleepMs(phone, 200);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NOTIFICATION_CENTER);
      phone.input(new HidReport.Keyboard(Key.HOME, Set.of(), true));
      phone.input(new HidReport.Keyboard(Key.HOME, Set.of(), false));
      assertThat(phone.oracle().systemUi()).as("the Home key closes it").isEqualTo(SystemUi.NONE);
    }
  }

  @Test
  void pastTheBottomEdgeIsHomeAndRestingThereIsTheAppSwitcherBothLeftByATap() {
    try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel")) {
      Frame app = settledFrame(phone);
      pushInto(phone, 0, 127);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.HOME_SCREEN);
      settledFrame(phone);
      SimOracle.DrawnText icon =
          phone.oracle().drawnText().stream()
              .filter(t -> t.text().equals("Contacts"))
              .findFirst()
              .orElseThrow();
      // The app's icon sits just above its label.
      steer(phone, icon.box().getCenterX(), icon.box().getMinY() - 40, false);
      click(phone);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.NONE);
      Play.sleepMs(phone, phone.oracle().input().cursorHideAfter().toMillis());
      assertThat(same(settledFrame(phone), app)).isTrue();

      steer(phone, 270, phone.frameHeight() - 20, false);
      phone.relativeInput(0, 20, false);
      Play.sleepMs(phone, 1100);
      assertThat(phone.oracle().systemUi()).isEqualTo(SystemUi.APP_SWITCHER);
      steer(phone, 270, 600, false);
      click(phone);
      assertThat(phone.oracle().systemUi()).as("a tap on the card").isEqualTo(SystemUi.NONE);
    }
  }

  // ---- the drawn cursor -----------------------------------------------------------------------

  @Test
  void theCursorIsDrawnHidesAfterItsDelayAndReturnsOnAMove() {
    for (String shape : new String[] {"circle", "arrow"}) {
      try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel&cursor=" + shape)) {
        Frame none = settledFrame(phone);
        long hideMs = phone.oracle().input().cursorHideAfter().toMillis();
        phone.relativeInput(10, 10, false);
        Frame shown = settledFrame(phone);
        assertThat(same(shown, none)).as("%s drawn", shape).isFalse();
        assertThat(phone.oracle().pointer().drawn()).isTrue();
        Play.sleepMs(phone, hideMs - 400);
        assertThat(same(grab(phone), shown)).as("still drawn before its delay").isTrue();
        Play.sleepMs(phone, 500);
        assertThat(same(grab(phone), none)).as("hidden after it").isTrue();
        assertThat(phone.oracle().pointer().drawn()).isFalse();
        phone.relativeInput(-10, -10, false);
        assertThat(same(settledFrame(phone), none)).as("back on a move").isFalse();
      }
    }
  }

  @Test
  void cursorsVaryPerDeviceWithinTheReportedRanges() {
    for (long device = 1; device <= 30; device++) {
      try (SimPhone phone = SimPhone.open(IOS_RIG + "&seed=" + device)) {
        SimOracle.Input in = phone.oracle().input();
        double capturePx = phone.frameHeight() / 1080.0; // one pixel of a 1080-line capture
        assertThat(in.cursorSizePx() / capturePx).isBetween(15.0, 45.0);
        assertThat(in.cursorAlpha()).isBetween(0.3, 1.0);
        assertThat(in.cursorHideAfter()).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(15));
        assertThat(in.tapOffsetPx() / capturePx).isBetween(0.0, 8.0);
        assertThat(in.cornerRadiusPx() / in.pxPerPoint()).isBetween(39.0, 55.0);
      }
    }
  }

  @Test
  void aClickLandsAboveTheDrawnTip() {
    for (String shape : new String[] {"arrow", "circle"}) {
      try (SimPhone phone = SimPhone.open(IOS_RIG + "&pointer=rel&quality=100&cursor=" + shape)) {
        steer(phone, 200, 500, false);
        Frame withCursor = settledFrame(phone);
        Play.sleepMs(phone, phone.oracle().input().cursorHideAfter().toMillis());
        Frame without = grab(phone);
        int[] box = changed(withCursor, without, 60);
        double tipY = shape.equals("arrow") ? box[1] : (box[1] + box[3]) / 2.0;
        double tipX = shape.equals("arrow") ? box[0] : (box[0] + box[2]) / 2.0;
        click(phone);
        SimState.TouchEvent down = phone.oracle().touchLog().get(0);
        assertThat(down.phase()).isEqualTo(Phase.DOWN);
        double offset = phone.oracle().input().tapOffsetPx();
        double capturePx = phone.frameHeight() / 1080.0;
        assertThat(offset / capturePx)
            .as("about 6 px of a 1080-line capture")
            .isCloseTo(6, within(0.01));
        assertThat(tipY - down.yPx())
            .as("%s: landed above the drawn tip", shape)
            .isCloseTo(offset, within(2.0));
        assertThat(down.xPx()).isCloseTo(tipX, within(2.0));
      }
    }
  }

  // ---- the options ----------------------------------------------------------------------------

  @Test
  void theDefaultsAreWhatARigMeetsAndTheOptionsRoundTrip() {
    SimConfig d = SimConfig.defaults();
    assertThat(d.input()).isEqualTo(SimConfig.InputModel.RIG);
    assertThat(d.pointer()).isEqualTo(PointerKind.TOUCH);
    assertThat(d.list()).isEqualTo(SimConfig.ListToolkit.VIEW);
    assertThat(d.absoluteMouse()).isEmpty();
    assertThat(d.cursor()).isEmpty();
    assertThat(d.toUri()).isEqualTo("sim:");
    SimConfig ios = SimConfig.fromUri("sim:?platform=ios");
    assertThat(ios.pointer())
        .as("an iPhone on a rig takes a relative mouse")
        .isEqualTo(PointerKind.RELATIVE);
    assertThat(ios.toUri()).isEqualTo("sim:?platform=ios");
    assertThat(SimConfig.fromUri("sim:?platform=ios&input=ideal").pointer())
        .isEqualTo(PointerKind.TOUCH);
    assertThat(SimConfig.fromUri("sim:?platform=ios&pointer=touch").toUri())
        .isEqualTo("sim:?platform=ios&pointer=touch");
    assertThat(SimConfig.builder().platform(SimConfig.Platform.IOS).build().pointer())
        .isEqualTo(PointerKind.RELATIVE);
    for (String uri :
        List.of(
            "sim:?platform=ios&abs_mouse=stuck&input=ideal&list=compose&cursor=arrow",
            "sim:?platform=ios&pointer=abs&abs_mouse=stuck&list=compose&cursor=arrow",
            "sim:?platform=flutter&input=ideal")) {
      SimConfig c = SimConfig.fromUri(uri);
      assertThat(c.toUri()).isEqualTo(uri);
      assertThat(SimConfig.fromUri(c.toUri())).isEqualTo(c);
    }
    try (SimPhone phone = SimPhone.open("sim:?platform=ios&scale=0.1")) {
      SimOracle.Input in = phone.oracle().input();
      assertThat(in.takesDigitizer()).isFalse();
      assertThat(in.acceleratedPointer()).isTrue();
    }
    try (SimPhone phone = SimPhone.open("sim:?platform=ios&input=ideal&scale=0.1")) {
      SimOracle.Input in = phone.oracle().input();
      assertThat(in.takesDigitizer()).isTrue();
      assertThat(in.acceleratedPointer()).isFalse();
      assertThat(in.absoluteMouse()).isEqualTo(AbsoluteMouse.ACCEPT);
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.1")) {
      assertThat(phone.oracle().input().absoluteMouse()).isEqualTo(AbsoluteMouse.IGNORE);
    }
  }
}
