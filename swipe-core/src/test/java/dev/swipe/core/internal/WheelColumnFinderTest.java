package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.diff.GreyRaster;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelScale;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WheelColumnFinderTest {
  private static final int W = 1080;
  private static final int H = 2400;
  private static final int CENTER = 900;
  private static final int PITCH = 180;

  /** Words stacked in columns at x, rows centred around CENTER; null leaves a row empty. */
  private static TextPage page(int[] xs, String[]... columns) {
    List<TextLine> lines = new ArrayList<>();
    for (int c = 0; c < columns.length; c++) {
      for (int r = 0; r < columns[c].length; r++) {
        String label = columns[c][r];
        if (label != null) {
          int cy = CENTER + (r - columns[c].length / 2) * PITCH;
          lines.add(
              TextLine.of(
                  List.of(new Word(label, new TextBox(xs[c] - 40, cy - 25, 80, 50), 0.95))));
        }
      }
    }
    return new TextPage(W, H, lines);
  }

  private static GreyRaster blank() {
    byte[] px = new byte[W * H];
    Arrays.fill(px, (byte) 240);
    return GreyRaster.of(W, H, px);
  }

  /** A picker of iOS 14 and later: nothing but a grey band behind the selected line. */
  private static GreyRaster banded() {
    return bandedAt(CENTER);
  }

  /** A grey band behind the row at {@code centreY} and nothing else. */
  private static GreyRaster bandedAt(int centreY) {
    byte[] px = new byte[W * H];
    Arrays.fill(px, (byte) 240);
    for (int y = centreY - PITCH / 2; y < centreY + PITCH / 2; y++) {
      Arrays.fill(px, y * W + 40, y * W + W - 40, (byte) 214);
    }
    return GreyRaster.of(W, H, px);
  }

  @Test
  void threeEvenRowsThatCountAreAColumnSelectedWhereTheBandAndTheMiddleAgree() {
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(
            page(
                new int[] {260, 600, 860},
                new String[] {"May", "Jun", "Jul"},
                new String[] {"08", "09", "10"},
                new String[] {"25", "30", "35"}),
            banded());
    assertThat(cols).hasSize(3);
    assertThat(cols).extracting(c -> c.selectedRow().label()).containsExactly("Jun", "09", "30");
    assertThat(cols)
        .allSatisfy(
            c -> {
              assertThat(c.selection().clear()).isTrue();
              assertThat(c.selection().agreeing()).containsExactlyInAnyOrder("band", "centre");
            });
    assertThat(cols.get(2).scale().step()).isEqualTo(5);
    assertThat(cols.get(1).pitchPx()).isEqualTo(PITCH);
  }

  @Test
  void aFieldsTextJustBelowThePickerIsNotTheColumnsLastRow() {
    // "Alarm label" a little more than a row below the last row, under the month column: it is
    // within the pitch's tolerance of the next row, but counts nothing
    TextPage picker =
        page(
            new int[] {260, 600},
            new String[] {"Feb", "Mar", "Apr"},
            new String[] {"00", "01", "02"});
    List<TextLine> lines = new ArrayList<>(picker.lines());
    int below = CENTER + PITCH + 7 * PITCH / 6; // a sixth of a pitch further than the next row
    lines.add(TextLine.of(List.of(new Word("Alarm", new TextBox(100, below - 25, 110, 50), 0.95))));
    lines.add(TextLine.of(List.of(new Word("label", new TextBox(235, below - 25, 90, 50), 0.95))));
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(new TextPage(W, H, lines), banded());
    assertThat(cols).hasSize(2);
    WheelColumnFinder.Column month = cols.get(0);
    assertThat(month.rows())
        .extracting(WheelColumnFinder.Row::label)
        .containsExactly("Feb", "Mar", "Apr");
    assertThat(month.selection().clear()).isTrue();
    assertThat(month.selectedRow().label()).isEqualTo("Mar");
  }

  @Test
  void rowsDrawnAlikeWithNothingMarkingTheSelectionAreAColumnWhoseSelectionIsUnclear() {
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(
            page(
                new int[] {600, 860},
                new String[] {"08", "09", "10"},
                new String[] {"25", "30", "35"}),
            blank());
    assertThat(cols).hasSize(2);
    assertThat(cols).allSatisfy(c -> assertThat(c.selection().clear()).isFalse());
  }

  @Test
  void aBandOffTheMiddleOfTheRowsIsADisagreementNotASelection() {
    // the band behind the row below the middle: the middle and the band place different rows
    byte[] px = new byte[W * H];
    Arrays.fill(px, (byte) 240);
    for (int y = CENTER + PITCH / 2; y < CENTER + 3 * PITCH / 2; y++) {
      Arrays.fill(px, y * W + 40, y * W + W - 40, (byte) 214);
    }
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(
            page(new int[] {600}, new String[] {"07", "08", "09", "10", "11"}),
            GreyRaster.of(W, H, px));
    assertThat(cols).hasSize(1);
    assertThat(cols.get(0).selection().clear()).isFalse();
    assertThat(cols.get(0).selection().describe()).contains("band 1 below", "centre here");
  }

  @Test
  void aColumnAtItsEndShowsTwoRowsAndStillCountsWhereItStandsOnItsNeighboursRows() {
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(
            page(
                new int[] {260, 600, 860},
                new String[] {null, "Jan", "Feb"},
                new String[] {"08", "09", "10"},
                new String[] {"25", "30", "35"}),
            banded());
    assertThat(cols).hasSize(3);
    WheelColumnFinder.Column month = cols.get(0);
    assertThat(month.scale().kind()).isEqualTo(WheelScale.Kind.MONTH);
    assertThat(month.selectedRow().label()).isEqualTo("Jan");
    assertThat(month.selection().clear()).as("on its line-mates' agreed line").isTrue();
  }

  @Test
  void aColumnOfWordsAtItsEndWithItsSelectedLabelUnreadKeepsTheRowWhereInkIsDrawn() {
    TextPage atTheTop =
        page(
            new int[] {260, 600},
            new String[] {null, null, null, "Barcelona", "Berlin"},
            new String[] {"1", "2", "3", "4", "5"});
    GreyRaster inked = banded();
    byte[] px = inked.toByteArray();
    for (int y = CENTER - 20; y < CENTER + 20; y++) {
      for (int x = 222; x < 298; x += 6) { // the selected label's strokes, drawn but unread
        Arrays.fill(px, y * W + x, y * W + x + 3, (byte) 20);
      }
    }
    List<WheelColumnFinder.Column> cols = WheelColumnFinder.find(atTheTop, GreyRaster.of(W, H, px));
    assertThat(cols).hasSize(2);
    WheelColumnFinder.Column words = cols.get(0);
    assertThat(words.scale().kind()).isEqualTo(WheelScale.Kind.OPTIONS);
    assertThat(words.rows())
        .extracting(WheelColumnFinder.Row::label)
        .containsExactly("", "Barcelona", "Berlin");
    assertThat(words.selectedRow().label()).isEmpty();
    assertThat(words.selectedRow().cy())
        .isCloseTo(CENTER, org.assertj.core.data.Offset.offset(1.0));
    assertThat(words.selection().clear()).isTrue();

    // nothing drawn on the line: the two words are no column (their end is elsewhere)
    assertThat(WheelColumnFinder.find(atTheTop, banded())).hasSize(1);
  }

  @Test
  void twoRowsOffTheOtherColumnsRowsOrTextThatDoesNotCountAreNoColumn() {
    TextPage offRows = page(new int[] {600}, new String[] {"08", "09", "10"});
    List<TextLine> lines = new ArrayList<>(offRows.lines());
    lines.add(TextLine.of(List.of(new Word("Jan", new TextBox(220, CENTER + 60, 80, 50), 0.9))));
    lines.add(TextLine.of(List.of(new Word("Feb", new TextBox(220, CENTER + 240, 80, 50), 0.9))));
    assertThat(WheelColumnFinder.find(new TextPage(W, H, lines), blank())).hasSize(1);
    assertThat(
            WheelColumnFinder.find(
                page(new int[] {300}, new String[] {"Alice Chen", "Amelia Diaz", "Anna Evans"}),
                blank()))
        .isEmpty();
  }

  @Test
  void aRowLeftUnreadIsCountedFromItsNeighboursNotJumpedOver() {
    // 12 unread: 11 and 13 either side of it are two rows apart, not adjacent rows of step 2
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(
            page(new int[] {600}, new String[] {"09", "10", "11", null, "13", "14", "15"}),
            blank());
    assertThat(cols).hasSize(1);
    WheelColumnFinder.Column hour = cols.get(0);
    assertThat(hour.scale().step()).isEqualTo(1);
    assertThat(hour.pitchPx()).isEqualTo(PITCH);
    assertThat(hour.rows())
        .extracting(WheelColumnFinder.Row::label)
        .containsExactly("09", "10", "11", "", "13", "14", "15");
  }

  @Test
  void aRunEndsAtALabelBetweenItsRows() {
    // rows every 180 px with one row at half the pitch between: no run pairs every other row
    List<TextLine> lines = new ArrayList<>();
    String[] labels = {"10", "12", "14"};
    for (int r = 0; r < 3; r++) {
      lines.add(
          TextLine.of(
              List.of(
                  new Word(
                      labels[r],
                      new TextBox(560, CENTER + (r - 1) * 2 * PITCH - 25, 80, 50),
                      0.95))));
    }
    lines.add(
        TextLine.of(List.of(new Word("11", new TextBox(560, CENTER - PITCH - 25, 80, 50), 0.95))));
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(new TextPage(W, H, lines), blank());
    assertThat(cols).allSatisfy(c -> assertThat(c.scale().step()).isEqualTo(1));
  }

  @Test
  void twoRowsAcrossAWrapCountOnlyOnAScaleAlreadyKnown() {
    TextPage wrap = page(new int[] {600}, new String[] {"23", "00", null});
    assertThat(WheelColumnFinder.find(wrap, blank(), 2)).isEmpty();
    WheelScale hours = WheelScale.infer(List.of("08", "09", "10"));
    List<WheelColumnFinder.Column> cols = WheelColumnFinder.find(wrap, blank(), 2, hours);
    assertThat(cols).hasSize(1);
    assertThat(cols.get(0).scale().cycleSize()).hasValue(24);
    assertThat(cols.get(0).scale().cycleSeen()).as("the wrap is in view").isTrue();
    assertThat(
            WheelColumnFinder.find(
                page(new int[] {600}, new String[] {"23", "05", null}), blank(), 2, hours))
        .as("not one step apart")
        .isEmpty();
  }

  @Test
  void aColumnsLongWordsStayWithItsShortOnesBesideATitleAndAFieldsLabel() {
    // a title and a field's label left of a column of words of every width: grown left to right,
    // the title's stack reached the long words by their width and split the column
    List<TextLine> lines = new ArrayList<>();
    lines.add(word("Set", 135, 160, 163));
    lines.add(word("Alarm", 184, 1360, 119));
    String[] labels = {"Once", "Daily", "Weekdays", "Weekends"};
    int[] widths = {157, 146, 305, 307};
    for (int r = 0; r < labels.length; r++) {
      lines.add(word(labels[r], 260, CENTER + r * PITCH, widths[r]));
    }
    for (int r = -3; r <= 3; r++) {
      lines.add(word(String.valueOf(21 + r), 600, CENTER + r * PITCH, 70));
    }
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(new TextPage(W, H, lines), banded());
    assertThat(cols).hasSize(2);
    assertThat(cols.get(0).rows())
        .extracting(WheelColumnFinder.Row::label)
        .containsExactly("Once", "Daily", "Weekdays", "Weekends");
    assertThat(cols.get(0).selectedRow().label()).isEqualTo("Once");
  }

  @Test
  void columnsOfTwoRowsEachAreReadOnlyWhereTheBandMeetsTheMiddleOfTheirRowsTogether() {
    // every column at an end shows two rows: one at its last row above, two at their first below,
    // so their rows together mirror about the middle line
    TextPage ends =
        page(
            new int[] {260, 600, 860},
            new String[] {"11", "12", null},
            new String[] {null, "00", "15"},
            new String[] {null, "AM", "PM"});
    assertThat(WheelColumnFinder.find(ends, blank())).as("nothing marks a row").isEmpty();
    assertThat(WheelColumnFinder.find(ends, banded()))
        .extracting(c -> c.selectedRow().label())
        .containsExactly("12", "00", "AM");
    assertThat(WheelColumnFinder.find(ends, bandedAt(CENTER + PITCH)))
        .as("a band off the middle of the rows shown")
        .isEmpty();
    // every column at the same end: their rows mirror about no row, so a band is one cue
    TextPage sameEnd =
        page(
            new int[] {260, 600, 860},
            new String[] {null, "12", "1"},
            new String[] {null, "00", "15"},
            new String[] {null, "AM", "PM"});
    assertThat(WheelColumnFinder.find(sameEnd, banded())).isEmpty();
  }

  @Test
  void aSelectedLabelLeftAloneInItsStackJoinsTheColumnItStandsOn() {
    Word set = new Word("Set", new TextBox(67, 135, 163, 50), 0.95);
    Word alarm = new Word("Alarm", new TextBox(135, 1330, 119, 50), 0.95);
    Word weekdays = new Word("Weekdays", new TextBox(108, 1075, 305, 50), 0.95);
    Word weekends = new Word("Weekends", new TextBox(107, 1140, 307, 50), 0.95);
    Word daily = new Word("Daily", new TextBox(190, 985, 147, 50), 0.95);
    Word once = new Word("Once", new TextBox(182, 874, 157, 50), 0.95);
    Word save = new Word("Save", new TextBox(482, 1561, 118, 50), 0.95);
    List<List<Word>> settled =
        WheelColumnFinder.settled(
            List.of(List.of(set, alarm, weekdays, weekends, daily), List.of(once), List.of(save)),
            W);
    assertThat(settled).hasSize(2);
    assertThat(settled.get(0)).contains(once, daily, weekdays, weekends);
    assertThat(settled.get(1)).containsExactly(save);
  }

  @Test
  void aSelectedLabelAloneJoinsItsColumnWhereverItsStackStandsInTheOrder() {
    // Android, cities: "Alarm" of the field below starts the first stack at its x, takes Madrid
    // and Moscow by their width, and leaves the selected Manila alone in a stack after it
    Word alarm = new Word("Alarm", new TextBox(126, 1297, 132, 37), 0.95);
    Word madrid = new Word("Madrid", new TextBox(160, 684, 202, 48), 0.95);
    Word moscow = new Word("Moscow", new TextBox(142, 1064, 240, 48), 0.95);
    Word title = new Word("alarm", new TextBox(187, 143, 190, 55), 0.95);
    Word manila = new Word("Manila", new TextBox(164, 874, 193, 48), 0.95);
    Word label = new Word("label", new TextBox(281, 1297, 103, 37), 0.95);
    List<List<Word>> settled =
        WheelColumnFinder.settled(
            List.of(List.of(alarm, madrid, moscow, title), List.of(manila), List.of(label)), W);
    assertThat(settled).hasSize(2);
    assertThat(settled.get(0)).contains(madrid, manila, moscow);
    assertThat(settled.get(1)).containsExactly(label);
  }

  @Test
  void aCaptionAColumnTookInBelowThePickerDoesNotMoveItsMiddleOffTheMarks() {
    // an Ionic date's day column reads the caption under the picker ("June 15, 1990") as one more
    // row, so its rows mirror a row low; the year column beside it mirrors true; each marks its
    // selection once (too few to tell alone), on the true line
    List<TextLine> lines = new ArrayList<>();
    String[] days = {"8", "9", "10", "11", "15,"};
    for (int r = 0; r < days.length; r++) {
      lines.add(word(days[r], 560, CENTER + (r - 1) * PITCH, 60));
    }
    String[] years = {"1962", "1963", "1964", "1965", "1966"};
    for (int r = 0; r < years.length; r++) {
      lines.add(word(years[r], 800, CENTER + (r - 2) * PITCH, 120));
    }
    List<WheelColumnFinder.Column> cols =
        WheelColumnFinder.find(new TextPage(W, H, lines), banded());
    assertThat(cols).hasSize(2);
    assertThat(cols).allMatch(c -> c.selection().clear());
    assertThat(cols).extracting(c -> c.selectedRow().label()).containsExactly("9", "1964");
  }

  private static TextLine word(String text, int cx, int cy, int width) {
    return TextLine.of(
        List.of(new Word(text, new TextBox(cx - width / 2, cy - 25, width, 50), 0.95)));
  }
}
