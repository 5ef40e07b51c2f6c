package dev.swipe.flow.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.scroll.Movement;
import dev.swipe.diff.ZoomChange;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowStep;
import dev.swipe.text.TextQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Writes a flow as the Java source of a JUnit 5 test: one block per step that does what {@link
 * Replayer} does through the public {@code Device} API and asserts the verdict the step was
 * recorded with. Text is always looked for again; only raw gestures replay their 0-1000 points. An
 * anchor's image has no public API to be found by, so the source finds text only.
 */
public final class JUnitSource {
  /** The system property that names another device for the generated test. */
  public static final String DEVICE_PROPERTY = "swipe.device";

  /** The system property that names the directory golden images are found in. */
  public static final String FLOW_DIR_PROPERTY = "swipe.flow.dir";

  /** Java's keywords and literals (JLS 3.9, 3.10), which no name may be. */
  private static final Pattern KEYWORDS =
      Pattern.compile(
          "abstract|assert|boolean|break|byte|case|catch|char|class|const|continue|default|do"
              + "|double|else|enum|extends|final|finally|float|for|goto|if|implements|import"
              + "|instanceof|int|interface|long|native|new|package|private|protected|public"
              + "|return|short|static|strictfp|super|switch|synchronized|this|throw|throws"
              + "|transient|try|void|volatile|while|true|false|null|_");

  /** Names a class may not take though they are identifiers (JLS 3.9, contextual keywords). */
  private static final Set<String> NOT_TYPE_NAMES =
      Set.of("var", "yield", "record", "sealed", "permits");

