package dev.swipe.flow.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowStep;
import dev.swipe.flow.MaestroImport;
import dev.swipe.text.TextQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * Maestro's flow YAML as swipe flow steps, where a command selects by text or by a point in percent
 * of the screen. A command that selects otherwise (an id, an index, a relation), drives the app
 * itself ({@code launchApp}) or runs code has no step, and is refused or skipped.
 */
public final class MaestroYaml {
  /** The flow's nominal screen: imported steps have no anchors, so no crop is ever measured. */
  public static final int SCREEN = 1000;

  /** How long {@code assertVisible} and {@code assertNotVisible} wait in Maestro, ms. */
  static final long ASSERT_WAIT_MS = 7_000;

  /** Maestro's default bound of {@code scrollUntilVisible}, ms. */
  static final long SCROLL_TIMEOUT_MS = 20_000;

  /** The bound of {@code waitForAnimationToEnd} without a timeout, ms. */
  static final long ANIMATION_WAIT_MS = 15_000;

  /** The longest wait a device accepts, ms. */
  static final long LONGEST_WAIT_MS = 600_000;

  /** Maestro's default swipe duration, ms. */
  static final int SWIPE_MS = 400;

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private static final Pattern PERCENT_POINT =
      Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*%\\s*,\\s*(\\d+(?:\\.\\d+)?)\\s*%\\s*");

  /** Characters that make a Maestro text a regular expression rather than plain words. */
  private static final Pattern REGEX_SIGNS = Pattern.compile("[*+\\\\\\[\\]|^{}]");

  /** Keys Maestro's {@code pressKey} names that a HID finger presses too. */
  private static final Map<String, Key> KEYS =
      Map.ofEntries(
          Map.entry("enter", Key.ENTER),
          Map.entry("backspace", Key.BACKSPACE),
          Map.entry("back", Key.BACK),
          Map.entry("home", Key.HOME),
          Map.entry("volume up", Key.VOLUME_UP),
          Map.entry("volume down", Key.VOLUME_DOWN),
          Map.entry("escape", Key.ESCAPE),
          Map.entry("tab", Key.TAB),
          Map.entry("remote dpad up", Key.UP),
          Map.entry("remote dpad down", Key.DOWN),
          Map.entry("remote dpad left", Key.LEFT),
          Map.entry("remote dpad right", Key.RIGHT));

  /** Selector fields that pick an element by something other than its text. */
  private static final Set<String> OTHER_SELECTORS =
      Set.of(
          "id",
          "index",
          "below",
          "above",
          "leftOf",
          "rightOf",
          "containsChild",
          "childOf",
          "containsDescendants",
          "enabled",
          "checked",
          "focused",
          "selected",
          "width",
          "height",
          "tolerance",
          "traits",
          "css");

  private static final Map<String, String> WHY_NOT =
      Map.ofEntries(
          Map.entry(
              "launchApp", "a finger and a camera cannot start an app: open it before the replay"),
          Map.entry("stopApp", "a finger and a camera cannot stop an app"),
          Map.entry("killApp", "a finger and a camera cannot kill an app"),
          Map.entry("clearState", "a finger and a camera cannot clear an app's data"),
          Map.entry("clearKeychain", "a finger and a camera cannot clear the keychain"),
          Map.entry("openLink", "a finger and a camera cannot open a link directly"),
          Map.entry("hideKeyboard", "no one gesture hides every keyboard"),
          Map.entry("eraseText", "a flow has no step that erases typed text"),
          Map.entry("runFlow", "sub-flows are not imported: import the sub-flow's file"),
          Map.entry("runScript", "a flow runs no scripts"),
          Map.entry("evalScript", "a flow runs no scripts"),
          Map.entry("assertTrue", "a flow evaluates no expressions"),
          Map.entry("repeat", "a flow has no loops"),
          Map.entry("retry", "a flow has no retries"),
          Map.entry("copyTextFrom", "a flow has no clipboard"),
          Map.entry("pasteText", "a flow has no clipboard"),
          Map.entry("setClipboard", "a flow has no clipboard"),
          Map.entry("doubleTapOn", "a flow has no double tap"),
          Map.entry("takeScreenshot", "a replay's report keeps the screens"),
          Map.entry("setLocation", "a finger and a camera cannot set the location"),
          Map.entry("travel", "a finger and a camera cannot set the location"),
          Map.entry("setAirplaneMode", "a finger and a camera cannot switch airplane mode"),
          Map.entry("toggleAirplaneMode", "a finger and a camera cannot switch airplane mode"),
          Map.entry("setOrientation", "a finger and a camera cannot turn the phone"),
          Map.entry("setPermissions", "a finger and a camera cannot grant permissions"),
          Map.entry("addMedia", "a finger and a camera cannot add media"),
          Map.entry("startRecording", "a replay's report keeps the screens"),
          Map.entry("stopRecording", "a replay's report keeps the screens"),
          Map.entry("assertWithAI", "a flow replays without a model"),
          Map.entry("assertNoDefectsWithAI", "a flow replays without a model"),
          Map.entry("extractTextWithAI", "a flow replays without a model"),
          Map.entry("inputRandomText", "a flow types the same text on every replay"),
          Map.entry("inputRandomNumber", "a flow types the same text on every replay"),
          Map.entry("inputRandomEmail", "a flow types the same text on every replay"),
          Map.entry("inputRandomPersonName", "a flow types the same text on every replay"));

