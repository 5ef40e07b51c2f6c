package dev.swipe.agent;

import static dev.swipe.agent.ToolDispatcherTest.assertError;
import static dev.swipe.agent.ToolDispatcherTest.brief;
import static dev.swipe.agent.ToolDispatcherTest.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;

/** The {@code pinch} tool and {@code image_diff}'s zoom, on the simulator's map. */
class PinchToolTest {
  @Test
  void aPinchReturnsTheZoomThePixelsShowAndImageDiffAgreesWhenAsked() throws Exception {
    try (Device d = Device.open("sim:?scene=map&scale=0.5&pointer=touch");
        AgentRun run = AgentRun.builder(d).build()) {
      ToolDispatcher t = new ToolDispatcher(run);
      JsonNode r = call(t, "pinch", "{\"centre\":{\"x\":500,\"y\":600},\"scale\":2}");
      assertThat(r.has("error")).as(brief(r)).isFalse();
      double truth = SimOracle.of(d).state().mapZoom();
      assertThat(r.at("/zoom/direction").asText()).as(brief(r)).isEqualTo("in");
      assertThat(r.at("/zoom/scale").asDouble()).isCloseTo(truth, within(0.1 * truth));
      String before = r.get("before_screenshot_attachment_id").asText();
      String after = r.get("screenshot_attachment_id").asText();
      JsonNode plain =
          call(t, "image_diff", "{\"before\":\"" + before + "\",\"after\":\"" + after + "\"}");
      assertThat(plain.has("zoom")).as("only when asked").isFalse();
      JsonNode diff =
          call(
              t,
              "image_diff",
              "{\"before\":\"" + before + "\",\"after\":\"" + after + "\",\"zoom\":true}");
      assertThat(diff.get("changed").asBoolean()).isTrue();
      assertThat(diff.at("/zoom/direction").asText()).as(brief(diff)).isEqualTo("in");
      assertThat(diff.at("/zoom/scale").asDouble()).isCloseTo(truth, within(0.1 * truth));
      JsonNode back =
          call(
              t,
              "image_diff",
              "{\"before\":\"" + after + "\",\"after\":\"" + before + "\",\"zoom\":true}");
      assertThat(back.at("/zoom/direction").asText()).isEqualTo("out");
    }
  }

  @Test
  void aMouseLinkRefusesAPinchNamingTheLinksThatCan() throws Exception {
    try (Device d = Device.open("sim:?scene=map&scale=0.5&pointer=rel");
        AgentRun run = AgentRun.builder(d).build()) {
      JsonNode r =
          call(new ToolDispatcher(run), "pinch", "{\"centre\":{\"x\":500,\"y\":500},\"scale\":2}");
      assertError(r, "unsupported_input");
      assertThat(r.at("/error/message").asText()).contains("hidg:");
    }
  }

  @Test
  void aScaleTheScreenHasNoRoomForIsAnInvalidArgumentNamingScale() throws Exception {
    try (Device d = Device.open("sim:?scene=map&scale=0.5&pointer=touch");
        AgentRun run = AgentRun.builder(d).build()) {
      JsonNode r =
          call(new ToolDispatcher(run), "pinch", "{\"centre\":{\"x\":20,\"y\":500},\"scale\":3}");
      assertError(r, "invalid_argument");
      assertThat(r.at("/error/message").asText()).contains("scale");
    }
  }
}
