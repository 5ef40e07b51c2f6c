package dev.swipe.sim.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.Ticker;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimConfig.Noise;
import dev.swipe.sim.SimConfig.Platform;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The virtual phone's state machine: it receives pointer and key input, routes touches to the
 * keyboard or the scene under the platform's input rules, advances time lazily to the clock's
 * reading, and renders frames. All methods are synchronized: transports, capture and the oracle may
 * be called from different threads.
 */
public final class VirtualPhone {
  private static final int LOG_LIMIT = 100_000;
  private static final double STATUS_BAR = 72;

  /** How long a mouse pointer stays drawn after the last mouse input (Android fades it at 15 s). */
  private static final long MOUSE_FADE_NANOS = 15_000_000_000L;

  /** How many delivered frames the oracle can still tell the drawn text of. */
  private static final int TEXT_HISTORY = 256;

  private final SimConfig config;
  private final DeviceProfile profile;
  private final Look look;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final int width;
  private final int height;
  private final double scaleX;
  private final double scaleY;
  private final Keyboard keyboard;
  private final Scene scene;
  private final InputRules rules;

  /** iOS's pointer and system UI under {@code input=rig}; null otherwise. */
  private final @Nullable IosPointer iosPointer;

  private final SystemUiLayer systemUi;
  private final ArrayDeque<SimState.PointerSample> pointerLog = new ArrayDeque<>();
  private final ArrayDeque<SimState.TouchEvent> touchLog = new ArrayDeque<>();
  private final BufferedImage screen;
  private final JpegEncoder encoder;
  private final TextRecorder recorder;
  private List<SimOracle.DrawnText> drawn = List.of();

  /** A delivered frame's bytes and the text drawn on it. */
  @SuppressWarnings("ArrayRecordComponent")
  // the last encoded screen, handed out as is; never compared or hashed
  private record Shown(byte[] jpeg, List<SimOracle.DrawnText> text) {}

