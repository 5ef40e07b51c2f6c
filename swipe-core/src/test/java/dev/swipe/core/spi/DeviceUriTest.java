package dev.swipe.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeviceUriTest {

  @Test
  void parsesSchemePathAndOptions() {
    DeviceUri u = DeviceUri.parse("ch9329:/dev/ttyUSB0?baud=115200&pointer=abs&ack");
    assertThat(u.scheme()).isEqualTo("ch9329");
    assertThat(u.path()).isEqualTo("/dev/ttyUSB0");
    assertThat(u.intParam("baud", 9600, 1200, 115200)).isEqualTo(115200);
    assertThat(u.choice("pointer", "abs", Set.of("abs", "rel"))).isEqualTo("abs");
    assertThat(u.boolParam("ack", false)).isTrue();
    assertThat(u.intParam("missing", 7, 0, 10)).isEqualTo(7);
  }

  @Test
  void pathsWithSpacesAndEncodedCharactersSurvive() {
    DeviceUri u = DeviceUri.parse("uvc:USB3.0 Capture?size=1920x1080");
    assertThat(u.path()).isEqualTo("USB3.0 Capture");
    assertThat(u.sizeParam("size"))
        .hasValueSatisfying(s -> assertThat(s).containsExactly(1920, 1080));
    DeviceUri m = DeviceUri.parse("mjpeg:http://127.0.0.1:8080/snap%3Fq=1?timeout_ms=5");
    assertThat(m.path()).isEqualTo("http://127.0.0.1:8080/snap?q=1");
    assertThat(DeviceUri.parse("SIM:").scheme()).isEqualTo("sim");
    assertThat(DeviceUri.parse("sim:").path()).isEmpty();
  }

  @Test
  void malformedUrisAndValuesNameTheKey() {
    assertInvalid(() -> DeviceUri.parse("no-colon"), "uri");
    assertInvalid(() -> DeviceUri.parse(":x"), "uri");
    assertInvalid(() -> DeviceUri.parse("9x:"), "uri");
    assertInvalid(() -> DeviceUri.parse(null), "uri");
    assertInvalid(() -> DeviceUri.parse("a:?b=1&b=2"), "b");
    assertInvalid(() -> DeviceUri.parse("a:%zz"), "uri");
    DeviceUri u = DeviceUri.parse("a:?baud=fast&size=10by10&ack=maybe&q=2.5x&p=huge");
    assertInvalid(() -> u.intParam("baud", 9600, 1200, 115200), "baud");
    assertInvalid(() -> u.sizeParam("size"), "size");
    assertInvalid(() -> u.boolParam("ack", false), "ack");
    assertInvalid(() -> u.doubleParam("q", 1, 0, 10), "q");
    assertInvalid(() -> u.choice("p", "abs", Set.of("abs", "rel")), "p");
    assertInvalid(
        () -> DeviceUri.parse("a:?baud=300").intParam("baud", 9600, 1200, 115200), "baud");
  }

  @Test
  void thePointerOptionIsOneOfTheKindsALinkPlays() {
    Set<PointerKind> mice = EnumSet.of(PointerKind.ABSOLUTE, PointerKind.RELATIVE);
    assertThat(DeviceUri.parse("ch9329:/dev/x").pointerParam(PointerKind.ABSOLUTE, mice))
        .isEqualTo(PointerKind.ABSOLUTE);
    assertThat(
            DeviceUri.parse("ch9329:/dev/x?pointer=REL").pointerParam(PointerKind.ABSOLUTE, mice))
        .isEqualTo(PointerKind.RELATIVE);
    // a kind this link cannot play is refused like a word that names none
    assertInvalid(
        () ->
            DeviceUri.parse("ch9329:/dev/x?pointer=touch").pointerParam(PointerKind.ABSOLUTE, mice),
        "pointer");
    assertInvalid(
        () -> DeviceUri.parse("ch9329:/dev/x?pointer=pen").pointerParam(PointerKind.ABSOLUTE, mice),
        "pointer");
  }

  @Test
  void unknownKeysAreRefusedWithTheValidOnesListed() {
    assertThatThrownBy(
            () ->
                DeviceUri.parse("ch9329:/dev/x?bad=1").requireKnownKeys(Set.of("baud", "pointer")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo("bad");
              assertThat(e.getMessage()).contains("[baud, pointer]");
            });
  }

  private static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            });
  }
}