  private final Map<String, String> env;

  private MaestroYaml(Map<String, String> env) {
    this.env = env;
  }

  /**
   * Reads a Maestro flow: an optional config document ({@code appId}, {@code name}, {@code env})
   * before {@code ---}, then the list of commands.
   *
   * @param env variables for {@code ${NAME}}, over the config's {@code env}
   * @param skipped where to list the commands left out, or null to refuse the first one
   * @throws SwipeException {@code flow_invalid} for text that is no Maestro flow, or (without
   *     {@code skipped}) naming the first command that maps to no step: details {@code field}
   *     ({@code commands[3]}), {@code index} and {@code command}
   */
  public static Flow parse(
      String yaml, Map<String, String> env, @Nullable List<MaestroImport.Skipped> skipped) {
    List<JsonNode> docs = new ArrayList<>();
    // Document by document: a reader of values would take a list's items for documents.
    try (JsonParser parser = YAML.getFactory().createParser(yaml)) {
      while (parser.nextToken() != null) {
        JsonNode doc = YAML.readTree(parser);
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          docs.add(doc);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw invalid("flow", "is not YAML: " + e.getMessage(), e);
    }
    JsonNode config = null;
    JsonNode commands;
    if (docs.size() == 1 && docs.get(0).isArray()) {
      commands = docs.get(0);
    } else if (docs.size() == 2 && docs.get(0).isObject() && docs.get(1).isArray()) {
      config = docs.get(0);
      commands = docs.get(1);
    } else {
      throw invalid(
          "flow",
          "a Maestro flow is a list of commands, after a config (appId, name, env) and ---",
          null);
    }
    Map<String, String> variables = new HashMap<>();
    String name = "maestro flow";
    if (config != null) {
      JsonNode configEnv = config.get("env");
      if (configEnv != null && configEnv.isObject()) {
        configEnv.properties().forEach(e -> variables.put(e.getKey(), e.getValue().asText()));
      }
      JsonNode appId = config.get("appId");
      if (appId != null && appId.isValueNode()) {
        name = appId.asText();
      }
      JsonNode flowName = config.get("name");
      if (flowName != null && flowName.isValueNode()) {
        name = flowName.asText();
      }
      for (String hook : List.of("onFlowStart", "onFlowComplete")) {
        if (config.has(hook)) {
          String why = "hooks run commands around the flow; put the ones a flow can play in it";
          if (skipped == null) {
            throw new SwipeException(
                FlowCode.FLOW_INVALID,
                "config." + hook + ": " + why,
                Map.of("field", "config." + hook, "index", -1, "command", hook));
          }
          skipped.add(new MaestroImport.Skipped(-1, hook, why));
        }
      }
    }
    variables.putAll(env);
    MaestroYaml reader = new MaestroYaml(variables);
    List<FlowStep> steps = new ArrayList<>();
    for (int i = 0; i < commands.size(); i++) {
      JsonNode c = commands.get(i);
      String command;
      JsonNode args;
      if (c.isTextual()) {
        command = c.asText();
        args = null;
      } else if (c.isObject() && c.size() == 1) {
        Map.Entry<String, JsonNode> only = c.properties().iterator().next();
        command = only.getKey();
        args = only.getValue();
      } else {
        throw invalid(
            "commands[" + i + "]", "must be a command's name or a mapping of one command", null);
      }
      try {
        steps.add(reader.step(command, args));
      } catch (Unmappable u) {
        if (skipped == null) {
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("field", "commands[" + i + "]");
          details.put("index", i);
          details.put("command", command);
          throw new SwipeException(
              FlowCode.FLOW_INVALID,
              "commands[" + i + "] (" + command + "): " + u.getMessage(),
              details);
        }
        skipped.add(new MaestroImport.Skipped(i, command, String.valueOf(u.getMessage())));
      }
    }
    return new Flow(Flow.VERSION, name, SCREEN, SCREEN, steps);
  }

  private FlowStep step(String command, @Nullable JsonNode args) {
    return switch (command) {
      case "tapOn" -> tap(required(args), false);
      case "longPressOn" -> tap(required(args), true);
      case "assertVisible" ->
          new FlowStep.WaitText(target(required(args), Set.of()), false, ASSERT_WAIT_MS);
      case "assertNotVisible" ->
          new FlowStep.WaitText(target(required(args), Set.of()), true, ASSERT_WAIT_MS);
      case "extendedWaitUntil" -> extendedWait(required(args));
      case "scrollUntilVisible" -> scrollUntil(required(args));
      case "scroll" -> {
        none(args);
        yield new FlowStep.Scroll(new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null), null);
      }
      case "swipe" -> swipe(required(args));
      case "inputText" -> typeText(required(args));
      case "back" -> {
        none(args);
        yield new FlowStep.PressKey(Key.BACK);
      }
      case "pressKey" -> pressKey(required(args));
      case "waitForAnimationToEnd" -> waitForAnimation(args);
      default -> {
        String why = WHY_NOT.get(command);
        throw new Unmappable(
            why != null ? why : "is no Maestro command this import knows to map to a step");
      }
    };
  }

