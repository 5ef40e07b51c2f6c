package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextCode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * The session commands: screenshot, window rect, timeouts, actions, back, Appium's key presses,
 * page source, execute.
 */
final class Commands {
  /** Appium methods on the HID keyboard (UiAutomator2's names and parameters). */
  static final List<String> KEY_METHODS = List.of("pressKey", "type");

  private static final Pattern METHOD =
      Pattern.compile("\\s*(mobile|swipe)\\s*:\\s*([A-Za-z][A-Za-z0-9]{0,63})\\s*");

  /** Agent tools that end the agent's run: a WebDriver session ends with Delete Session instead. */
  private static final Set<String> NOT_VERBS = Set.of("finished", "failed_to_complete_task");

  private final SessionSlot slot;

  Commands(SessionSlot slot) {
    this.slot = slot;
  }

  /** Take Screenshot: the settled screen as base64 PNG; its size becomes the window rect. */
  JsonNode screenshot(RigSession s) {
    Observation o = device(s, () -> s.device().screenshot());
    s.screen(o.width(), o.height());
    try {
      BufferedImage img = ImageIO.read(o.jpegStream());
      if (img == null) {
        throw new IOException("no image reader for the frame");
      }
      ByteArrayOutputStream png = new ByteArrayOutputStream(o.jpegSize() * 2);
      ImageIO.write(img, "png", png);
      return TextNode.valueOf(Base64.getEncoder().encodeToString(png.toByteArray()));
    } catch (IOException | RuntimeException e) {
      throw new W3cFailure(
          W3cError.UNKNOWN_ERROR,
          "the frame could not be encoded as PNG: " + e.getMessage(),
          Json.MAPPER.createObjectNode().put("code", CommonCode.IMAGE_DECODE_FAILED.id()));
    }
  }

  /** Get Window Rect: the screenshot's size, so screenshot pixels are pointer coordinates. */
  JsonNode windowRect(RigSession s) {
    int[] wh = s.screen();
    ObjectNode r = Json.MAPPER.createObjectNode();
    r.put("x", 0);
    r.put("y", 0);
    r.put("width", wh[0]);
    r.put("height", wh[1]);
    return r;
  }

  JsonNode timeouts(RigSession s) {
    return s.timeouts().toJson();
  }

  JsonNode setTimeouts(RigSession s, JsonNode body) {
    s.timeouts(s.timeouts().with(Json.object(body, "body"), "body"));
    return NullNode.getInstance();
  }

  /**
   * Perform Actions: compiled and checked in full first (a keyboard for keys, enough fingers on the
   * link for a multi-touch), then played gesture by gesture.
   */
  JsonNode performActions(RigSession s, JsonNode body) {
    int[] wh = s.screen();
    ActionPlan.Compiled plan = ActionPlan.compile(body, s.pointer(), s.modifiers(), wh[0], wh[1]);
    boolean keys = plan.items().stream().anyMatch(i -> i instanceof ActionPlan.KeyItem);
    if (keys && !device(s, () -> s.device().rig().capabilities().keyboard())) {
      throw W3cFailure.unsupported(
          "actions", "this rig's HID link has no keyboard; nothing was played");
    }
    ActionPlan.Touches touches = null;
    for (ActionPlan.Item i : plan.items()) {
      if (i instanceof ActionPlan.Touches t) {
        touches = t;
      }
    }
    if (touches != null) {
      int fingers = touches.gesture().strokes().size();
      int contacts = device(s, () -> s.device().rig().capabilities().contacts());
      if (fingers > contacts) {
        throw fingersRefused(touches, contacts);
      }
    }
    ActionPlan.Touches multi = touches;
    device(
        s,
        () -> {
          try {
            return ActionPlayer.play(s.device(), plan);
          } catch (SwipeException e) {
            if (multi != null
                && e.code() == ErrorCode.UNSUPPORTED_INPUT
                && e.details().containsKey("fingers")) {
              // the link holds fewer fingers than it did at the check; the core sent nothing
              throw fingersRefused(multi, s.device().rig().capabilities().contacts());
            }
            throw e;
          }
        });
    s.pointer(plan.pointerX(), plan.pointerY());
    s.modifiers(plan.modifiers());
    return NullNode.getInstance();
  }

