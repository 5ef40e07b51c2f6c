package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.PointerKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The public value builders fail as every other builder of {@code dev.swipe.core} does: a required
 * part left unset is a {@code SwipeException} {@code invalid_argument} naming that part in
 * snake_case, and so do the records they build when constructed directly.
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
  void aCamelCasePartIsNamedInSnakeCase() {
    SwipeException e =
        catchThrowableOfType(
            SwipeException.class,
            () -> HidCapabilities.builder().pointerKinds(Set.of(PointerKind.ABSOLUTE)).build());
    assertInvalidField(e).isEqualTo("active_pointer");
    assertThat(e.getMessage()).contains("active_pointer");
  }

  @Test
  void theRecordsRefuseAMissingPartAsTheirBuildersDo() {
    assertInvalidField(
            catchThrowableOfType(
                SwipeException.class, () -> new ActionResult(null, null, null, null)))
        .isEqualTo("gesture");
    assertInvalidField(
            catchThrowableOfType(
                SwipeException.class,
                () ->
                    new HidCapabilities(
                        null,
                        PointerKind.ABSOLUTE,
                        HidCapabilities.Range.USB_ABSOLUTE,
                        java.time.Duration.ZERO,
                        1,
                        false,
                        false,
                        false)))
        .isEqualTo("pointer_kinds");
  }

  @Test
  void unsetCapabilitiesTakeTheirDefaultsAndACopyChangesOnlyWhatItSets() {
    HidCapabilities caps =
        HidCapabilities.builder()
            .addPointerKinds(PointerKind.RELATIVE, PointerKind.ABSOLUTE)
            .activePointer(PointerKind.RELATIVE)
            .range(HidCapabilities.Range.USB_ABSOLUTE)
            .build();
    assertThat(caps.contacts()).isEqualTo(1);
    assertThat(caps.minReportInterval()).isZero();
    assertThat(caps.rig()).isFalse();
    assertThat(caps.keyboard()).isFalse();
    assertThat(caps.consumerKeys()).isFalse();
    assertThat(caps.pointerKinds()).containsExactly(PointerKind.RELATIVE, PointerKind.ABSOLUTE);
    HidCapabilities copy = HidCapabilities.builder().from(caps).keyboard(true).build();
    assertThat(copy).isNotEqualTo(caps);
    assertThat(HidCapabilities.builder().from(copy).keyboard(false).build()).isEqualTo(caps);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> caps.pointerKinds().add(PointerKind.TOUCH))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aCompleteBuilderStillBuildsAndItsOwnChecksStillSpeak() {
    HidCapabilities caps =
        HidCapabilities.builder()
            .pointerKinds(Set.of(PointerKind.ABSOLUTE))
            .activePointer(PointerKind.ABSOLUTE)
            .range(HidCapabilities.Range.USB_ABSOLUTE)
            .build();
    assertThat(caps.activePointer()).isEqualTo(PointerKind.ABSOLUTE);
    SwipeException e =
        catchThrowableOfType(
            SwipeException.class,
            () ->
                HidCapabilities.builder()
                    .pointerKinds(Set.of(PointerKind.ABSOLUTE))
                    .activePointer(PointerKind.TOUCH)
                    .range(HidCapabilities.Range.USB_ABSOLUTE)
                    .build());
    assertInvalidField(e).isEqualTo("pointer");
  }

  private static org.assertj.core.api.AbstractStringAssert<?> assertInvalidField(SwipeException e) {
    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
    return assertThat(e.field());
  }
}
