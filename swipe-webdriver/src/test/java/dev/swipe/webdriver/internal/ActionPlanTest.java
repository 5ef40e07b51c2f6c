package dev.swipe.webdriver.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.PixelPoint;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * W3C action sequences compiled into the device's gestures: ticks, durations, coordinates,
 * refusals.
 */
@Timeout(60)
class ActionPlanTest {
  private static final int W = 270;
  private static final int H = 600;

  private static ActionPlan.Compiled compile(String actions) throws Exception {
    return compile(actions, Set.of());
  }

  private static ActionPlan.Compiled compile(String actions, Set<Modifier> held) throws Exception {
    JsonNode body = Json.MAPPER.readTree("{\"actions\":" + actions + "}");
    return ActionPlan.compile(body, new double[] {0, 0}, held, W, H);
  }

  private static String finger(String... actions) {
    return "[{\"type\":\"pointer\",\"id\":\"finger\",\"parameters\":{\"pointerType\":\"touch\"},\"actions\":["
        + String.join(",", actions)
        + "]}]";
  }

  private static String move(double x, double y, Integer duration) {
    return "{\"type\":\"pointerMove\",\"x\":"
        + x
        + ",\"y\":"
        + y
        + (duration == null ? "" : ",\"duration\":" + duration)
        + "}";
  }

  private static final String DOWN = "{\"type\":\"pointerDown\",\"button\":0}";
  private static final String UP = "{\"type\":\"pointerUp\",\"button\":0}";

  private static String pause(int ms) {
    return "{\"type\":\"pause\",\"duration\":" + ms + "}";
  }

  @Test
  void anAppiumSwipeIsOneSwipeWithItsExactTiming() throws Exception {
    ActionPlan.Compiled c =
        compile(finger(move(135, 500, 0), DOWN, pause(80), move(135, 100, 600), pause(120), UP));
    assertThat(c.items()).hasSize(1);
    Swipe s = (Swipe) c.items().get(0).gesture();
    assertThat(s.start()).isEqualTo(ActionPlan.norm(135, 500, W, H));
    assertThat(s.end()).isEqualTo(ActionPlan.norm(135, 100, W, H));
    assertThat(s.holdBeforeMs()).isEqualTo(80);
    assertThat(s.durationMs()).isEqualTo(600);
    assertThat(s.holdAfterMs()).isEqualTo(120);
    assertThat(s.steps()).isEqualTo(38); // one report per 16 ms display frame
    assertThat(c.totalMs()).isEqualTo(800);
    assertThat(c.pointerX()).isEqualTo(135);
    assertThat(c.pointerY()).isEqualTo(100);
  }

  @Test
  void aPressWithoutMovementIsATapOrFromHalfASecondALongPress() throws Exception {
    Tap t =
        (Tap) compile(finger(move(10, 20, null), DOWN, pause(100), UP)).items().get(0).gesture();
    assertThat(t.holdMs()).isEqualTo(100);
    assertThat(t.at()).isEqualTo(ActionPlan.norm(10, 20, W, H));
    LongPress p =
        (LongPress)
            compile(finger(move(10, 20, null), DOWN, pause(800), UP)).items().get(0).gesture();
    assertThat(p.holdMs()).isEqualTo(800);
    Tap instant = (Tap) compile(finger(DOWN, UP)).items().get(0).gesture();
    assertThat(instant.holdMs()).isEqualTo(1);
  }

  @Test
  void severalMovesAreOneDragThroughEveryPosition() throws Exception {
    ActionPlan.Compiled c =
        compile(
            finger(
                move(10, 10, 0),
                DOWN,
                move(100, 10, 200),
                pause(50),
                move(100, 300, 300),
                move(100, 300, 100),
                UP));
    Drag d = (Drag) c.items().get(0).gesture();
    assertThat(d.path())
        .containsExactly(
            ActionPlan.norm(10, 10, W, H),
            ActionPlan.norm(100, 10, W, H),
            ActionPlan.norm(100, 300, W, H));
    assertThat(d.durationMs()).isEqualTo(550);
    assertThat(d.holdBeforeMs()).isZero();
    assertThat(d.holdAfterMs()).isEqualTo(100);
  }

