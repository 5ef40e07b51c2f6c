package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.diff.ImageCode;
import dev.swipe.memory.MemoryCode;
import dev.swipe.text.TextCode;
import dev.swipe.wheel.WheelErrorCode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The codes of core and the leaves: each id is snake_case and names one code only, and {@link
 * Codes} finds every one of them by its id. (The agent's and WebDriver's codes are checked with
 * these in swipe-agent-server's {@code AllCodeIdsTest}.)
 */
class CodeIdsTest {
  private static final List<Class<? extends Enum<?>>> ENUMS =
      List.of(
          CommonCode.class,
          ImageCode.class,
          WheelErrorCode.class,
          MemoryCode.class,
          TextCode.class,
          ErrorCode.class);

  @Test
  void everyIdIsSnakeCaseAndUniqueAndFoundByCodes() {
    Map<String, Code> byId = new HashMap<>();
    for (Class<? extends Enum<?>> type : ENUMS) {
      for (Enum<?> e : type.getEnumConstants()) {
        Code c = (Code) e;
        assertThat(c.id()).as("%s.%s", type.getSimpleName(), e.name()).matches("[a-z]+(_[a-z]+)*");
        assertThat(c.toString()).isEqualTo(c.id());
        Code other = byId.put(c.id(), c);
        assertThat(other).as("id %s is defined twice", c.id()).isNull();
        assertThat(Codes.fromId(c.id())).containsSame(c);
      }
    }
    assertThat(Codes.all()).containsExactlyInAnyOrderElementsOf(byId.values());
    assertThat(Codes.fromId("no_such_code")).isEmpty();
  }

  @Test
  void theIdsOnTheWireAreTheOnesReleased() {
    // the ids core's ErrorCode carried before each code moved to the module that throws it
    assertThat(Codes.all().stream().map(Code::id))
        .containsExactlyInAnyOrder(
            "invalid_argument",
            "unknown_attachment",
            "attachment_evicted",
            "not_a_screenshot",
            "image_decode_failed",
            "image_size_mismatch",
            "hid_disconnected",
            "hid_rejected",
            "unsupported_input",
            "unsupported_character",
            "input_ignored",
            "capture_timeout",
            "capture_stale",
            "scroll_no_progress",
            "scroll_keyboard_occludes_surface",
            "wheel_target_unreachable",
            "wheel_budget_exhausted",
            "wheel_no_progress",
            "wheel_generic_input_blocked",
            "wheel_column_busy",
            "wheel_selection_unclear",
            "wheel_column_unclear",
            "wheel_labels_unrecognized",
            "wheel_not_found",
            "memory_unavailable",
            "memory_not_found",
            "memory_conflict",
            "text_not_found",
            "text_ambiguous",
            "text_reader_unavailable",
            "text_query_too_costly",
            "screen_mismatch",
            "browser_unavailable",
            "unknown_scheme",
            "duplicate_scheme",
            "device_closed",
            "interrupted",
            "internal");
  }
}