  private FlowStep tap(JsonNode args, boolean longPress) {
    if (args.isObject()) {
      Fields f =
          new Fields(
              args,
              Set.of("retryTapIfNoChange", "waitToSettleTimeoutMs", "waitUntilVisible", "delay"));
      JsonNode repeat = args.get("repeat");
      if (repeat != null && repeat.asInt(0) != 1) {
        throw new Unmappable("repeat: a flow taps once per step");
      }
      if (args.has("point")) {
        if (args.has("text")) {
          throw new Unmappable("point within an element: a flow taps a text at its centre");
        }
        f.done(Set.of("point", "repeat"));
        NormPoint at = percentPoint(text(args.get("point")), "point");
        return new FlowStep.Tap(
            at, longPress ? LongPress.DEFAULT_HOLD_MS : Tap.DEFAULT_HOLD_MS, longPress, null, null);
      }
    }
    if (longPress) {
      throw new Unmappable("a flow has no long press on a text, only at a point");
    }
    return new FlowStep.TapText(
        target(
            args,
            Set.of(
                "retryTapIfNoChange",
                "waitToSettleTimeoutMs",
                "waitUntilVisible",
                "repeat",
                "delay")),
        null,
        null);
  }

  private FlowStep extendedWait(JsonNode args) {
    Fields f = new Fields(args, Set.of());
    long timeout = args.has("timeout") ? millis(args.get("timeout"), "timeout") : ASSERT_WAIT_MS;
    JsonNode visible = args.get("visible");
    JsonNode notVisible = args.get("notVisible");
    f.done(Set.of("visible", "notVisible", "timeout"));
    if ((visible == null) == (notVisible == null)) {
      throw new Unmappable("needs one of visible and notVisible");
    }
    return visible != null
        ? new FlowStep.WaitText(target(visible, Set.of()), false, timeout)
        : new FlowStep.WaitText(target(notVisible, Set.of()), true, timeout);
  }

  private FlowStep scrollUntil(JsonNode args) {
    Fields f = new Fields(args, Set.of("speed", "visibilityPercentage", "centerElement"));
    JsonNode element = args.get("element");
    if (element == null) {
      throw new Unmappable("needs an element");
    }
    ScrollDirection direction =
        args.has("direction") ? direction(text(args.get("direction"))) : ScrollDirection.DOWN;
    long timeout = args.has("timeout") ? millis(args.get("timeout"), "timeout") : SCROLL_TIMEOUT_MS;
    f.done(Set.of("element", "direction", "timeout"));
    return new FlowStep.ScrollUntil(
        target(element, Set.of()),
        new FlowStep.ScrollMove(direction, 0.8, null),
        SearchPace.FLING,
        60,
        timeout,
        null,
        FlowStep.FOUND);
  }

