package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.SwipeException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryStoresTest {
  @TempDir Path dir;

  private static SwipeException thrown(Runnable r) {
    try {
      r.run();
    } catch (SwipeException e) {
      return e;
    }
    throw new AssertionError("expected a SwipeException");
  }

  @Test
  void memSchemeOpensAFreshStoreEachTime() {
    try (MemoryStore a = MemoryStore.open("mem:");
        MemoryStore b = MemoryStore.open("MEM:")) {
      a.save(MemoryRecord.builder("t", "c").build());
      assertThat(a.count()).isEqualTo(1);
      assertThat(b.count()).isZero();
    }
  }

  @Test
  void memSchemeTakesNoPath() {
    SwipeException e = thrown(() -> MemoryStore.open("mem:foo"));
    assertThat(e.code().id()).isEqualTo("invalid_argument");
    assertThat(e.field()).isEqualTo("uri");
  }

  @Test
  void sqliteSchemeOpensAFile() {
    Path db = dir.resolve("sub/dir/m.db");
    try (MemoryStore s = MemoryStore.open("sqlite:" + db)) {
      s.save(MemoryRecord.builder("t", "c").build());
    }
    assertThat(db).exists();
    try (MemoryStore s = MemoryStore.open("sqlite:" + db + "?sync=normal&busy_timeout_ms=100")) {
      assertThat(s.count()).isEqualTo(1);
    }
  }

  @Test
  void unknownSchemeListsTheKnownOnes() {
    SwipeException e = thrown(() -> MemoryStore.open("redis://localhost"));
    assertThat(e.code().id()).as("the code devices answer").isEqualTo("unknown_scheme");
    assertThat(e.field()).isEqualTo("uri");
    assertThat(e.getMessage()).contains("redis").contains("hostmem, mem, sqlite");
    assertThat(e.details().get("known_schemes")).isEqualTo(List.of("hostmem", "mem", "sqlite"));
  }

  @Test
  void aUriWithoutSchemeIsRefused() {
    for (String bad : new String[] {"", "   ", "/tmp/memory.db", ":x"}) {
      SwipeException e = thrown(() -> MemoryStore.open(bad));
      assertThat(e.code().id()).as(bad).isEqualTo("invalid_argument");
      assertThat(e.field()).as(bad).isEqualTo("uri");
    }
    assertThat(thrown(() -> MemoryStore.open(null)).field()).isEqualTo("uri");
  }

  @Test
  void badSqliteOptionsAreRefused() {
    for (String bad :
        new String[] {
          "?sync=maybe", "?busy_timeout_ms=soon", "?busy_timeout_ms=-1", "?color=red"
        }) {
      SwipeException e = thrown(() -> MemoryStore.open("sqlite:" + dir.resolve("x.db") + bad));
      assertThat(e.code().id()).as(bad).isEqualTo("invalid_argument");
    }
  }

  @Test
  void aHostProviderIsFoundThroughServiceLoader() {
    try (MemoryStore s = MemoryStore.open("hostmem:anything?x=1")) {
      assertThat(s.count()).isZero();
    }
    assertThat(TestStoreProvider.lastUri).isEqualTo("hostmem:anything?x=1");
    assertThat(MemoryStore.knownSchemes()).isEqualTo("hostmem, mem, sqlite");
  }

  @Test
  void twoProvidersForOneSchemeFailInsteadOfPickingOne() throws Exception {
    Path services = dir.resolve("cp/META-INF/services");
    Files.createDirectories(services);
    Files.writeString(
        services.resolve(MemoryStoreProvider.class.getName()),
        DuplicateSqliteProvider.class.getName() + "\n");
    ClassLoader old = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader cl =
        new URLClassLoader(new URL[] {dir.resolve("cp").toUri().toURL()}, old)) {
      Thread.currentThread().setContextClassLoader(cl);
      SwipeException e = thrown(() -> MemoryStore.open("mem:"));
      assertThat(e.getMessage())
          .contains("sqlite")
          .contains(DuplicateSqliteProvider.class.getName());
    } finally {
      Thread.currentThread().setContextClassLoader(old);
    }
  }
}
