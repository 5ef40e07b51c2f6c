package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SqliteStoreProviderTest {
  private static final String HOME = "/home/agent";

  @Test
  void bareSchemeMeansTheDefaultUnderHome() {
    assertThat(SqliteStoreProvider.resolvePath("", HOME))
        .isEqualTo(Path.of("/home/agent/.swipe/memory.db"));
    assertThat(SqliteStoreProvider.resolvePath("  ", HOME))
        .isEqualTo(Path.of("/home/agent/.swipe/memory.db"));
  }

  @Test
  void tildeIsExpandedOnlyAtTheStart() {
    assertThat(SqliteStoreProvider.resolvePath("~/x/m.db", HOME))
        .isEqualTo(Path.of("/home/agent/x/m.db"));
    assertThat(SqliteStoreProvider.resolvePath("/data/~/m.db", HOME))
        .isEqualTo(Path.of("/data/~/m.db"));
    assertThat(SqliteStoreProvider.resolvePath("/data/../m.db", HOME)).isEqualTo(Path.of("/m.db"));
    assertThat(SqliteStoreProvider.resolvePath("///abs/m.db", HOME))
        .isEqualTo(Path.of("/abs/m.db"));
  }

  @Test
  void relativePathsAreMadeAbsolute() {
    assertThat(SqliteStoreProvider.resolvePath("m.db", HOME)).isAbsolute();
  }

  @Test
  void tildeWithoutHomeIsRefused() {
    assertThatThrownBy(() -> SqliteStoreProvider.resolvePath("~/m.db", ""))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("uri"));
  }

  @Test
  void optionsParse() {
    assertThat(SqliteStoreProvider.parseOptions("u", null))
        .isEqualTo(SqliteMemoryStore.Options.defaults());
    assertThat(SqliteStoreProvider.parseOptions("u", "sync=NORMAL&busy_timeout_ms=250"))
        .isEqualTo(new SqliteMemoryStore.Options(false, 250));
  }
}
