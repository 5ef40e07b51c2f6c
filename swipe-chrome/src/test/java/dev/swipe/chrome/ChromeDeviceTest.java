package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.spi.PointerKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code chrome:} through the public API, judged by the pages' own truth. */
class ChromeDeviceTest {
  private static PageServer server;

  @BeforeAll
  static void serve() {
    Chromium.assumeInstalled();
    server = PageServer.classpath("kit");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void opensByUriAsATouchPhoneWithAKeyboard() {
    try (Device phone = Device.open("chrome:?device=iphone-15&url=" + server.url("list.html"))) {
      assertThat(phone.rig().capabilities().activePointer()).isEqualTo(PointerKind.TOUCH);
      assertThat(phone.rig().capabilities().keyboard()).isTrue();
      // two frame pixels per CSS pixel by default
      assertThat(phone.screenshot().width()).isEqualTo(2 * 393);
      assertThat(phone.screenshot().height()).isEqualTo(2 * 852);
    }
    try (Device phone =
        Device.open("chrome:?device=iphone-15&scale=1&url=" + server.url("list.html"))) {
      assertThat(phone.screenshot().width()).isEqualTo(393);
      assertThat(phone.screenshot().height()).isEqualTo(852);
    }
  }

  @Test
  void scrollClaimsAgreeWithThePage() {
    try (ChromePhone page = ChromePhone.open("chrome:?url=" + server.url("list.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      ScrollResult up = phone.scroll(Scroll.builder(ScrollDirection.UP).amount(0.5).build());
      assertThat(truth(page).path("scrollY").asInt()).isZero();
      assertThat(up.movement()).isNotEqualTo(Movement.MOVED);

      ScrollResult down = phone.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.5).build());
      int y = truth(page).path("scrollY").asInt();
      assertThat(y).as("the page scrolled").isPositive();
      assertThat(down.movement()).isEqualTo(Movement.MOVED);
      if (down.observation().settled()) {
        assertThat(truth(page).path("scrollY").asInt()).as("settled means still").isEqualTo(y);
      }
    }
  }

  @Test
  void typesIntoAFieldTheFingerFocused() {
    try (ChromePhone page = ChromePhone.open("chrome:?url=" + server.url("form.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      phone.tap(NormPoint.of(500, 500));
      phone.typeText("Ada Lovelace, 1815!\n");
      JsonNode t = truth(page);
      assertThat(t.path("value").asText()).isEqualTo("Ada Lovelace, 1815!");
      assertThat(t.path("entered").get(0).asText()).isEqualTo("Ada Lovelace, 1815!");
    }
  }

  @Test
  void aMissingBrowserIsACodedErrorNamingTheInstall() {
    assertThatThrownBy(
            () ->
                Device.open("chrome:?binary=/nonexistent/chromium&url=" + server.url("list.html")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.BROWSER_UNAVAILABLE);
              assertThat(e.getMessage()).contains("/nonexistent/chromium");
            });
  }

  @Test
  void badOptionsNameTheirField() {
    assertThatThrownBy(() -> Device.open("chrome:?device=nokia&url=" + server.url("list.html")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.details()).containsEntry("field", "device");
              assertThat(e.getMessage()).contains("pixel-7", "iphone-15");
            });
    assertThatThrownBy(() -> Device.open("chrome:?device=pixel-7"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "url"));
    assertThatThrownBy(() -> Device.open("chrome:?url=ftp://x/y"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "url"));
    assertThatThrownBy(() -> Device.open("cdp:"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.details()).containsEntry("field", "endpoint"));
  }

  @Test
  void aPageThatDoesNotLoadIsRefusedAndLeavesNoBrowser() {
    assertThatThrownBy(() -> Device.open("chrome:?url=http://127.0.0.1:1/nothing.html"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.details()).containsEntry("field", "url");
            });
  }

  private static JsonNode truth(ChromePhone page) {
    return PageTruth.evaluate(page, "window.swipeTruth()");
  }
}
