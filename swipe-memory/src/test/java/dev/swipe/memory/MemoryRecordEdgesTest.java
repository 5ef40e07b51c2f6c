package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records and store URIs at their edges: a new record is unsaved and typed by default, a timestamp
 * alone names the missing one, and a URI without a scheme, store or clock is refused by name.
 */
class MemoryRecordEdgesTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);

  @TempDir Path dir;

  @Test
  void aNewRecordIsUnsavedTypedByDefaultAndTakesNullLabelListsAsNone() {
    MemoryRecord r =
        MemoryRecord.builder("t", "c")
            .type(null)
            .title("title")
            .tags((java.util.List<String>) null)
            .entities((java.util.List<String>) null)
            .build();
    assertThat(r.isSaved()).isFalse();
    assertThat(r.id()).isNull();
    assertThat(r.type()).isEqualTo(MemoryRecord.DEFAULT_TYPE);
    assertThat(r.title()).isEqualTo("title");
    assertThat(r.tags()).isEmpty();
    assertThat(r.entities()).isEmpty();
    assertThat(r.toBuilder().id("m-1").build().isSaved()).isTrue();
    MemoryRecord direct = new MemoryRecord(null, null, "t", "c", null, null, 50, null, null);
    assertThat(direct.tags()).isEmpty();
    assertThat(direct.type()).isEqualTo("procedure");
  }

  @Test
  void aTimestampAloneNamesTheMissingOne() {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    assertThatThrownBy(() -> new MemoryRecord(null, null, "t", "c", null, null, 50, t, null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("updated_at"));
    assertThatThrownBy(() -> new MemoryRecord(null, null, "t", "c", null, null, 50, null, t))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("created_at"));
  }

  @Test
  void aStoreUriNeedsTextASchemeAndAClock() {
    for (String blank : new String[] {null, "", "  "}) {
      assertThatThrownBy(() -> MemoryStore.open(blank, CLOCK))
          .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("uri"))
          .hasMessageContaining("is required");
    }
    assertThatThrownBy(() -> MemoryStore.open("mem:", null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("clock"));
    assertThatThrownBy(() -> MemoryStore.open(":memory", CLOCK))
        .hasMessageContaining("has no scheme");
    assertThatThrownBy(() -> MemoryStore.open("nosuch:x", CLOCK))
        .hasMessageContaining("unknown memory store scheme 'nosuch'");
  }

  @Test
  void theShortcutsOpenWorkingStores() throws Exception {
    try (MemoryStore m = MemoryStore.inMemory();
        MemoryStore s = MemoryStore.sqlite(dir.resolve("m.db"), CLOCK)) {
      for (MemoryStore store : new MemoryStore[] {m, s}) {
        MemoryRecord saved = store.save(MemoryRecord.builder("t", "c").build());
        assertThat(store.get(saved.id())).contains(saved);
      }
      assertThat(
              s.get(s.recall(MemoryQuery.text("t").build()).get(0).id()).orElseThrow().createdAt())
          .isEqualTo(CLOCK.instant());
    }
  }

  @Test
  void providersAreFoundWithoutAContextClassLoader() throws Exception {
    Thread t = Thread.currentThread();
    ClassLoader was = t.getContextClassLoader();
    t.setContextClassLoader(null);
    try (MemoryStore store = MemoryStore.open("hostmem:x", CLOCK)) {
      assertThat(store).isNotNull();
    } finally {
      t.setContextClassLoader(was);
    }
  }
}