  private static W3cFailure fingersRefused(ActionPlan.Touches touches, int contacts) {
    return Failures.tooManyFingers(
        "actions",
        "input sources " + ActionPlan.names(touches.pointerIds()) + " press",
        touches.gesture().strokes().size(),
        contacts);
  }

  /** Release Actions: lifts the finger and every key, and forgets held modifiers. */
  JsonNode releaseActions(RigSession s) {
    device(
        s,
        () -> {
          Optional<HidTransport> hid = s.device().rig().unwrap(HidTransport.class);
          hid.ifPresent(HidTransport::releaseAll);
          return hid;
        });
    s.modifiers(Set.of());
    return NullNode.getInstance();
  }

  /**
   * Back: Android's Back key (the HID consumer key Android maps to KEYCODE_BACK). Other platforms
   * have no system Back, so that is {@code unsupported operation}, not a guessed gesture.
   */
  JsonNode back(RigSession s) {
    String platform = slot.rig().platformName();
    if (!platform.equalsIgnoreCase("android")) {
      throw AndroidKeyCodes.noBack(platform, "back");
    }
    ObjectNode p = Json.MAPPER.createObjectNode().put("keycode", AndroidKeyCodes.BACK);
    return pressKey(s, p, false);
  }

  /**
   * Appium's press and long press of an Android key code ({@code KeyEvent}: keycode, metastate,
   * flags, isLongPress), played as one HID key press.
   */
  JsonNode pressKey(RigSession s, JsonNode body, boolean longPress) {
    ObjectNode p = Json.object(body, "body").deepCopy();
    p.remove("sessionId"); // some clients repeat the URL's session id in the body
    KeyPress k = AndroidKeyCodes.press(p, slot.rig().platformName(), longPress);
    HidCapabilities hid = device(s, () -> s.device().rig().capabilities());
    if (AndroidKeyCodes.consumer(k) ? !hid.consumerKeys() : !hid.keyboard()) {
      throw W3cFailure.unsupported(
          "keycode",
          "this rig's HID link cannot send "
              + (AndroidKeyCodes.consumer(k) ? "phone buttons (" + k.key().name() + ")" : "keys")
              + "; nothing was pressed");
    }
    device(s, () -> s.device().perform(k));
    return NullNode.getInstance();
  }

  /** UiAutomator2's {@code mobile: type}: types {@code text} into the focused field. */
  private JsonNode type(RigSession s, ObjectNode p) {
    Json.onlyKeys(p, "", List.of("text"));
    String text = Json.string(p, "text", "text");
    if (!device(s, () -> s.device().rig().capabilities().keyboard())) {
      throw W3cFailure.unsupported(
          "text", "this rig's HID link has no keyboard; nothing was typed");
    }
    s.device().typeText(text);
    return NullNode.getInstance();
  }

  /**
   * Get Page Source. A rig has no accessibility tree; what it can honestly list is the text read on
   * the settled screen, so the source is those lines as a small XML document (Appium's {@code
   * hierarchy} root, one {@code text} element per line with UiAutomator2's {@code bounds} in
   * screenshot pixels). Without a text reader it is {@code unsupported operation}.
   */
  JsonNode source(RigSession s) {
    Observation o = device(s, () -> s.device().screenshot());
    s.screen(o.width(), o.height());
    List<ScreenText> lines;
    try {
      lines = s.device().text().read(o, null);
    } catch (RuntimeException e) {
      SwipeException x = SwipeException.orInternal(e);
      if (x.code() == TextCode.TEXT_READER_UNAVAILABLE) {
        throw W3cFailure.of(
            W3cError.UNSUPPORTED_OPERATION,
            TextCode.TEXT_READER_UNAVAILABLE,
            null,
            "a rig has no accessibility tree, and this rig has no text reader to list the text on"
                + " the screen instead ("
                + x.getMessage()
                + "); give the rig a text reader (e.g. tesseract:), or read the screenshot; the"
                + " agent jar's swipe: findText reads text too");
      }
      throw Failures.of(slot, s, x, false);
    }
    return TextNode.valueOf(PageSource.xml(o.width(), o.height(), lines));
  }