  private FlowStep swipe(JsonNode args) {
    if (!args.isObject()) {
      throw new Unmappable("needs a direction, or start and end");
    }
    Fields f = new Fields(args, Set.of());
    if (args.has("from")) {
      throw new Unmappable("from an element: a flow drags a text to a point, not a way");
    }
    int duration =
        args.has("duration")
            ? (int) Math.min(60_000, millis(args.get("duration"), "duration"))
            : SWIPE_MS;
    FlowStep.Motion d = FlowStep.Motion.DEFAULT;
    FlowStep.Motion motion =
        new FlowStep.Motion(Math.max(1, duration), d.steps(), d.holdBeforeMs(), d.holdAfterMs());
    NormPoint from;
    NormPoint to;
    if (args.has("direction")) {
      f.done(Set.of("direction", "duration"));
      // Maestro names the way the finger moves.
      switch (direction(text(args.get("direction")))) {
        case LEFT -> {
          from = NormPoint.of(900, 500);
          to = NormPoint.of(100, 500);
        }
        case RIGHT -> {
          from = NormPoint.of(100, 500);
          to = NormPoint.of(900, 500);
        }
        case UP -> {
          from = NormPoint.of(500, 800);
          to = NormPoint.of(500, 200);
        }
        default -> {
          from = NormPoint.of(500, 200);
          to = NormPoint.of(500, 800);
        }
      }
    } else if (args.has("start") && args.has("end")) {
      f.done(Set.of("start", "end", "duration"));
      from = percentPoint(text(args.get("start")), "start");
      to = percentPoint(text(args.get("end")), "end");
    } else {
      throw new Unmappable("needs a direction, or start and end");
    }
    return new FlowStep.Swipe(from, to, motion, null);
  }

  private FlowStep typeText(JsonNode args) {
    String typed;
    if (args.isObject()) {
      new Fields(args, Set.of()).done(Set.of("text"));
      typed = text(args.get("text"));
    } else {
      typed = text(args);
    }
    if (typed.isEmpty()) {
      throw new Unmappable("types nothing");
    }
    return new FlowStep.TypeText(typed);
  }

  private FlowStep pressKey(JsonNode args) {
    String name = text(args);
    Key key = KEYS.get(name.strip().toLowerCase(Locale.ROOT));
    if (key == null) {
      throw new Unmappable("the key '" + name + "' has no HID usage a finger can press");
    }
    return new FlowStep.PressKey(key);
  }

  private FlowStep waitForAnimation(@Nullable JsonNode args) {
    long timeout = ANIMATION_WAIT_MS;
    if (args != null && !args.isNull()) {
      if (!args.isObject()) {
        throw new Unmappable("takes only a timeout");
      }
      new Fields(args, Set.of()).done(Set.of("timeout"));
      if (args.has("timeout")) {
        timeout = millis(args.get("timeout"), "timeout");
      }
    }
    return new FlowStep.WaitStable(timeout);
  }

  /** The text a selector picks; {@code tolerated} are fields that tune Maestro only. */
  private FlowStep.TextTarget target(JsonNode selector, Set<String> tolerated) {
    String text;
    if (selector.isObject()) {
      for (Iterator<String> names = selector.fieldNames(); names.hasNext(); ) {
        String n = names.next();
        if (OTHER_SELECTORS.contains(n)) {
          throw new Unmappable(
              "selects by " + n + ", which a screen's pixels cannot tell; select by text");
        }
      }
      new Fields(selector, tolerated).done(Set.of("text"));
      JsonNode t = selector.get("text");
      if (t == null) {
        throw new Unmappable("selects no text");
      }
      text = text(t);
    } else {
      text = text(selector);
    }
    return textTarget(text);
  }

  /**
   * Maestro matches text as a regular expression over a whole element, or as itself. Text with the
   * marks of a regular expression is one, found in a line; any other text is matched as words,
   * ignoring case and punctuation, as the SDK reads text.
   */
  static FlowStep.TextTarget textTarget(String text) {
    if (REGEX_SIGNS.matcher(text).find()) {
      try {
        Pattern.compile(text);
        return new FlowStep.TextTarget(text, TextQuery.Match.REGEX, TextQuery.Scope.WORDS, 0, null);
      } catch (PatternSyntaxException e) {
        // Maestro takes an invalid regular expression as plain text
      }
    }
    try {
      return FlowStep.TextTarget.of(text);
    } catch (SwipeException e) {
      throw new Unmappable("cannot be looked for as text: " + e.getMessage());
    }
  }

