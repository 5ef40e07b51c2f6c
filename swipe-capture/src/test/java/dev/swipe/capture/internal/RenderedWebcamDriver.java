package dev.swipe.capture.internal;

import com.github.sarxos.webcam.WebcamDevice;
import com.github.sarxos.webcam.WebcamDriver;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A webcam-capture driver (its own SPI) whose devices serve rendered pictures at a steady frame
 * rate, like a UVC capture stick would: {@code getImage()} blocks until the next frame is due and
 * returns a new image object. No native code is involved.
 */
class RenderedWebcamDriver implements WebcamDriver {
  /**
   * Appended to every test device name: webcam-capture locks devices by name with a file in the
   * temp directory, shared by every JVM on the machine, so two test runs must not share names.
   */
  static final String JVM = " pid" + ProcessHandle.current().pid();

  /** What a device does when asked for an image. */
  enum Behaviour {
    /** A new image every frame interval. */
    LIVE,
    /** The same image object again and again (a frozen capture). */
    FROZEN,
    /** No image at all. */
    DEAD
  }

  private final List<WebcamDevice> devices = new ArrayList<>();

  RenderedWebcamDriver() {
    this(
        new Device(
            "Rendered Capture 0",
            new Dimension[] {new Dimension(640, 360), new Dimension(1920, 1080)},
            size ->
                PhoneScreens.letterboxed(
                    PhoneScreens.screen(size.height / 2, size.height * 13 / 12, 1),
                    size.width,
                    size.height,
                    20,
                    1)));
  }

  RenderedWebcamDriver(WebcamDevice... devices) {
    this.devices.addAll(List.of(devices));
  }

  @Override
  public List<WebcamDevice> getDevices() {
    return devices;
  }

  @Override
  public boolean isThreadSafe() {
    return true;
  }

  /** A device rendering {@code picture(size)} at 30 fps (copied per frame, so each is new). */
  static final class Device implements WebcamDevice {
    private final String name;
    private final Dimension[] sizes;
    private final Function<Dimension, BufferedImage> picture;
    private volatile Behaviour behaviour = Behaviour.LIVE;
    private Dimension size;
    private BufferedImage base;
    private volatile boolean open;
    private long next;
    volatile int opens;
    volatile int nothingServed;
    volatile int closes;

    Device(String name, Dimension[] sizes, Function<Dimension, BufferedImage> picture) {
      this.name = name + JVM;
      this.sizes = sizes;
      this.picture = picture;
      this.size = sizes[0];
    }

    void behave(Behaviour b) {
      behaviour = b;
    }

    @Override
    public String getName() {
      return name;
    }

    @Override
    public Dimension[] getResolutions() {
      return sizes.clone();
    }

    @Override
    public Dimension getResolution() {
      return size;
    }

    @Override
    public void setResolution(Dimension resolution) {
      if (open) {
        throw new IllegalStateException("resolution can only change while closed");
      }
      size = resolution;
    }

    @Override
    public synchronized BufferedImage getImage() {
      if (!open) {
        return null;
      }
      long now = System.nanoTime();
      if (next > now) {
        try {
          Thread.sleep((next - now) / 1_000_000L, (int) ((next - now) % 1_000_000L));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return null;
        }
      }
      next = Math.max(now, next) + 33_333_333L;
      switch (behaviour) {
        case DEAD:
          nothingServed++;
          return null;
        case FROZEN:
          return base;
        default:
          BufferedImage copy =
              new BufferedImage(base.getWidth(), base.getHeight(), BufferedImage.TYPE_INT_RGB);
          Graphics2D g = copy.createGraphics();
          g.drawImage(base, 0, 0, null);
          g.dispose();
          return copy;
      }
    }

    @Override
    public synchronized void open() {
      base = picture.apply(size);
      open = true;
      opens++;
    }

    @Override
    public void close() {
      open = false;
      closes++;
    }

    @Override
    public void dispose() {}

    @Override
    public boolean isOpen() {
      return open;
    }
  }
}
