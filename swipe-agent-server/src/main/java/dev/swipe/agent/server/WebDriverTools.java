package dev.swipe.agent.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolSpec;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.webdriver.SessionTools;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The agent tools as a WebDriver session's {@code swipe:} methods: each session is one agent run
 * (its own attachment ids and wheel guard) whose tools answer through the dispatcher, so {@code
 * swipe: wheelNudge} returns exactly what {@code wheel_nudge} returns. Direct callers, so base64
 * JPEG is accepted where screenshot ids are. With {@code --trace DIR} each session leaves its own
 * trace in a sub-directory of DIR named by its W3C session id ({@code
 * 20261201-040512.345-session-<id>}, the id a client and a Grid know the session by); with {@code
 * --record DIR} a session that asks for it ({@code swipe:recordFlow}) records a flow there. The
 * rig's {@code --memory} store is each session's memory ({@code swipe: saveMemory}, {@code swipe:
 * recallMemory}), shared by every session and, through PostgreSQL, by every rig of a farm.
 */
final class WebDriverTools {
  private WebDriverTools() {}

  /**
   * Sessions with the tools, traced each in a sub-directory of {@code traces} (untraced when null);
   * {@code simState} adds {@code swipe: simState} on the simulator. A session that asks with {@link
   * FlowRecordings#CAPABILITY} records a flow into {@code recordings} (refused with {@code invalid
   * argument} when the rig was started without {@code --record DIR}), saved when the session ends.
   */
  static SessionTools.Factory factory(
      boolean simState, @Nullable RunTraces traces, @Nullable FlowRecordings recordings) {
    return factory(simState, traces, recordings, false);
  }

  /**
   * As {@link #factory(boolean, RunTraces, FlowRecordings)}; with {@code tracesByRig}, the sessions
   * of each rig of a server with several send their traces to the collector under that rig's name
   * rather than the one {@code traces} was given.
   */
  static SessionTools.Factory factory(
      boolean simState,
      @Nullable RunTraces traces,
      @Nullable FlowRecordings recordings,
      boolean tracesByRig) {
    return new SessionTools.Factory() {
      @Override
      public Set<String> capabilities() {
        return Set.of(FlowRecordings.CAPABILITY);
      }

      @Override
      public SessionTools.Factory forRig(String rig) {
        return tracesByRig && traces != null
            ? factory(simState, traces.forRig(rig), recordings, false)
            : this;
      }

      @Override
      public SessionTools open(Device phone) {
        return open(phone, Map.of());
      }

      @Override
      public SessionTools open(Device phone, Map<String, String> capabilities) {
        return open(phone, UUID.randomUUID().toString(), capabilities);
      }

      @Override
      public SessionTools open(Device phone, String sessionId, Map<String, String> capabilities) {
        String flow = capabilities.get(FlowRecordings.CAPABILITY);
        FlowRecording recording = null;
        if (flow != null) {
          if (recordings == null) {
            throw SwipeException.invalidArgument(
                FlowRecordings.CAPABILITY,
                "this rig records no flows: start it with webdriver --record DIR");
          }
          recording = recordings.start(flow);
        }
        return session(
            recording == null ? phone : recording.phone(phone),
            recording,
            simState,
            traces,
            sessionId);
      }
    };
  }

  private static SessionTools session(
      Device phone,
      @Nullable FlowRecording recording,
      boolean simState,
      @Nullable RunTraces traces,
      String sessionId) {
    AgentRun.Builder b = AgentRun.builder(phone).acceptInlineImages(true).simState(simState);
    phone.rig().memory().ifPresent(b::memory); // the rig's --memory: one store for its sessions
    AgentRun run = traces == null ? b.build() : traces.start(b, "session-" + sessionId);
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
        if (recording != null) {
          recording.finish(Duration.ofSeconds(10));
        }
      }
    };
  }
}
