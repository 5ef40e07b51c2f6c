package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryStoresTest {
  @TempDir Path dir;

  private static MemoryException thrown(Runnable r) {
    try {
      r.run();
    } catch (MemoryException e) {
      return e;
    }
    throw new AssertionError("expected a MemoryException");
  }

  @Test
  void memSchemeOpensAFreshStoreEachTime() {
    try (MemoryStore a = MemoryStores.open("mem:");
        MemoryStore b = MemoryStores.open("MEM:")) {
      a.save(MemoryRecord.builder("t", "c").build());
      assertThat(a.count()).isEqualTo(1);
      assertThat(b.count()).isZero();
    }
  }

  @Test
  void memSchemeTakesNoPath() {
    MemoryException e = thrown(() -> MemoryStores.open("mem:foo"));
    assertThat(e.code()).isEqualTo("invalid_argument");
    assertThat(e.field()).contains("uri");
  }

  @Test
  void sqliteSchemeOpensAFile() {
    Path db = dir.resolve("sub/dir/m.db");
    try (MemoryStore s = MemoryStores.open("sqlite:" + db)) {
      s.save(MemoryRecord.builder("t", "c").build());
    }
    assertThat(db).exists();
    try (MemoryStore s = MemoryStores.open("sqlite:" + db + "?sync=normal&busy_timeout_ms=100")) {
      assertThat(s.count()).isEqualTo(1);
    }
  }

  @Test
  void unknownSchemeListsTheKnownOnes() {
    MemoryException e = thrown(() -> MemoryStores.open("redis://localhost"));
    assertThat(e.code()).as("the code devices answer").isEqualTo("unknown_scheme");
    assertThat(e.field()).contains("uri");
    assertThat(e.getMessage()).contains("redis").contains("hostmem, mem, sqlite");
    assertThat(e.details().get("known_schemes")).isEqualTo(List.of("hostmem", "mem", "sqlite"));
  }

  @Test
  void aUriWithoutSchemeIsRefused() {
    for (String bad : new String[] {"", "   ", "/tmp/memory.db", ":x"}) {
      MemoryException e = thrown(() -> MemoryStores.open(bad));
      assertThat(e.code()).as(bad).isEqualTo("invalid_argument");
      assertThat(e.field()).as(bad).contains("uri");
    }
    assertThat(thrown(() -> MemoryStores.open(null)).field()).contains("uri");
  }

  @Test
  void badSqliteOptionsAreRefused() {
    for (String bad :
        new String[] {
          "?sync=maybe", "?busy_timeout_ms=soon", "?busy_timeout_ms=-1", "?color=red"
        }) {
      MemoryException e = thrown(() -> MemoryStores.open("sqlite:" + dir.resolve("x.db") + bad));
      assertThat(e.code()).as(bad).isEqualTo("invalid_argument");
    }
  }

  @Test
  void aHostProviderIsFoundThroughServiceLoader() {
    try (MemoryStore s = MemoryStores.open("hostmem:anything?x=1")) {
      assertThat(s.count()).isZero();
    }
    assertThat(TestStoreProvider.lastUri).isEqualTo("hostmem:anything?x=1");
    assertThat(MemoryStores.knownSchemes()).isEqualTo("hostmem, mem, sqlite");
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
      MemoryException e = thrown(() -> MemoryStores.open("mem:"));
      assertThat(e.getMessage())
          .contains("sqlite")
          .contains(DuplicateSqliteProvider.class.getName());
    } finally {
      Thread.currentThread().setContextClassLoader(old);
    }
  }
}