  private static JsonNode required(@Nullable JsonNode args) {
    if (args == null || args.isNull()) {
      throw new Unmappable("needs arguments");
    }
    return args;
  }

  private static void none(@Nullable JsonNode args) {
    if (args != null && !args.isNull() && !(args.isObject() && onlyCommon(args))) {
      throw new Unmappable("takes no arguments");
    }
  }

  private static boolean onlyCommon(JsonNode args) {
    for (Iterator<String> names = args.fieldNames(); names.hasNext(); ) {
      String n = names.next();
      if (!n.equals("label") && !n.equals("optional")) {
        return false;
      }
    }
    optional(args);
    return true;
  }

  private static void optional(JsonNode args) {
    JsonNode optional = args.get("optional");
    if (optional != null && optional.asBoolean(false)) {
      throw new Unmappable("optional: a replay plays every step of a flow");
    }
  }

  /** A scalar's text with {@code ${NAME}} replaced from the environment. */
  private String text(@Nullable JsonNode node) {
    if (node == null || !node.isValueNode() || node.isNull()) {
      throw new Unmappable("needs a text");
    }
    String raw = node.asText();
    Matcher m = VARIABLE.matcher(raw);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1).strip();
      String value = IDENTIFIER.matcher(name).matches() ? env.get(name) : null;
      if (value == null) {
        throw new Unmappable(
            "${"
                + name
                + "} is a JavaScript expression or a variable no env gives; a flow holds plain"
                + " text");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  private long millis(JsonNode node, String field) {
    String t = text(node).strip();
    long ms;
    try {
      ms = Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new Unmappable(field + " must be milliseconds, was '" + t + "'");
    }
    if (ms < 1 || ms > LONGEST_WAIT_MS) {
      throw new Unmappable(
          field + " must be 1 to " + LONGEST_WAIT_MS + " ms (a device waits at most 10 minutes)");
    }
    return ms;
  }

  private static ScrollDirection direction(String id) {
    for (ScrollDirection d : ScrollDirection.values()) {
      if (d.name().equalsIgnoreCase(id.strip())) {
        return d;
      }
    }
    throw new Unmappable("direction must be UP, DOWN, LEFT or RIGHT, was '" + id + "'");
  }

  private static NormPoint percentPoint(String text, String field) {
    Matcher m = PERCENT_POINT.matcher(text);
    if (!m.matches()) {
      throw new Unmappable(
          field
              + " '"
              + text
              + "' is in pixels of a screen the import does not know; give it in percent ("
              + "50%, 50%)");
    }
    double x = Double.parseDouble(m.group(1));
    double y = Double.parseDouble(m.group(2));
    if (x > 100 || y > 100) {
      throw new Unmappable(field + " '" + text + "' lies off the screen");
    }
    return NormPoint.of(x * 10, y * 10);
  }

  /**
   * A command's mapping: {@link #done} refuses fields outside those it names, the ones {@code
   * tolerated} (they tune Maestro only) and the common {@code label} and {@code optional}.
   */
  private static final class Fields {
    private final JsonNode node;
    private final Set<String> tolerated;

    Fields(JsonNode node, Set<String> tolerated) {
      if (!node.isObject()) {
        throw new Unmappable("needs a mapping of arguments");
      }
      this.node = node;
      this.tolerated = tolerated;
      optional(node);
    }

    void done(Set<String> known) {
      for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
        String n = names.next();
        if (!known.contains(n)
            && !tolerated.contains(n)
            && !n.equals("label")
            && !n.equals("optional")) {
          throw new Unmappable("has a field '" + n + "' a flow has no place for");
        }
      }
    }
  }

  /** A command that maps to no step, unwound to {@link #parse}. */
  private static final class Unmappable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unmappable(String reason) {
      super(reason, null, false, false);
    }
  }

  private static SwipeException invalid(String field, String message, @Nullable Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("field", field);
    return new SwipeException(
        FlowCode.FLOW_INVALID, "not a Maestro flow: " + field + " " + message, details, cause);
  }
}
