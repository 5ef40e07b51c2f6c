package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.github.sarxos.webcam.Webcam;
import com.github.sarxos.webcam.WebcamDevice;
import com.github.sarxos.webcam.WebcamDriver;
import com.github.sarxos.webcam.WebcamException;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.sim.SimPhone;
import java.awt.Dimension;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UvcFrameSourceTest {
  private static final Duration GENEROUS = Duration.ofSeconds(10);

  @AfterEach
  void resetDriver() {
    Webcam.resetDriver();
  }

  private static FrameSource open(String uri) {
    return new UvcFrameSourceProvider().open(DeviceUri.parse(uri), ProviderContext.system());
  }

  private static RenderedWebcamDriver.Device device(String name, BufferedImage picture) {
    return new RenderedWebcamDriver.Device(
        name,
        new Dimension[] {new Dimension(picture.getWidth(), picture.getHeight())},
        size -> picture);
  }

  private static void eventually(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in " + GENEROUS);
      }
      Thread.sleep(5);
    }
  }

  private static Set<String> threadNames() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .collect(Collectors.toSet());
  }

  @Test
  void servesSimulatorHdmiFramesCroppedToThePhoneThroughWebcamCapture() throws Exception {
    try (SimPhone phone = SimPhone.open("sim:?letterbox=true&scene=picker")) {
      BufferedImage hdmi = ScreenPipeline.decode(phone.renderHdmiFrame().jpeg());
      Rectangle truth = phone.hdmiScreenArea();
      Webcam.setDriver(new RenderedWebcamDriver(device("USB3.0 Capture /dev/video0", hdmi)));
      try (FrameSource source = open("uvc:USB3.0 Capture?size=1920x1080&latency_ms=0")) {
        Frame f = source.grab(Ticker.system().read(), GENEROUS);
        assertThat(f.width()).isCloseTo(truth.width, offset(4));
        assertThat(f.height()).isCloseTo(truth.height, offset(4));
        assertThat(((UvcFrameSource) source).viewSize()).isEqualTo(new Dimension(1920, 1080));
        assertThat(((UvcFrameSource) source).screenCrop()).isPresent();
      }
    }
  }

  @Test
  void opensByExactNamePrefixSubstringOrIndex() {
    BufferedImage pic = PhoneScreens.screen(64, 128, 1);
    RenderedWebcamDriver.Device a = device("Integrated Camera /dev/video0", pic);
    RenderedWebcamDriver.Device b = device("USB3.0 Capture /dev/video2", pic);
    Webcam.setDriver(new RenderedWebcamDriver(a, b));
    for (String uri :
        List.of(
            "uvc:1",
            "uvc:usb3.0",
            "uvc:video2",
            "uvc:USB3.0 Capture /dev/video2" + RenderedWebcamDriver.JVM)) {
      try (FrameSource s = open(uri + "?crop=none")) {
        assertThat(s.toString())
            .isEqualTo("uvc:USB3.0 Capture /dev/video2" + RenderedWebcamDriver.JVM);
      }
    }
    try (FrameSource s = open("uvc:")) {
      assertThat(s.toString()).contains("Integrated Camera");
    }
    assertThatThrownBy(() -> open("uvc:video"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.field()).isEqualTo("device");
              assertThat(e.getMessage())
                  .contains("several")
                  .contains("Integrated Camera /dev/video0");
            });
    assertThatThrownBy(() -> open("uvc:7"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("device"));
  }

  @Test
  void selectsAListedOrACustomResolution() {
    RenderedWebcamDriver.Device dev =
        new RenderedWebcamDriver.Device(
            "Cam",
            new Dimension[] {new Dimension(320, 240), new Dimension(640, 480)},
            size -> PhoneScreens.screen(size.width, size.height, 2));
    Webcam.setDriver(new RenderedWebcamDriver(dev));
    try (FrameSource s = open("uvc:Cam?size=640x480&crop=none")) {
      Frame f = s.grab(Ticker.system().read(), GENEROUS);
      assertThat(f.width()).isEqualTo(640);
      assertThat(f.height()).isEqualTo(480);
    }
    try (FrameSource s = open("uvc:Cam?size=1280x720&crop=none")) {
      assertThat(s.grab(Ticker.system().read(), GENEROUS).width()).isEqualTo(1280);
    }
    assertThatThrownBy(() -> open("uvc:Cam?size=big"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("size"));
  }

  @Test
  void aFrozenDeviceIsStaleAndADeadOneTimesOut() throws Exception {
    RenderedWebcamDriver.Device dev = device("Cam", PhoneScreens.screen(64, 128, 3));
    Webcam.setDriver(new RenderedWebcamDriver(dev));
    try (FrameSource s = open("uvc:Cam?latency_ms=0&crop=none")) {
      UvcFrameSource uvc = (UvcFrameSource) s;
      s.grab(Ticker.system().read(), GENEROUS);
      dev.behave(RenderedWebcamDriver.Behaviour.FROZEN);
      eventually(() -> uvc.slot.repeats() >= 2);
      long lastFresh = uvc.slot.newest().captureNanos();
      assertThatThrownBy(() -> s.grab(lastFresh + 1, Duration.ofMillis(300)))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_STALE));
      dev.behave(RenderedWebcamDriver.Behaviour.DEAD);
      int served = dev.nothingServed;
      eventually(() -> dev.nothingServed >= served + 2);
      assertThatThrownBy(() -> s.grab(Ticker.system().read(), Duration.ofMillis(300)))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_TIMEOUT);
                assertThat(e.getMessage()).contains("no image");
              });
      dev.behave(RenderedWebcamDriver.Behaviour.LIVE);
      assertThat(s.grab(Ticker.system().read(), GENEROUS)).isNotNull();
    }
  }

  @Test
  void closeStopsTheReaderClosesTheDeviceAndLeavesNoThreads() throws Exception {
    RenderedWebcamDriver.Device dev = device("Cam", PhoneScreens.screen(64, 128, 4));
    Webcam.setDriver(new RenderedWebcamDriver(dev));
    Set<String> before = threadNames();
    FrameSource s = open("uvc:Cam?crop=none");
    s.grab(Ticker.system().read(), GENEROUS);
    String reader = ((UvcFrameSource) s).readerThreadName();
    assertThat(threadNames()).contains(reader);
    s.close();
    s.close();
    assertThat(dev.opens).isEqualTo(1);
    assertThat(dev.closes).isEqualTo(1);
    long deadline = System.nanoTime() + GENEROUS.toNanos();
    Set<String> leaked;
    do {
      leaked = threadNames();
      leaked.removeAll(before);
      leaked.removeIf(n -> n.startsWith("test-") || n.equals("Attach Listener"));
      if (leaked.isEmpty()) {
        break;
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    assertThat(leaked).as("threads left behind by webcam-capture or us").isEmpty();
    assertThatThrownBy(() -> s.grab(Ticker.system().read(), GENEROUS))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
    // the device can be opened again
    try (FrameSource again = open("uvc:Cam?crop=none")) {
      assertThat(again.grab(Ticker.system().read(), GENEROUS)).isNotNull();
    }
  }

  @Test
  void aCustomDriverLoadsNoNativeCode() throws IOException {
    Webcam.setDriver(new RenderedWebcamDriver());
    try (FrameSource s = open("uvc:0?crop=none")) {
      s.grab(Ticker.system().read(), GENEROUS);
    }
    Path maps = Path.of("/proc/self/maps");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(maps), "needs Linux /proc");
    String mapped = Files.readString(maps).toLowerCase(java.util.Locale.ROOT);
    assertThat(mapped)
        .doesNotContain("bridj")
        .doesNotContain("openimajgrabber")
        .doesNotContain("v4l");
  }

  /** A driver class with a no-argument constructor, for the {@code driver=} option. */
  public static final class OneCameraDriver extends RenderedWebcamDriver {
    public OneCameraDriver() {
      super(device("Option Camera", PhoneScreens.screen(64, 128, 5)));
    }
  }

  @Test
  void theDriverOptionSelectsWebcamCapturesDriver() {
    try (FrameSource s = open("uvc:Option?crop=none&driver=" + OneCameraDriver.class.getName())) {
      assertThat(s.toString()).isEqualTo("uvc:Option Camera" + RenderedWebcamDriver.JVM);
      assertThat(Webcam.getDriver()).isInstanceOf(OneCameraDriver.class);
    }
    assertThatThrownBy(() -> open("uvc:0?driver=java.lang.String"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("driver"));
    assertThatThrownBy(() -> open("uvc:0?driver=no.such.Driver"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("driver"));
  }

  @Test
  void aDriverThatCannotListDevicesExplainsWhatToInstall() {
    Webcam.setDriver(
        new WebcamDriver() {
          @Override
          public List<WebcamDevice> getDevices() {
            throw new WebcamException("Cannot execute task");
          }

          @Override
          public boolean isThreadSafe() {
            return true;
          }
        });
    assertThatThrownBy(() -> open("uvc:0?discovery_timeout_ms=2000"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_TIMEOUT);
              assertThat(e.details().get("hint").toString()).contains("libv4l-0");
            });
  }
}