  private final Map<Long, Shown> shownByCapture =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Shown> eldest) {
          return size() > TEXT_HISTORY;
        }
      };
  private @Nullable TextField focused;
  private @Nullable Touch touch;

  /** The kind of pointer behind {@code touch}, set with it (read only while it is down). */
  private PointerKind touchKind = PointerKind.TOUCH;

  /** Fingers down on a multi-touch digitizer, by id: layout pixels. */
  private final Map<Integer, double[]> fingers = new java.util.TreeMap<>();

  private boolean pinching;

  /** A finger still down after its pinch ended: it does nothing until it lifts. */
  private boolean leftBehind;

  private double pinchX;
  private double pinchY;
  private double pinchSpread;

  /** The first finger's angle from the centroid, radians clockwise on the screen. */
  private double pinchAngle;

  private boolean touchOnKeyboard;

  /** An absolute mouse whose button stays down until a release-all ({@code abs_mouse=stuck}). */
  private boolean stuckButton;

  private double cursorX = DeviceProfile.WIDTH / 2.0;
  private double cursorY;
  private long lastInputNanos = Long.MIN_VALUE;
  private long advancedTo = Long.MIN_VALUE;
  private SimState.Velocity lastVelocity = SimState.Velocity.ZERO;
  private @Nullable Boolean caretNoise;

  /** The mouse pointer the platform draws for a mouse (Android arrow, iOS AssistiveTouch dot). */
  private double mouseX;

  private double mouseY;
  private final PointerTrail mouseTrail = new PointerTrail();
  private boolean systemUiPressed;
  private @Nullable Object lastKey;
  private byte @Nullable [] lastJpeg;

  /** A phone for {@code config} on the given clock. */
  public VirtualPhone(SimConfig config, Ticker ticker, Sleeper sleeper) {
    this.config = config;
    this.profile = DeviceProfile.of(config);
    this.keyboard = new Keyboard(profile.heightPx());
    this.cursorY = profile.heightPx() / 2.0;
    this.look = new Look(profile, config.theme() == SimConfig.Theme.DARK);
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.width = (int) Math.round(DeviceProfile.WIDTH * config.scale());
    this.height = (int) Math.round(profile.heightPx() * config.scale());
    this.scaleX = (double) width / DeviceProfile.WIDTH;
    this.scaleY = (double) height / profile.heightPx();
    this.screen = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
    this.encoder = new JpegEncoder(profile.jpegQuality());
    this.recorder = new TextRecorder(width, height);
    this.scene =
        switch (config.scene()) {
          case LIST -> new ListScene(this);
          case PICKER -> new PickerScene(this);
          case CAROUSEL -> new CarouselScene(this);
          case MAP -> new MapScene(this);
          case PHOTO -> new PhotoScene(this);
        };
    this.rules = InputRules.of(config);
    this.iosPointer =
        rules.iosRig()
            ? new IosPointer(rules, DeviceProfile.WIDTH, profile.heightPx(), profile.density())
            : null;
    this.systemUi =
        new SystemUiLayer(
            DeviceProfile.WIDTH, profile.heightPx(), profile.density(), appName(config.scene()));
    this.advancedTo = ticker.read();
  }

  private static String appName(SimConfig.Scene scene) {
    return switch (scene) {
      case LIST -> "Contacts";
      case PICKER -> "Clock";
      case CAROUSEL -> "Photos";
      case MAP -> "Maps";
      case PHOTO -> "Photos";
    };
  }

  public SimConfig config() {
    return config;
  }

  public DeviceProfile profile() {
    return profile;
  }

  public Ticker ticker() {
    return ticker;
  }

  public Sleeper sleeper() {
    return sleeper;
  }

  /** Frame width in pixels. */
  public int width() {
    return width;
  }

  /** Frame height in pixels. */
  public int height() {
    return height;
  }

  Keyboard keyboard() {
    return keyboard;
  }

  // ---- input ----------------------------------------------------------------------------------

  /** A pointer state in normalized coordinates arriving as {@code kind}. */
  public synchronized void pointer(PointerKind kind, NormPoint at, boolean pressed) {
    long now = ticker.read();
    advance(now);
    lastInputNanos = now;
    log(now, kind, at.x(), at.y(), pressed);
    double x = NormPoint.toPixel(at.x(), width) / scaleX;
    double y = NormPoint.toPixel(at.y(), height) / scaleY;
    if (kind != PointerKind.RELATIVE) {
      cursorX = x;
      cursorY = y;
    }
    if (iosPointer != null && kind == PointerKind.ABSOLUTE && accepts(kind)) {
      iosPointer.absolute(x, y, now);
      x = iosPointer.x();
      y = iosPointer.y();
    }
    handle(kind, x, y, pressed, now);
  }

  /**
   * A multi-touch digitizer report in normalized coordinates. One finger acts as the touch pointer
   * does. A second finger turns the gesture into a pinch: a single touch already under way ends
   * there, neither a tap nor a fling, and the scene follows the fingers' centroid and spread until
   * fewer than two touch; a finger left behind does nothing until it lifts. An iOS rig ignores a
   * digitizer, as real iPhones do.
   */
  public synchronized void touches(List<HidReport.Contact> contacts) {
    long now = ticker.read();
    advance(now);
    lastInputNanos = now;
    if (!accepts(PointerKind.TOUCH) || contacts.isEmpty()) {
      return;
    }
    HidReport.Contact single = contacts.get(0);
    // a lifting finger's report still says where it lifted: the pinch follows it there first
    List<Integer> lifted = new ArrayList<>();
    for (HidReport.Contact c : contacts) {
      double x = NormPoint.toPixel(c.at().x(), width) / scaleX;
      double y = NormPoint.toPixel(c.at().y(), height) / scaleY;
      log(now, PointerKind.TOUCH, c.at().x(), c.at().y(), c.touching());
      if (c.touching() || fingers.containsKey(c.id())) {
        fingers.put(c.id(), new double[] {x, y});
      }
      if (!c.touching()) {
        lifted.add(c.id());
      }
    }
    if (pinching && fingers.size() >= 2) {
      spreadOfFingers();
      touchEvent(
          now, SimState.Phase.MOVE, PointerKind.TOUCH, SimState.Receiver.APP, pinchX, pinchY);
      scene.pinch(Scene.PinchPhase.MOVE, now, pinchX, pinchY, pinchSpread, pinchAngle);
    }
    lifted.forEach(fingers::remove);
    if (!pinching && fingers.size() >= 2) {
      if (touch != null) {
        Touch t = touch;
        touch = null;
        t.dragging = true;
        touchEvent(now, SimState.Phase.UP, touchKind, SimState.Receiver.APP, t.x, t.y);
        if (!touchOnKeyboard) {
          scene.up(t, 0, 0);
        }
      }
      pinching = true;
      spreadOfFingers();
      touchEvent(
          now, SimState.Phase.DOWN, PointerKind.TOUCH, SimState.Receiver.APP, pinchX, pinchY);
      scene.pinch(Scene.PinchPhase.BEGIN, now, pinchX, pinchY, pinchSpread, pinchAngle);
      return;
    }
    if (pinching) {
      if (fingers.size() < 2) {
        pinching = false;
        touchEvent(
            now, SimState.Phase.UP, PointerKind.TOUCH, SimState.Receiver.APP, pinchX, pinchY);
        scene.pinch(Scene.PinchPhase.END, now, pinchX, pinchY, pinchSpread, pinchAngle);
        leftBehind = !fingers.isEmpty();
      }
      return;
    }
    if (leftBehind) {
      leftBehind = !fingers.isEmpty();
      return;
    }
    handle(
        PointerKind.TOUCH,
        NormPoint.toPixel(single.at().x(), width) / scaleX,
        NormPoint.toPixel(single.at().y(), height) / scaleY,
        single.touching(),
        now);
  }

  /** Sets the pinch's centroid and spread (twice the fingers' mean distance from it). */
  private void spreadOfFingers() {
    double cx = 0;
    double cy = 0;
    for (double[] f : fingers.values()) {
      cx += f[0];
      cy += f[1];
    }
    cx /= fingers.size();
    cy /= fingers.size();
    double d = 0;
    for (double[] f : fingers.values()) {
      d += Math.hypot(f[0] - cx, f[1] - cy);
    }
    pinchX = cx;
    pinchY = cy;
    pinchSpread = 2 * d / fingers.size();
    double[] first = fingers.values().iterator().next(); // the lowest id
    pinchAngle = Math.atan2(first[1] - cy, first[0] - cx);
  }

  /**
   * A relative mouse report: {@code dx, dy} counts (one count is one frame pixel, or along the
   * acceleration curve on iOS with {@code input=rig}).
   */
  public synchronized void relative(int dx, int dy, boolean pressed) {
    long now = ticker.read();
    advance(now);
    lastInputNanos = now;
    if (iosPointer != null) {
      SimState.SystemUi opens = iosPointer.relative(dx, dy, now, pressed || touch != null);
      log(
          now,
          PointerKind.RELATIVE,
          NormPoint.toNorm(iosPointer.x() * scaleX, width),
          NormPoint.toNorm(iosPointer.y() * scaleY, height),
          pressed);
      if (opens != SimState.SystemUi.NONE && !systemUi.open()) {
        systemUi.show(opens, now);
      }
      handle(PointerKind.RELATIVE, iosPointer.x(), iosPointer.y(), pressed, now);
      return;
    }
    cursorX = Math.max(0, Math.min(DeviceProfile.WIDTH - 1.0 / scaleX, cursorX + dx / scaleX));
    cursorY = Math.max(0, Math.min(profile.heightPx() - 1.0 / scaleY, cursorY + dy / scaleY));
    log(
        now,
        PointerKind.RELATIVE,
        NormPoint.toNorm(cursorX * scaleX, width),
        NormPoint.toNorm(cursorY * scaleY, height),
        pressed);
    handle(PointerKind.RELATIVE, cursorX, cursorY, pressed, now);
  }

  /** The relative-mouse cursor position, normalized (for dead-reckoning transports and tests). */
  public synchronized NormPoint cursor() {
    if (iosPointer != null) {
      return NormPoint.of(
          Math.min(NormPoint.MAX, NormPoint.toNorm(iosPointer.x() * scaleX, width)),
          Math.min(NormPoint.MAX, NormPoint.toNorm(iosPointer.y() * scaleY, height)));
    }
    return NormPoint.of(
        Math.min(NormPoint.MAX, NormPoint.toNorm(cursorX * scaleX, width)),
        Math.min(NormPoint.MAX, NormPoint.toNorm(cursorY * scaleY, height)));
  }

  /** A key going down or up (only key-down acts). */
  public synchronized void key(Key key, boolean down) {
    long now = ticker.read();
    advance(now);
    lastInputNanos = now;
    if (!down) {
      return;
    }
    if (systemUi.open()) {
      if (key.equals(Key.HOME)) {
        systemUi.home(now);
      }
      return;
    }
    if (key.page() == Key.Page.CONSUMER) {
      if (key.equals(Key.BACK) && focused == null && !keyboard.shown()) {
        scene.back(now);
      } else if (key.equals(Key.BACK) || key.equals(Key.HOME)) {
        dismissKeyboard(now);
      }
      return;
    }
    int u = key.usage();
    if (u >= 0x04 && u <= 0x1D) {
      type((char) ('a' + u - 0x04), now);
    } else if (u >= 0x1E && u <= 0x27) {
      type(u == 0x27 ? '0' : (char) ('1' + u - 0x1E), now);
    } else if (u == 0x2C) {
      type(' ', now);
    } else if (u == 0x2A) {
      type('\b', now);
    } else if (u == 0x28) {
      type('\n', now);
    } else if (u == 0x29) {
      dismissKeyboard(now);
    }
  }

  /** Whether this phone takes input as a real phone on a rig does ({@code input=rig}). */
  public boolean takesInputAsARig() {
    return rules.model() == SimConfig.InputModel.RIG;
  }

  /** Lifts the finger where it is. */
  public synchronized void releaseAll() {
    long now = ticker.read();
    advance(now);
    stuckButton = false;
    systemUi.releaseAll();
    leftBehind = false;
    if (pinching) {
      pinching = false;
      fingers.clear();
      touchEvent(now, SimState.Phase.UP, PointerKind.TOUCH, SimState.Receiver.APP, pinchX, pinchY);
      scene.pinch(Scene.PinchPhase.END, now, pinchX, pinchY, pinchSpread, pinchAngle);
    }
    fingers.clear();
    if (touch != null) {
      lastInputNanos = now;
      log(
          now,
          PointerKind.TOUCH,
          NormPoint.toNorm(touch.x * scaleX, width),
          NormPoint.toNorm(touch.y * scaleY, height),
          false);
      end(now);
    }
  }

  private boolean accepts(PointerKind kind) {
    if (kind == PointerKind.ABSOLUTE) {
      return rules.absoluteMouse() != SimConfig.AbsoluteMouse.IGNORE;
    }
    return !(kind == PointerKind.TOUCH && rules.iosRig());
  }

  private void handle(PointerKind kind, double x, double y, boolean pressed, long now) {
    if (!accepts(kind)) {
      return;
    }
    if (kind == PointerKind.ABSOLUTE) {
      if (rules.absoluteMouse() == SimConfig.AbsoluteMouse.NO_CLICK) {
        pressed = false;
      } else if (rules.absoluteMouse() == SimConfig.AbsoluteMouse.STUCK) {
        stuckButton |= pressed;
        pressed = stuckButton;
      }
    }
    if (kind != PointerKind.TOUCH) {
      mouseX = x;
      mouseY = y;
      mouseTrail.shown(now, x, y);
    }
    if (touch == null && systemUi.open()) {
      systemUi.input(x, y, pressed, now);
      if (pressed != systemUiPressed) {
        touchEvent(
            now,
            pressed ? SimState.Phase.DOWN : SimState.Phase.UP,
            kind,
            SimState.Receiver.SYSTEM_UI,
            x,
            y);
        systemUiPressed = pressed;
      }
      return;
    }
    if (systemUiPressed && !pressed) {
      // The system UI closed under a press: the press ends there.
      touchEvent(now, SimState.Phase.UP, kind, SimState.Receiver.SYSTEM_UI, x, y);
      systemUiPressed = false;
      return;
    }
    if (systemUiPressed) {
      return;
    }
    if (pressed && touch == null) {
      boolean mouse = kind != PointerKind.TOUCH;
      boolean canScroll =
          !(mouse && (config.platform() == Platform.FLUTTER || rules.composeLists()));
      touch = new Touch(now, x, y, profile.touchSlopPx(), canScroll);
      touchKind = kind;
      touchEvent(now, SimState.Phase.DOWN, kind, SimState.Receiver.APP, x, y);
      touchOnKeyboard = keyboard.covers(now, y);
      if (!touchOnKeyboard) {
        scene.down(touch);
      }
    } else if (touch != null) {
      if (x != touch.x || y != touch.y) {
        boolean crossed = touch.moveTo(now, x, y);
        touchEvent(now, SimState.Phase.MOVE, kind, SimState.Receiver.APP, x, y);
        if (!touchOnKeyboard && touch.canScroll) {
          scene.move(touch, crossed);
        }
      }
      if (!pressed) {
        end(now);
      }
    }
  }

  private void touchEvent(
      long now, SimState.Phase phase, PointerKind kind, SimState.Receiver to, double x, double y) {
    touchLog.addLast(
        new SimState.TouchEvent(
            now,
            phase,
            kind,
            to,
            x * scaleX,
            y * scaleY,
            NormPoint.toNorm(x * scaleX, width),
            NormPoint.toNorm(y * scaleY, height)));
    while (touchLog.size() > LOG_LIMIT) {
      touchLog.removeFirst();
    }
  }

  private void end(long now) {
    Touch t = Objects.requireNonNull(touch, "the touch that ends");
    touch = null;
    touchEvent(now, SimState.Phase.UP, touchKind, SimState.Receiver.APP, t.x, t.y);
    t.time = now;
    double[] v = t.velocityAt(now);
    if (config.platform() == Platform.FLUTTER
        && t.velocity.windowSpan(now)
            <= DeviceProfile.FLUTTER_MIN_FLING_DISTANCE_LP * profile.density()) {
      // DragGestureRecognizer.isFlingGesture: samples spanning no more than the slop are no fling.
      v = new double[] {0, 0};
    }
    lastVelocity = new SimState.Velocity(v[0] * scaleX, v[1] * scaleY);
    if (touchOnKeyboard) {
      if (t.withinSlop()) {
        char c = keyboard.keyAt(now, t.downX, t.downY);
        if (c != 0) {
          type(c, now);
        }
      }
      return;
    }
    if (!t.canScroll) {
      scene.up(t, 0, 0);
    } else {
      scene.up(t, v[0], v[1]);
    }
  }

  private void type(char c, long now) {
    if (focused == null) {
      return;
    }
    if (c == '\n') {
      if (!scene.enter(now)) {
        dismissKeyboard(now);
      }
      return;
    }
    String text = focused.text();
    if (c == '\b') {
      focused.text(text.isEmpty() ? text : text.substring(0, text.length() - 1));
    } else if (text.length() < 40) {
      focused.text(text + c);
    }
    scene.textChanged(now);
  }

  /** Focuses a field and brings up the keyboard. */
  void focus(TextField field, long t) {
    if (focused != null && focused != field) {
      focused.focused(false);
    }
    focused = field;
    field.focused(true);
    keyboard.show(t);
  }

  /** Hides the keyboard and clears the focus. */
  void dismissKeyboard(long t) {
    boolean had = focused != null || keyboard.shown();
    if (focused != null) {
      focused.focused(false);
      focused = null;
    }
    keyboard.hide(t);
    if (had) {
      scene.dismissed(t);
    }
  }

  @Nullable TextField focusedField() {
    return focused;
  }

  private void log(long now, PointerKind kind, double x, double y, boolean pressed) {
    pointerLog.addLast(new SimState.PointerSample(now, kind, x, y, pressed));
    while (pointerLog.size() > LOG_LIMIT) {
      pointerLog.removeFirst();
    }
  }

  /** Brings time-driven state (long presses, overshoot bookkeeping) up to {@code now}. */
  private void advance(long now) {
    if (now > advancedTo) {
      if (iosPointer != null && touch == null && !systemUi.open()) {
        long opensAt = iosPointer.dwellOpensAt();
        if (opensAt <= now) {
          systemUi.show(iosPointer.dwellOpened(), Math.max(opensAt, advancedTo));
        }
      }
      scene.advance(advancedTo, now);
      advancedTo = now;
    }
  }

  // ---- frames ---------------------------------------------------------------------------------

  /**
   * The moment of the phone a capture at {@code captureNanos} shows: one latency earlier. With
   * {@code input=rig} that is all, as on a rig, where a frame taken soon after a HID report still
   * shows the phone before it; otherwise never before the last input, which the SDK's freshness
   * rule (a frame asked for after an action waits out the stated latency) makes the same.
   */
  private long shownAt(long captureNanos) {
    long lagged = captureNanos - profile.latency().toNanos();
    return rules.model() == SimConfig.InputModel.RIG ? lagged : Math.max(lagged, lastInputNanos);
  }

  /** When the latest input arrived. */
  public synchronized long lastInputNanos() {
    return lastInputNanos;
  }

  /**
   * The JPEG of the screen as a capture at {@code captureNanos} sees it: the state at capture time
   * minus latency (see {@link #shownAt}).
   */
  public synchronized byte[] jpegAt(long captureNanos, long frameIndex) {
    advance(Math.max(captureNanos, ticker.read()));
    long shown = shownAt(captureNanos);
    caretNoise = config.noise() == Noise.CARET ? (frameIndex & 1) == 0 : null;
    String clock = clockText(shown);
    Object key =
        List.of(
            scene.viewKey(shown),
            Math.round(keyboard.fraction(shown) * 10000),
            String.valueOf(caretNoise),
            clock,
            fieldKey(),
            mouseKey(shown),
            systemUi.at(shown));
    if (key.equals(lastKey) && lastJpeg != null) {
      shownByCapture.put(captureNanos, new Shown(lastJpeg, drawn));
      return lastJpeg;
    }
    paint(shown, clock);
    lastJpeg = encoder.encode(screen);
    lastKey = key;
    shownByCapture.put(captureNanos, new Shown(lastJpeg, drawn));
    return lastJpeg;
  }

  /**
   * Paints the screen as {@link #jpegAt} would, without encoding or caching, and returns the
   * (reused) raster: for measuring rendering apart from encoding.
   */
  public synchronized BufferedImage renderOnly(long captureNanos, long frameIndex) {
    long shown = shownAt(captureNanos);
    caretNoise = config.noise() == Noise.CARET ? (frameIndex & 1) == 0 : null;
    paint(shown, clockText(shown));
    return screen;
  }

  /** Encodes a raster with this phone's JPEG settings (for measuring encoding alone). */
  public synchronized byte[] encode(BufferedImage image) {
    return encoder.encode(image);
  }

  /** The current screen drawn into a 1920x1080 HDMI picture, centred between black bars. */
  public synchronized Frame hdmiFrame(long captureNanos, long frameIndex) {
    jpegAt(captureNanos, frameIndex);
    BufferedImage hdmi = new BufferedImage(1920, 1080, BufferedImage.TYPE_3BYTE_BGR);
    Graphics2D g = hdmi.createGraphics();
    g.setColor(Color.BLACK);
    g.fillRect(0, 0, 1920, 1080);
    g.setRenderingHint(
        RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    int[] area = hdmiArea();
    g.drawImage(screen, area[0], area[1], area[2], area[3], null);
    g.dispose();
    byte[] jpeg = encoder.encode(hdmi);
    shownByCapture.put(
        captureNanos,
        new Shown(
            jpeg,
            TextRecorder.placed(
                drawn, area[0], area[1], (double) area[2] / width, (double) area[3] / height)));
    return new Frame(jpeg, 1920, 1080, captureNanos);
  }

  /** Where the phone screen sits inside the 1920x1080 HDMI picture: {x, y, w, h}. */
  public int[] hdmiArea() {
    int h = 1080;
    int w = (int) Math.round(1080.0 * width / height);
    return new int[] {(1920 - w) / 2, 0, w, h};
  }

  /** The mouse input the pointer is drawn after at {@code t}, or null while it is not drawn. */
  private PointerTrail.@Nullable Mark mouseShown(long t) {
    PointerTrail.Mark m = mouseTrail.at(t);
    return m != null && t - m.at() < MOUSE_FADE_NANOS ? m : null;
  }

  private Object mouseKey(long t) {
    if (iosPointer != null) {
      return iosPointer.key(t);
    }
    PointerTrail.Mark m = mouseShown(t);
    return m != null ? Math.floor(0.5 + m.x()) + "," + Math.floor(0.5 + m.y()) : "";
  }

  /** Draws the mouse pointer where it stood at {@code t}, the moment the frame shows. */
  private void paintMouse(Graphics2D g, long t) {
    if (iosPointer != null) {
      iosPointer.paint(g, t);
      return;
    }
    PointerTrail.Mark m = mouseShown(t);
    if (m == null) {
      return;
    }
    double x = Math.floor(0.5 + m.x());
    double y = Math.floor(0.5 + m.y());
    if (profile.ios()) {
      g.setColor(new Color(60, 60, 67, 110));
      g.fill(new java.awt.geom.Ellipse2D.Double(x - 30, y - 30, 60, 60));
      g.setColor(new Color(255, 255, 255, 160));
      g.draw(new java.awt.geom.Ellipse2D.Double(x - 30, y - 30, 60, 60));
      return;
    }
    java.awt.geom.Path2D arrow = new java.awt.geom.Path2D.Double();
    arrow.moveTo(x, y);
    arrow.lineTo(x, y + 60);
    arrow.lineTo(x + 15, y + 46);
    arrow.lineTo(x + 26, y + 70);
    arrow.lineTo(x + 35, y + 66);
    arrow.lineTo(x + 24, y + 43);
    arrow.lineTo(x + 43, y + 43);
    arrow.closePath();
    g.setColor(Color.BLACK);
    g.fill(arrow);
    g.setColor(Color.WHITE);
    g.setStroke(new java.awt.BasicStroke(4f));
    g.draw(arrow);
  }

  private Object fieldKey() {
    return focused == null ? "" : focused.hint + "|" + focused.text();
  }

  private String clockText(long t) {
    if (config.noise() != Noise.CLOCK) {
      return profile.ios() ? "9:41" : "12:30";
    }
    long centis = Math.floorDiv(t, 10_000_000L) + (12 * 3600 + 30 * 60) * 100L;
    long secs = Math.floorMod(centis / 100, 24 * 3600);
    return String.format(
        "%d:%02d:%02d.%02d", secs / 3600, (secs / 60) % 60, secs % 60, Math.floorMod(centis, 100));
  }

  private void paint(long t, String clock) {
    Graphics2D g = screen.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
      g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
      g.transform(AffineTransform.getScaleInstance(scaleX, scaleY));
      g.setColor(look.background);
      g.fill(new Rectangle2D.Double(0, 0, DeviceProfile.WIDTH, profile.heightPx()));
      recorder.begin();
      look.recorder(recorder);
      scene.paint(g, look, t);
      keyboard.paint(g, look, t, profile.ios());
      recorder.statusBar(true);
      paintStatusBar(g, clock);
      recorder.statusBar(false);
      systemUi.paint(g, look, t, clock);
      paintMouse(g, t);
    } finally {
      look.recorder(null);
      g.dispose();
    }
    drawn = recorder.finish(screen);
  }

  private void paintStatusBar(Graphics2D g, String clock) {
    g.setColor(scene.statusBarColor(look));
    Rectangle2D bar = new Rectangle2D.Double(0, 0, DeviceProfile.WIDTH, STATUS_BAR);
    g.fill(bar);
    look.cover(g, bar);
    look.text(g, clock, profile.ios() ? 90 : 48, 54, 40, profile.ios(), look.text);
    g.setColor(look.text);
    // Wi-Fi wedge, signal bars and battery.
    double x = DeviceProfile.WIDTH - 250;
    for (int i = 0; i < 4; i++) {
      g.fill(new Rectangle2D.Double(x + i * 16, 48 - i * 8, 10, 12 + i * 8));
    }
    g.fill(new java.awt.geom.Arc2D.Double(x + 80, 16, 60, 60, 45, 90, java.awt.geom.Arc2D.PIE));
    g.draw(new java.awt.geom.RoundRectangle2D.Double(x + 160, 26, 60, 30, 8, 8));
    g.fill(new Rectangle2D.Double(x + 165, 31, 44, 20));
  }

  /** Whether the caret of {@code field} is drawn in the frame being painted. */
  boolean caret(TextField field) {
    if (caretNoise != null) {
      return caretNoise;
    }
    return field.focused();
  }

  // ---- oracle ---------------------------------------------------------------------------------

  /** The true state now. */
  public synchronized SimState state() {
    long now = ticker.read();
    advance(now);
    List<SimState.Wheel> wheels = scene.wheels(now);
    return new SimState(
        config.scene(),
        config.platform(),
        now,
        scene.animating(now) || keyboard.animating(now),
        width,
        height,
        scene.listOffset(now) * scaleY,
        scene.listMaxOffset() * scaleY,
        scene.firstVisibleRow(now),
        scene.visibleRows(now, keyboard.top(now)),
        scene.listRowHeight() * scaleY,
        scene.page(now),
        scene.pageCount(),
        scene.mapX(now) * scaleX,
        scene.mapY(now) * scaleY,
        scene.mapZoom(now),
        scene.mapBearing(now),
        wheels,
        keyboard.shown(),
        scene.editorOpen(now),
        focused == null ? "" : focused.text(),
        lastVelocity);
  }

  /**
   * The text drawn on the frame delivered at {@code captureNanos} with these JPEG bytes, in that
   * frame's pixels; empty when this phone delivered no such frame or it is older than the last few
   * hundred frames.
   */
  public synchronized java.util.Optional<List<SimOracle.DrawnText>> drawnTextOn(
      long captureNanos, byte[] jpeg) {
    Shown s = shownByCapture.get(captureNanos);
    return s != null && java.util.Arrays.equals(s.jpeg(), jpeg)
        ? java.util.Optional.of(s.text())
        : java.util.Optional.empty();
  }

  /** The text drawn on the latest frame painted, in the phone frame's pixels. */
  public synchronized List<SimOracle.DrawnText> drawnText() {
    return drawn;
  }

  /** The contact whose page is open on the list scene, if any. */
  public synchronized java.util.Optional<String> openedContact() {
    advance(ticker.read());
    return java.util.Optional.ofNullable(scene.openedItem());
  }

  /** The list scene's contacts in list order (row 0 first), unfiltered. */
  public static List<String> listContacts() {
    return ListScene.NAMES;
  }

  /**
   * The list rows fully visible in a frame captured at {@code captureNanos}: the screen as that
   * capture shows it (see {@link #shownAt}), not as it is now.
   */
  public synchronized List<String> visibleListRowsShownAt(long captureNanos) {
    advance(Math.max(captureNanos, ticker.read()));
    long shown = shownAt(captureNanos);
    return scene.visibleRows(shown, keyboard.top(shown));
  }

  /**
   * The list's offset as the phone drew it at phone time {@code nanos}, in frame pixels: a time
   * since the last touch (when the list's motion since is known) and not after now.
   */
  public synchronized double listOffsetAt(long nanos) {
    long now = ticker.read();
    advance(now);
    return scene.listOffset(Math.min(nanos, now));
  }

  /** Every touch the phone took (the newest 100 000), oldest first. */
  public synchronized List<SimState.TouchEvent> touchLog() {
    return new ArrayList<>(touchLog);
  }

  /** The system UI shown now. */
  public synchronized SimState.SystemUi systemUi() {
    long now = ticker.read();
    advance(now);
    return systemUi.at(now);
  }

  /** Every change of the system UI shown, oldest first. */
  public synchronized List<SimState.SystemUiChange> systemUiLog() {
    advance(ticker.read());
    return systemUi.log();
  }

  /** The mouse pointer as it truly is. */
  public synchronized SimState.Pointer pointerNow() {
    long now = ticker.read();
    advance(now);
    double x;
    double y;
    double tipY;
    boolean drawn;
    if (iosPointer != null) {
      x = iosPointer.x();
      y = iosPointer.y();
      tipY = y + iosPointer.tapOffsetPx();
      drawn = iosPointer.visible(now);
    } else {
      boolean relative = config.pointer() == PointerKind.RELATIVE;
      x = relative ? cursorX : mouseX;
      y = relative ? cursorY : mouseY;
      tipY = y;
      drawn = mouseShown(now) != null;
    }
    return new SimState.Pointer(
        x * scaleX,
        y * scaleY,
        NormPoint.toNorm(x * scaleX, width),
        NormPoint.toNorm(y * scaleY, height),
        drawn,
        x * scaleX,
        tipY * scaleY,
        touch != null || systemUiPressed);
  }

  /** How this phone takes input, in frame pixels. */
  public SimOracle.Input input() {
    double capture = profile.heightPx() / 1080.0 * scaleY;
    return new SimOracle.Input(
        rules.model(),
        rules.absoluteMouse(),
        !rules.iosRig(),
        rules.iosRig(),
        rules.curve(),
        profile.density() * scaleY,
        rules.cursor(),
        rules.cursorSize() * capture,
        rules.cursorAlpha(),
        java.time.Duration.ofNanos(rules.cursorHideNanos()),
        rules.tapOffset() * capture,
        rules.cornerRadiusPt() * profile.density() * scaleY,
        profile.latency());
  }

  /** Every pointer state received so far (the newest 100 000), oldest first. */
  public synchronized List<SimState.PointerSample> pointerLog() {
    return new ArrayList<>(pointerLog);
  }

  /** Sets or clears the overshoot target of a wheel. */
  public synchronized void wheelTarget(String column, @Nullable Integer value) {
    advance(ticker.read());
    scene.wheelTarget(column, value);
  }

  /** Puts a wheel at rest on a value. */
  public synchronized void wheelValue(String column, int value) {
    long now = ticker.read();
    advance(now);
    lastInputNanos = now;
    scene.wheelValue(column, value, now);
  }

  /** Layout-to-frame scale factors {x, y}. */
  double[] scale() {
    return new double[] {scaleX, scaleY};
  }

  /** Frees the encoder. */
  public synchronized void dispose() {
    encoder.dispose();
  }
}
