package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.text.TextBox;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** The pitch at a picker's selection from its rows' word boxes, on flat wheels and cylinders. */
class WheelCentrePitchTest {
  private static final int CENTER = 900;

  /** Rows at offsets {@code offset(k)} for k = -above..below, boxes rounded to whole pixels. */
  private static List<WheelColumnFinder.Row> rows(
      int above, int below, IntToDoubleFunction offset) {
    List<WheelColumnFinder.Row> rows = new ArrayList<>();
    for (int k = -above; k <= below; k++) {
      int y = (int) Math.round(CENTER + offset.applyAsDouble(k) - 20);
      rows.add(new WheelColumnFinder.Row("x", new TextBox(500, y, 60, 40), 0.9, 100));
    }
    return rows;
  }

  private static double mean(List<WheelColumnFinder.Row> rows) {
    return (rows.get(rows.size() - 1).cy() - rows.get(0).cy()) / (rows.size() - 1);
  }

  @Test
  void onACylinderThePitchAtTheSelectionIsItsArcNotTheMeanOfPressedRows() {
    // rows drawn at R sin(k t): the picker's row height is R t; rows away from the centre crowd.
    // Two rows on one side show the curve (one either side alone cannot: R sin t stands for R t).
    qt().withExamples(300)
        .forAll(
            doubles().between(0.15, 0.5),
            doubles().between(70, 200),
            integers().between(1, 3),
            integers().between(2, 3))
        .checkAssert(
            (t, pitch, above, below) -> {
              double r = pitch / t;
              List<WheelColumnFinder.Row> rows = rows(above, below, k -> r * Math.sin(k * t));
              assertThat(WheelReader.centrePitch(rows, above, mean(rows)))
                  .as("t %s pitch %s", t, pitch)
                  .isCloseTo(pitch, Percentage.withPercentage(2));
            });
  }

  @Test
  void aUiPickerViewsSixRowsReadTenPercentShortOnTheirMeanAndRightAtTheCentre() {
    // rows 0.3 rad apart, two above and three below the selection: the mean is 10% short
    double t = 0.3;
    double r = 96 / t;
    List<WheelColumnFinder.Row> rows = rows(2, 3, k -> r * Math.sin(k * t));
    assertThat(mean(rows)).isLessThan(96 * 0.91);
    assertThat(WheelReader.centrePitch(rows, 2, mean(rows)))
        .isCloseTo(96, Percentage.withPercentage(1));
  }

  @Test
  void onAFlatWheelThePitchStaysWithinTheBoxesJitter() {
    // boxes rounded to whole pixels may look a little curved; the answer stays within 2%
    qt().withExamples(200)
        .forAll(doubles().between(60, 200), integers().between(0, 3), integers().between(0, 3))
        .checkAssert(
            (pitch, above, below) -> {
              List<WheelColumnFinder.Row> rows = rows(above, below, k -> k * pitch);
              if (rows.size() < 2) {
                return;
              }
              assertThat(WheelReader.centrePitch(rows, above, mean(rows)))
                  .as("pitch %s", pitch)
                  .isCloseTo(pitch, Percentage.withPercentage(2));
            });
  }

  @Test
  void withoutANeighbourOnEachSideTheMeanStands() {
    double t = 0.4;
    double r = 100 / t;
    List<WheelColumnFinder.Row> rows = rows(0, 3, k -> r * Math.sin(k * t));
    assertThat(WheelReader.centrePitch(rows, 0, mean(rows))).isEqualTo(mean(rows));
  }
}
