package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.memory.MemoryStore;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimPhone;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ToolDispatcherTest {
  private static final ObjectMapper M = new ObjectMapper();
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private <T extends AutoCloseable> T keep(T c) {
    open.add(c);
    return c;
  }

  private ToolDispatcher tools(String uri, boolean inline) {
    Device d = keep(Device.open(uri));
    MemoryStore mem = keep(MemoryStore.open("mem:"));
    AgentRun run =
        keep(AgentRun.builder(d).memory(mem).acceptInlineImages(inline).simState(true).build());
    return new ToolDispatcher(run);
  }

  static JsonNode call(ToolDispatcher t, String name, String json) throws Exception {
    return M.readTree(t.call(name, json));
  }

  /** The result without its base64 image, for assertion messages. */
  static String brief(JsonNode r) {
    JsonNode c = r.deepCopy();
    if (c.isObject()) {
      ((ObjectNode) c).remove("image");
    }
    return c.toString();
  }

  static void assertError(JsonNode r, String code) {
    assertThat(r.has("error")).as("error result expected: %s", brief(r)).isTrue();
    assertThat(r.get("error").get("code").asText()).as(r.toString()).isEqualTo(code);
    assertThat(r.get("error").get("message").asText()).isNotBlank();
    assertThat(r.get("error").get("details").isObject()).isTrue();
  }

  @Test
  void specsUseSeedNamesAndClosedInputSchemas() {
    ToolDispatcher t = tools("sim:?scale=0.5", false);
    List<String> names = t.specs().stream().map(ToolSpec::name).toList();
    assertThat(names)
        .contains(
            "touch_gesture",
            "screenshot",
            "image_diff",
            "wheel_nudge",
            "scroll",
            "save_memory",
            "recall_memory",
            "click",
            "tap",
            "type_text",
            "drag",
            "press_back",
            "home",
            "finished",
            "failed_to_complete_task",
            "sim_state");
    for (ToolSpec s : t.specs()) {
      assertThat(s.inputSchema().get("type").asText()).isEqualTo("object");
      assertThat(s.inputSchema().get("additionalProperties").asBoolean(true))
          .as(s.name())
          .isFalse();
      assertThat(s.description().length()).as(s.name()).isGreaterThan(40);
      assertThat(s.outputSchema().get("type").asText()).isEqualTo("object");
    }
  }

  @Test
  void screenshotCarriesImageSizeAndRunScopedId() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5", false);
    JsonNode r = call(t, "screenshot", "{}");
    assertThat(r.get("screenshot_attachment_id").asText()).matches("shot-\\d+");
    assertThat(r.get("width").asInt()).isEqualTo(540);
    assertThat(r.get("height").asInt()).isEqualTo(1200);
    assertThat(r.get("mime_type").asText()).isEqualTo("image/jpeg");
    byte[] jpeg = Base64.getDecoder().decode(r.get("image").asText());
    assertThat(jpeg[0] & 0xFF).isEqualTo(0xFF);
    assertThat(jpeg[1] & 0xFF).isEqualTo(0xD8);
  }

  @Test
  void swipeThenDiffByAttachmentIdsSeesVerticalMotion() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=list", false);
    SimOracle oracle = SimOracle.of(t.run().device());
    JsonNode before = call(t, "screenshot", "{}");
    JsonNode after =
        call(
            t,
            "touch_gesture",
            "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":700},\"end\":{\"x\":500,\"y\":400},"
                + "\"duration_ms\":400,\"steps\":16,\"hold_after_ms\":100}");
    assertThat(after.get("action").asText()).isEqualTo("swipe");
    assertThat(after.get("image").asText()).isNotEmpty();
    assertThat(oracle.listOffsetPx()).isGreaterThan(0);
    JsonNode d =
        call(
            t,
            "image_diff",
            "{\"before\":\""
                + before.get("screenshot_attachment_id").asText()
                + "\",\"after\":\""
                + after.get("screenshot_attachment_id").asText()
                + "\"}");
    assertThat(d.get("changed").asBoolean()).isTrue();
    assertThat(d.get("diff_ratio").asDouble()).isGreaterThan(0.05);
    assertThat(d.get("primary_axis").asText()).isEqualTo("vertical");
    assertThat(d.get("axis_evidence").asText())
        .as("a 300-unit scroll overlaps itself")
        .isEqualTo("frame_pair");
    JsonNode same =
        call(
            t,
            "image_diff",
            "{\"before\":\""
                + after.get("screenshot_attachment_id").asText()
                + "\",\"after\":\""
                + after.get("screenshot_attachment_id").asText()
                + "\",\"region\":{\"x\":0,\"y\":100,\"w\":1000,\"h\":800}}");
    assertThat(same.get("changed").asBoolean()).isFalse();
    assertThat(same.get("diff_ratio").asDouble()).isCloseTo(0, within(1e-9));
  }

  @Test
  void aCarouselPageSwitchGetsItsAxisFromTheFramesWatchedBetweenItsScreens() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=carousel", false);
    SimOracle oracle = SimOracle.of(t.run().device());
    String before = call(t, "screenshot", "{}").get("screenshot_attachment_id").asText();
    String after =
        call(
                t,
                "touch_gesture",
                "{\"type\":\"swipe\",\"start\":{\"x\":700,\"y\":500},\"end\":{\"x\":300,\"y\":500},"
                    + "\"duration_ms\":200,\"steps\":16,\"hold_after_ms\":0}")
            .get("screenshot_attachment_id")
            .asText();
    assertThat(oracle.page())
        .as("the page switched (a ViewPager fling: over 400 dp/s)")
        .isEqualTo(1);
    JsonNode d =
        call(t, "image_diff", "{\"before\":\"" + before + "\",\"after\":\"" + after + "\"}");
    assertThat(d.get("changed").asBoolean()).isTrue();
    assertThat(d.get("primary_axis").asText()).isEqualTo("horizontal");
    assertThat(d.get("axis_evidence").asText()).isEqualTo("motion_between");
  }

  @Test
  void idsOfAnotherRunPathsAndUnknownIdsAreRefused() throws Exception {
    ToolDispatcher a = tools("sim:?scale=0.5", false);
    ToolDispatcher b = new ToolDispatcher(keep(AgentRun.start(a.run().device())));
    String id = call(a, "screenshot", "{}").get("screenshot_attachment_id").asText();
    call(b, "screenshot", "{}");
    assertError(
        call(b, "image_diff", "{\"before\":\"" + id + "\",\"after\":\"shot-999\"}"),
        "unknown_attachment");
    assertError(
        call(a, "image_diff", "{\"before\":\"/etc/passwd\",\"after\":\"" + id + "\"}"),
        "invalid_argument");
    // base64 is for direct callers only
    String b64 = call(a, "screenshot", "{}").get("image").asText();
    assertError(
        call(a, "image_diff", "{\"before\":\"" + b64 + "\",\"after\":\"" + id + "\"}"),
        "invalid_argument");
  }

  @Test
  void directCallersMayPassBase64Jpeg() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5", true);
    JsonNode s = call(t, "screenshot", "{}");
    ObjectNode args = M.createObjectNode();
    args.put("before", s.get("image").asText());
    args.put("after", s.get("screenshot_attachment_id").asText());
    JsonNode r = t.call("image_diff", args);
    assertThat(r.get("changed").asBoolean()).as(r.toString()).isFalse();
    args.put("before", Base64.getEncoder().encodeToString("not a jpeg".getBytes()));
    assertError(t.call("image_diff", args), "image_decode_failed");
  }

  @Test
  void invalidArgumentsNameTheField() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5", false);
    JsonNode r =
        call(
            t,
            "touch_gesture",
            "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":500},\"end\":{\"x\":1001,\"y\":1}}");
    assertError(r, "invalid_argument");
    assertThat(r.get("error").get("details").get("field").asText()).isEqualTo("end.x");
    r =
        call(
            t, "touch_gesture", "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":500},\"speed\":3}");
    assertError(r, "invalid_argument");
    assertThat(r.get("error").get("message").asText())
        .contains("unknown field")
        .contains("duration_ms");
    assertError(
        call(t, "touch_gesture", "{\"type\":\"swipe\",\"start\":{\"x\":NaN,\"y\":500}}"),
        "invalid_argument");
    assertError(
        call(t, "touch_gesture", "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":500}}"),
        "invalid_argument");
    assertError(
        call(t, "touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":500,\"y\":500},\"steps\":3}"),
        "invalid_argument");
    assertError(
        call(
            t,
            "touch_gesture",
            "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":500},\"end\":{\"x\":1,\"y\":1},\"duration_ms\":0.5}"),
        "invalid_argument");
    assertError(
        call(t, "touch_gesture", "{\"type\":\"pinch\",\"start\":{\"x\":500,\"y\":500}}"),
        "invalid_argument");
    assertError(
        call(
            t,
            "image_diff",
            "{\"before\":\"shot-1\",\"after\":\"shot-1\",\"region\":{\"x\":900,\"y\":0,\"w\":200,\"h\":10}}"),
        "invalid_argument");
    assertError(call(t, "screenshot", "[1,2]"), "invalid_argument");
    assertError(call(t, "screenshot", "{\"a\":1,\"a\":2}"), "invalid_argument");
    assertError(call(t, "screenshot", "{"), "invalid_argument");
    assertError(call(t, "no_such_tool", "{}"), "unknown_tool");
  }

  @Test
  void simStateExistsOnlyOnTheSimulator() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=picker", false);
    JsonNode s = call(t, "sim_state", "{}");
    assertThat(s.get("scene").asText()).isEqualTo("picker");
    assertThat(s.get("wheels")).hasSize(3);
    assertThat(s.get("wheels").get(1).get("column").asText()).isEqualTo("hour");
    assertThat(ObservationTools.tools(t.run()).stream().map(Tool::name)).contains("sim_state");
  }

  @Test
  void toolTextsNameNothingAModelCannotResolve() {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=picker", false);
    for (ToolSpec s : t.specs()) {
      // "seed 004's tap" points at a document the model never sees
      assertThat(s.toJson().toString()).as(s.name()).doesNotContainIgnoringCase("seed");
    }
  }

  @Test
  void simStateIsHiddenUnlessTheRunAsksForIt() throws Exception {
    Device d = keep(Device.open("sim:?scale=0.5&scene=picker"));
    ToolDispatcher t = new ToolDispatcher(keep(AgentRun.start(d)));
    assertThat(t.specs())
        .extracting(ToolSpec::name)
        .doesNotContain("sim_state")
        .contains("screenshot");
    assertError(call(t, "sim_state", "{}"), "unknown_tool");
    ToolDispatcher asked = new ToolDispatcher(keep(AgentRun.builder(d).simState(true).build()));
    assertThat(asked.specs()).extracting(ToolSpec::name).contains("sim_state");
  }

  @Test
  void typeTextTypesUsLayoutAndRefusesOtherCharactersBeforeTyping() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=list", false);
    SimOracle oracle = SimOracle.of(t.run().device());
    assertThat(call(t, "click", "{\"point_2d\":[500,134]}").has("error")).isFalse();
    assertThat(oracle.keyboardVisible()).isTrue();
    JsonNode r = call(t, "type_text", "{\"text\":\"Caf\u00e9\"}");
    assertError(r, "unsupported_character");
    assertThat(r.get("error").get("details").get("index").asInt()).isEqualTo(3);
    assertThat(r.get("error").get("details").get("code_point").asText()).isEqualTo("U+00E9");
    assertThat(oracle.state().focusedText()).isEmpty();
    r = call(t, "type_text", "{\"text\":\"ann 42\"}");
    assertThat(r.get("typed_characters").asInt()).as(brief(r)).isEqualTo(6);
    assertThat(oracle.state().focusedText()).isEqualTo("ann 42");
    assertThat(call(t, "press_back", "{}").get("action").asText()).isEqualTo("press_back");
    assertThat(oracle.keyboardVisible()).isFalse();
  }

  @Test
  void terminatorsEndTheRun() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5", false);
    JsonNode r = call(t, "failed_to_complete_task", "{\"reason\":\"no such setting\"}");
    assertThat(r.get("status").asText()).isEqualTo("failed_to_complete_task");
    assertThat(t.run().termination())
        .contains(new AgentRun.Termination("failed_to_complete_task", "no such setting"));
    assertError(
        call(t, "touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":1,\"y\":1}}"),
        "run_terminated");
    assertError(call(t, "finished", "{}"), "run_terminated");
    assertThat(call(t, "recall_memory", "{}").get("count").asInt()).isZero();
  }

  @Test
  void aRigThatIsNotTheSimulatorHasNoSimState() throws Exception {
    SimPhone phone = keep(SimPhone.open("sim:?scale=0.5"));
    HidTransport hid = phone.transport();
    List<HidReport> sent = java.util.Collections.synchronizedList(new ArrayList<>());
    FrameSource eyes = phone.frameSource();
    Device rig =
        keep(
            Device.builder()
                .hid(
                    new HidTransport() {
                      @Override
                      public HidCapabilities capabilities() {
                        return hid.capabilities();
                      }

                      @Override
                      public void send(HidReport report) {
                        sent.add(report);
                        hid.send(report);
                      }

                      @Override
                      public void releaseAll() {
                        hid.releaseAll();
                      }

                      @Override
                      public void close() {
                        hid.close();
                      }
                    })
                .capture(
                    new FrameSource() {
                      @Override
                      public Frame grab(long notBefore, Duration timeout) {
                        return eyes.grab(notBefore, timeout);
                      }

                      @Override
                      public Duration latency() {
                        return eyes.latency();
                      }

                      @Override
                      public void close() {
                        eyes.close();
                      }
                    })
                .ticker(phone.ticker())
                .sleeper(phone.sleeper())
                .open());
    ToolDispatcher t = new ToolDispatcher(keep(AgentRun.builder(rig).simState(true).build()));
    assertThat(t.specs())
        .extracting(ToolSpec::name)
        .doesNotContain("sim_state")
        .contains("screenshot");
    assertError(call(t, "sim_state", "{}"), "unknown_tool");
    assertThat(call(t, "screenshot", "{}").get("width").asInt()).isEqualTo(540);
    assertError(
        call(t, "save_memory", "{\"title\":\"t\",\"content\":\"c\"}"), "memory_unavailable");
    // type_text sends US-layout usages with Shift where needed
    sent.clear();
    JsonNode typed = call(t, "type_text", "{\"text\":\"A!\",\"submit\":true}");
    assertThat(typed.get("typed_characters").asInt()).as(brief(typed)).isEqualTo(2);
    List<HidReport.Keyboard> downs =
        sent.stream()
            .filter(HidReport.Keyboard.class::isInstance)
            .map(HidReport.Keyboard.class::cast)
            .filter(HidReport.Keyboard::down)
            .toList();
    assertThat(downs).extracting(k -> k.key().usage()).containsExactly(0x04, 0x1E, 0x28);
    assertThat(downs)
        .extracting(k -> k.modifiers().contains(Modifier.SHIFT))
        .containsExactly(true, true, false);
  }

  @Test
  void memoryToolsSaveUpsertAndRecall() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5", false);
    String args =
        "{\"title\":\"[WeChat] [Hour picker] swipe parameters\",\"content\":\"effective distance: 35\","
            + "\"tags\":[\"swipe\",\"picker\"],\"entities\":[\"WeChat\"],\"priority\":70}";
    JsonNode a = call(t, "save_memory", args);
    JsonNode b = call(t, "save_memory", args.replace("35", "40"));
    assertThat(b.get("id").asText()).isEqualTo(a.get("id").asText());
    JsonNode r =
        call(t, "recall_memory", "{\"query\":\"hour picker\",\"tags\":[\"swipe\"],\"limit\":5}");
    assertThat(r.get("count").asInt()).isEqualTo(1);
    assertThat(r.get("memories").get(0).get("content").asText()).contains("40");
    assertError(
        call(t, "save_memory", "{\"title\":\"t\",\"content\":\"c\",\"priority\":101}"),
        "invalid_argument");
    assertError(
        call(t, "save_memory", "{\"title\":\"t\",\"content\":\"c\",\"id\":\"nope\"}"),
        "memory_not_found");
  }

  @Test
  void scrollReportsMovementAndRefusesWhatCannotMove() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=list", false);
    JsonNode r = call(t, "scroll", "{\"direction\":\"down\",\"amount\":0.5}");
    assertThat(r.get("movement").asText()).as(brief(r)).isEqualTo("moved");
    assertThat(r.get("diff").get("changed").asBoolean()).isTrue();
    assertThat(r.get("screenshot_attachment_id").asText()).startsWith("shot-");
    r = call(t, "scroll", "{\"direction\":\"top\",\"max_passes\":20}");
    assertThat(r.get("edge_reached").asBoolean()).as(brief(r)).isTrue();
    assertThat(SimOracle.of(t.run().device()).listOffsetPx()).isZero();
    r = call(t, "scroll", "{\"direction\":\"up\"}");
    assertThat(r.get("movement").asText()).as(brief(r)).isIn("at-edge", "unchanged");
    assertError(call(t, "scroll", "{\"direction\":\"down\",\"max_passes\":3}"), "invalid_argument");
    assertError(call(t, "scroll", "{\"direction\":\"down\",\"amount\":0}"), "invalid_argument");
    assertError(
        call(t, "scroll", "{\"direction\":\"down\",\"pace\":\"fling\"}"), "invalid_argument");
    assertError(
        call(t, "scroll", "{\"direction\":\"bottom\",\"pace\":\"fast\"}"), "invalid_argument");
  }

  @Test
  void scrollToTheBottomFlingsByDefaultAndStepsWhenAskedTo() throws Exception {
    // 240 rows of 192 px below a 1992 px viewport: about 230 rows to travel
    ToolDispatcher fling = tools("sim:?scale=0.5&scene=list", false);
    JsonNode r = call(fling, "scroll", "{\"direction\":\"bottom\",\"amount\":0.8}");
    assertThat(r.get("edge_reached").asBoolean()).as(brief(r)).isTrue();
    assertThat(r.get("stopped_by").asText()).isEqualTo("edge_reached");
    assertThat(r.get("budget_exhausted").asBoolean(true)).isFalse();
    SimOracle o = SimOracle.of(fling.run().device());
    assertThat(o.listOffsetPx()).isEqualTo(o.state().listMaxOffsetPx());
    ToolDispatcher steady = tools("sim:?scale=0.5&scene=list", false);
    r =
        call(
            steady,
            "scroll",
            "{\"direction\":\"bottom\",\"amount\":0.8,\"pace\":\"steady\",\"max_passes\":12}");
    assertThat(r.get("edge_reached").asBoolean())
        .as("7 rows a pass: 12 passes cannot reach the end")
        .isFalse();
    assertThat(r.get("passes").asInt()).isEqualTo(12);
    assertThat(r.get("stopped_by").asText())
        .as("a model must see that the budget, not the list, ended")
        .isEqualTo("max_passes");
    assertThat(r.get("budget_exhausted").asBoolean()).isTrue();
  }

  @Test
  void wheelNudgeRefusesUnreachableTargetsAndForeignScreenshots() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=picker", false);
    JsonNode minute = call(t, "sim_state", "{}").get("wheels").get(2);
    String shot = call(t, "screenshot", "{}").get("screenshot_attachment_id").asText();
    String base =
        "\"column_x\":"
            + minute.get("column_x")
            + ",\"center_y\":"
            + minute.get("center_y")
            + ",\"row_spacing\":"
            + minute.get("row_spacing")
            + ",\"cycle_size\":60,\"value_step\":5";
    assertError(
        call(
            t,
            "wheel_nudge",
            "{\"current_value\":"
                + minute.get("value")
                + ",\"target_value\":33,"
                + base
                + ",\"screenshot_attachment_id\":\""
                + shot
                + "\"}"),
        "wheel_target_unreachable");
    assertError(
        call(
            t,
            "wheel_nudge",
            "{\"current_value\":"
                + minute.get("value")
                + ",\"target_value\":35,"
                + base
                + ",\"screenshot_attachment_id\":\"shot-777\"}"),
        "unknown_attachment");
    assertError(
        call(
            t,
            "wheel_nudge",
            "{\"current_value\":"
                + minute.get("value")
                + ",\"target_value\":35,"
                + base
                + ",\"screenshot_attachment_id\":\""
                + shot
                + "\",\"row_spacing\":2}"),
        "invalid_argument");
    JsonNode ok =
        call(
            t,
            "wheel_nudge",
            "{\"current_value\":"
                + minute.get("value")
                + ",\"target_value\":"
                + ((minute.get("value").asInt() + 10) % 60)
                + ","
                + base
                + ",\"screenshot_attachment_id\":\""
                + shot
                + "\"}");
    assertThat(ok.get("played").asBoolean()).as(brief(ok)).isTrue();
    assertThat(ok.get("rows").asInt()).isBetween(1, 2);
    assertThat(ok.get("direction").asText()).isNotBlank();
    assertThat(ok.get("measured_pitch").get("confidence").asDouble()).isBetween(0.0, 1.0);
    assertThat(ok.get("screenshot_attachment_id").asText()).isNotEqualTo(shot);
    // generic input aimed at the wheel being worked is refused
    assertError(
        call(
            t,
            "touch_gesture",
            "{\"type\":\"swipe\",\"start\":{\"x\":"
                + minute.get("column_x")
                + ",\"y\":"
                + minute.get("center_y")
                + "},\"end\":{\"x\":"
                + minute.get("column_x")
                + ",\"y\":100}}"),
        "wheel_generic_input_blocked");
  }
}
