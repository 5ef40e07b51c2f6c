package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.testkit.RecordingHidTransport;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProviderRegistryTest {

  @Test
  void serviceLoaderFindsProvidersByScheme() {
    ProviderRegistry r = ProviderRegistry.load();
    assertThat(r.hidSchemes()).contains("fake");
    assertThat(r.captureSchemes()).contains("fake");
    assertThat(r.deviceSchemes()).contains("fakephone");
    assertThat(r.hid("fake")).isInstanceOf(FakeProviders.Hid.class);
  }

  @Test
  void duplicateSchemesFailAtLoad() {
    assertThatThrownBy(
            () ->
                ProviderRegistry.of(
                    List.of(new FakeProviders.Hid(), new FakeProviders.Hid()),
                    List.of(),
                    List.of()))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.DUPLICATE_SCHEME);
              assertThat(e.details()).containsEntry("scheme", "fake");
            });
  }

  @Test
  void unknownSchemeListsTheKnownOnes() {
    assertThatThrownBy(() -> Device.builder().hid("nosuch:/dev/x").capture("fake:").open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.UNKNOWN_SCHEME);
              assertThat(e.getMessage()).contains("nosuch").contains("fake");
              assertThat(e.details().get("known_schemes")).asList().contains("fake");
            });
    assertThatThrownBy(() -> Device.open("nosuch:"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.UNKNOWN_SCHEME));
  }

  @Test
  void providerOptionsAreValidatedWithTheValidKeysListed() {
    assertThatThrownBy(() -> Device.builder().hid("fake:?rate=3").capture("fake:").open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo("rate");
              assertThat(e.getMessage()).contains("rate_ms");
            });
  }

  @Test
  void aFailingCapturePartClosesTheOpenedHidPart() {
    RecordingHidTransport hid = new RecordingHidTransport(System::nanoTime);
    assertThatThrownBy(() -> Device.builder().hid(hid).capture("fake:?latency_ms=abc").open())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("latency_ms"));
    assertThat(hid.releaseCalls()).as("closing released the finger").isEqualTo(1);
  }
}
