package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.diff.ImageCode;
import dev.swipe.memory.MemoryCode;
import dev.swipe.text.TextCode;
import dev.swipe.wheel.WheelErrorCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Every code that swipe-core and the modules below it throw, found by id. A code crosses a wire as
 * its id alone (a tool result, a WebDriver error's {@code data.code}), and each code is defined in
 * the module that first throws it, so reading one back needs a lookup over those enums. Core sees
 * all of them; the list is fixed here, not registered at run time, so it is complete whatever has
 * been loaded. The agent layer's own codes are {@code dev.swipe.agent.AgentErrorCode}'s.
 */
@Api(status = Api.Status.STABLE)
public final class Codes {
  private static final List<Code> ALL;

  static {
    List<Code> all = new ArrayList<>();
    Collections.addAll(all, CommonCode.values());
    Collections.addAll(all, ImageCode.values());
    Collections.addAll(all, WheelErrorCode.values());
    Collections.addAll(all, MemoryCode.values());
    Collections.addAll(all, TextCode.values());
    Collections.addAll(all, ErrorCode.values());
    ALL = List.copyOf(all);
  }

  private Codes() {}

  /** The codes, shared ones first, then each module's from the bottom up; unmodifiable. */
  public static List<Code> all() {
    return ALL;
  }

  /** The code with this snake_case id, or empty when none of core's or the leaves' has it. */
  public static Optional<Code> fromId(String id) {
    for (Code c : ALL) {
      if (c.id().equals(id)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