  @Test
  void pointerOriginMovesRelativeToTheFinger() throws Exception {
    ActionPlan.Compiled c =
        compile(
            "[{\"type\":\"pointer\",\"id\":\"f\",\"actions\":["
                + move(100, 300, 0)
                + ","
                + DOWN
                + ",{\"type\":\"pointerMove\",\"origin\":\"pointer\",\"x\":20,\"y\":-200,\"duration\":100},"
                + UP
                + "]}]");
    Swipe s = (Swipe) c.items().get(0).gesture();
    assertThat(s.end()).isEqualTo(ActionPlan.norm(120, 100, W, H));
  }

  @Test
  void aMoveWithoutDurationTakesTheWholeTickSetByAnotherSource() throws Exception {
    String fingerSeq =
        "{\"type\":\"pointer\",\"id\":\"f\",\"actions\":["
            + move(10, 500, 0)
            + ","
            + DOWN
            + ","
            + move(10, 100, null)
            + ","
            + UP
            + "]}";
    String keys =
        "{\"type\":\"key\",\"id\":\"k\",\"actions\":["
            + pause(0)
            + ","
            + pause(0)
            + ","
            + pause(400)
            + "]}";
    Swipe s = (Swipe) compile("[" + fingerSeq + "," + keys + "]").items().get(0).gesture();
    assertThat(s.durationMs()).isEqualTo(400);
  }

  @Test
  void keysBecomeKeyPressesWithTheModifiersHeld() throws Exception {
    String keys =
        "[{\"type\":\"key\",\"id\":\"k\",\"actions\":["
            + "{\"type\":\"keyDown\",\"value\":\"\\uE009\"},{\"type\":\"keyDown\",\"value\":\"a\"},{\"type\":\"pause\",\"duration\":30},"
            + "{\"type\":\"keyUp\",\"value\":\"a\"},{\"type\":\"keyUp\",\"value\":\"\\uE009\"},"
            + "{\"type\":\"keyDown\",\"value\":\"H\"},{\"type\":\"keyUp\",\"value\":\"H\"},"
            + "{\"type\":\"keyDown\",\"value\":\"\\uE007\"},{\"type\":\"keyUp\",\"value\":\"\\uE007\"}]}]";
    ActionPlan.Compiled c = compile(keys);
    List<KeyPress> presses = c.items().stream().map(i -> (KeyPress) i.gesture()).toList();
    assertThat(presses)
        .extracting(KeyPress::key)
        .containsExactly(Key.keyboard(0x04, "a"), Key.keyboard(0x0B, "H"), Key.ENTER);
    assertThat(presses.get(0).modifiers()).containsExactly(Modifier.CTRL);
    assertThat(presses.get(0).holdMs()).isEqualTo(30);
    assertThat(presses.get(1).modifiers()).containsExactly(Modifier.SHIFT);
    assertThat(presses.get(2).modifiers()).isEmpty();
    assertThat(c.modifiers()).isEmpty();
  }

  @Test
  void aModifierHeldAtTheEndIsKeptForTheNextRequest() throws Exception {
    ActionPlan.Compiled c =
        compile(
            "[{\"type\":\"key\",\"id\":\"k\",\"actions\":[{\"type\":\"keyDown\",\"value\":\"\\uE008\"}]}]");
    assertThat(c.modifiers()).containsExactly(Modifier.SHIFT);
    ActionPlan.Compiled next =
        compile(
            "[{\"type\":\"key\",\"id\":\"k\",\"actions\":[{\"type\":\"keyDown\",\"value\":\"1\"},"
                + "{\"type\":\"keyUp\",\"value\":\"1\"}]}]",
            c.modifiers());
    assertThat(((KeyPress) next.items().get(0).gesture()).modifiers())
        .containsExactly(Modifier.SHIFT);
  }

