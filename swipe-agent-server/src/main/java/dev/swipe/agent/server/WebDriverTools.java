package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolSpec;
import dev.swipe.core.Device;
import dev.swipe.webdriver.SessionTools;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The agent tools as a WebDriver session's {@code swipe:} methods: each session is one agent run
 * (its own attachment ids and wheel guard) whose tools answer through the dispatcher, so {@code
 * swipe: wheelNudge} returns exactly what {@code wheel_nudge} returns. Direct callers, so base64
 * JPEG is accepted where screenshot ids are. With {@code --trace DIR} each session leaves its own
 * trace in a sub-directory of DIR.
 */
final class WebDriverTools {
  private WebDriverTools() {}

  /**
   * Sessions with the tools, traced each in a sub-directory of {@code traces} (untraced when null);
   * {@code simState} adds {@code swipe: simState} on the simulator.
   */
  static SessionTools.Factory factory(boolean simState, RunTraces traces) {
    AtomicLong sessions = new AtomicLong();
    return phone -> {
      AgentRun.Builder b = AgentRun.builder(phone).acceptInlineImages(true).simState(simState);
      AgentRun run =
          traces == null ? b.build() : traces.start(b, "session-" + sessions.incrementAndGet());
      ToolDispatcher tools = new ToolDispatcher(run);
      Set<String> names =
          tools.specs().stream().map(ToolSpec::name).collect(Collectors.toUnmodifiableSet());
      return new SessionTools() {
        @Override
        public Device device() {
          return run.device();
        }

        @Override
        public Set<String> names() {
          return names;
        }

        @Override
        public JsonNode call(String name, JsonNode arguments) {
          return tools.call(name, arguments);
        }

        @Override
        public void close() {
          run.close();
        }
      };
    };
  }
}
