package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The server's builder takes each part once; its options take the last value. */
class BuilderPartsTest {
  private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);
  private Device phone;

  @BeforeEach
  void open() {
    phone = Device.open("sim:?scale=0.3");
  }

  @AfterEach
  void close() {
    phone.close();
  }

  private static void assertRefused(Runnable r, String field) {
    assertThatThrownBy(r::run).isInstanceOfSatisfying(SwipeException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
      assertThat(e.field()).isEqualTo(field);
      assertThat(e.getMessage()).startsWith(field + ": was already set");
    });
  }

  @Test
  void eachPartSetTwiceIsRefusedNamingItsField() {
    assertRefused(() -> WebDriverServer.builder(phone).address(ANY_PORT).address(ANY_PORT), "address");
    assertRefused(() -> WebDriverServer.builder(phone).token("a").token("b"), "token");
    assertRefused(() -> WebDriverServer.builder(phone).token(null).token("b"), "token");
    assertRefused(() -> WebDriverServer.builder(phone).tools(SessionTools.none()).tools(SessionTools.none()), "tools");
  }

  @Test
  void partsOnceAndOptionsTwiceStartWithTheLastOptions() {
    try (WebDriverServer server = WebDriverServer.builder(phone).address(ANY_PORT).token("t")
        .tools(SessionTools.none()).rigName("a").rigName("b")
        .idleTimeout(Duration.ofSeconds(5)).idleTimeout(Duration.ofSeconds(30)).start()) {
      assertThat(server.address().getPort()).isPositive();
    }
  }
}
