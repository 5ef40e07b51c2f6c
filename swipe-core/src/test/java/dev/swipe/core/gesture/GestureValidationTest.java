package dev.swipe.core.gesture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class GestureValidationTest {
  private static final NormPoint A = NormPoint.of(500, 600);
  private static final NormPoint B = NormPoint.of(500, 400);

  @Test
  void swipeDefaultsFollowTheToolContract() {
    Swipe s = Swipe.of(A, B);
    assertThat(s.durationMs()).isEqualTo(700);
    assertThat(s.steps()).isEqualTo(24);
    assertThat(s.holdBeforeMs()).isEqualTo(80);
    assertThat(s.holdAfterMs()).isEqualTo(0);
    assertThat(s.kind()).isEqualTo("swipe");
  }

  @Test
  void swipeRejectsBadFieldsByName() {
    assertInvalid(() -> Swipe.builder(A, B).durationMs(-1).build(), "duration_ms");
    assertInvalid(() -> Swipe.builder(A, B).durationMs(0).build(), "duration_ms");
    assertInvalid(() -> Swipe.builder(A, B).durationMs(3_600_000).build(), "duration_ms");
    assertInvalid(() -> Swipe.builder(A, B).steps(0).build(), "steps");
    assertInvalid(() -> Swipe.builder(A, B).steps(1_000_000).build(), "steps");
    assertInvalid(() -> Swipe.builder(A, B).holdBeforeMs(-5).build(), "hold_before_ms");
    assertInvalid(() -> Swipe.builder(A, B).holdAfterMs(70_000).build(), "hold_after_ms");
    assertInvalid(() -> Swipe.builder(null, B), "start");
    assertInvalid(() -> Swipe.builder(A, null), "end");
  }

  @Test
  void tapsPressesAndKeysValidate() {
    assertInvalid(() -> new Tap(null, 60), "at");
    assertInvalid(() -> new Tap(A, 0), "hold_ms");
    assertInvalid(() -> new LongPress(A, -1), "hold_ms");
    assertInvalid(() -> new KeyPress(null, Set.of(), 40), "key");
    assertInvalid(() -> new KeyPress(Key.ENTER, Set.of(), 0), "hold_ms");
    assertInvalid(() -> new KeyPress(Key.BACK, Set.of(Modifier.SHIFT), 40), "modifiers");
    assertInvalid(() -> Key.keyboard(0x1FF, "bogus"), "usage");
    assertThat(LongPress.at(A).holdMs()).isEqualTo(800);
    assertThat(Tap.at(A).holdMs()).isEqualTo(60);
  }

  @Test
  void dragValidatesItsPath() {
    assertInvalid(() -> new Drag(List.of(A), 100, 4, 0, 0), "path");
    assertInvalid(() -> new Drag(null, 100, 4, 0, 0), "path");
    assertInvalid(() -> Drag.builder(A, B).then(A).steps(1).build(), "steps");
    assertInvalid(() -> Drag.builder(A, B).then(null), "path[2]");
    Drag d = Drag.builder(A, B).then(NormPoint.of(600, 400)).build();
    assertThat(d.path()).hasSize(3);
    assertThat(d.holdAfterMs()).isEqualTo(100);
    assertThat(d.length()).isEqualTo(300.0);
  }

  /** Asserts {@code r} fails with {@code invalid_argument} naming {@code field}. */
  public static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            });
  }
}
