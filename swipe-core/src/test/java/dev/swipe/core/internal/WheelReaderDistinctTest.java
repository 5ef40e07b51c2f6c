package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelScale;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WheelReaderDistinctTest {

  @Test
  void twoReadingsOfOneColumnAFewUnitsApartAreOneColumnTheBetterReadKept() {
    WheelColumn cut = words(0, 239, "Madrid", 0.9, List.of("band", "centre"));
    WheelColumn misread = words(1, 243, "Viadric", 0.7, List.of("band", "centre"));
    WheelColumn hour = numbers(2, 557);
    List<WheelColumn> out = WheelReader.distinct(List.of(cut, misread, hour));
    assertThat(out).hasSize(2);
    assertThat(out.get(0).selectedLabel()).hasValue("Madrid");
    assertThat(out.get(1).columnX()).isEqualTo(557);
    assertThat(out).extracting(WheelColumn::index).containsExactly(0, 1);
  }

  @Test
  void aClearSelectionOutweighsConfidence() {
    WheelColumn unclear = words(0, 240, "Madrid", 0.95, List.of());
    WheelColumn clear = words(1, 244, "Manila", 0.8, List.of("band", "centre"));
    assertThat(WheelReader.distinct(List.of(unclear, clear)))
        .singleElement()
        .satisfies(c -> assertThat(c.selectedLabel()).hasValue("Manila"));
  }

  @Test
  void columnsAsFarApartAsAPickersAreAllKept() {
    List<WheelColumn> cols = List.of(words(0, 239, "Madrid", 0.9, List.of()), numbers(1, 300));
    assertThat(WheelReader.distinct(cols)).isSameAs(cols);
  }

  private static WheelColumn words(
      int index, double x, String selected, double confidence, List<String> cues) {
    return new WheelColumn(
        index,
        x,
        500,
        40,
        Optional.of(selected),
        List.of(),
        List.of("Manila"),
        OptionalInt.of(0),
        new WheelScale(WheelScale.Kind.OPTIONS, 1, OptionalInt.empty(), false, 0, false),
        confidence,
        NormRegion.fromCorners(x - 60, 420, x + 60, 580),
        cues);
  }

  private static WheelColumn numbers(int index, double x) {
    return new WheelColumn(
        index,
        x,
        500,
        40,
        Optional.of("20"),
        List.of("18", "19"),
        List.of("21", "22"),
        OptionalInt.of(20),
        new WheelScale(WheelScale.Kind.NUMBER, 1, OptionalInt.of(24), false, 2, false),
        0.9,
        NormRegion.fromCorners(x - 30, 420, x + 30, 580),
        List.of("band", "centre"));
  }
}