  private static final Map<String, Key> KEYS =
      Map.ofEntries(
          Map.entry("ENTER", Key.ENTER),
          Map.entry("ESCAPE", Key.ESCAPE),
          Map.entry("BACKSPACE", Key.BACKSPACE),
          Map.entry("TAB", Key.TAB),
          Map.entry("SPACE", Key.SPACE),
          Map.entry("RIGHT", Key.RIGHT),
          Map.entry("LEFT", Key.LEFT),
          Map.entry("DOWN", Key.DOWN),
          Map.entry("UP", Key.UP),
          Map.entry("HOME", Key.HOME),
          Map.entry("BACK", Key.BACK),
          Map.entry("VOLUME_UP", Key.VOLUME_UP),
          Map.entry("VOLUME_DOWN", Key.VOLUME_DOWN));

  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9]+");

  private final Flow flow;
  private final Set<String> imports = new TreeSet<>();
  private final Set<String> staticImports = new TreeSet<>();
  private final StringBuilder body = new StringBuilder();
  private boolean textWait;
  private boolean flowDir;
  private int indent;

  private JUnitSource(Flow flow) {
    this.flow = flow;
  }

  /**
   * The source of class {@code className} in {@code packageName} (empty for the unnamed package)
   * that replays {@code flow} on {@code deviceUri}.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code flow}, {@code packageName},
   *     {@code className} or {@code deviceUri}
   */
  public static String write(Flow flow, String packageName, String className, String deviceUri) {
    SwipeException.requireArgument(flow, "flow");
    SwipeException.requireArgument(packageName, "packageName");
    SwipeException.requireArgument(className, "className");
    SwipeException.requireArgument(deviceUri, "deviceUri");
    if (!packageName.isEmpty()) {
      for (String part : packageName.split("\\.", -1)) {
        if (!isIdentifier(part)) {
          throw SwipeException.invalidArgument(
              "packageName", "must be a Java package name, was '" + packageName + "'");
        }
      }
    }
    if (!isIdentifier(className) || NOT_TYPE_NAMES.contains(className)) {
      throw SwipeException.invalidArgument(
          "className", "must be a Java class name, was '" + className + "'");
    }
    if (deviceUri.isBlank()) {
      throw SwipeException.invalidArgument("deviceUri", "must not be blank");
    }
    return new JUnitSource(flow).source(packageName, className, deviceUri);
  }

  /** Whether {@code name} is a Java identifier that is no keyword or literal. */
  static boolean isIdentifier(String name) {
    if (name.isEmpty() || KEYWORDS.matcher(name).matches()) {
      return false;
    }
    if (!Character.isJavaIdentifierStart(name.codePointAt(0))) {
      return false;
    }
    return name.codePoints().allMatch(Character::isJavaIdentifierPart);
  }

  private String source(String packageName, String className, String deviceUri) {
    String device = type("dev.swipe.core.Device");
    String test = type("org.junit.jupiter.api.Test");
    String displayName = type("org.junit.jupiter.api.DisplayName");
    indent = 3;
    List<FlowStep> steps = flow.steps();
    for (int i = 0; i < steps.size(); i++) {
      step(i + 1, steps.get(i));
    }
    if (textWait) {
      type("java.time.Duration");
    }
    if (flowDir) {
      type("java.nio.file.Path");
    }
    List<String> taken = new ArrayList<>(imports);
    taken.addAll(List.of("java.lang.String", "java.lang.System", "java.lang.Math"));
    for (String i : taken) {
      String simple = i.substring(i.lastIndexOf('.') + 1);
      if (simple.equals(className)) {
        throw SwipeException.invalidArgument(
            "className",
            "must not be the name of a class the test imports ("
                + i
                + "), was '"
                + className
                + "'");
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("// Written by swipe's FlowExport from the flow ")
        .append(javaString(flow.name()))
        .append(": export the flow again rather than edit this file.\n");
    if (!packageName.isEmpty()) {
      out.append("package ").append(packageName).append(";\n\n");
    }
    for (String s : staticImports) {
      out.append("import static ").append(s).append(";\n");
    }
    if (!staticImports.isEmpty()) {
      out.append('\n');
    }
    for (String i : imports) {
      out.append("import ").append(i).append(";\n");
    }
    out.append('\n');
    out.append("/**\n")
        .append(" * The flow ")
        .append(comment(flow.name()))
        .append(" as a test: each step finds its text again on the\n")
        .append(
            " * screen and asserts the verdict it was recorded with. Run it on another device with\n")
        .append(" * -D")
        .append(DEVICE_PROPERTY)
        .append("=URI.\n")
        .append(" */\n");
    out.append("class ").append(className).append(" {\n");
    out.append("  /** The device: the system property ")
        .append(DEVICE_PROPERTY)
        .append(", else the one the flow was exported for. */\n");
    out.append("  private static final String DEVICE = System.getProperty(")
        .append(javaString(DEVICE_PROPERTY))
        .append(", ")
        .append(javaString(deviceUri))
        .append(");\n");
    if (textWait) {
      out.append("\n  /** How long a step waits for its text to show before it fails. */\n");
      out.append("  private static final ")
          .append(type("java.time.Duration"))
          .append(" TEXT_WAIT = Duration.ofSeconds(")
          .append(Replayer.ANCHOR_WAIT.toSeconds())
          .append(");\n");
    }
    if (flowDir) {
      String path = type("java.nio.file.Path");
      out.append("\n  /** Where golden images are: the system property ")
          .append(FLOW_DIR_PROPERTY)
          .append(", else the working directory. */\n");
      out.append("  private static final ")
          .append(path)
          .append(" FLOW_DIR = ")
          .append(path)
          .append(".of(System.getProperty(")
          .append(javaString(FLOW_DIR_PROPERTY))
          .append(", \".\"));\n");
    }
    out.append('\n');
    out.append("  @").append(test).append('\n');
    out.append("  @").append(displayName).append('(').append(javaString(flow.name())).append(")\n");
    out.append("  void ").append(methodName(flow.name())).append("() {\n");
    out.append("    try (").append(device).append(" device = Device.open(DEVICE)) {\n");
    out.append(body);
    out.append("    }\n");
    out.append("  }\n");
    out.append("}\n");
    return out.toString();
  }

  private static String methodName(String name) {
    StringBuilder b = new StringBuilder();
    Matcher words = WORD.matcher(name);
    while (words.find()) {
      String word = words.group();
      if (b.length() == 0) {
        b.append(word.toLowerCase(Locale.ROOT));
      } else {
        b.append(Character.toUpperCase(word.charAt(0)))
            .append(word.substring(1).toLowerCase(Locale.ROOT));
      }
    }
    String m = b.toString();
    return isIdentifier(m) ? m : "replaysTheFlow";
  }

  // --- steps ---

  private void step(int index, FlowStep step) {
    String what = "step " + index + " (" + step.kind() + ")";
    line("// " + comment(describe(index, step)));
    line("{");
    indent++;
    if (step instanceof FlowStep.TapText t) {
      tapText(what, t);
    } else if (step instanceof FlowStep.Tap t) {
      tap(what, t);
    } else if (step instanceof FlowStep.Swipe s) {
      change(
          what,
          s.expected(),
          "swiped",
          "device.swipe(" + swipe(point(s.from()), point(s.to()), s.motion()) + ")");
    } else if (step instanceof FlowStep.Drag d) {
      change(what, d.expected(), "dragged", "device.perform(" + drag(d) + ")");
    } else if (step instanceof FlowStep.DragText d) {
      dragText(what, d);
    } else if (step instanceof FlowStep.Scroll s) {
      scroll(what, s);
    } else if (step instanceof FlowStep.ScrollToEdge e) {
      scrollToEdge(what, e);
    } else if (step instanceof FlowStep.ScrollUntil u) {
      scrollUntil(what, u);
    } else if (step instanceof FlowStep.PanUntil p) {
      panUntil(what, p);
    } else if (step instanceof FlowStep.SetWheel w) {
      line(
          type("dev.swipe.core.WheelSetResult")
              + " wheel = device.wheels().set("
              + type("dev.swipe.wheel.WheelSet")
              + ".column("
              + w.column()
              + ").to("
              + javaString(w.to())
              + "));");
      line(
          assertion("assertEquals")
              + "("
              + javaString(w.to())
              + ", wheel.label(), "
              + javaString(what + ": the wheel shows another label")
              + ");");
    } else if (step instanceof FlowStep.TypeText t) {
      line("device.typeText(" + javaString(t.text()) + ");");
    } else if (step instanceof FlowStep.PressKey k) {
      line("device.key(" + key(k.key()) + ");");
    } else if (step instanceof FlowStep.WaitText w) {
      waitText(what, w);
    } else if (step instanceof FlowStep.WaitStable w) {
      line(
          assertion("assertTrue")
              + "(device.screen().waitForStable("
              + millis(w.timeoutMs())
              + ").held(), "
              + javaString(what + ": the screen did not settle in " + w.timeoutMs() + " ms")
              + ");");
    } else if (step instanceof FlowStep.AssertScreen a) {
      assertScreen(a);
    } else if (step instanceof FlowStep.Pinch p) {
      pinch(what, p);
    } else {
      throw new IllegalStateException("no step kind " + step.kind());
    }
    indent--;
    line("}");
  }

  private static String describe(int index, FlowStep step) {
    StringBuilder b = new StringBuilder().append(index).append(". ").append(step.kind());
    FlowStep.TextTarget target = target(step);
    if (target != null) {
      b.append(" \"").append(target.text()).append('"');
    }
    step.expect().ifPresent(e -> b.append(", recorded as ").append(e));
    return b.toString();
  }

  private static FlowStep.@Nullable TextTarget target(FlowStep step) {
    if (step instanceof FlowStep.TapText t) {
      return t.target();
    }
    if (step instanceof FlowStep.DragText d) {
      return d.target();
    }
    if (step instanceof FlowStep.ScrollUntil u) {
      return u.target();
    }
    if (step instanceof FlowStep.PanUntil p) {
      return p.target();
    }
    if (step instanceof FlowStep.WaitText w) {
      return w.target();
    }
    return null;
  }

  private void tapText(String what, FlowStep.TapText t) {
    findText(what, t.target());
    change(
        what,
        t.expected(),
        "tapped",
        "device.tap(seen.best().orElseThrow().center())",
        "seen.observation()");
  }

  private void tap(String what, FlowStep.Tap t) {
    FlowStep.Anchor anchor = t.anchored();
    String readThere = anchor == null ? null : anchor.text();
    String gesture =
        t.longPress() ? type(LongPress.class.getName()) : type("dev.swipe.core.gesture.Tap");
    if (anchor != null && readThere != null && searchable(readThere)) {
      // The text read under the finger is found again, and tapped where it was within it.
      findText(what, FlowStep.TextTarget.of(readThere));
      NormRegion r = anchor.region();
      double fx = (t.at().x() - r.x()) / r.w();
      double fy = (t.at().y() - r.y()) / r.h();
      line(type(NormRegion.class.getName()) + " found = seen.best().orElseThrow().region();");
      line(
          type(NormPoint.class.getName())
              + " at = NormPoint.of("
              + within("found.x() + " + num(fx) + " * found.w()", fx)
              + ", "
              + within("found.y() + " + num(fy) + " * found.h()", fy)
              + ");");
      change(
          what,
          t.expected(),
          "tapped",
          "device.perform(new " + gesture + "(at, " + t.holdMs() + "))",
          "seen.observation()");
      return;
    }
    change(
        what,
        t.expected(),
        "tapped",
        "device.perform(new " + gesture + "(" + point(t.at()) + ", " + t.holdMs() + "))");
  }

  private static boolean searchable(String text) {
    try {
      TextQuery.of(text);
      return true;
    } catch (SwipeException e) {
      return false;
    }
  }

  /** A coordinate that stays on the screen where the fraction reaches past the text's box. */
  private static String within(String expression, double fraction) {
    return fraction >= 0 && fraction <= 1
        ? expression
        : "Math.min(1000, Math.max(0, " + expression + "))";
  }

  private void dragText(String what, FlowStep.DragText d) {
    findText(what, d.target());
    line(type(NormPoint.class.getName()) + " to = " + point(d.to()) + ";");
    String gesture =
        "device.swipe(" + swipe("seen.best().orElseThrow().center()", "to", d.motion()) + ")";
    String expected = d.expected();
    if (expected == null) {
      line(gesture + ";");
      return;
    }
    line(type("dev.swipe.core.ActionResult") + " dragged = " + gesture + ";");
    FlowStep.TextTarget anywhere =
        new FlowStep.TextTarget(
            d.target().text(), d.target().match(), d.target().scope(), d.target().maxEdits(), null);
    line(
        type("dev.swipe.core.TextSearchResult")
            + " after = device.text().find(dragged.observation(), "
            + query(anywhere)
            + ");");
    line(
        "boolean placed = after.best().map(t -> t.center().distanceTo(to) <= "
            + num(Replayer.DRAG_REACH)
            + ").orElse(false);");
    boolean found = FlowStep.FOUND.equals(expected);
    line(
        assertion(found ? "assertTrue" : "assertFalse")
            + "(placed, "
            + javaString(
                what
                    + ": \""
                    + d.target().text()
                    + (found ? "\" was not read" : "\" was read")
                    + " within "
                    + num(Replayer.DRAG_REACH)
                    + " of "
                    + pointText(d.to())
                    + " after the drag, as it "
                    + (found ? "was" : "was not")
                    + " when recorded")
            + ");");
  }

  private void scroll(String what, FlowStep.Scroll s) {
    String expected = s.expected();
    String call = "device.scroll(" + scrollOf(s.move(), null) + ")";
    if (expected == null) {
      line(call + ";");
      return;
    }
    String movement = type(Movement.class.getName());
    line(type("dev.swipe.core.scroll.ScrollResult") + " scrolled = " + call + ";");
    line("if (scrolled.movement() != " + movement + ".UNOBSERVED) {");
    indent++;
    line(
        assertion("assertEquals")
            + "("
            + movement
            + "."
            + movementConstant(expected)
            + ", scrolled.movement(), "
            + javaString(what + ": the scroll was recorded as " + expected)
            + ");");
    indent--;
    line("}");
  }

  private static String movementConstant(String id) {
    for (Movement m : Movement.values()) {
      if (m.id().equals(id)) {
        return m.name();
      }
    }
    throw new IllegalStateException("no movement " + id);
  }

  private void scrollToEdge(String what, FlowStep.ScrollToEdge e) {
    String movement = type(Movement.class.getName());
    line(type("dev.swipe.core.scroll.Scroll") + " scroll = " + scrollOf(e.move(), null) + ";");
    line("boolean atEdge = false;");
    line("for (int pass = 0; pass < " + e.maxPasses() + " && !atEdge; pass++) {");
    indent++;
    line(movement + " moved = device.scroll(scroll).movement();");
    line("atEdge = moved == " + movement + ".AT_EDGE || moved == " + movement + ".UNCHANGED;");
    indent--;
    line("}");
    line(
        assertion("assertTrue")
            + "(atEdge, "
            + javaString(what + ": no edge in " + e.maxPasses() + " passes")
            + ");");
  }

  private void scrollUntil(String what, FlowStep.ScrollUntil u) {
    String search =
        type("dev.swipe.core.scroll.ScrollSearch")
            + ".builder().maxPasses("
            + u.maxPasses()
            + ").timeout("
            + millis(u.timeoutMs())
            + ").pace("
            + type("dev.swipe.core.scroll.SearchPace")
            + "."
            + u.pace().name()
            + ").build()";
    String call =
        "device.text().scrollUntil("
            + scrollOf(u.move(), null)
            + ", "
            + query(u.target())
            + ", "
            + search
            + ")";
    String expected = u.expected();
    if (expected == null) {
      line(call + ";");
      return;
    }
    line(type("dev.swipe.core.scroll.ScrollUntilResult") + " search = " + call + ";");
    boolean found = FlowStep.FOUND.equals(expected);
    line(
        assertion(found ? "assertTrue" : "assertFalse")
            + "(search.found(), "
            + javaString(
                what
                    + ": \""
                    + u.target().text()
                    + (found ? "\" was not found" : "\" was found, as it was not when recorded"))
            + ");");
  }

  private void panUntil(String what, FlowStep.PanUntil p) {
    String direction = type("dev.swipe.core.scroll.ScrollDirection");
    String movement = type(Movement.class.getName());
    line(type("dev.swipe.text.TextQuery") + " text = " + query(p.target()) + ";");
    line(type("dev.swipe.core.Observation") + " shown = device.screenshot();");
    line("boolean found = device.text().find(shown, text).found();");
    line(direction + " across = " + direction + "." + p.across().name() + ";");
    line(direction + " down = " + direction + "." + p.down().name() + ";");
    line("boolean rowDone = false;");
    line("for (int pans = 0; pans < " + p.maxPans() + " && !found; pans++) {");
    indent++;
    FlowStep.ScrollMove move = new FlowStep.ScrollMove(p.across(), p.amount(), p.region());
    String scroll = scrollOf("rowDone ? down : across", move, "shown");
    line(type("dev.swipe.core.scroll.ScrollResult") + " r = device.scroll(" + scroll + ");");
    line(
        "boolean ended = r.movement() == "
            + movement
            + ".AT_EDGE || r.movement() == "
            + movement
            + ".UNCHANGED;");
    line("if (rowDone) {");
    indent++;
    line("rowDone = false;");
    line("if (ended) {");
    line("  down = down.opposite();");
    line("}");
    indent--;
    line("} else if (ended) {");
    indent++;
    line("rowDone = true;");
    line("across = across.opposite();");
    indent--;
    line("}");
    line("shown = r.observation();");
    line("found = device.text().find(shown, text).found();");
    indent--;
    line("}");
    line(
        assertion("assertTrue")
            + "(found, "
            + javaString(
                what + ": \"" + p.target().text() + "\" was not found in " + p.maxPans() + " pans")
            + ");");
  }

  private void waitText(String what, FlowStep.WaitText w) {
    if (w.gone()) {
      line(type("dev.swipe.text.TextQuery") + " text = " + query(w.target()) + ";");
      line(
          assertion("assertTrue")
              + "(device.screen().waitUntil(device.text().gone(text), "
              + millis(w.timeoutMs())
              + ").held(), "
              + javaString(
                  what + ": \"" + w.target().text() + "\" did not go in " + w.timeoutMs() + " ms")
              + ");");
      return;
    }
    line(
        assertion("assertTrue")
            + "(device.text().waitFor("
            + query(w.target())
            + ", "
            + millis(w.timeoutMs())
            + ").found(), "
            + javaString(
                what + ": \"" + w.target().text() + "\" did not show in " + w.timeoutMs() + " ms")
            + ");");
  }

  private void assertScreen(FlowStep.AssertScreen a) {
    flowDir = true;
    List<String> masks = new ArrayList<>();
    for (NormRegion m : a.masks()) {
      masks.add(region(m));
    }
    line(
        "device.screen().assertMatches(FLOW_DIR.resolve("
            + javaString(a.golden())
            + "), "
            + type("java.util.List")
            + ".of("
            + String.join(", ", masks)
            + "), "
            + num(a.tolerance())
            + ");");
  }

  private void pinch(String what, FlowStep.Pinch p) {
    Pinch g = p.gesture();
    StringBuilder b =
        new StringBuilder(type(Pinch.class.getName()))
            .append(".builder(")
            .append(point(g.centre()))
            .append(')');
    if (!g.endCentre().equals(g.centre())) {
      b.append(".endCentre(").append(point(g.endCentre())).append(')');
    }
    b.append(".spread(")
        .append(num(g.startSpread()))
        .append(", ")
        .append(num(g.endSpread()))
        .append(')');
    if (g.angleDeg() != 0) {
      b.append(".angleDeg(").append(num(g.angleDeg())).append(')');
    }
    if (g.rotateDeg() != 0) {
      b.append(".rotateDeg(").append(num(g.rotateDeg())).append(')');
    }
    if (g.durationMs() != Pinch.DEFAULT_DURATION_MS) {
      b.append(".durationMs(").append(g.durationMs()).append(')');
    }
    if (g.steps() != Pinch.DEFAULT_STEPS) {
      b.append(".steps(").append(g.steps()).append(')');
    }
    if (g.holdBeforeMs() != Pinch.DEFAULT_HOLD_BEFORE_MS) {
      b.append(".holdBeforeMs(").append(g.holdBeforeMs()).append(')');
    }
    if (g.holdAfterMs() != Pinch.DEFAULT_HOLD_AFTER_MS) {
      b.append(".holdAfterMs(").append(g.holdAfterMs()).append(')');
    }
    b.append(".build()");
    String expected = p.expected();
    if (expected == null) {
      line("device.pinch(" + b + ");");
      return;
    }
    String zoom = type(ZoomChange.class.getName());
    line(type("dev.swipe.core.PinchResult") + " pinched = device.pinch(" + b + ");");
    line("if (pinched.zoom().observed()) {");
    indent++;
    line(
        assertion("assertEquals")
            + "("
            + zoom
            + ".Direction."
            + ZoomChange.Direction.fromId(expected).name()
            + ", pinched.zoom().direction(), "
            + javaString(what + ": the zoom was recorded as " + expected)
            + ");");
    indent--;
    line("}");
  }

  // --- shared pieces ---

  /** Declares {@code seen}: the text waited for, asserted found. */
  private void findText(String what, FlowStep.TextTarget target) {
    textWait = true;
    line(type("dev.swipe.text.TextQuery") + " text = " + query(target) + ";");
    line(
        type("dev.swipe.core.TextSearchResult")
            + " seen = device.text().waitFor(text, TEXT_WAIT);");
    line(
        assertion("assertTrue")
            + "(seen.found(), "
            + javaString(what + ": \"" + target.text() + "\" is not on the screen")
            + ");");
  }

  private void change(String what, @Nullable String expected, String name, String action) {
    if (expected == null) {
      line(action + ";");
      return;
    }
    line(type("dev.swipe.core.Observation") + " before = device.screenshot();");
    change(what, expected, name, action, "before");
  }

  /**
   * The action, and where a verdict was recorded, the assertion that the screen did (not) change.
   */
  private void change(
      String what, @Nullable String expected, String name, String action, String before) {
    if (expected == null) {
      line(action + ";");
      return;
    }
    line(type("dev.swipe.core.ActionResult") + " " + name + " = " + action + ";");
    boolean changed = FlowStep.CHANGED.equals(expected);
    line(
        assertion(changed ? "assertTrue" : "assertFalse")
            + "(device.screen().diff("
            + before
            + ", "
            + name
            + ".observation(), "
            + type(NormRegion.class.getName())
            + ".FULL).changed(), "
            + javaString(
                what
                    + (changed
                        ? ": the screen did not change"
                        : ": the screen changed, as it did not when recorded"))
            + ");");
  }

  private String query(FlowStep.TextTarget t) {
    String textQuery = type("dev.swipe.text.TextQuery");
    if (t.match() == TextQuery.Match.NORMALIZED
        && t.scope() == TextQuery.Scope.WORDS
        && t.within() == null) {
      return textQuery + ".of(" + javaString(t.text()) + ")";
    }
    StringBuilder b =
        new StringBuilder(textQuery).append(".builder(").append(javaString(t.text())).append(')');
    if (t.match() != TextQuery.Match.NORMALIZED) {
      b.append(".match(").append(textQuery).append(".Match.").append(t.match().name()).append(')');
    }
    if (t.scope() != TextQuery.Scope.WORDS) {
      b.append(".scope(").append(textQuery).append(".Scope.").append(t.scope().name()).append(')');
    }
    if (t.match() == TextQuery.Match.FUZZY) {
      b.append(".maxEdits(").append(t.maxEdits()).append(')');
    }
    NormRegion w = t.within();
    if (w != null) {
      b.append(".within(")
          .append(num(w.x()))
          .append(", ")
          .append(num(w.y()))
          .append(", ")
          .append(num(w.w()))
          .append(", ")
          .append(num(w.h()))
          .append(')');
    }
    return b.append(".build()").toString();
  }

  private String scrollOf(FlowStep.ScrollMove move, @Nullable String before) {
    return scrollOf(
        type("dev.swipe.core.scroll.ScrollDirection") + "." + move.direction().name(),
        move,
        before);
  }

  private String scrollOf(String direction, FlowStep.ScrollMove move, @Nullable String before) {
    StringBuilder b =
        new StringBuilder(type("dev.swipe.core.scroll.Scroll"))
            .append(".builder(")
            .append(direction)
            .append(").amount(")
            .append(num(move.amount()))
            .append(')');
    NormRegion r = move.region();
    if (r != null) {
      b.append(".region(").append(region(r)).append(')');
    }
    if (before != null) {
      b.append(".before(").append(before).append(')');
    }
    return b.append(".build()").toString();
  }

  private String swipe(String from, String to, FlowStep.Motion m) {
    StringBuilder b =
        new StringBuilder(type("dev.swipe.core.gesture.Swipe"))
            .append(".builder(")
            .append(from)
            .append(", ")
            .append(to)
            .append(')');
    FlowStep.Motion d = FlowStep.Motion.DEFAULT;
    if (m.durationMs() != d.durationMs()) {
      b.append(".durationMs(").append(m.durationMs()).append(')');
    }
    if (m.steps() != d.steps()) {
      b.append(".steps(").append(m.steps()).append(')');
    }
    if (m.holdBeforeMs() != d.holdBeforeMs()) {
      b.append(".holdBeforeMs(").append(m.holdBeforeMs()).append(')');
    }
    if (m.holdAfterMs() != d.holdAfterMs()) {
      b.append(".holdAfterMs(").append(m.holdAfterMs()).append(')');
    }
    return b.append(".build()").toString();
  }

  private String drag(FlowStep.Drag d) {
    List<String> points = new ArrayList<>();
    for (NormPoint p : d.path()) {
      points.add(point(p));
    }
    FlowStep.Motion m = d.motion();
    return "new "
        + type("dev.swipe.core.gesture.Drag")
        + "("
        + type("java.util.List")
        + ".of("
        + String.join(", ", points)
        + "), "
        + m.durationMs()
        + ", "
        + m.steps()
        + ", "
        + m.holdBeforeMs()
        + ", "
        + m.holdAfterMs()
        + ")";
  }

  private String key(Key k) {
    String keyType = type(Key.class.getName());
    for (Map.Entry<String, Key> e : KEYS.entrySet()) {
      if (e.getValue().equals(k)) {
        return keyType + "." + e.getKey();
      }
    }
    return keyType
        + "."
        + (k.page() == Key.Page.CONSUMER ? "consumer" : "keyboard")
        + "("
        + k.usage()
        + ", "
        + javaString(k.name())
        + ")";
  }

  private String point(NormPoint p) {
    return type(NormPoint.class.getName()) + ".of(" + num(p.x()) + ", " + num(p.y()) + ")";
  }

  private static String pointText(NormPoint p) {
    return "(" + num(p.x()) + ", " + num(p.y()) + ")";
  }

  private String region(NormRegion r) {
    return type(NormRegion.class.getName())
        + ".of("
        + num(r.x())
        + ", "
        + num(r.y())
        + ", "
        + num(r.w())
        + ", "
        + num(r.h())
        + ")";
  }

  private String millis(long ms) {
    return type("java.time.Duration") + ".ofMillis(" + ms + ")";
  }

  private String assertion(String name) {
    staticImports.add("org.junit.jupiter.api.Assertions." + name);
    return name;
  }

  /** The simple name of {@code qualified}, imported. */
  private String type(String qualified) {
    imports.add(qualified.replace('$', '.'));
    return qualified.substring(qualified.lastIndexOf('.') + 1).replace('$', '.');
  }

  private void line(String text) {
    body.append("  ".repeat(indent)).append(text).append('\n');
  }

  /** A double as a Java literal: whole numbers without a fraction. */
  static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  /**
   * {@code s} as a Java string literal. Line breaks and other control characters are escaped, and
   * every character outside ASCII is written as a unicode escape, so the source reads the same in
   * any encoding; a backslash is always doubled, so no text can form a unicode escape of its own.
   */
  public static String javaString(String s) {
    return '"' + escape(s, true) + '"';
  }

  /** Text for a comment: escaped as in a literal, so no line break or unicode escape gets out. */
  private static String comment(String s) {
    return escape(s, false).replace("*/", "*&#47;");
  }

  private static String escape(String s, boolean quotes) {
    StringBuilder b = new StringBuilder(s.length() + 2);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append(quotes ? "\\\"" : "\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\%03o", (int) c));
          } else if (c >= 0x7f) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
