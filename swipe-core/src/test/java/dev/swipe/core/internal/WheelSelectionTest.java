package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.swipe.diff.GreyRaster;
import dev.swipe.text.TextBox;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The selected row of a picker told by cues that must agree, on pickers drawn each way. */
class WheelSelectionTest {
  private static final int W = 600;
  private static final int H = 900;
  private static final int PITCH = 120;
  private static final int CX = 300;
  private static final String[] LABELS = {"07", "08", "09", "10", "11"};

  enum Style {
    FADED,
    BAND,
    BOLD,
    LINES,
    BAND_DARK
  }

  /** Five rows around a selection at {@code selected} (the middle is 2), drawn in one style. */
  private static Drawn draw(Style style, int selected, int rows) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    boolean dark = style == Style.BAND_DARK;
    g.setColor(dark ? Color.BLACK : Color.WHITE);
    g.fillRect(0, 0, W, H);
    int middle = H / 2;
    int selY = middle + (selected - rows / 2) * PITCH;
    if (style == Style.BAND || style == Style.BAND_DARK) {
      g.setColor(dark ? new Color(0x3A3A3C) : new Color(0xE3E3E8));
      g.fill(new RoundRectangle2D.Double(40, selY - PITCH / 2.0, W - 80, PITCH, 30, 30));
    }
    if (style == Style.LINES) {
      g.setColor(new Color(0x6750A4));
      g.setStroke(new BasicStroke(4));
      g.drawLine(CX - 120, selY - PITCH / 2, CX + 120, selY - PITCH / 2);
      g.drawLine(CX - 120, selY + PITCH / 2, CX + 120, selY + PITCH / 2);
    }
    List<TextBox> boxes = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      int y = middle + (r - rows / 2) * PITCH;
      boolean sel = r == selected;
      Font f = new Font(Font.SANS_SERIF, style == Style.BOLD && sel ? Font.BOLD : Font.PLAIN, 60);
      Color ink = dark ? Color.WHITE : new Color(0x111111);
      if (style == Style.FADED && !sel) {
        ink = new Color(0x9A9A9A);
      }
      g.setColor(ink);
      g.setFont(f);
      boxes.add(label(g, LABELS[r], y));
    }
    g.dispose();
    return new Drawn(GreyRaster.fromImage(img), boxes);
  }

  /** Draws {@code text} centred on the column at row centre {@code y}; returns its ink's box. */
  private static TextBox label(Graphics2D g, String text, int y) {
    Font f = g.getFont();
    FontRenderContext frc = g.getFontRenderContext();
    Rectangle2D b = f.createGlyphVector(frc, text).getVisualBounds();
    float x = (float) (CX - b.getWidth() / 2 - b.getX());
    float base = (float) (y - b.getHeight() / 2 - b.getY());
    g.drawString(text, x, base);
    return new TextBox(
        (int) Math.floor(x + b.getX()),
        (int) Math.floor(base + b.getY()),
        (int) Math.ceil(b.getWidth()),
        (int) Math.ceil(b.getHeight()));
  }

  private record Drawn(GreyRaster grey, List<TextBox> boxes) {
    WheelSelection.Verdict judge(double middleY) {
      return WheelSelection.judge(
          boxes, Collections.nCopies(boxes.size(), true), grey, W, H, CX, PITCH, true, middleY);
    }
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void eachWayOfMarkingTheSelectionAgreesWithTheMiddleOfTheRows(Style style) {
    Drawn d = draw(style, 2, 5);
    WheelSelection.Verdict v = d.judge(H / 2.0);
    assertThat(v.clear()).as(v.describe()).isTrue();
    assertThat(v.row()).isEqualTo(2);
    assertThat(v.agreeing()).contains("centre").hasSizeGreaterThanOrEqualTo(2);
  }

  /**
   * A column at its end on a three-row picker: its selected row under a band and one neighbour,
   * with a field drawn like the band past the neighbour (an Android "Alarm label" box).
   */
  private static Drawn twoRows(boolean neighbourBelow, boolean fieldPast) {
    BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, W, H);
    int selY = H / 2;
    int otherY = selY + (neighbourBelow ? PITCH : -PITCH);
    Color band = new Color(0xE3E3E8);
    g.setColor(band);
    g.fill(new RoundRectangle2D.Double(40, selY - PITCH / 2.0, W - 80, PITCH, 30, 30));
    if (fieldPast) {
      int fieldY = otherY + (neighbourBelow ? PITCH : -PITCH);
      g.fill(new RoundRectangle2D.Double(40, fieldY - PITCH / 2.0, W - 80, PITCH, 30, 30));
    }
    List<TextBox> boxes = new ArrayList<>();
    Font f = new Font(Font.SANS_SERIF, Font.PLAIN, 60);
    g.setFont(f);
    g.setColor(new Color(0x111111));
    int[] ys = neighbourBelow ? new int[] {selY, otherY} : new int[] {otherY, selY};
    for (int i = 0; i < 2; i++) {
      boxes.add(label(g, LABELS[i], ys[i]));
    }
    g.dispose();
    return new Drawn(GreyRaster.fromImage(img), boxes);
  }

  @Test
  void aBandBehindOneOfTwoRowsIsToldFromThePageByTheEmptySlotBesideThem() {
    for (boolean below : new boolean[] {true, false}) {
      int selected = below ? 0 : 1;
      for (boolean field : new boolean[] {false, true}) {
        Drawn d = twoRows(below, field);
        // with the picker's middle: band and centre agree on the selected row
        WheelSelection.Verdict v = d.judge(H / 2.0);
        assertThat(v.clear()).as("below %s, field %s: %s", below, field, v.describe()).isTrue();
        assertThat(v.row()).isEqualTo(selected);
        assertThat(v.agreeing()).contains("band", "centre");
        // without it the band alone is never a clear verdict, and never put on the other row
        WheelSelection.Verdict alone = d.judge(Double.NaN);
        assertThat(alone.clear()).isFalse();
        assertThat(alone.votes())
            .filteredOn(x -> x.cue() == WheelSelection.Cue.BAND)
            .allMatch(x -> x.row() == selected);
      }
    }
  }

  @Test
  void aBandBehindSameInkRowsIsFoundWhereTheRowDrawnStrongestIsANeighbour() {
    Drawn d = draw(Style.BAND, 2, 5);
    List<WheelColumnFinder.Row> rows = new ArrayList<>();
    for (TextBox b : d.boxes()) {
      rows.add(new WheelColumnFinder.Row("x", b, 1, WheelColumnFinder.contrast(d.grey(), b, W, H)));
    }
    // the old rule: the band lowers the selection's contrast, so the strongest row is beside it
    assertThat(WheelColumnFinder.selected(rows)).isNotEqualTo(2);
    WheelSelection.Verdict v = d.judge(H / 2.0);
    assertThat(v.row()).isEqualTo(2);
    assertThat(v.agreeing()).contains("band");
  }

  @ParameterizedTest
  @EnumSource(
      value = Style.class,
      names = {"BAND", "BOLD", "LINES", "FADED"})
  void aMarkOffTheMiddleIsADisagreementAndNoRowIsClaimed(Style style) {
    Drawn d = draw(style, 3, 5);
    WheelSelection.Verdict v = d.judge(H / 2.0);
    assertThat(v.clear()).as(v.describe()).isFalse();
    assertThat(v.describe()).contains("centre here");
  }

  @Test
  void oneCueAloneIsNeverEnough() {
    Drawn d = draw(Style.BAND, 2, 5);
    WheelSelection.Verdict v = d.judge(Double.NaN);
    assertThat(v.votes()).extracting(x -> x.cue()).containsExactly(WheelSelection.Cue.BAND);
    assertThat(v.clear()).isFalse();
  }

  @Test
  void aWheelAtItsEndIsSelectedOnItsEndRowWhenTwoOtherCuesAgree() {
    List<WheelSelection.Vote> cues =
        List.of(
            new WheelSelection.Vote(WheelSelection.Cue.BAND, 0),
            new WheelSelection.Vote(WheelSelection.Cue.INK, 0));
    WheelSelection.Verdict v = WheelSelection.decide(cues, OptionalInt.of(1), 3);
    assertThat(v.clear()).isTrue();
    assertThat(v.row()).isZero();
    // one cue on the end row against the middle is no selection
    assertThat(WheelSelection.decide(cues.subList(0, 1), OptionalInt.of(1), 3).clear()).isFalse();
    // a middle row is no end: the middle's disagreement stands
    assertThat(
            WheelSelection.decide(
                    List.of(
                        new WheelSelection.Vote(WheelSelection.Cue.BAND, 1),
                        new WheelSelection.Vote(WheelSelection.Cue.INK, 1)),
                    OptionalInt.of(2),
                    5)
                .clear())
        .isFalse();
  }

  @Test
  void aSelectionIsClearExactlyWhenTwoOrMoreCuesPlaceItAndNonePlacesItElsewhere() {
    WheelSelection.Cue[] kinds = WheelSelection.Cue.values();
    qt().forAll(
            lists().of(integers().between(0, 6)).ofSizeBetween(0, 5),
            integers().between(-1, 6),
            integers().between(8, 10))
        .checkAssert(
            (rowsVoted, centre, rows) -> {
              List<WheelSelection.Vote> votes = new ArrayList<>();
              for (int i = 0; i < rowsVoted.size(); i++) {
                votes.add(new WheelSelection.Vote(kinds[i], rowsVoted.get(i)));
              }
              OptionalInt c = centre < 0 ? OptionalInt.empty() : OptionalInt.of(centre);
              WheelSelection.Verdict v = WheelSelection.decide(votes, c, rows);
              List<Integer> all = new ArrayList<>(rowsVoted);
              c.ifPresent(all::add);
              // rows 0..6 of 8..10: only row 0 is an end, where two agreeing cues outvote the
              // middle
              boolean endOfWheel =
                  rowsVoted.size() >= 2 && rowsVoted.stream().allMatch(r -> r == 0);
              boolean agree = endOfWheel || all.size() >= 2 && all.stream().distinct().count() == 1;
              assertThat(v.clear()).as("%s centre %s", rowsVoted, c).isEqualTo(agree);
              if (v.clear()) {
                assertThat(v.row()).isEqualTo(rowsVoted.isEmpty() ? centre : rowsVoted.get(0));
                assertThat(v.agreeing()).hasSizeGreaterThanOrEqualTo(2);
              }
            });
  }

  @Test
  void aCylindersWidestSpacingsMarkItsFront() {
    // rows on a cylinder of radius 2.5 rows: offsets R sin(k t)
    List<TextBox> rows = new ArrayList<>();
    double r = 2.5 * PITCH;
    double t = PITCH / r;
    for (int k = -2; k <= 3; k++) {
      double y = 450 + r * Math.sin(k * t);
      rows.add(new TextBox(270, (int) Math.round(y - 25), 60, 50));
    }
    assertThat(WheelSelection.curve(rows)).hasValue(2);
    List<TextBox> flat = new ArrayList<>();
    for (int k = 0; k < 5; k++) {
      flat.add(new TextBox(270, 200 + k * PITCH - 25, 60, 50));
    }
    assertThat(WheelSelection.curve(flat)).isEmpty();
  }
}