  /**
   * Execute Script with {@code mobile:} and {@code swipe:} methods, bounded by the script timeout.
   */
  JsonNode execute(RigSession s, JsonNode body) {
    ObjectNode b = Json.object(body, "body");
    String script = Json.string(b, "script", "script");
    JsonNode args = b.get("args");
    if (args == null || !args.isArray()) {
      throw W3cFailure.invalidArgument("args", "must be an array, was " + Json.kind(args));
    }
    if (args.size() > 1 || (args.size() == 1 && !args.get(0).isObject())) {
      throw W3cFailure.invalidArgument(
          "args", "must be empty or hold one object of named parameters");
    }
    ObjectNode params = args.isEmpty() ? Json.MAPPER.createObjectNode() : (ObjectNode) args.get(0);
    Matcher m = METHOD.matcher(script);
    if (!m.matches()) {
      throw W3cFailure.of(
          W3cError.UNKNOWN_COMMAND,
          RemoteEndCode.UNKNOWN_METHOD,
          "script",
          "a rig runs no JavaScript; methods: " + String.join(", ", methods(s)));
    }
    String verb = m.group(2);
    boolean mobile = m.group(1).equals("mobile");
    String tool = snake(verb);
    if (mobile
        ? !MobileGestures.NAMES.contains(verb) && !KEY_METHODS.contains(verb)
        : !verbs(s).contains(tool)) {
      throw W3cFailure.of(
          W3cError.UNKNOWN_COMMAND,
          RemoteEndCode.UNKNOWN_METHOD,
          "script",
          "no method " + m.group(1) + ": " + verb + "; methods: " + String.join(", ", methods(s)));
    }
    Long limit = s.timeouts().script();
    AtomicBoolean timedOut = new AtomicBoolean();
    Thread self = Thread.currentThread();
    ScheduledFuture<?> watchdog =
        limit == null
            ? null
            : slot.schedule(
                () -> {
                  timedOut.set(true);
                  s.interrupt(self);
                },
                limit);
    try {
      if (mobile) {
        try {
          return switch (verb) {
            case "pressKey" -> pressKey(s, params, false);
            case "type" -> type(s, params);
            default -> MobileGestures.run(verb, params, s);
          };
        } catch (W3cFailure f) {
          throw f;
        } catch (RuntimeException e) {
          throw Failures.of(slot, s, SwipeException.orInternal(e), timedOut.get());
        }
      }
      JsonNode result = s.tools().call(tool, params);
      if (result != null && result.has("error") && result.get("error").isObject()) {
        throw Failures.ofToolError(slot, s, result.get("error"), timedOut.get());
      }
      return result == null ? NullNode.getInstance() : result;
    } finally {
      if (watchdog != null) {
        watchdog.cancel(false);
      }
    }
  }

  private List<String> methods(RigSession s) {
    List<String> out = new ArrayList<>();
    MobileGestures.NAMES.forEach(n -> out.add("mobile: " + n));
    KEY_METHODS.forEach(n -> out.add("mobile: " + n));
    verbs(s).forEach(n -> out.add("swipe: " + camel(n)));
    return out;
  }

  private static Set<String> verbs(RigSession s) {
    Set<String> out = new TreeSet<>(s.tools().names());
    out.removeAll(NOT_VERBS);
    return out;
  }

  /** {@code wheelNudge} to {@code wheel_nudge}. */
  static String snake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  /** {@code wheel_nudge} to {@code wheelNudge}. */
  static String camel(String snake) {
    StringBuilder b = new StringBuilder();
    boolean up = false;
    for (int i = 0; i < snake.length(); i++) {
      char c = snake.charAt(i);
      if (c == '_') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(c) : c);
        up = false;
      }
    }
    return b.toString();
  }

  private interface DeviceCall<T> {
    T run();
  }

  /** Runs a device call; SDK errors become W3C errors (a rig fault ends the session). */
  private <T> T device(RigSession s, DeviceCall<T> call) {
    try {
      return call.run();
    } catch (W3cFailure f) {
      throw f;
    } catch (RuntimeException e) {
      throw Failures.of(slot, s, SwipeException.orInternal(e), false);
    }
  }
}
