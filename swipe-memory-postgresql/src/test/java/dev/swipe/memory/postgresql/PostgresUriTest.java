package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryStore;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** URI parsing, redaction and the pool's bounds; no PostgreSQL needed. */
class PostgresUriTest {
  private static final String SECRET = "s3cr%2Bt+x";

  @Test
  void parsesHostPortDatabaseAndOptions() {
    PostgresUri u =
        PostgresUri.parse(
            "postgresql://db.example:6543/swipe?user=rig&password="
                + SECRET
                + "&schema=grid&pool_size=8&pool_wait_ms=100&sslmode=require",
            Map.of());
    assertThat(u.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:6543/swipe");
    assertThat(u.properties())
        .containsEntry("user", "rig")
        .containsEntry("password", "s3cr+t+x")
        .containsEntry("currentSchema", "grid")
        .containsEntry("sslmode", "require");
    assertThat(u.poolSize).isEqualTo(8);
    assertThat(u.poolWaitMs).isEqualTo(100);
    assertThat(u.toString())
        .isEqualTo("postgresql://db.example:6543/swipe?user=rig&schema=grid")
        .doesNotContain("s3cr");
    assertThat(PostgresUri.parse("postgresql://h/d?user=u", Map.of()).port).isEqualTo(5432);
    assertThat(PostgresUri.parse("postgresql://[::1]:5433/d?user=u", Map.of()).host)
        .isEqualTo("[::1]");
  }

  @Test
  void thePasswordMayComeFromTheEnvironment() {
    PostgresUri u =
        PostgresUri.parse("postgresql://h/d?user=u&password_env=PGPW", Map.of("PGPW", "from env"));
    assertThat(u.properties()).containsEntry("password", "from env");
    assertThatThrownBy(
            () -> PostgresUri.parse("postgresql://h/d?user=u&password_env=NOPE", Map.of()))
        .hasMessageContaining("NOPE");
  }

  @Test
  void badUrisAreInvalidArgumentsThatNeverEchoThePassword() {
    for (String bad :
        new String[] {
          "postgresql://h?user=u&password=" + SECRET,
          "postgresql://h/d?password=" + SECRET,
          "postgresql://u:" + SECRET + "@h/d",
          "postgresql://h/d?user=u&password=" + SECRET + "&pool_size=0",
          "postgresql://h/d?user=u&password=" + SECRET + "&colour=blue",
          "postgresql://h/d?user=u&password=" + SECRET + "&schema=a;drop",
          "postgresql://h/d;x?user=u&password=" + SECRET,
          "postgresql://h/d?user=u&password=%zz" + SECRET,
        }) {
      assertThatThrownBy(() -> MemoryStore.open(bad))
          .as(bad)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                assertThat(e.getMessage()).doesNotContain("s3cr");
                assertThat(String.valueOf(e.details())).doesNotContain("s3cr");
              });
    }
  }

  @Test
  void nothingListeningIsMemoryUnavailableWithoutThePassword() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String uri =
        "postgresql://127.0.0.1:" + port + "/d?user=u&password=" + SECRET + "&connect_timeout_s=2";
    assertThatThrownBy(() -> MemoryStore.open(uri))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
              assertThat(e.getMessage()).contains("127.0.0.1:" + port).doesNotContain("s3cr");
              assertThat(String.valueOf(e.details())).doesNotContain("s3cr");
            });
  }

  @Test
  void thePoolLendsAtMostItsSizeAndABorrowerWaitsBoundedly() throws Exception {
    AtomicInteger opened = new AtomicInteger();
    ConnectionPool pool =
        new ConnectionPool(
            () -> {
              opened.incrementAndGet();
              return (Connection)
                  java.lang.reflect.Proxy.newProxyInstance(
                      getClass().getClassLoader(),
                      new Class<?>[] {Connection.class},
                      (p, m, a) -> m.getName().equals("isValid") ? Boolean.TRUE : null);
            },
            2,
            150,
            "test");
    Connection a = pool.borrow();
    Connection b = pool.borrow();
    long t0 = System.nanoTime();
    assertThatThrownBy(pool::borrow)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
              assertThat(e.getMessage()).contains("2 database connections").contains("150 ms");
            });
    assertThat((System.nanoTime() - t0) / 1_000_000).isBetween(100L, 5_000L);
    pool.release(a, false);
    assertThat(pool.borrow()).isSameAs(a); // reused, not opened again
    pool.release(b, true); // broken: closed, not reused
    Connection c = pool.borrow();
    assertThat(c).isNotSameAs(b);
    assertThat(opened.get()).isEqualTo(3);
    pool.close();
    pool.release(c, false);
    assertThat(pool.idleCount()).isZero();
    assertThatThrownBy(pool::borrow).isInstanceOf(SwipeException.class);
  }

  @Test
  void aFailingFactoryGivesItsPermitBack() throws Exception {
    ConnectionPool pool =
        new ConnectionPool(
            () -> {
              throw new SQLException("refused");
            },
            1,
            50,
            "test");
    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(pool::borrow).isInstanceOf(SQLException.class).hasMessage("refused");
    }
  }

  @Test
  void longWordsAreAbbreviatedConsistently() {
    String longWord = "a".repeat(300);
    assertThat(PostgresMemoryStore.lexeme(longWord))
        .hasSizeLessThanOrEqualTo(PostgresMemoryStore.MAX_LEXEME)
        .isEqualTo(PostgresMemoryStore.lexeme(longWord))
        .isNotEqualTo(PostgresMemoryStore.lexeme("a".repeat(299) + "b"));
  }
}
