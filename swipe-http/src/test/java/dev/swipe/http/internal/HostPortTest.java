package dev.swipe.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Host headers and web origins, parsed strictly, and loopback told without resolving a name. */
class HostPortTest {

  @Test
  void hostHeadersParseToLowerCaseHostAndPort() {
    assertThat(HostPort.parse("LocalHost:4723")).isEqualTo(new HostPort("localhost", 4723));
    assertThat(HostPort.parse("[::1]")).isEqualTo(new HostPort("::1", -1));
    assertThat(HostPort.parse("[::1]:80")).isEqualTo(new HostPort("::1", 80));
    for (String bad :
        new String[] {"a:b:c", "[::1", "[::1]x", "host:", "host:65536", "host:12a", "ho st", ""}) {
      assertThat(HostPort.parse(bad)).as("'%s'", bad).isNull();
    }
  }

  @Test
  void originsAreWebOriginsWithTheirDefaultPorts() {
    assertThat(HostPort.ofOrigin("http://localhost")).isEqualTo(new HostPort("localhost", 80));
    assertThat(HostPort.ofOrigin("https://Example.com"))
        .isEqualTo(new HostPort("example.com", 443));
    assertThat(HostPort.ofOrigin("http://[::1]:8080")).isEqualTo(new HostPort("::1", 8080));
    assertThat(HostPort.ofOrigin("null")).isNull();
    assertThat(HostPort.ofOrigin("file:///tmp/x.html")).isNull();
    assertThat(HostPort.ofOrigin("ftp://localhost")).isNull();
  }

  @Test
  void anOriginWithUserInfoPathQueryOrFragmentIsNoOrigin() {
    for (String bad :
        new String[] {
          "http://evil.com@127.0.0.1",
          "http://evil.com@127.0.0.1:8765",
          "http://@127.0.0.1",
          "http://user:pw@localhost",
          "http://evil.com%40@127.0.0.1",
          "http://127.0.0.1/",
          "http://127.0.0.1/x",
          "http://127.0.0.1?x=1",
          "http://127.0.0.1#x"
        }) {
      assertThat(HostPort.ofOrigin(bad)).as("'%s'", bad).isNull();
    }
  }

  @Test
  void loopbackIsLocalhostOrALoopbackLiteral() {
    for (String h : new String[] {"localhost", "127.0.0.1", "127.0.0.2", "::1"}) {
      assertThat(new HostPort(h, -1).isLoopback()).as(h).isTrue();
    }
    for (String h : new String[] {"10.0.0.1", "127.0.0.1.attacker.example", "example.com", "::2"}) {
      assertThat(new HostPort(h, -1).isLoopback()).as(h).isFalse();
    }
  }
}
