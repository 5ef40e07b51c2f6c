package dev.swipe.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * The compatibility kit every {@link MemoryStore} must pass (built-in and host-provided alike):
 * subclass it and implement {@link #newStore}. Each test gets a fresh, empty store on a clock it
 * moves by hand.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public abstract class MemoryStoreContract {
  /** For a provider's test class. */
  public MemoryStoreContract() {}

  /** Where every test's clock starts. */
  protected static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");

  /** The clock the store under test reads; a test moves it to age records. */
  protected MutableClock clock;

  /** The store under test, fresh and empty for each test. */
  protected MemoryStore store;

  /** A fresh empty store using {@code clock}. */
  protected abstract MemoryStore newStore(MutableClock clock);

  @BeforeEach
  void openStore() {
    clock = new MutableClock(T0);
    store = newStore(clock);
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  /** A record as the SDK saves one for a widget's swipe parameters. */
  protected static MemoryRecord.Builder widget(String app, String widgetName) {
    return MemoryRecord.builder(
            "[" + app + "] [" + widgetName + "] swipe parameters",
            "app: " + app + ", widget: " + widgetName + ", effective distance: 35")
        .tags("swipe", "calibration")
        .entities(app)
        .priority(70);
  }

  // ------------------------------------------------------------------ save / get

  @Test
  void saveAssignsIdAndTimestampsFromTheClock() {
    MemoryRecord saved = store.save(widget("WeChat", "hour column").build());

    assertThat(saved.id()).isNotBlank();
    assertThat(saved.createdAt()).isEqualTo(T0);
    assertThat(saved.updatedAt()).isEqualTo(T0);
    assertThat(saved.title()).isEqualTo("[WeChat] [hour column] swipe parameters");
    assertThat(store.get(id(saved))).contains(saved);
    assertThat(store.count()).isEqualTo(1);
  }

  @Test
  void allFieldsRoundTrip() {
    MemoryRecord in =
        MemoryRecord.builder("Ünïcödé title 日本語 ✓", "line one\n\tline two, with: colons")
            .type("observation")
            .tags("time picker", "Swipe")
            .entities("WeChat", "Alarm Clock")
            .priority(0)
            .build();
    MemoryRecord saved = store.save(in);
    MemoryRecord got = store.get(id(saved)).orElseThrow();

    assertThat(got).isEqualTo(saved);
    assertThat(got.type()).isEqualTo("observation");
    assertThat(got.content()).isEqualTo("line one\n\tline two, with: colons");
    assertThat(got.tags()).containsExactly("time picker", "Swipe");
    assertThat(got.entities()).containsExactly("WeChat", "Alarm Clock");
    assertThat(got.priority()).isZero();
  }

  @Test
  void distinctRecordsGetDistinctIds() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    MemoryRecord b = store.save(widget("WeChat", "minute column").build());
    MemoryRecord c = store.save(widget("Clock", "hour column").build());

    assertThat(Set.of(a.id(), b.id(), c.id())).hasSize(3);
    assertThat(store.count()).isEqualTo(3);
  }

  @Test
  void unknownOrMalformedIdsAreNotFound() {
    store.save(widget("WeChat", "hour column").build());

    assertThat(store.get("999999")).isEmpty();
    assertThat(store.get("not an id")).isEmpty();
    assertThat(store.get("")).isEmpty();
    assertThat(store.get("-1")).isEmpty();
    assertThat(store.delete("not an id")).isFalse();
  }

  // ------------------------------------------------------------------ upsert

  @Test
  void saveUpsertsByTitleAndEntitiesKeepingIdAndCreatedAt() {
    MemoryRecord first = store.save(widget("WeChat", "hour column").build());
    clock.advance(Duration.ofMinutes(5));

    MemoryRecord second =
        store.save(
            widget("WeChat", "hour column")
                .content("app: WeChat, widget: hour column, effective distance: 40")
                .priority(90)
                .build());

    assertThat(second.id()).isEqualTo(first.id());
    assertThat(second.createdAt()).isEqualTo(T0);
    assertThat(second.updatedAt()).isEqualTo(T0.plus(Duration.ofMinutes(5)));
    assertThat(store.count()).isEqualTo(1);
    MemoryRecord got = store.get(id(first)).orElseThrow();
    assertThat(got.content()).endsWith("effective distance: 40");
    assertThat(got.priority()).isEqualTo(90);
  }

  @Test
  void upsertIdentityIgnoresCaseAndEntityOrder() {
    MemoryRecord a =
        store.save(MemoryRecord.builder("Hour Wheel", "v1").entities("WeChat", "Alarm").build());
    MemoryRecord b =
        store.save(MemoryRecord.builder("hour wheel", "v2").entities("alarm", "WECHAT").build());

    assertThat(b.id()).isEqualTo(a.id());
    assertThat(store.count()).isEqualTo(1);
    assertThat(store.get(id(a)).orElseThrow().content()).isEqualTo("v2");
    // The stored spelling is the latest one.
    assertThat(store.get(id(a)).orElseThrow().title()).isEqualTo("hour wheel");
  }

  @Test
  void sameTitleWithOtherEntitiesIsAnotherRecord() {
    MemoryRecord a =
        store.save(MemoryRecord.builder("hour wheel", "v1").entities("WeChat").build());
    MemoryRecord b = store.save(MemoryRecord.builder("hour wheel", "v2").entities("Clock").build());
    MemoryRecord c = store.save(MemoryRecord.builder("hour wheel", "v3").build());

    assertThat(Set.of(a.id(), b.id(), c.id())).hasSize(3);
  }

  @Test
  void saveWithIdUpdatesThatRecordEvenWhenItsTitleChanges() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    clock.advance(Duration.ofSeconds(1));

    MemoryRecord renamed = store.save(a.toBuilder().title("[WeChat] [hour wheel] params").build());

    assertThat(renamed.id()).isEqualTo(a.id());
    assertThat(renamed.createdAt()).isEqualTo(a.createdAt());
    assertThat(store.count()).isEqualTo(1);
    // The old identity is free again: saving it creates a new record.
    MemoryRecord again = store.save(widget("WeChat", "hour column").build());
    assertThat(again.id()).isNotEqualTo(a.id());
  }

  @Test
  void saveWithUnknownIdIsNotFound() {
    assertThatThrownBy(() -> store.save(widget("WeChat", "x").id("424242").build()))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_NOT_FOUND));
    assertThat(store.count()).isZero();
  }

  @Test
  void saveWithIdTakingAnotherRecordsIdentityIsAConflict() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    MemoryRecord b = store.save(widget("WeChat", "minute column").build());

    assertThatThrownBy(() -> store.save(b.toBuilder().title(a.title()).build()))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_CONFLICT));
    assertThat(store.get(id(b)).orElseThrow().title()).isEqualTo(b.title());
  }

  @Test
  void aClockThatGoesBackNeverMakesUpdatedBeforeCreated() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    clock.set(T0.minus(Duration.ofHours(1)));

    MemoryRecord b = store.save(widget("WeChat", "hour column").build());

    assertThat(b.updatedAt()).isAfterOrEqualTo(b.createdAt());
    assertThat(b.createdAt()).isEqualTo(a.createdAt());
  }

  @Test
  void saveAllSavesInOrderWithUpsertSemantics() {
    List<MemoryRecord> saved =
        store.saveAll(
            List.of(
                widget("A", "w").content("1").build(),
                widget("B", "w").build(),
                widget("a", "W").content("2").build()));

    assertThat(saved).hasSize(3);
    assertThat(saved.get(2).id()).isEqualTo(saved.get(0).id());
    assertThat(store.count()).isEqualTo(2);
    assertThat(store.get(id(saved.get(0))).orElseThrow().content()).isEqualTo("2");
  }

  @Test
  void saveAllIsAllOrNothing() {
    store.save(widget("Existing", "w").build());
    List<MemoryRecord> batch =
        List.of(widget("A", "w").build(), widget("B", "w").id("987654").build());

    assertThatThrownBy(() -> store.saveAll(batch)).isInstanceOf(SwipeException.class);
    assertThat(store.count()).isEqualTo(1);
    assertThat(store.recall(MemoryQuery.builder().entities("A").build())).isEmpty();
  }

  // ------------------------------------------------------------------ delete / list

  @Test
  void deleteRemovesTheRecordOnce() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    MemoryRecord b = store.save(widget("WeChat", "minute column").build());

    assertThat(store.delete(id(a))).isTrue();
    assertThat(store.delete(id(a))).isFalse();
    assertThat(store.get(id(a))).isEmpty();
    assertThat(store.get(id(b))).isPresent();
    assertThat(store.count()).isEqualTo(1);
    assertThat(store.recall(MemoryQuery.of("hour")))
        .extracting(MemoryRecord::id)
        .doesNotContain(a.id());
  }

  @Test
  void deletedIdsAreNotReused() {
    MemoryRecord a = store.save(widget("WeChat", "hour column").build());
    store.delete(id(a));
    MemoryRecord b = store.save(widget("WeChat", "hour column").build());

    assertThat(b.id()).isNotEqualTo(a.id());
  }

  @Test
  void listPagesMostRecentlyUpdatedFirst() {
    MemoryRecord a = store.save(widget("A", "w").build());
    clock.advance(Duration.ofSeconds(1));
    MemoryRecord b = store.save(widget("B", "w").build());
    clock.advance(Duration.ofSeconds(1));
    MemoryRecord c = store.save(widget("C", "w").build());
    MemoryRecord d = store.save(widget("D", "w").build()); // same time as c, created later
    clock.advance(Duration.ofSeconds(1));
    store.save(widget("A", "w").content("touched").build()); // a becomes the newest

    assertThat(store.list(0, 10))
        .extracting(MemoryRecord::id)
        .containsExactly(a.id(), d.id(), c.id(), b.id());
    assertThat(store.list(1, 2)).extracting(MemoryRecord::id).containsExactly(d.id(), c.id());
    assertThat(store.list(4, 10)).isEmpty();
  }

  @Test
  void listRejectsBadPaging() {
    assertInvalid(() -> store.list(-1, 10), "offset");
    assertInvalid(() -> store.list(0, 0), "limit");
    assertInvalid(() -> store.list(0, 1001), "limit");
  }

  // ------------------------------------------------------------------ recall

  @Test
  void recallFindsByWordsInTitleContentTagsAndEntities() {
    MemoryRecord hour = store.save(widget("WeChat", "hour column").build());
    MemoryRecord minute = store.save(widget("WeChat", "minute column").build());
    MemoryRecord map =
        store.save(
            MemoryRecord.builder("[Maps] [canvas] pan parameters", "distance: 200")
                .tags("canvas")
                .entities("Google Maps")
                .build());

    assertThat(ids(store.recall(MemoryQuery.of("hour")))).containsExactly(hour.id());
    assertThat(ids(store.recall(MemoryQuery.of("COLUMN"))))
        .containsExactlyInAnyOrder(hour.id(), minute.id());
    assertThat(ids(store.recall(MemoryQuery.of("google")))).containsExactly(map.id());
    assertThat(ids(store.recall(MemoryQuery.of("canvas")))).containsExactly(map.id());
    assertThat(store.recall(MemoryQuery.of("nonexistentword"))).isEmpty();
  }

  @Test
  void recallFoldsCaseAndDiacritics() {
    MemoryRecord r = store.save(MemoryRecord.builder("Café Réveil wheel", "x").build());

    assertThat(ids(store.recall(MemoryQuery.of("cafe reveil")))).containsExactly(r.id());
    assertThat(ids(store.recall(MemoryQuery.of("CAFÉ")))).containsExactly(r.id());
  }

  @Test
  void recallMatchesAnyWordAndRanksRecordsMatchingMoreWordsFirst() {
    MemoryRecord both = store.save(MemoryRecord.builder("alarm hour wheel", "x").build());
    MemoryRecord one = store.save(MemoryRecord.builder("alarm minute list", "x").build());
    store.save(MemoryRecord.builder("unrelated thing here", "x").build());

    assertThat(ids(store.recall(MemoryQuery.of("hour alarm"))))
        .containsExactly(both.id(), one.id());
  }

  @Test
  void recallRanksTitleMatchesAboveContentMatches() {
    MemoryRecord inContent =
        store.save(MemoryRecord.builder("alpha record", "the stepper control").build());
    MemoryRecord inTitle =
        store.save(MemoryRecord.builder("stepper record", "the alpha control").build());

    assertThat(ids(store.recall(MemoryQuery.of("stepper"))))
        .containsExactly(inTitle.id(), inContent.id());
  }

  @Test
  void amongEquallyRelevantRecordsHigherPriorityComesFirst() {
    MemoryRecord low =
        store.save(MemoryRecord.builder("wheel one", "same body").priority(20).build());
    MemoryRecord high =
        store.save(MemoryRecord.builder("wheel two", "same body").priority(90).build());
    MemoryRecord mid =
        store.save(MemoryRecord.builder("wheel six", "same body").priority(50).build());

    assertThat(ids(store.recall(MemoryQuery.of("wheel"))))
        .containsExactly(high.id(), mid.id(), low.id());
  }

  @Test
  void amongEquallyRelevantAndImportantRecordsTheMoreRecentComesFirst() {
    MemoryRecord old = store.save(MemoryRecord.builder("wheel one", "same body").build());
    clock.advance(Duration.ofDays(60));
    MemoryRecord fresh = store.save(MemoryRecord.builder("wheel two", "same body").build());
    clock.advance(Duration.ofDays(1));

    assertThat(ids(store.recall(MemoryQuery.of("wheel")))).containsExactly(fresh.id(), old.id());
  }

  @Test
  void muchMoreRelevantBeatsHigherPriority() {
    MemoryRecord relevant =
        store.save(
            MemoryRecord.builder("hour wheel alarm", "hour wheel alarm").priority(10).build());
    MemoryRecord important =
        store.save(MemoryRecord.builder("minute list", "an alarm somewhere").priority(100).build());
    store.save(MemoryRecord.builder("other", "nothing").build());

    assertThat(ids(store.recall(MemoryQuery.of("hour wheel alarm"))))
        .containsExactly(relevant.id(), important.id());
  }

  @Test
  void recallWithoutWordsRanksByPriorityThenRecency() {
    MemoryRecord a = store.save(MemoryRecord.builder("a", "x").priority(50).build());
    clock.advance(Duration.ofDays(10));
    MemoryRecord b = store.save(MemoryRecord.builder("b", "x").priority(50).build());
    MemoryRecord c = store.save(MemoryRecord.builder("c", "x").priority(80).build());

    assertThat(ids(store.recall(MemoryQuery.of("")))).containsExactly(c.id(), b.id(), a.id());
    assertThat(ids(store.recall(MemoryQuery.of("  ... --- "))))
        .containsExactly(c.id(), b.id(), a.id());
  }

  @Test
  void recallFiltersByEntitiesTagsAndTypeIgnoringCase() {
    MemoryRecord wechat = store.save(widget("WeChat", "hour column").build());
    MemoryRecord clockApp = store.save(widget("Clock", "hour column").build());
    MemoryRecord note =
        store.save(
            MemoryRecord.builder("hour column note", "remember")
                .type("note")
                .tags("picker")
                .entities("Clock")
                .build());

    assertThat(ids(store.recall(MemoryQuery.text("hour").entities("wechat").build())))
        .containsExactly(wechat.id());
    assertThat(ids(store.recall(MemoryQuery.text("hour").entities("CLOCK").build())))
        .containsExactlyInAnyOrder(clockApp.id(), note.id());
    assertThat(ids(store.recall(MemoryQuery.text("hour").tags("PICKER").build())))
        .containsExactly(note.id());
    assertThat(ids(store.recall(MemoryQuery.text("hour").type("procedure").build())))
        .containsExactlyInAnyOrder(wechat.id(), clockApp.id());
    assertThat(ids(store.recall(MemoryQuery.builder().entities("Clock").tags("swipe").build())))
        .containsExactly(clockApp.id());
    assertThat(store.recall(MemoryQuery.text("hour").entities("WeChat", "Clock").build()))
        .isEmpty();
  }

  @Test
  void recallFiltersFollowUpdatedLabels() {
    MemoryRecord r = store.save(widget("WeChat", "hour column").tags("old").build());
    store.save(r.toBuilder().tags("new").build());

    assertThat(store.recall(MemoryQuery.text("hour").tags("old").build())).isEmpty();
    assertThat(ids(store.recall(MemoryQuery.text("hour").tags("new").build())))
        .containsExactly(r.id());
  }

  @Test
  void recallSeesUpdatedTextAndForgetsOldText() {
    MemoryRecord r = store.save(MemoryRecord.builder("wheel", "old words zebra").build());
    store.save(r.toBuilder().content("new words giraffe").build());

    assertThat(store.recall(MemoryQuery.of("zebra"))).isEmpty();
    assertThat(ids(store.recall(MemoryQuery.of("giraffe")))).containsExactly(r.id());
  }

  @Test
  void recallHonoursTheLimit() {
    for (int i = 0; i < 30; i++) {
      store.save(MemoryRecord.builder("wheel number " + i, "x").priority(i).build());
    }

    List<MemoryRecord> top = store.recall(MemoryQuery.text("wheel").limit(5).build());

    assertThat(top).hasSize(5);
    assertThat(top).extracting(MemoryRecord::priority).containsExactly(29, 28, 27, 26, 25);
  }

  @Test
  void ftsSyntaxInUserTextIsTakenLiterally() {
    MemoryRecord near = store.save(MemoryRecord.builder("NEAR the hour wheel", "x").build());
    MemoryRecord other = store.save(MemoryRecord.builder("minute list", "x").build());

    for (String q :
        List.of(
            "\"hour",
            "hour*",
            "NEAR(hour wheel, 2)",
            "-hour",
            "hour NOT wheel",
            "title:hour",
            "(hour OR",
            "AND hour",
            "hour AND OR NOT",
            "^hour",
            "{title content}: hour",
            "hour'; DROP TABLE memory; --",
            "\u0000hour\u0007")) {
      assertThat(ids(store.recall(MemoryQuery.of(q))))
          .as(q)
          .contains(near.id())
          .doesNotContain(other.id());
    }
    assertThat(ids(store.recall(MemoryQuery.of("near")))).containsExactly(near.id());
    assertThat(store.count()).isEqualTo(2);
  }

  @Test
  void recallNeverFailsOnArbitraryText() {
    store.save(widget("WeChat", "hour column").build());
    store.save(MemoryRecord.builder("NEAR AND OR NOT \"quoted\" (x) a:b -c d*", "x").build());
    Gen<String> text =
        strings()
            .allPossible()
            .ofLengthBetween(0, 60)
            .mix(strings().betweenCodePoints(0x20, 0x7e).ofLengthBetween(0, 40), 50);
    qt().withExamples(300)
        .forAll(text)
        .checkAssert(
            t ->
                assertThat(store.recall(MemoryQuery.text(t).limit(5).build()))
                    .hasSizeLessThanOrEqualTo(5));
  }

  @Test
  void recallOfAWordFindsTheRecordWhateverSurroundsIt() {
    MemoryRecord r = store.save(MemoryRecord.builder("zyxwheel record", "x").build());
    Gen<String> noise = strings().betweenCodePoints(0x20, 0x2f).ofLengthBetween(0, 8);
    qt().withExamples(200)
        .forAll(noise, noise)
        .checkAssert(
            (pre, post) ->
                assertThat(ids(store.recall(MemoryQuery.of(pre + "zyxwheel" + post))))
                    .containsExactly(r.id()));
  }

  @Test
  void atScaleRareWordsWinOverCommonOnes() {
    List<MemoryRecord> batch = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      batch.add(
          MemoryRecord.builder("[App" + i + "] [hour wheel] swipe parameters", "distance: 35")
              .entities("App" + i)
              .tags("swipe")
              .priority(i % 100)
              .build());
    }
    List<MemoryRecord> saved = store.saveAll(batch);
    String app17 = saved.get(17).id();

    // The app name is rare, the other words are in every record.
    assertThat(store.recall(MemoryQuery.of("App17 hour wheel swipe parameters")).get(0).id())
        .isEqualTo(app17);
    // Only common words, but a selective filter: exact.
    assertThat(ids(store.recall(MemoryQuery.text("swipe parameters").entities("app17").build())))
        .containsExactly(app17);
    // Only common words, no filter: still answers, within the limit.
    assertThat(store.recall(MemoryQuery.text("hour wheel").limit(7).build())).hasSize(7);
    // A common filter with a rare word.
    assertThat(ids(store.recall(MemoryQuery.text("App599").tags("swipe").build())))
        .containsExactly(saved.get(599).id());
  }

  // ------------------------------------------------------------------ concurrency

  @Test
  void concurrentWritersAndReadersLoseNothing() throws Exception {
    int threads = 4;
    int perThread = 40;
    ExecutorService pool = Executors.newFixedThreadPool(threads + 2);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<List<String>>> writers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int tt = t;
        writers.add(
            pool.submit(
                () -> {
                  start.await();
                  List<String> ids = new ArrayList<>();
                  for (int i = 0; i < perThread; i++) {
                    ids.add(store.save(widget("App" + tt, "widget " + i).build()).id());
                    // Everyone also upserts one shared record.
                    store.save(MemoryRecord.builder("shared wheel", "by " + tt).build());
                  }
                  return ids;
                }));
      }
      List<Future<Integer>> readers = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        readers.add(
            pool.submit(
                () -> {
                  start.await();
                  int n = 0;
                  for (int i = 0; i < 50; i++) {
                    n += store.recall(MemoryQuery.of("widget shared")).size();
                    store.list(0, 5);
                  }
                  return n;
                }));
      }
      start.countDown();
      Set<String> all = new HashSet<>();
      for (Future<List<String>> f : writers) {
        all.addAll(f.get(120, TimeUnit.SECONDS));
      }
      for (Future<Integer> f : readers) {
        f.get(120, TimeUnit.SECONDS);
      }
      assertThat(all).hasSize(threads * perThread);
      assertThat(store.count()).isEqualTo((long) threads * perThread + 1L);
      for (String id : all) {
        assertThat(store.get(id)).isPresent();
      }
      assertThat(store.recall(MemoryQuery.of("shared"))).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  // ------------------------------------------------------------------ lifecycle

  @Test
  void aClosedStoreRefusesWorkAndClosingTwiceIsFine() {
    store.save(widget("WeChat", "hour column").build());
    store.close();
    store.close();

    for (Runnable op :
        List.<Runnable>of(
            () -> store.save(widget("x", "y").build()),
            () -> store.get("1"),
            () -> store.recall(MemoryQuery.of("hour")),
            () -> store.list(0, 10),
            () -> store.count(),
            () -> store.delete("1"))) {
      assertThatThrownBy(op::run)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE));
    }
  }

  // ------------------------------------------------------------------ helpers

  /** The ids of {@code records}, in order. */
  protected static List<String> ids(List<MemoryRecord> records) {
    List<String> out = new ArrayList<>();
    for (MemoryRecord r : records) {
      out.add(r.id());
    }
    return Collections.unmodifiableList(out);
  }

  /** Asserts {@code r} fails with {@code invalid_argument} naming {@code field}. */
  protected static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            });
  }

  /** The id a store gave {@code saved}; a saved record always has one. */
  private static String id(MemoryRecord saved) {
    return Objects.requireNonNull(saved.id(), "a saved record has an id");
  }

  /**
   * A clock a test moves by hand, so timestamps and recency are deterministic; {@link
   * MemoryStoreContract} hands one to each store it opens.
   */
  public static final class MutableClock extends Clock {
    private volatile Instant now;

    /** A clock standing at {@code start}. */
    public MutableClock(Instant start) {
      this.now = start;
    }

    /** A clock standing at an ISO-8601 instant such as {@code 2026-01-10T08:00:00Z}. */
    public static MutableClock at(String instant) {
      return new MutableClock(Instant.parse(instant));
    }

    /** Moves the clock forward by {@code d}. */
    public void advance(Duration d) {
      synchronized (this) {
        now = now.plus(d);
      }
    }

    /** Puts the clock at {@code instant}, forward or back. */
    public void set(Instant instant) {
      now = instant;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
