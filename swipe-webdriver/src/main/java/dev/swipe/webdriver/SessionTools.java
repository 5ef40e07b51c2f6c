package dev.swipe.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.http.internal.ServerCode;
import dev.swipe.webdriver.internal.Json;
import java.util.Map;
import java.util.Set;

/**
 * What one WebDriver session acts through: its own run of the phone, and optionally a set of named
 * tools that {@code execute/sync} offers as {@code swipe: <verb>} methods.
 *
 * <p>This module does not depend on the agent layer; the agent jar plugs its tool layer in here
 * (each session then has its own agent run, and {@code swipe: wheelNudge} answers exactly what the
 * {@code wheel_nudge} tool answers). Without it, sessions have no {@code swipe:} methods.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface SessionTools extends AutoCloseable {
  /**
   * The session's run of the phone (a {@link Device.Run#fork()} view): screenshots, actions and the
   * tools of the session all act through it, so attachment ids are shared between them.
   */
  Device device();

  /**
   * The tool names, snake_case (e.g. {@code wheel_nudge}); {@code swipe: wheelNudge} calls {@code
   * wheel_nudge}.
   */
  Set<String> names();

  /**
   * Runs a tool. Never throws: failures come back as {@code {"error": {"code", "message",
   * "details"}}} with a stable snake_case code, as the agent tools answer.
   */
  JsonNode call(String name, JsonNode arguments);

  /** Ends the session's run (not the phone). */
  @Override
  void close();

  /** Opens the tools of a new session on the phone. */
  @FunctionalInterface
  interface Factory {
    /**
     * Opens a session's tools.
     *
     * @param phone the rig's device (shared by every session the rig ever has)
     */
    SessionTools open(Device phone);

    /**
     * The capabilities beyond the rig's own that this factory's sessions act on: {@code swipe:}
     * names with string values (e.g. a name for what the session records). A New Session may give
     * them; each given reaches {@link #open(Device, Map)} and is reported back, never listed as
     * ignored. Default: none.
     */
    default Set<String> capabilities() {
      return Set.of();
    }

    /**
     * Opens a session's tools with the values of those of {@link #capabilities()} the New Session
     * gave. Default: {@link #open(Device)}.
     *
     * @param phone the rig's device (shared by every session the rig ever has)
     * @param capabilities capability name to value, only those given
     * @throws SwipeException {@code invalid_argument} whose field names one of the capabilities for
     *     a value the factory refuses: the New Session then fails with {@code invalid argument},
     *     and the rig stays ready
     */
    default SessionTools open(Device phone, Map<String, String> capabilities) {
      return open(phone);
    }

    /**
     * Opens the tools of the session that will have the W3C id {@code sessionId} (what a client and
     * a Grid know the session by, e.g. to name its trace). Default: {@link #open(Device, Map)}.
     *
     * @param phone the rig's device (shared by every session the rig ever has)
     * @param sessionId the session's id, as its New Session answers it
     * @param capabilities capability name to value, only those of {@link #capabilities()} given
     * @throws SwipeException as {@link #open(Device, Map)}
     */
    default SessionTools open(Device phone, String sessionId, Map<String, String> capabilities) {
      return open(phone, capabilities);
    }

    /**
     * The factory for the sessions of the rig named {@code rig}. A server asks once for each rig it
     * serves, so one factory can tell the sessions of several phones apart (to file their traces by
     * rig, say). Default: this factory.
     *
     * @param rig the rig's name, as in its {@code swipe:rig} capability
     */
    default Factory forRig(String rig) {
      return this;
    }
  }

  /** Sessions with a run of the phone and no tools. */
  static Factory none() {
    return phone -> {
      Device run = SwipeException.requireArgument(phone, "phone").run().fork();
      return new SessionTools() {
        @Override
        public Device device() {
          return run;
        }

        @Override
        public Set<String> names() {
          return Set.of();
        }

        @Override
        public JsonNode call(String name, JsonNode arguments) {
          return Json.toolError(ServerCode.UNKNOWN_TOOL, "this rig has no tools", "name");
        }

        @Override
        public void close() {
          run.close();
        }
      };
    };
  }
}