  private static void refused(String actions, W3cError error, String fieldPrefix) {
    assertThatThrownBy(() -> compile(actions))
        .as(actions)
        .isInstanceOfSatisfying(
            W3cFailure.class,
            f -> {
              assertThat(f.error()).isEqualTo(error);
              assertThat(f.data().path("field").asText()).startsWith(fieldPrefix);
            });
  }

  @Test
  void badRequestsAreRefusedWithTheSpecificationsErrors() {
    refused("{}", W3cError.INVALID_ARGUMENT, "actions");
    refused(
        "[{\"type\":\"pen\",\"id\":\"x\",\"actions\":[]}]",
        W3cError.INVALID_ARGUMENT,
        "actions[0].type");
    refused("[{\"type\":\"pointer\",\"actions\":[]}]", W3cError.INVALID_ARGUMENT, "actions[0].id");
    refused(
        "[{\"type\":\"pointer\",\"id\":\"a\",\"actions\":[]},{\"type\":\"key\",\"id\":\"a\",\"actions\":[]}]",
        W3cError.INVALID_ARGUMENT,
        "actions[1].id");
    refused(
        "[{\"type\":\"pointer\",\"id\":\"a\",\"parameters\":{\"pointerType\":\"stylus\"},\"actions\":[]}]",
        W3cError.INVALID_ARGUMENT,
        "actions[0].parameters.pointerType");
    refused(
        finger("{\"type\":\"pointerMove\",\"x\":\"1\",\"y\":2}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].x");
    refused(
        finger("{\"type\":\"pointerMove\",\"y\":2}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].x");
    refused(finger(move(1, 1, -5)), W3cError.INVALID_ARGUMENT, "actions[0].actions[0].duration");
    refused(
        finger(move(1, 1, 1_000_000_000)),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].duration");
    refused(
        finger("{\"type\":\"pointerMove\",\"x\":1,\"y\":1,\"duration\":2.5}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].duration");
    refused(finger(pause(40_000), pause(40_000)), W3cError.INVALID_ARGUMENT, "actions");
    refused(
        finger(move(W + 1, 10, 0)), W3cError.MOVE_TARGET_OUT_OF_BOUNDS, "actions[0].actions[0]");
    refused(finger(move(10, -0.5, 0)), W3cError.MOVE_TARGET_OUT_OF_BOUNDS, "actions[0].actions[0]");
    refused(
        finger(
            move(200, 10, 0),
            "{\"type\":\"pointerMove\",\"origin\":\"pointer\",\"x\":100,\"y\":0}"),
        W3cError.MOVE_TARGET_OUT_OF_BOUNDS,
        "actions[0].actions[1]");
    refused(
        finger(
            "{\"type\":\"pointerMove\",\"origin\":{\"element-6066-11e4-a52e-4f735466cecf\":\"e1\"},\"x\":0,\"y\":0}"),
        W3cError.NO_SUCH_ELEMENT,
        "actions[0].actions[0].origin");
    refused(
        finger("{\"type\":\"pointerMove\",\"origin\":\"screen\",\"x\":0,\"y\":0}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].origin");
    refused(finger(DOWN), W3cError.INVALID_ARGUMENT, "actions");
    refused(
        finger("{\"type\":\"pointerDown\",\"button\":2}", UP),
        W3cError.UNSUPPORTED_OPERATION,
        "actions[0].actions[0].button");
    refused(
        finger("{\"type\":\"pointerDown\"}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].button");
    refused(
        finger("{\"type\":\"keyDown\",\"value\":\"a\"}"),
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].type");
    refused(
        "[{\"type\":\"pointer\",\"id\":\"a\",\"actions\":["
            + DOWN
            + ","
            + UP
            + "]},"
            + "{\"type\":\"pointer\",\"id\":\"b\",\"actions\":["
            + DOWN
            + ","
            + UP
            + "]}]",
        W3cError.UNSUPPORTED_OPERATION,
        "actions");
    refused(
        "[{\"type\":\"wheel\",\"id\":\"w\",\"actions\":[{\"type\":\"scroll\",\"x\":0,\"y\":0,\"deltaX\":0,\"deltaY\":5}]}]",
        W3cError.UNSUPPORTED_OPERATION,
        "actions[0].actions[0].type");
    refused(
        "[{\"type\":\"key\",\"id\":\"k\",\"actions\":[{\"type\":\"keyDown\",\"value\":\"ab\"}]}]",
        W3cError.INVALID_ARGUMENT,
        "actions[0].actions[0].value");
    refused(
        "[{\"type\":\"key\",\"id\":\"k\",\"actions\":[{\"type\":\"keyDown\",\"value\":\"\u00e9\"}]}]",
        W3cError.UNSUPPORTED_OPERATION,
        "actions[0].actions[0].value");
    refused(
        "[{\"type\":\"key\",\"id\":\"k\",\"actions\":[{\"type\":\"keyDown\",\"value\":\"a\"}]}]",
        W3cError.INVALID_ARGUMENT,
        "actions");
    refused(
        "[{\"type\":\"pointer\",\"id\":\"f\",\"actions\":["
            + DOWN
            + ","
            + pause(100)
            + ","
            + pause(100)
            + ","
            + UP
            + "]},"
            + "{\"type\":\"key\",\"id\":\"k\",\"actions\":["
            + pause(0)
            + ",{\"type\":\"keyDown\",\"value\":\"a\"},"
            + "{\"type\":\"keyUp\",\"value\":\"a\"}]}]",
        W3cError.UNSUPPORTED_OPERATION,
        "actions");
  }

  private static String touch(String id, String... actions) {
    return "{\"type\":\"pointer\",\"id\":\""
        + id
        + "\",\"parameters\":{\"pointerType\":\"touch\"},\"actions\":["
        + String.join(",", actions)
        + "]}";
  }

  private static String sources(String... sources) {
    return "[" + String.join(",", sources) + "]";
  }

  private static NormPoint at(double x, double y) {
    return ActionPlan.norm(x, y, W, H);
  }

  @Test
  void twoTouchPointersAreOneMultiTouchOnOneClock() throws Exception {
    // tick 0: both move into place; 1: both down; 2: 50 ms rest; 3: both move apart (400 ms);
    // 4: 100 ms rest; 5: both up
    ActionPlan.Compiled c =
        compile(
            sources(
                touch(
                    "finger1",
                    move(120, 300, 0),
                    DOWN,
                    pause(50),
                    move(60, 300, 400),
                    pause(100),
                    UP),
                touch(
                    "finger2",
                    move(150, 300, 0),
                    DOWN,
                    pause(50),
                    move(210, 300, 400),
                    pause(100),
                    UP)));
    assertThat(c.items()).hasSize(1);
    ActionPlan.Touches t = (ActionPlan.Touches) c.items().get(0);
    assertThat(t.pointerIds()).containsExactly("finger1", "finger2");
    assertThat(t.startMs()).isZero();
    assertThat(t.endMs()).isEqualTo(550);
    MultiTouch m = t.gesture();
    assertThat(m.strokes()).hasSize(2);
    MultiTouch.Stroke left = m.strokes().get(0);
    assertThat(left.startMs()).isZero();
    assertThat(left.path())
        .containsExactly(at(120, 300), at(120, 300), at(60, 300), at(60, 300))
        .as("the pauses while pressed are legs on one point");
    assertThat(left.segmentMs()).containsExactly(50, 400, 100);
    MultiTouch.Stroke right = m.strokes().get(1);
    assertThat(right.path())
        .containsExactly(at(150, 300), at(150, 300), at(210, 300), at(210, 300));
    assertThat(right.segmentMs()).containsExactly(50, 400, 100);
    assertThat(c.totalMs()).isEqualTo(550);
    assertThat(c.pointerX()).as("the first pointer's position").isEqualTo(60);
  }

  @Test
  void fingersGoDownWhenTheirSourcesPressAndMovesTakeTheirOwnDurations() throws Exception {
    // finger a presses at 0; b waits a 100 ms tick first. A move without duration takes the tick
    // (300 ms, set by b's move); b's pointer-origin move is relative to b's own position
    ActionPlan.Compiled c =
        compile(
            sources(
                touch("a", move(100, 100, 0), DOWN, pause(100), pause(0), move(100, 200, null), UP),
                touch(
                    "b",
                    move(200, 100, 0),
                    pause(0),
                    pause(0),
                    DOWN,
                    "{\"type\":\"pointerMove\",\"origin\":\"pointer\",\"x\":-50,\"y\":0,"
                        + "\"duration\":300}",
                    UP)));
    ActionPlan.Touches t = (ActionPlan.Touches) c.items().get(0);
    MultiTouch.Stroke a = t.gesture().strokes().get(0);
    MultiTouch.Stroke b = t.gesture().strokes().get(1);
    assertThat(a.startMs()).isZero();
    assertThat(a.path()).containsExactly(at(100, 100), at(100, 100), at(100, 200));
    assertThat(a.segmentMs()).containsExactly(100, 300);
    assertThat(b.startMs()).isEqualTo(100);
    assertThat(b.path()).containsExactly(at(200, 100), at(150, 100));
    assertThat(b.segmentMs()).containsExactly(300);
    assertThat(t.endMs()).isEqualTo(400);
  }

  @Test
  void aTwoFingerTapWithoutTimeTouchesForOneMillisecond() throws Exception {
    ActionPlan.Compiled c =
        compile(
            sources(touch("a", move(10, 10, 0), DOWN, UP), touch("b", move(50, 10, 0), DOWN, UP)));
    MultiTouch m = ((ActionPlan.Touches) c.items().get(0)).gesture();
    assertThat(m.strokes().get(1).path()).containsExactly(at(50, 10), at(50, 10));
    assertThat(m.strokes().get(1).segmentMs()).containsExactly(1);
  }

  @Test
  void oneTouchPointerThatPressesAmongOthersThatOnlyMoveKeepsTheOneFingerGestures()
      throws Exception {
    ActionPlan.Compiled c =
        compile(
            sources(
                touch("a", move(10, 10, 0), DOWN, pause(100), UP, DOWN, UP),
                touch("b", move(50, 50, 0))));
    assertThat(c.items()).hasSize(2).allMatch(i -> i.gesture() instanceof Tap);
  }

  @Test
  void severalPointersMustBeTouchPointersAndAtMostTen() {
    String mouse =
        "{\"type\":\"pointer\",\"id\":\"mouse\",\"parameters\":{\"pointerType\":\"mouse\"},"
            + "\"actions\":["
            + DOWN
            + ","
            + UP
            + "]}";
    refused(sources(touch("finger", DOWN, UP), mouse), W3cError.UNSUPPORTED_OPERATION, "actions");
    assertThatThrownBy(() -> compile(sources(touch("finger", DOWN, UP), mouse)))
        .hasMessageContaining("'finger' and 'mouse'")
        .hasMessageContaining("pointerType touch");
    String[] eleven = new String[11];
    for (int i = 0; i < eleven.length; i++) {
      eleven[i] = touch("f" + i, move(10 + 20 * i, 10, 0), DOWN, UP);
    }
    refused(sources(eleven), W3cError.INVALID_ARGUMENT, "actions");
    String[] ten = java.util.Arrays.copyOf(eleven, 10);
    assertThat(
            ((ActionPlan.Touches) assertCompiles(sources(ten)).items().get(0)).gesture().strokes())
        .hasSize(10);
    // a multi-touch finger presses once per request
    refused(
        sources(touch("a", DOWN, UP, DOWN, UP), touch("b", DOWN, pause(10), UP)),
        W3cError.UNSUPPORTED_OPERATION,
        "actions[0].actions[2]");
    // a finger left down is refused whichever source it is
    refused(sources(touch("a", DOWN, UP), touch("b", DOWN)), W3cError.INVALID_ARGUMENT, "actions");
    // a key press during a multi-touch is one gesture too many for the link
    refused(
        sources(
            touch("a", DOWN, pause(100), UP),
            touch("b", DOWN, pause(100), UP),
            "{\"type\":\"key\",\"id\":\"k\",\"actions\":["
                + pause(0)
                + ",{\"type\":\"keyDown\",\"value\":\"a\"},{\"type\":\"keyUp\",\"value\":\"a\"}]}"),
        W3cError.UNSUPPORTED_OPERATION,
        "actions");
  }

  private static ActionPlan.Compiled assertCompiles(String actions) {
    try {
      return compile(actions);
    } catch (Exception e) {
      throw new AssertionError(actions, e);
    }
  }

  @Test
  void aSecondPointerThatOnlyPausesIsJustTime() throws Exception {
    ActionPlan.Compiled c =
        compile(
            "[{\"type\":\"pointer\",\"id\":\"a\",\"actions\":["
                + DOWN
                + ","
                + pause(10)
                + ","
                + UP
                + "]},"
                + "{\"type\":\"pointer\",\"id\":\"b\",\"actions\":["
                + pause(0)
                + ","
                + pause(300)
                + "]}]");
    assertThat(((Tap) c.items().get(0).gesture()).holdMs()).isEqualTo(300);
  }

  @Test
  void theTotalIsTheSumOverTicksOfTheLongestDuration() {
    // property: for any number of sources of pauses, the request lasts sum_i max_s duration(s, i)
    qt().withExamples(200)
        .forAll(
            lists()
                .of(lists().of(integers().between(0, 400)).ofSizeBetween(0, 6))
                .ofSizeBetween(1, 4))
        .check(
            sources -> {
              ArrayNode arr = Json.MAPPER.createArrayNode();
              for (int s = 0; s < sources.size(); s++) {
                ObjectNode src = arr.addObject();
                src.put("type", "none");
                src.put("id", "s" + s);
                ArrayNode acts = src.putArray("actions");
                sources
                    .get(s)
                    .forEach(d -> acts.addObject().put("type", "pause").put("duration", d));
              }
              int ticks = sources.stream().mapToInt(List::size).max().orElse(0);
              long expected = 0;
              for (int i = 0; i < ticks; i++) {
                int max = 0;
                for (List<Integer> s : sources) {
                  if (i < s.size()) {
                    max = Math.max(max, s.get(i));
                  }
                }
                expected += max;
              }
              ObjectNode body = Json.MAPPER.createObjectNode();
              body.set("actions", arr);
              return ActionPlan.compile(body, new double[] {0, 0}, Set.of(), W, H).totalMs()
                  == expected;
            });
  }

  @Test
  void screenshotPixelsMapToNormalizedPointsAndBack() {
    // property: a pixel on the screen maps into [0, 1000] and back to the same pixel (DESIGN's
    // rule)
    qt().withExamples(500)
        .forAll(
            integers().between(2, 3000),
            integers().between(2, 3000),
            doubles().between(0, 1),
            doubles().between(0, 1))
        .check(
            (w, h, fx, fy) -> {
              double px = fx * (w - 1);
              double py = fy * (h - 1);
              NormPoint n = ActionPlan.norm(px, py, w, h);
              PixelPoint back = n.toPixel(w, h);
              return n.x() >= 0
                  && n.x() <= 1000
                  && n.y() >= 0
                  && n.y() <= 1000
                  && Math.abs(back.x() - px) < 1e-6
                  && Math.abs(back.y() - py) < 1e-6;
            });
  }
}
