package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.agent.AgentErrorCode;
import dev.swipe.agent.server.internal.CollectorCode;
import dev.swipe.base.Code;
import dev.swipe.core.Codes;
import dev.swipe.flow.FlowCode;
import dev.swipe.http.internal.ServerCode;
import dev.swipe.webdriver.internal.RemoteEndCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every code of the SDK, from the bottom (core's lookup covers swipe-base, the leaves and core) to
 * the agent, the servers, the WebDriver remote end and flows: each id snake_case and defined once,
 * and together the same ids a client saw before the codes moved to the modules that throw them, and
 * those added since. This module sees all of them, so the check lives here.
 */
class AllCodeIdsTest {
  /** The ids on the wire when each of them was written in more than one enum. */
  private static final Set<String> RELEASED =
      Set.of(
          "attachment_evicted",
          "batch_not_supported",
          "browser_unavailable",
          "capture_stale",
          "capture_timeout",
          "device_closed",
          "duplicate_scheme",
          "headers_too_large",
          "hid_disconnected",
          "hid_rejected",
          "host_not_allowed",
          "http_version_not_supported",
          "image_decode_failed",
          "image_size_mismatch",
          "input_ignored",
          "internal",
          "interrupted",
          "invalid_argument",
          "invalid_id",
          "invalid_jsonrpc",
          "invalid_method",
          "invalid_request",
          "invalid_session_id",
          "json_number_too_long",
          "json_string_too_long",
          "json_too_deep",
          "line_too_long",
          "malformed_request",
          "memory_conflict",
          "memory_not_found",
          "memory_unavailable",
          "method_not_allowed",
          "move_target_out_of_bounds",
          "no_matching_capabilities",
          "no_such_element",
          "not_a_screenshot",
          "not_an_object",
          "not_found",
          "not_initialized",
          "origin_not_allowed",
          "request_line_too_long",
          "request_timeout",
          "request_too_large",
          "rig_busy",
          "rig_fault",
          "rig_stopping",
          "run_evicted",
          "run_not_owned",
          "run_terminated",
          "screen_mismatch",
          "scroll_keyboard_occludes_surface",
          "scroll_no_progress",
          "session_not_found",
          "text_ambiguous",
          "text_not_found",
          "text_query_too_costly",
          "text_reader_unavailable",
          "too_many_connections",
          "too_many_sessions",
          "unauthorized",
          "unknown_attachment",
          "unknown_command",
          "unknown_method",
          "unknown_scheme",
          "unknown_tool",
          "unsupported_character",
          "unsupported_input",
          "unsupported_media_type",
          "unsupported_operation",
          "unsupported_transfer_encoding",
          "wheel_budget_exhausted",
          "wheel_column_busy",
          "wheel_column_unclear",
          "wheel_generic_input_blocked",
          "wheel_labels_unrecognized",
          "wheel_no_progress",
          "wheel_not_found",
          "wheel_selection_unclear",
          "wheel_target_unreachable");

  /** The ids added since, each in one enum from the start: swipe-flow's, the trace collector's. */
  private static final Set<String> ADDED =
      Set.of(
          "flow_invalid",
          "flow_unwritable",
          "flow_unsupported_version",
          "flow_anchor_not_found",
          "flow_verdict_differs",
          "flow_step_failed",
          "run_taken",
          "records_missing",
          "invalid_record",
          "file_exists",
          "run_full");

  static List<Code> all() {
    List<Code> all = new ArrayList<>(Codes.all());
    all.addAll(List.of(ServerCode.values()));
    all.addAll(List.of(AgentErrorCode.values()));
    all.addAll(List.of(RemoteEndCode.values()));
    all.addAll(List.of(FlowCode.values()));
    all.addAll(List.of(CollectorCode.values()));
    return all;
  }

  @Test
  void everyIdIsSnakeCaseAndDefinedOnce() {
    Map<String, Code> byId = new HashMap<>();
    for (Code c : all()) {
      assertThat(c.id()).as("%s", c.getClass().getSimpleName()).matches("[a-z]+(_[a-z]+)*");
      Code other = byId.put(c.id(), c);
      assertThat(other)
          .as(
              "%s is defined in %s and %s",
              c.id(), c.getClass(), other == null ? "" : other.getClass())
          .isNull();
    }
  }

  @Test
  void theIdsAreTheOnesClientsAlreadySee() {
    List<String> known = new ArrayList<>(RELEASED);
    known.addAll(ADDED);
    assertThat(all().stream().map(Code::id)).containsExactlyInAnyOrderElementsOf(known);
  }
}
