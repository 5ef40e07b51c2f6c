package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.swipe.base.SwipeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryRecordTest {

  private static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.details()).containsEntry("field", field);
              assertThat(e.getMessage()).startsWith(field + ":");
            });
  }

  @Test
  void theSeedRecordIsValid() {
    MemoryRecord r =
        MemoryRecord.builder(
                "[WeChat] [hour column] swipe parameters",
                "app: WeChat, screen: time picker, picker: hour column, effective distance: 35,"
                    + " hold_after_ms: 100, center position: x=500 y=380")
            .tags("swipe", "picker", "calibration")
            .entities("WeChat")
            .priority(70)
            .build();

    assertThat(r.type()).isEqualTo("procedure");
    assertThat(r.isSaved()).isFalse();
    assertThat(r.id()).isNull();
    assertThat(r.createdAt()).isNull();
  }

  @Test
  void defaultsAreProcedureAndPriorityFifty() {
    MemoryRecord r = MemoryRecord.builder("t", "c").build();
    assertThat(r.type()).isEqualTo(MemoryRecord.DEFAULT_TYPE);
    assertThat(r.priority()).isEqualTo(50);
    assertThat(r.tags()).isEmpty();
    assertThat(r.entities()).isEmpty();
  }

  @Test
  void emptyOrBlankTitleIsRefused() {
    assertInvalid(() -> MemoryRecord.builder("", "c").build(), "title");
    assertInvalid(() -> MemoryRecord.builder("   \t ", "c").build(), "title");
    assertInvalid(() -> MemoryRecord.builder(null, "c").build(), "title");
  }

  @Test
  void priorityOutsideZeroToHundredIsRefused() {
    assertInvalid(() -> MemoryRecord.builder("t", "c").priority(-1).build(), "priority");
    assertInvalid(() -> MemoryRecord.builder("t", "c").priority(101).build(), "priority");
    assertThat(MemoryRecord.builder("t", "c").priority(0).build().priority()).isZero();
    assertThat(MemoryRecord.builder("t", "c").priority(100).build().priority()).isEqualTo(100);
  }

  @Test
  void priorityValidityIsExactlyTheRange() {
    qt().forAll(integers().between(-1000, 1000))
        .checkAssert(
            p -> {
              if (p >= 0 && p <= 100) {
                assertThat(MemoryRecord.builder("t", "c").priority(p).build().priority())
                    .isEqualTo(p);
              } else {
                assertInvalid(() -> MemoryRecord.builder("t", "c").priority(p).build(), "priority");
              }
            });
  }

  @Test
  void controlCharactersAreRefusedNamingTheField() {
    assertInvalid(() -> MemoryRecord.builder("a\u0000b", "c").build(), "title");
    assertInvalid(() -> MemoryRecord.builder("a\nb", "c").build(), "title");
    assertInvalid(() -> MemoryRecord.builder("t", "bell\u0007").build(), "content");
    assertInvalid(() -> MemoryRecord.builder("t", "esc\u001b[31m").build(), "content");
    assertInvalid(() -> MemoryRecord.builder("t", "del\u007f").build(), "content");
    assertInvalid(() -> MemoryRecord.builder("t", "c1\u0085").build(), "content");
    assertInvalid(() -> MemoryRecord.builder("t", "c").tags("ok", "bad\ttag").build(), "tags");
    assertInvalid(() -> MemoryRecord.builder("t", "c").entities("We\rChat").build(), "entities");
    assertInvalid(() -> MemoryRecord.builder("t", "c").type("pro\u0001").build(), "type");
  }

  @Test
  void contentMayHoldNewlinesAndTabs() {
    MemoryRecord r = MemoryRecord.builder("t", "line 1\n\tline 2").build();
    assertThat(r.content()).isEqualTo("line 1\n\tline 2");
  }

  @Test
  void unpairedSurrogatesAreRefused() {
    assertInvalid(() -> MemoryRecord.builder("a\uD800b", "c").build(), "title");
    assertInvalid(() -> MemoryRecord.builder("t", "\uDC00").build(), "content");
    assertThat(MemoryRecord.builder("emoji \uD83D\uDE00", "c").build().title())
        .endsWith("\uD83D\uDE00");
  }

  @Test
  void oversizeFieldsAreRefusedWithTheLimit() {
    String longTitle = "x".repeat(MemoryRecord.MAX_TITLE + 1);
    assertInvalid(() -> MemoryRecord.builder(longTitle, "c").build(), "title");
    assertThatThrownBy(() -> MemoryRecord.builder(longTitle, "c").build())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.details()).containsEntry("limit", MemoryRecord.MAX_TITLE));
    assertInvalid(
        () -> MemoryRecord.builder("t", "c".repeat(MemoryRecord.MAX_CONTENT + 1)).build(),
        "content");
    assertInvalid(
        () -> MemoryRecord.builder("t", "c").type("t".repeat(MemoryRecord.MAX_TYPE + 1)).build(),
        "type");
    assertInvalid(
        () ->
            MemoryRecord.builder("t", "c")
                .tags("x".repeat(MemoryRecord.MAX_LABEL_LENGTH + 1))
                .build(),
        "tags");
    List<String> many = new ArrayList<>();
    for (int i = 0; i <= MemoryRecord.MAX_LABELS; i++) {
      many.add("e" + i);
    }
    assertInvalid(() -> MemoryRecord.builder("t", "c").entities(many).build(), "entities");
    // Exactly at the limits is fine; length counts characters, not UTF-16 units.
    assertThat(MemoryRecord.builder("\uD83D\uDE00".repeat(MemoryRecord.MAX_TITLE), "c").build())
        .isNotNull();
    assertThat(MemoryRecord.builder("t", "c".repeat(MemoryRecord.MAX_CONTENT)).build()).isNotNull();
  }

  @Test
  void emptyLabelsAreRefused() {
    assertInvalid(() -> MemoryRecord.builder("t", "c").tags("ok", " ").build(), "tags");
    assertInvalid(
        () -> MemoryRecord.builder("t", "c").entities(Collections.singletonList(null)).build(),
        "entities");
  }

  @Test
  void textIsStrippedAndDuplicateLabelsDropped() {
    MemoryRecord r =
        MemoryRecord.builder("  title  ", "  body ")
            .tags(" swipe", "Swipe", "picker ", "SWIPE")
            .entities("WeChat", "wechat")
            .build();

    assertThat(r.title()).isEqualTo("title");
    assertThat(r.content()).isEqualTo("body");
    assertThat(r.tags()).containsExactly("swipe", "picker");
    assertThat(r.entities()).containsExactly("WeChat");
  }

  @Test
  void labelsAreImmutableCopies() {
    List<String> tags = new ArrayList<>(List.of("a"));
    MemoryRecord r = MemoryRecord.builder("t", "c").tags(tags).build();
    tags.add("b");
    assertThat(r.tags()).containsExactly("a");
    assertThatThrownBy(() -> r.tags().add("c")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void timestampsComeInPairsAndInOrder() {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    assertInvalid(() -> MemoryRecord.builder("t", "c").timestamps(t, null).build(), "updated_at");
    assertInvalid(
        () -> MemoryRecord.builder("t", "c").timestamps(t, t.minusSeconds(1)).build(),
        "updated_at");
  }

  @Test
  void identityKeyIgnoresCaseWidthAndEntityOrder() {
    MemoryRecord a = MemoryRecord.builder("Hour Wheel", "1").entities("WeChat", "Clock").build();
    MemoryRecord b = MemoryRecord.builder("hour wheel", "2").entities("clock", "WECHAT").build();
    MemoryRecord c = MemoryRecord.builder("Ｈｏｕｒ Wheel", "3").entities("Clock", "WeChat").build();
    MemoryRecord d = MemoryRecord.builder("Hour Wheel", "4").entities("WeChat").build();

    assertThat(a.identityKey()).isEqualTo(b.identityKey()).isEqualTo(c.identityKey());
    assertThat(a.identityKey()).isNotEqualTo(d.identityKey());
  }

  @Test
  void identityDoesNotConfuseTitleWithEntities() {
    MemoryRecord a = MemoryRecord.builder("a", "c").entities("b").build();
    MemoryRecord b = MemoryRecord.builder("a b", "c").build();
    assertThat(a.identityKey()).isNotEqualTo(b.identityKey());
  }

  @Test
  void validationOnlyEverThrowsInvalidArgument() {
    qt().withExamples(500)
        .forAll(
            strings().allPossible().ofLengthBetween(0, 40),
            strings().allPossible().ofLengthBetween(0, 40))
        .checkAssert(
            (title, tag) -> {
              try {
                MemoryRecord r = MemoryRecord.builder(title, title).tags(tag).entities(tag).build();
                assertThat(r.title()).isNotBlank();
              } catch (SwipeException e) {
                assertThat(e.code().id()).isEqualTo("invalid_argument");
                assertThat(e.field()).isNotNull();
              }
            });
  }

  @Test
  void toBuilderCopiesEverything() {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    MemoryRecord r =
        MemoryRecord.builder("t", "c")
            .id("7")
            .type("note")
            .tags("x")
            .entities("y")
            .priority(3)
            .timestamps(t, t)
            .build();
    assertThat(r.toBuilder().build()).isEqualTo(r);
  }

  @Test
  void queryValidatesLimitAndTextLength() {
    assertInvalid(() -> MemoryQuery.text("x").limit(0).build(), "limit");
    assertInvalid(() -> MemoryQuery.text("x").limit(MemoryQuery.MAX_LIMIT + 1).build(), "limit");
    assertInvalid(() -> MemoryQuery.of("x".repeat(MemoryQuery.MAX_TEXT + 1)), "text");
    assertInvalid(() -> MemoryQuery.builder().tags("").build(), "tags");
    MemoryQuery q = MemoryQuery.of(null);
    assertThat(q.text()).isEmpty();
    assertThat(q.limit()).isEqualTo(MemoryQuery.DEFAULT_LIMIT);
    assertThat(MemoryQuery.builder().type("  ").build().type()).isNull();
  }
}
