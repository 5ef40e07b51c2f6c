package dev.swipe.sim;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.PointerKind;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What kind of virtual phone to build: the screen it shows, the platform whose physics it follows,
 * how the finger is attached, and how the capture path degrades the picture. Every field has the
 * default of the plain {@code sim:} URI, so {@code SimConfig.builder().build()} is the embedded
 * default device.
 *
 * <p>URI form ({@code sim:?key=value&...}); unknown keys and bad values are {@code
 * invalid_argument} errors naming the key:
 *
 * <ul>
 *   <li>{@code scene=list|picker|carousel|map|photo} (list)
 *   <li>{@code platform=android|ios|flutter} (android)
 *   <li>{@code pointer=touch|abs|rel} (rel on iOS with {@code input=rig}, touch otherwise): the
 *       default is the pointer a real rig uses on that phone
 *   <li>{@code input=rig|ideal} (rig): {@code rig} takes input as real phones take it from a HID
 *       rig: iOS ignores a digitizer, accelerates the relative pointer along a measured curve,
 *       draws a cursor that hides, taps a few pixels above its tip, clamps it at rounded corners
 *       and opens system UI at the edges, and the capture lags 90-240 ms; see {@link InputModel}
 *       and docs/sim-input.md. {@code ideal} is the forgiving phone the simulator modelled first (a
 *       digitizer on iOS, a relative mouse one frame pixel per count, no system UI at the edges, a
 *       60 ms HDMI dongle's lag)
 *   <li>{@code abs_mouse=ignore|accept|no_click|stuck} (ideal: ignore on android, accepted
 *       elsewhere; rig: one per device): what the phone does with an absolute mouse, see {@link
 *       AbsoluteMouse}; with {@code input=ideal} only Android heeds it
 *   <li>{@code list=view|compose} (view): the app's scrollables are Android Views (a mouse drag
 *       scrolls them) or Jetpack Compose (a mouse drag does not, touch does); Android only
 *   <li>{@code cursor=circle|arrow} (one per device): the drawn pointer of {@code input=rig} on iOS
 *   <li>{@code scale=0.1..1} (1): frame size relative to 1080x2400; layout and physics unchanged
 *   <li>{@code seed=N} (none): draw a varied device (slop, friction, row pitch, font, latency, JPEG
 *       quality); without a seed the nominal device is used
 *   <li>{@code quality=1..100} (80, or drawn from the seed)
 *   <li>{@code latency_ms=0..2000} (165 with {@code input=rig}, 90-240 drawn from the seed; 60 with
 *       {@code input=ideal}, 40-150 drawn from the seed)
 *   <li>{@code fps=1..120} (30)
 *   <li>{@code noise=none|caret|clock} (none): screen content that changes on every frame
 *   <li>{@code theme=light|dark} (light): the platform's light or dark colours
 *   <li>{@code letterbox=true|false} (false): frames are 1920x1080 HDMI pictures with the phone
 *       centred between black bars (for crop tests; the SDK expects cropped frames)
 *   <li>{@code time=virtual|real} (virtual): only for combined {@code sim:} devices
 *   <li>{@code name=X} (none): share one phone between a {@code hid("sim:?name=X")} part and a
 *       {@code capture("sim:?name=X")} part
 *   <li>{@code overscroll=stretch|glow} (stretch on android and flutter): Android 12's stretching
 *       edge or the older glow over still content; iOS always rubber-bands
 *   <li>{@code picker=timepicker|numberpicker|listwheel|uipicker} (timepicker on android, listwheel
 *       on flutter, uipicker on ios): how the picker scene's wheels behave
 *   <li>{@code picker_style=platform|band|bold|lines} (platform): how the picker marks its selected
 *       row, see {@link PickerStyle}
 *   <li>{@code layout=time|time12|date} (time): the picker scene's columns: month, hour 00-23 and
 *       minute; hour 1-12, minute by 15 and AM/PM; or month, day (its length follows the month and
 *       year, clamped when they change) and year 1950-2050, none of which wrap
 *   <li>{@code words=none|repeat|city} (none): a column of words in place of the month: {@code
 *       repeat} (Once, Daily, Weekdays, ...: seven in no order) or {@code city} (thirty cities
 *       A-Z); neither wraps
 *   <li>{@code looping=true|false} (true): whether the picker's hour and minute wheels wrap round;
 *       false stops them at both ends (Flutter's {@code CupertinoPicker} with {@code looping:
 *       false}, CSS scroll-snap wheels, Android pickers with wrapping off)
 *   <li>{@code paging=viewpager|snaphelper} (viewpager on android, snaphelper on flutter): the
 *       carousel's rule for when a release turns the page
 *   <li>{@code display=xxhdpi|420dpi} (xxhdpi): the panel, see {@link Display}
 *   <li>{@code carousel=vivid|pastel} (vivid): the carousel's pages, see {@link CarouselPages}
 * </ul>
 *
 * @param scene the screen content
 * @param platform whose physics and input rules apply
 * @param pointer how the HID finger presents itself
 * @param absoluteMouse what the phone does with an absolute mouse, empty for the default of the
 *     platform and input model
 * @param scale frame size relative to 1080x2400
 * @param seed device variation seed, empty for the nominal device
 * @param jpegQuality explicit JPEG quality, empty for the default or the seed's draw
 * @param latency explicit capture latency, empty for the default or the seed's draw
 * @param fps capture frame rate
 * @param noise screen noise that never settles
 * @param letterbox whether frames are letterboxed 1920x1080 HDMI pictures
 * @param theme light or dark colours
 * @param time virtual or real time
 * @param name a registry name for sharing one phone between separately opened parts
 * @param overscroll the edge effect, empty for the platform's default
 * @param picker the picker kind, empty for the platform's default
 * @param pickerStyle how the picker marks its selected row
 * @param looping whether the picker's hour and minute wheels wrap round
 * @param words a column of words in place of the picker's month column
 * @param layout which columns the picker scene shows
 * @param paging the carousel's paging rule, empty for the platform's default
 * @param display the panel's size and density
 * @param carousel the carousel scene's pages
 * @param input whether input arrives as it says or as a real phone takes it from a HID rig
 * @param list the toolkit of the app's scrollables (Android)
 * @param cursor the drawn pointer's shape on iOS with {@code input=rig}, empty for one per device
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record SimConfig(
    Scene scene,
    Platform platform,
    PointerKind pointer,
    Optional<AbsoluteMouse> absoluteMouse,
    double scale,
    OptionalLong seed,
    OptionalInt jpegQuality,
    Optional<Duration> latency,
    int fps,
    Noise noise,
    boolean letterbox,
    Theme theme,
    TimeMode time,
    Optional<String> name,
    Optional<Overscroll> overscroll,
    Optional<PickerKind> picker,
    PickerStyle pickerStyle,
    boolean looping,
    Words words,
    PickerLayout layout,
    Optional<Paging> paging,
    Display display,
    CarouselPages carousel,
    InputModel input,
    ListToolkit list,
    Optional<CursorShape> cursor) {

  /** The URI options {@code sim:} understands. */
  public static final Set<String> URI_KEYS =
      Set.of(
          "scene",
          "platform",
          "pointer",
          "abs_mouse",
          "scale",
          "seed",
          "quality",
          "latency_ms",
          "fps",
          "noise",
          "letterbox",
          "theme",
          "time",
          "name",
          "overscroll",
          "picker",
          "picker_style",
          "looping",
          "words",
          "layout",
          "paging",
          "display",
          "carousel",
          "input",
          "list",
          "cursor");

  /** The screens the phone can show. */
  public enum Scene {
    /**
     * A contacts list (at least 200 sorted names) with a search field; a tap on a name opens its
     * page.
     */
    LIST,
    /**
     * A time picker: month (not cyclic), hour 00-23 and minute 00-59 (00-55 by 5 with {@code
     * picker=numberpicker}), both cyclic, a text field below.
     */
    PICKER,
    /** A paging carousel of six pages with a caption field. */
    CAROUSEL,
    /** A pannable street map larger than the screen; two fingers zoom it. */
    MAP,
    /** A photo viewer: one photo that two fingers zoom and one finger pans once zoomed. */
    PHOTO;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Whose physics and input rules the phone follows. */
  public enum Platform {
    /** OverScroller spline flings, NumberPicker wheels, ignores a plain absolute mouse. */
    ANDROID,
    /** 0.998/ms deceleration, rubber band and bounce, 32 pt snapping picker rows. */
    IOS,
    /** Android-like clamping physics, but mouse drags do not scroll (touch does). */
    FLUTTER;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * How the phone takes HID input. Real phones are stricter than a first guess (public measurements
   * and field reports: PiKVM issues 633, 1196 and 1202, JetKVM issue 279, NanoKVM issue 627, an
   * iPad measured against an on-device tap log); {@link #RIG} models what they report, {@link
   * #IDEAL} is the forgiving model the simulator had first.
   */
  public enum InputModel {
    /**
     * Every pointer kind does what it says: a digitizer touches, a relative mouse moves one frame
     * pixel per count, an absolute mouse touches (Android: as {@code abs_mouse} says).
     */
    IDEAL,
    /**
     * As a real phone takes input from a HID rig. iOS ignores a digitizer; its absolute mouse is
     * one of the {@link AbsoluteMouse} outcomes per device; its relative pointer is accelerated per
     * report along the measured curve (scaled by a tracking speed, its shape varied per device,
     * faster when reports come 10-30 ms apart), clamped at the rounded corners, drawn as a cursor
     * that hides and taps a few pixels above its drawn tip; pushing or dwelling at the top edge
     * opens Notification Center (Control Center at the top right), past the bottom edge the Home
     * screen or the App Switcher. Android ignores an absolute mouse on some devices and takes a
     * digitizer. On every platform the capture lags 90-240 ms behind the HID report (one lag per
     * device) unless {@code latency_ms} says otherwise.
     */
    RIG;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What the phone does with an absolute-mouse report. */
  public enum AbsoluteMouse {
    /** Nothing: no pointer, no touch (many Android phones, some iOS set-ups). */
    IGNORE,
    /** A pointer that moves and clicks as a touch. */
    ACCEPT,
    /** The pointer moves but left clicks are dropped (some iOS set-ups). */
    NO_CLICK,
    /** A click presses, but the button stays down until a release-all lifts it (iOS). */
    STUCK;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The UI toolkit of the app's scrollables, which decides whether a mouse drag scrolls. */
  public enum ListToolkit {
    /** Android Views (RecyclerView, ScrollView): a mouse drag scrolls like a finger. */
    VIEW,
    /** Jetpack Compose: scrollables ignore mouse drags by design; touch drags and clicks work. */
    COMPOSE;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How iOS draws its pointer. */
  public enum CursorShape {
    /** AssistiveTouch's translucent circle; a tap aims at its centre. */
    CIRCLE,
    /** The arrow of newer iPadOS; a tap aims at its tip. */
    ARROW;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Screen content that changes on every captured frame, so the screen never settles. */
  public enum Noise {
    /** Nothing changes unless touched. */
    NONE,
    /** A caret in the scene's text field that blinks with every frame. */
    CARET,
    /** A status-bar clock showing hundredths of a second. */
    CLOCK;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The platform's colour scheme. */
  public enum Theme {
    /** Dark text on light backgrounds. */
    LIGHT,
    /** Light text on dark backgrounds (the system dark mode). */
    DARK;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What an Android or Flutter list shows when pulled or flung past its end. */
  public enum Overscroll {
    /** Android 12+ EdgeEffect stretch: the content stretches and springs back. */
    STRETCH,
    /** The pre-12 glow drawn over content that does not move. */
    GLOW;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How the picker scene's wheels behave. */
  public enum PickerKind {
    /** Android TimePicker spinner: minute 00-59, wrapping it moves the hour, 100 ms repeat. */
    TIMEPICKER,
    /** Plain NumberPicker columns: minute 00-55 by five, independent wheels, 300 ms repeat. */
    NUMBERPICKER,
    /** Flutter ListWheelScrollView with FixedExtentScrollPhysics over clamping physics. */
    LISTWHEEL,
    /** iOS UIPickerView: rows on a cylinder, projected deceleration, rubber-banded ends. */
    UIPICKER;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * How the picker scene marks its selected row. Real pickers mark it in one of a few ways, and no
   * single cue holds on all of them: a band behind a row lowers its contrast, so "the row drawn
   * strongest" finds a neighbour there.
   */
  public enum PickerStyle {
    /**
     * The platform's own look: faded outer rows with a band (iOS), faded rows between two lines
     * (Android), faded rows on a cylinder (Flutter).
     */
    PLATFORM,
    /**
     * iOS 14 and later: every row in the same ink, the selection marked only by a rounded grey band
     * behind it, no lines.
     */
    BAND,
    /** Every row in the same colour, the selected one bold; no band, no lines. */
    BOLD,
    /** Every row in the same ink between two lines across the column; no band. */
    LINES;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A column of words the picker scene can show in place of its month column. */
  public enum Words {
    /** No words: the month column. */
    NONE,
    /** A repeat rule: Once, Daily, Weekdays, Weekends, Weekly, Monthly, Yearly (in no order). */
    REPEAT,
    /** Thirty city names in alphabetical order. */
    CITY;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Which columns the picker scene shows. */
  public enum PickerLayout {
    /** Month, hour 00-23 and minute (the alarm picker). */
    TIME,
    /** A 12-hour clock: hour 1-12, minute 00-45 by 15 (both wrap) and AM/PM (two rows). */
    TIME12,
    /**
     * A date: month, day 1-28/29/30/31 as the month and year allow (clamped when they change) and
     * year 1950-2050; none wraps.
     */
    DATE;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The pages the carousel scene shows. */
  public enum CarouselPages {
    /** Six saturated pages with white text; neighbours differ in brightness too. */
    VIVID,
    /**
     * Six pastel pages of equal Rec.601 luma (215) and different hue, with dark text: a page switch
     * shows in colour, hardly in brightness (onboarding pages whose grey diff is 0.010-0.018).
     */
    PASTEL;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** When a carousel release turns the page. */
  public enum Paging {
    /** ViewPager: a fling past 25 dp faster than 400 dp/s, else 60% of a page. */
    VIEWPAGER,
    /** PagerSnapHelper: any fling faster than 50 dp/s, else the nearer page. */
    SNAPHELPER;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The phone's panel: its size in pixels and its density, which set how tall the screen is in dp
   * (touch slop, fling speeds and picker rows are given in dp and scale with the density; the
   * scenes keep their layout in pixels). Sources: Android {@code DisplayMetrics} DENSITY_XXHIGH
   * (480 dpi) and DENSITY_420 (420 dpi), dp = px / (dpi / 160).
   */
  public enum Display {
    /** 1080x2400 at 480 dpi (density 3): 360 x 800 dp, the simulator's long-standing screen. */
    XXHDPI("xxhdpi", 1080, 2400, 480),
    /** 1080x2340 at 420 dpi (density 2.625): 411 x 891 dp, a common phone panel (Pixel 5 class). */
    DENSITY_420("420dpi", 1080, 2340, 420);

    private final String id;
    private final int widthPx;
    private final int heightPx;
    private final int dpi;

    Display(String id, int widthPx, int heightPx, int dpi) {
      this.id = id;
      this.widthPx = widthPx;
      this.heightPx = heightPx;
      this.dpi = dpi;
    }

    /** The URI value. */
    public String id() {
      return id;
    }

    /** Panel width in pixels. */
    public int widthPx() {
      return widthPx;
    }

    /** Panel height in pixels. */
    public int heightPx() {
      return heightPx;
    }

    /** Dots per inch. */
    public int dpi() {
      return dpi;
    }

    /** Pixels per dp: dpi / 160. */
    public double density() {
      return dpi / 160.0;
    }

    /** Screen height in dp. */
    public double heightDp() {
      return heightPx / density();
    }

    static Display fromId(String id) {
      for (Display d : values()) {
        if (d.id.equals(id)) {
          return d;
        }
      }
      throw SwipeException.invalidArgument(
          "display", "must be one of xxhdpi, 420dpi, was '" + id + "'");
    }
  }

  /**
   * The pointer a configuration gets when none is named: a relative mouse on an iPhone taking input
   * as from a rig (iOS ignores a digitizer; PiKVM and the pikvm_mcp_server measurements use a
   * relative mouse), a touch digitizer elsewhere (Android takes one as its touch screen).
   */
  public static PointerKind defaultPointer(Platform platform, InputModel input) {
    SwipeException.requireArgument(platform, "platform");
    SwipeException.requireArgument(input, "input");
    return platform == Platform.IOS && input == InputModel.RIG
        ? PointerKind.RELATIVE
        : PointerKind.TOUCH;
  }

  /** The edge effect in use: the explicit one or the platform's default. */
  public Overscroll effectiveOverscroll() {
    return overscroll.orElse(Overscroll.STRETCH);
  }

  /** The picker kind in use: the explicit one or the platform's default. */
  public PickerKind effectivePicker() {
    return picker.orElse(
        switch (platform) {
          case ANDROID -> PickerKind.TIMEPICKER;
          case IOS -> PickerKind.UIPICKER;
          case FLUTTER -> PickerKind.LISTWHEEL;
        });
  }

  /** The carousel paging rule in use: the explicit one or the platform's default. */
  public Paging effectivePaging() {
    return paging.orElse(platform == Platform.FLUTTER ? Paging.SNAPHELPER : Paging.VIEWPAGER);
  }

  /** Which clock the phone runs on. */
  public enum TimeMode {
    /** A virtual clock that moves only when the device sleeps on it. */
    VIRTUAL,
    /** The JVM's monotonic clock. */
    REAL;

    /** The URI value. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Validates ranges and combinations. */
  public SimConfig {
    SwipeException.requireArgument(scene, "scene");
    SwipeException.requireArgument(platform, "platform");
    SwipeException.requireArgument(pointer, "pointer");
    SwipeException.requireArgument(absoluteMouse, "abs_mouse");
    SwipeException.requireArgument(input, "input");
    SwipeException.requireArgument(list, "list");
    SwipeException.requireArgument(cursor, "cursor");
    SwipeException.requireArgument(seed, "seed");
    SwipeException.requireArgument(jpegQuality, "quality");
    SwipeException.requireArgument(latency, "latency_ms");
    SwipeException.requireArgument(noise, "noise");
    SwipeException.requireArgument(theme, "theme");
    SwipeException.requireArgument(time, "time");
    SwipeException.requireArgument(name, "name");
    SwipeException.requireArgument(overscroll, "overscroll");
    SwipeException.requireArgument(picker, "picker");
    SwipeException.requireArgument(pickerStyle, "picker_style");
    SwipeException.requireArgument(words, "words");
    SwipeException.requireArgument(layout, "layout");
    SwipeException.requireArgument(paging, "paging");
    SwipeException.requireArgument(display, "display");
    SwipeException.requireArgument(carousel, "carousel");
    if (!(scale >= 0.1 && scale <= 1.0)) {
      throw SwipeException.invalidArgument("scale", "must be in [0.1, 1], was " + scale);
    }
    if (jpegQuality.isPresent() && (jpegQuality.getAsInt() < 1 || jpegQuality.getAsInt() > 100)) {
      throw SwipeException.invalidArgument(
          "quality", "must be in [1, 100], was " + jpegQuality.getAsInt());
    }
    if (latency.isPresent()
        && (latency.get().isNegative() || latency.get().compareTo(Duration.ofSeconds(2)) > 0)) {
      throw SwipeException.invalidArgument(
          "latency_ms", "must be in [0, 2000] ms, was " + latency.get());
    }
    if (fps < 1 || fps > 120) {
      throw SwipeException.invalidArgument("fps", "must be in [1, 120], was " + fps);
    }
    if (name.isPresent() && name.get().isBlank()) {
      throw SwipeException.invalidArgument("name", "must not be blank");
    }
  }

  /** A builder starting from the defaults of plain {@code sim:}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults of plain {@code sim:}. */
  public static SimConfig defaults() {
    return builder().build();
  }

  /**
   * Reads a {@code sim:} URI.
   *
   * @throws SwipeException {@code invalid_argument} naming the key for unknown keys or bad values
   */
  public static SimConfig fromUri(DeviceUri uri) {
    SwipeException.requireArgument(uri, "uri");
    if (!uri.scheme().equals("sim")) {
      throw SwipeException.invalidArgument("uri", "scheme must be sim, was " + uri.scheme());
    }
    if (!uri.path().isBlank()) {
      throw SwipeException.invalidArgument(
          "uri",
          "sim: takes no path, only options such as sim:?scene=picker, was '" + uri.raw() + "'");
    }
    uri.requireKnownKeys(URI_KEYS);
    Builder b = builder();
    b.scene(
        Scene.valueOf(uri.choice("scene", "list", ids(Scene.values())).toUpperCase(Locale.ROOT)));
    b.platform(
        Platform.valueOf(
            uri.choice("platform", "android", ids(Platform.values())).toUpperCase(Locale.ROOT)));
    if (uri.param("pointer").isPresent()) {
      b.pointer(uri.pointerParam(PointerKind.TOUCH, EnumSet.allOf(PointerKind.class)));
    }
    if (uri.param("abs_mouse").isPresent()) {
      b.absoluteMouse(
          AbsoluteMouse.valueOf(
              uri.choice("abs_mouse", "ignore", ids(AbsoluteMouse.values()))
                  .toUpperCase(Locale.ROOT)));
    }
    b.input(
        InputModel.valueOf(
            uri.choice("input", "rig", ids(InputModel.values())).toUpperCase(Locale.ROOT)));
    b.list(
        ListToolkit.valueOf(
            uri.choice("list", "view", ids(ListToolkit.values())).toUpperCase(Locale.ROOT)));
    if (uri.param("cursor").isPresent()) {
      b.cursor(
          CursorShape.valueOf(
              uri.choice("cursor", "circle", ids(CursorShape.values())).toUpperCase(Locale.ROOT)));
    }
    b.scale(uri.doubleParam("scale", 1.0, 0.1, 1.0));
    if (uri.param("seed").isPresent()) {
      String raw = uri.param("seed").get().strip();
      try {
        b.seed(Long.parseLong(raw));
      } catch (NumberFormatException e) {
        throw SwipeException.invalidArgument("seed", "must be an integer, was '" + raw + "'");
      }
    }
    if (uri.param("quality").isPresent()) {
      b.jpegQuality(uri.intParam("quality", 80, 1, 100));
    }
    if (uri.param("latency_ms").isPresent()) {
      b.latency(Duration.ofMillis(uri.intParam("latency_ms", 60, 0, 2000)));
    }
    b.fps(uri.intParam("fps", 30, 1, 120));
    b.noise(
        Noise.valueOf(uri.choice("noise", "none", ids(Noise.values())).toUpperCase(Locale.ROOT)));
    b.letterbox(uri.boolParam("letterbox", false));
    b.theme(
        Theme.valueOf(uri.choice("theme", "light", ids(Theme.values())).toUpperCase(Locale.ROOT)));
    b.time(
        TimeMode.valueOf(
            uri.choice("time", "virtual", ids(TimeMode.values())).toUpperCase(Locale.ROOT)));
    uri.param("name").ifPresent(n -> b.name(n.strip()));
    if (uri.param("overscroll").isPresent()) {
      b.overscroll(
          Overscroll.valueOf(
              uri.choice("overscroll", "stretch", ids(Overscroll.values()))
                  .toUpperCase(Locale.ROOT)));
    }
    if (uri.param("picker").isPresent()) {
      b.picker(
          PickerKind.valueOf(
              uri.choice("picker", "timepicker", ids(PickerKind.values()))
                  .toUpperCase(Locale.ROOT)));
    }
    b.pickerStyle(
        PickerStyle.valueOf(
            uri.choice("picker_style", "platform", ids(PickerStyle.values()))
                .toUpperCase(Locale.ROOT)));
    b.looping(uri.choice("looping", "true", Set.of("true", "false")).equals("true"));
    b.words(
        Words.valueOf(uri.choice("words", "none", ids(Words.values())).toUpperCase(Locale.ROOT)));
    b.layout(
        PickerLayout.valueOf(
            uri.choice("layout", "time", ids(PickerLayout.values())).toUpperCase(Locale.ROOT)));
    if (uri.param("paging").isPresent()) {
      b.paging(
          Paging.valueOf(
              uri.choice("paging", "viewpager", ids(Paging.values())).toUpperCase(Locale.ROOT)));
    }
    b.display(
        Display.fromId(
            uri.choice(
                "display",
                Display.XXHDPI.id(),
                Set.of(Display.XXHDPI.id(), Display.DENSITY_420.id()))));
    b.carousel(
        CarouselPages.valueOf(
            uri.choice("carousel", "vivid", ids(CarouselPages.values())).toUpperCase(Locale.ROOT)));
    return b.build();
  }

  /** Same as {@link #fromUri(DeviceUri)} for a URI string. */
  public static SimConfig fromUri(String uri) {
    return fromUri(DeviceUri.parse(uri));
  }

  /** This configuration as a {@code sim:} URI (only non-default options are written). */
  public String toUri() {
    StringBuilder s = new StringBuilder("sim:");
    String sep = "?";
    SimConfig d = defaults();
    if (scene != d.scene) {
      s.append(sep).append("scene=").append(scene.id());
      sep = "&";
    }
    if (platform != d.platform) {
      s.append(sep).append("platform=").append(platform.id());
      sep = "&";
    }
    if (pointer != defaultPointer(platform, input)) {
      s.append(sep).append("pointer=").append(pointer.id());
      sep = "&";
    }
    if (absoluteMouse.isPresent()) {
      s.append(sep).append("abs_mouse=").append(absoluteMouse.get().id());
      sep = "&";
    }
    if (input != d.input) {
      s.append(sep).append("input=").append(input.id());
      sep = "&";
    }
    if (list != ListToolkit.VIEW) {
      s.append(sep).append("list=").append(list.id());
      sep = "&";
    }
    if (cursor.isPresent()) {
      s.append(sep).append("cursor=").append(cursor.get().id());
      sep = "&";
    }
    if (scale != 1.0) {
      s.append(sep).append("scale=").append(scale);
      sep = "&";
    }
    if (seed.isPresent()) {
      s.append(sep).append("seed=").append(seed.getAsLong());
      sep = "&";
    }
    if (jpegQuality.isPresent()) {
      s.append(sep).append("quality=").append(jpegQuality.getAsInt());
      sep = "&";
    }
    if (latency.isPresent()) {
      s.append(sep).append("latency_ms=").append(latency.get().toMillis());
      sep = "&";
    }
    if (fps != d.fps) {
      s.append(sep).append("fps=").append(fps);
      sep = "&";
    }
    if (noise != Noise.NONE) {
      s.append(sep).append("noise=").append(noise.id());
      sep = "&";
    }
    if (letterbox) {
      s.append(sep).append("letterbox=true");
      sep = "&";
    }
    if (theme != Theme.LIGHT) {
      s.append(sep).append("theme=").append(theme.id());
      sep = "&";
    }
    if (time != TimeMode.VIRTUAL) {
      s.append(sep).append("time=").append(time.id());
      sep = "&";
    }
    if (name.isPresent()) {
      s.append(sep).append("name=").append(name.get());
      sep = "&";
    }
    if (overscroll.isPresent()) {
      s.append(sep).append("overscroll=").append(overscroll.get().id());
      sep = "&";
    }
    if (picker.isPresent()) {
      s.append(sep).append("picker=").append(picker.get().id());
      sep = "&";
    }
    if (pickerStyle != PickerStyle.PLATFORM) {
      s.append(sep).append("picker_style=").append(pickerStyle.id());
      sep = "&";
    }
    if (!looping) {
      s.append(sep).append("looping=false");
      sep = "&";
    }
    if (words != Words.NONE) {
      s.append(sep).append("words=").append(words.id());
      sep = "&";
    }
    if (layout != PickerLayout.TIME) {
      s.append(sep).append("layout=").append(layout.id());
      sep = "&";
    }
    if (paging.isPresent()) {
      s.append(sep).append("paging=").append(paging.get().id());
      sep = "&";
    }
    if (display != Display.XXHDPI) {
      s.append(sep).append("display=").append(display.id());
      sep = "&";
    }
    if (carousel != CarouselPages.VIVID) {
      s.append(sep).append("carousel=").append(carousel.id());
    }
    return s.toString();
  }

  private static Set<String> ids(Enum<?>[] values) {
    java.util.Set<String> out = new java.util.HashSet<>();
    for (Enum<?> v : values) {
      out.add(v.name().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /**
   * Builds a {@link SimConfig}; every setter has the {@code sim:} default. A value builder: setting
   * a field again replaces it (the last value wins).
   */
  public static final class Builder {
    private Scene scene = Scene.LIST;
    private Platform platform = Platform.ANDROID;
    private Optional<PointerKind> pointer = Optional.empty();
    private Optional<AbsoluteMouse> absoluteMouse = Optional.empty();
    private InputModel input = InputModel.RIG;
    private ListToolkit list = ListToolkit.VIEW;
    private Optional<CursorShape> cursor = Optional.empty();
    private double scale = 1.0;
    private OptionalLong seed = OptionalLong.empty();
    private OptionalInt jpegQuality = OptionalInt.empty();
    private Optional<Duration> latency = Optional.empty();
    private int fps = 30;
    private Noise noise = Noise.NONE;
    private boolean letterbox;
    private Theme theme = Theme.LIGHT;
    private TimeMode time = TimeMode.VIRTUAL;
    private Optional<String> name = Optional.empty();
    private Optional<Overscroll> overscroll = Optional.empty();
    private Optional<PickerKind> picker = Optional.empty();
    private PickerStyle pickerStyle = PickerStyle.PLATFORM;
    private boolean looping = true;
    private Words words = Words.NONE;
    private PickerLayout layout = PickerLayout.TIME;
    private Optional<Paging> paging = Optional.empty();
    private Display display = Display.XXHDPI;
    private CarouselPages carousel = CarouselPages.VIVID;

    Builder() {}

    /** The panel (default xxhdpi: 1080x2400 at 480 dpi). */
    public Builder display(Display display) {
      this.display = SwipeException.requireArgument(display, "display");
      return this;
    }

    /** The edge effect (default: the platform's). */
    public Builder overscroll(Overscroll overscroll) {
      this.overscroll = Optional.of(SwipeException.requireArgument(overscroll, "overscroll"));
      return this;
    }

    /** The picker kind (default: the platform's). */
    public Builder picker(PickerKind picker) {
      this.picker = Optional.of(SwipeException.requireArgument(picker, "picker"));
      return this;
    }

    /** How the picker marks its selected row (default: the platform's look). */
    public Builder pickerStyle(PickerStyle pickerStyle) {
      this.pickerStyle = SwipeException.requireArgument(pickerStyle, "picker_style");
      return this;
    }

    /** Whether the picker's hour and minute wheels wrap round (default true). */
    public Builder looping(boolean looping) {
      this.looping = looping;
      return this;
    }

    /** A column of words in place of the picker's month column (default none). */
    public Builder words(Words words) {
      this.words = SwipeException.requireArgument(words, "words");
      return this;
    }

    /** Which columns the picker scene shows (default: month, hour, minute). */
    public Builder layout(PickerLayout layout) {
      this.layout = SwipeException.requireArgument(layout, "layout");
      return this;
    }

    /** The carousel paging rule (default: the platform's). */
    public Builder paging(Paging paging) {
      this.paging = Optional.of(SwipeException.requireArgument(paging, "paging"));
      return this;
    }

    /** The screen content (default list). */
    public Builder scene(Scene scene) {
      this.scene = scene;
      return this;
    }

    /** The platform (default android). */
    public Builder platform(Platform platform) {
      this.platform = platform;
      return this;
    }

    /**
     * The pointer kind (default: the one a real rig uses on the platform, see {@link
     * #defaultPointer}).
     */
    public Builder pointer(PointerKind pointer) {
      this.pointer = Optional.of(SwipeException.requireArgument(pointer, "pointer"));
      return this;
    }

    /**
     * Whether an absolute mouse works as touch or is ignored (default: the platform's and input
     * model's).
     */
    public Builder acceptAbsoluteMouse(boolean accept) {
      return absoluteMouse(accept ? AbsoluteMouse.ACCEPT : AbsoluteMouse.IGNORE);
    }

    /** What the phone does with an absolute mouse (default: the platform's and input model's). */
    public Builder absoluteMouse(AbsoluteMouse outcome) {
      this.absoluteMouse = Optional.of(SwipeException.requireArgument(outcome, "abs_mouse"));
      return this;
    }

    /** Whether input arrives as a real phone takes it from a rig (the default) or as it says. */
    public Builder input(InputModel input) {
      this.input = SwipeException.requireArgument(input, "input");
      return this;
    }

    /** The toolkit of the app's scrollables (default Android Views). */
    public Builder list(ListToolkit list) {
      this.list = SwipeException.requireArgument(list, "list");
      return this;
    }

    /** The drawn pointer's shape with {@code input=rig} on iOS (default: one per device). */
    public Builder cursor(CursorShape cursor) {
      this.cursor = Optional.of(SwipeException.requireArgument(cursor, "cursor"));
      return this;
    }

    /** Frame size relative to 1080x2400 (default 1). */
    public Builder scale(double scale) {
      this.scale = scale;
      return this;
    }

    /** Draw a varied device from this seed. */
    public Builder seed(long seed) {
      this.seed = OptionalLong.of(seed);
      return this;
    }

    /** JPEG quality 1..100 (default 80 or the seed's draw). */
    public Builder jpegQuality(int quality) {
      this.jpegQuality = OptionalInt.of(quality);
      return this;
    }

    /** Capture latency (default 60 ms or the seed's draw). */
    public Builder latency(Duration latency) {
      this.latency = Optional.of(SwipeException.requireArgument(latency, "latency_ms"));
      return this;
    }

    /** Capture frame rate (default 30). */
    public Builder fps(int fps) {
      this.fps = fps;
      return this;
    }

    /** Screen noise (default none). */
    public Builder noise(Noise noise) {
      this.noise = noise;
      return this;
    }

    /** Letterboxed 1920x1080 frames (default false). */
    public Builder letterbox(boolean letterbox) {
      this.letterbox = letterbox;
      return this;
    }

    /** Light or dark colours (default light). */
    public Builder theme(Theme theme) {
      this.theme = theme;
      return this;
    }

    /** Virtual or real time (default virtual). */
    public Builder time(TimeMode time) {
      this.time = time;
      return this;
    }

    /** A registry name for sharing one phone between separately opened parts. */
    public Builder name(String name) {
      this.name = Optional.of(SwipeException.requireArgument(name, "name"));
      return this;
    }

    /** Validates and builds. */
    public SimConfig build() {
      return new SimConfig(
          scene,
          platform,
          pointer.orElse(defaultPointer(platform, input)),
          absoluteMouse,
          scale,
          seed,
          jpegQuality,
          latency,
          fps,
          noise,
          letterbox,
          theme,
          time,
          name,
          overscroll,
          picker,
          pickerStyle,
          looping,
          words,
          layout,
          paging,
          display,
          carousel,
          input,
          list,
          cursor);
    }

    /** The carousel scene's pages (default vivid). */
    public Builder carousel(CarouselPages carousel) {
      this.carousel = SwipeException.requireArgument(carousel, "carousel");
      return this;
    }
  }
}
