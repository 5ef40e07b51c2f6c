package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both built-in stores at the edges of their contract: a closed store refuses every call, a failed
 * batch leaves nothing behind, an id names a record or is refused, deletes and lists stop where the
 * records do, and every call lets go of the store's lock (another thread gets in at once after it).
 */
class StoreEdgesTest {
  @TempDir static Path dir;

  private static int opened;

  static Stream<Function<MutableClock, MemoryStore>> stores() {
    return Stream.of(
        MemoryStore::inMemory,
        clock -> MemoryStore.sqlite(dir.resolve("edges-" + (opened++) + ".db"), clock));
  }

  private static MemoryRecord record(String title, String content) {
    return MemoryRecord.builder(title, content).entities("App").build();
  }

  private static void fails(ThrowingCallable call, Code code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  @ParameterizedTest
  @MethodSource("stores")
  void aClosedStoreRefusesEveryCall(Function<MutableClock, MemoryStore> open) {
    MemoryStore store = open.apply(MutableClock.at("2026-01-01T00:00:00Z"));
    MemoryRecord saved = store.save(record("kept", "before closing"));
    store.close();
    Code closed = MemoryCode.MEMORY_UNAVAILABLE;
    fails(() -> store.save(record("late", "after closing")), closed);
    fails(() -> store.saveAll(List.of(record("late", "after closing"))), closed);
    fails(() -> store.get(saved.id()), closed);
    fails(() -> store.recall(MemoryQuery.of("kept")), closed);
    fails(() -> store.delete(saved.id()), closed);
    fails(() -> store.get("not an id"), closed);
    fails(() -> store.delete("not an id"), closed);
    fails(() -> store.list(0, 10), closed);
    fails(store::count, closed);
  }

  @ParameterizedTest
  @MethodSource("stores")
  void aBatchWithOneBadRecordLeavesTheStoreAsItWas(Function<MutableClock, MemoryStore> open) {
    try (MemoryStore store = open.apply(MutableClock.at("2026-01-01T00:00:00Z"))) {
      MemoryRecord first = store.save(record("first", "zebra"));
      MemoryRecord unknownId = record("ghost", "giraffe").toBuilder().id("no-such-id").build();
      fails(
          () -> store.saveAll(List.of(record("second", "okapi giraffe"), unknownId)),
          MemoryCode.MEMORY_NOT_FOUND);
      assertThat(store.count()).isEqualTo(1);
      assertThat(store.recall(MemoryQuery.of("okapi"))).isEmpty();
      assertThat(store.recall(MemoryQuery.of("zebra"))).containsExactly(first);
      // the store goes on as if the batch never came
      MemoryRecord next = store.save(record("second", "okapi"));
      assertThat(store.recall(MemoryQuery.of("okapi"))).containsExactly(next);
      assertThat(store.list(0, 10)).hasSize(2);
    }
  }

  @ParameterizedTest
  @MethodSource("stores")
  void anIdNamesAStoredRecordAndCannotTakeAnothersIdentity(
      Function<MutableClock, MemoryStore> open) {
    MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    try (MemoryStore store = open.apply(clock)) {
      MemoryRecord a = store.save(record("a", "one"));
      MemoryRecord b = store.save(record("b", "two"));
      fails(
          () -> store.save(record("c", "three").toBuilder().id("m-404").build()),
          MemoryCode.MEMORY_NOT_FOUND);
      fails(() -> store.save(b.toBuilder().title("a").build()), MemoryCode.MEMORY_CONFLICT);
      // the same identity without an id is the same memory, updated in place
      clock.advance(Duration.ofSeconds(5));
      MemoryRecord again = store.save(record("A", "one, revised"));
      assertThat(again.id()).isEqualTo(a.id());
      assertThat(again.createdAt()).isEqualTo(a.createdAt());
      assertThat(again.updatedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:05Z"));
      // a clock gone back never dates an update before its creation
      clock.set(Instant.parse("2025-12-31T00:00:00Z"));
      MemoryRecord back = store.save(record("a", "one, again"));
      assertThat(back.updatedAt()).isEqualTo(back.createdAt());
      assertThat(store.count()).isEqualTo(2);
    }
  }

  @ParameterizedTest
  @MethodSource("stores")
  void getAndDeleteAnswerForWhatIsStoredOnly(Function<MutableClock, MemoryStore> open) {
    try (MemoryStore store = open.apply(MutableClock.at("2026-01-01T00:00:00Z"))) {
      MemoryRecord a = store.save(record("a", "shared word"));
      MemoryRecord b = store.save(record("b", "shared word"));
      assertThat(store.get(null)).isEmpty();
      assertThat(store.get("m-404")).isEmpty();
      assertThat(store.get("not an id at all")).isEmpty();
      assertThat(store.get(a.id())).contains(a);
      assertThat(store.delete(null)).isFalse();
      assertThat(store.delete("m-404")).isFalse();
      assertThat(store.delete("not an id at all")).isFalse();
      assertThat(store.delete(a.id())).isTrue();
      assertThat(store.delete(a.id())).isFalse();
      assertThat(store.get(a.id())).isEmpty();
      // the other record with the same words is still found by them
      assertThat(store.recall(MemoryQuery.of("shared"))).containsExactly(b);
      assertThat(store.delete(b.id())).isTrue();
      assertThat(store.recall(MemoryQuery.of("shared"))).isEmpty();
      assertThat(store.count()).isZero();
    }
  }

  @ParameterizedTest
  @MethodSource("stores")
  void aListPageStopsAtTheLastRecord(Function<MutableClock, MemoryStore> open) {
    MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    try (MemoryStore store = open.apply(clock)) {
      for (int i = 0; i < 3; i++) {
        store.save(record("r" + i, "row"));
        clock.advance(Duration.ofSeconds(1));
      }
      assertThat(store.list(0, 2)).extracting(MemoryRecord::title).containsExactly("r2", "r1");
      assertThat(store.list(2, 5)).extracting(MemoryRecord::title).containsExactly("r0");
      assertThat(store.list(3, 5)).isEmpty();
      assertThat(store.list(0, 3)).hasSize(3);
      fails(() -> store.list(-1, 5), CommonCode.INVALID_ARGUMENT);
      fails(() -> store.list(0, 0), CommonCode.INVALID_ARGUMENT);
    }
  }

  @ParameterizedTest
  @MethodSource("stores")
  void everyCallLetsGoOfTheStore(Function<MutableClock, MemoryStore> open) throws Exception {
    ExecutorService other = Executors.newSingleThreadExecutor();
    try (MemoryStore store = open.apply(MutableClock.at("2026-01-01T00:00:00Z"))) {
      MemoryRecord a = store.save(record("a", "lock"));
      List<Runnable> calls =
          List.of(
              () -> store.save(record("b", "lock")),
              () -> store.saveAll(List.of(record("c", "lock"))),
              () -> store.get(a.id()),
              () -> store.recall(MemoryQuery.of("lock")),
              () -> store.recall(MemoryQuery.builder().build()),
              () -> store.list(0, 10),
              store::count,
              () -> store.delete("m-404"));
      for (Runnable call : calls) {
        call.run();
        // a write and a read from another thread get in while this thread holds nothing
        assertThat(
                other
                    .submit(
                        () -> {
                          store.save(record("d", "other thread"));
                          return store.count();
                        })
                    .get(20, TimeUnit.SECONDS))
            .isPositive();
      }
    } finally {
      other.shutdownNow();
    }
  }
}
