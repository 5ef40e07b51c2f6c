package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Device#typeText}: the US layout's keys and Shift, checked in full before any key goes
 * down.
 */
class DeviceTypeTextTest {
  private final VirtualClock clock = new VirtualClock();
  private final RecordingHidTransport hid = new RecordingHidTransport(clock);
  private final StillFrameSource eyes = new StillFrameSource(clock, clock, Duration.ofMillis(60));

  private Device device() {
    return Device.builder().hid(hid).capture(eyes).ticker(clock).sleeper(clock).open();
  }

  private List<HidReport.Keyboard> downs() {
    return hid.keys().stream().filter(HidReport.Keyboard::down).toList();
  }

  @Test
  void typesEachCharacterWithShiftWhereTheLayoutNeedsIt() {
    try (Device d = device()) {
      ActionResult r = d.typeText("aZ1!\n");
      List<HidReport.Keyboard> downs = downs();
      assertThat(downs)
          .extracting(k -> k.key().usage())
          .containsExactly(0x04, 0x1D, 0x1E, 0x1E, Key.ENTER.usage());
      assertThat(downs)
          .extracting(HidReport.Keyboard::modifiers)
          .containsExactly(
              Set.of(), Set.of(Modifier.SHIFT), Set.of(), Set.of(Modifier.SHIFT), Set.of());
      assertThat(hid.keysDown()).isEmpty();
      assertThat(r.cost().gestures()).as("the cost covers every key").isEqualTo(5);
      assertThat(r.observation().settled()).isTrue();
    }
  }

  @Test
  void aCharacterTheLayoutCannotTypeTypesNothing() {
    try (Device d = device()) {
      assertThatThrownBy(() -> d.typeText("abc é"))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_CHARACTER);
                assertThat(e.code().id()).isEqualTo("unsupported_character");
                assertThat(e.details())
                    .containsEntry("index", 4)
                    .containsEntry("code_point", "U+00E9")
                    .containsEntry("field", "text");
              });
      assertThat(hid.keys()).isEmpty();
    }
  }

  @Test
  void emptyOrMissingTextIsAnInvalidArgument() {
    try (Device d = device()) {
      CoordinatesTest.assertInvalid(() -> d.typeText(""), "text");
      CoordinatesTest.assertInvalid(() -> d.typeText(null), "text");
      assertThat(hid.keys()).isEmpty();
    }
  }
}
