package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidRange;
import dev.swipe.core.spi.PointerKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The public value builders fail as every other builder of {@code dev.swipe.core} does: a required
 * part left unset is a {@code SwipeException} {@code invalid_argument} naming that part in
 * snake_case, never the generated code's {@code IllegalStateException}.
 */
class ResultBuildersTest {

  @Test
  void anEmptyBuilderNamesItsFirstMissingPart() {
    assertInvalidField(
            catchThrowableOfType(SwipeException.class, () -> ActionResult.builder().build()))
        .isEqualTo("gesture");
    assertInvalidField(
            catchThrowableOfType(SwipeException.class, () -> ScrollResult.builder().build()))
        .isEqualTo("action");
    assertInvalidField(
            catchThrowableOfType(SwipeException.class, () -> WheelNudgeResult.builder().build()))
        .isEqualTo("decision");
  }

  @Test
  void aCamelCasePartIsNamedInSnakeCaseAndTheOthersStayInTheMessage() {
    SwipeException e =
        catchThrowableOfType(
            SwipeException.class,
            () -> HidCapabilities.builder().pointerKinds(Set.of(PointerKind.ABSOLUTE)).build());
    assertInvalidField(e).isEqualTo("active_pointer");
    assertThat(e.getMessage()).contains("activePointer").contains("range");
    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aCompleteBuilderStillBuildsAndItsOwnChecksStillSpeak() {
    HidCapabilities caps =
        HidCapabilities.builder()
            .pointerKinds(Set.of(PointerKind.ABSOLUTE))
            .activePointer(PointerKind.ABSOLUTE)
            .range(HidRange.USB_ABSOLUTE)
            .build();
    assertThat(caps.activePointer()).isEqualTo(PointerKind.ABSOLUTE);
    SwipeException e =
        catchThrowableOfType(
            SwipeException.class,
            () ->
                HidCapabilities.builder()
                    .pointerKinds(Set.of(PointerKind.ABSOLUTE))
                    .activePointer(PointerKind.TOUCH)
                    .range(HidRange.USB_ABSOLUTE)
                    .build());
    assertInvalidField(e).isEqualTo("pointer");
  }

  private static org.assertj.core.api.AbstractStringAssert<?> assertInvalidField(SwipeException e) {
    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
    return assertThat(e.field());
  }
}
