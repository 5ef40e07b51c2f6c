package dev.swipe.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SwipeExceptionTest {
  @Test
  void aCodeIsRequired() {
    assertThatThrownBy(() -> new SwipeException(null, "m"))
        .isInstanceOf(NullPointerException.class);
    assertThat(new SwipeException(CommonCode.INTERNAL, "m", null).details()).isEmpty();
  }

  @Test
  void theMessageIsNeverNullAndSaysTheCodeWhenNoneWasGiven() {
    String none = null;
    assertThat(new SwipeException(CommonCode.INTERRUPTED, none).getMessage())
        .isEqualTo("interrupted");
    assertThat(new SwipeException(CommonCode.INTERRUPTED, "while waiting").getMessage())
        .isEqualTo("while waiting");
  }

  @Test
  void invalidArgumentNamesTheFieldFirst() {
    SwipeException e = SwipeException.invalidArgument("uri", "is bad", Map.of("limit", 3));
    assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
    assertThat(e.getMessage()).isEqualTo("uri: is bad");
    assertThat(e.field()).isEqualTo("uri");
    assertThat(e.details()).containsExactly(Map.entry("field", "uri"), Map.entry("limit", 3));
    assertThat(e).hasToString("SwipeException[invalid_argument]: uri: is bad");
  }

  @Test
  void requireArgumentAndRequireNotSetRefuseWithTheField() {
    assertThat(SwipeException.requireArgument("x", "name")).isEqualTo("x");
    assertThatThrownBy(() -> SwipeException.requireArgument(null, "name"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("name"));
    SwipeException.requireNotSet(false, "trace");
    assertThatThrownBy(() -> SwipeException.requireNotSet(true, "trace"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("trace"));
  }

  @Test
  void orInternalKeepsASwipeExceptionAndWrapsAnythingElse() {
    SwipeException s = new SwipeException(CommonCode.INTERRUPTED, "m");
    assertThat(SwipeException.orInternal(s)).isSameAs(s);
    IllegalStateException bug = new IllegalStateException("bug");
    SwipeException w = SwipeException.orInternal(bug);
    assertThat(w.code()).isEqualTo(CommonCode.INTERNAL);
    assertThat(w.getCause()).isSameAs(bug);
  }

  @Test
  void commonIdsAreSnakeCase() {
    for (CommonCode c : CommonCode.values()) {
      assertThat(c.id()).matches("[a-z][a-z0-9]*(_[a-z0-9]+)*").isEqualTo(c.toString());
    }
  }
}
