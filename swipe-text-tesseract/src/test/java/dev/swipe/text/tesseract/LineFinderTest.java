package dev.swipe.text.tesseract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.font.GlyphVector;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Finding text lines from pixels, and cutting them out for the engine, on drawn pictures. */
class LineFinderTest {
  private static final Font FONT = new Font("DejaVu Sans", Font.PLAIN, 40);

  private static Rectangle draw(Graphics2D g, String s, int x, int y, Color c) {
    g.setColor(c);
    g.setFont(FONT);
    g.drawString(s, x, y);
    GlyphVector gv = FONT.createGlyphVector(g.getFontRenderContext(), s);
    Rectangle b = gv.getVisualBounds().getBounds();
    b.translate(x, y);
    return b;
  }

  private static GreyImage grey(BufferedImage img) {
    return GreyImage.of(img, 0, 0, img.getWidth(), img.getHeight());
  }

  private static BufferedImage canvas(int w, int h) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_3BYTE_BGR);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.dispose();
    return img;
  }

  @Test
  void findsFadedPickerRowsWholeBesideDarkOnes() {
    // A picker drawn the iOS 14 way: the selected row black, its neighbours light grey on white
    // (a step too small for the strong pass, or seen there only by the darkest strokes).
    BufferedImage img = canvas(1080, 600);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    List<Rectangle> drawn = new ArrayList<>();
    drawn.add(draw(g, "May", 300, 150, new Color(0xDADADA)));
    drawn.add(draw(g, "June", 300, 260, Color.BLACK));
    drawn.add(draw(g, "July", 300, 370, new Color(0xDEDEDE)));
    g.dispose();
    List<LineFinder.Line> lines = LineFinder.find(grey(img), 0, 1080);
    for (Rectangle d : drawn) {
      assertThat(lines)
          .as("one line holds all of %s", d)
          .anySatisfy(
              l ->
                  assertThat(
                          new Rectangle(l.x(), l.y(), l.width(), l.height())
                              .contains(new Rectangle(d.x + 2, d.y + 2, d.width - 4, d.height - 4)))
                      .isTrue());
    }
    assertThat(lines).hasSize(3);
  }

  @Test
  void findsPlainDarkModeAndButtonTextButNotTheOutlines() {
    BufferedImage img = canvas(1080, 900);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    List<Rectangle> drawn = new ArrayList<>();
    drawn.add(draw(g, "Aaron Adams", 200, 120, Color.BLACK));
    g.setColor(new Color(0x1C1B1F));
    g.fillRect(0, 250, 1080, 200);
    drawn.add(draw(g, "Dark mode text", 200, 370, new Color(0xE6E1E5)));
    g.setColor(new Color(0x6750A4));
    g.fill(new RoundRectangle2D.Double(60, 560, 960, 144, 72, 72));
    drawn.add(draw(g, "Save", 490, 650, Color.WHITE));
    g.setColor(new Color(0x8DB6D9));
    g.fill(new Ellipse2D.Double(40, 760, 120, 120));
    g.dispose();
    List<LineFinder.Line> lines = LineFinder.find(grey(img), 0, 1080);
    for (Rectangle d : drawn) {
      assertThat(lines)
          .as("a line holds %s", d)
          .anySatisfy(
              l ->
                  assertThat(
                          new Rectangle(l.x(), l.y(), l.width(), l.height())
                              .contains(d.getCenterX(), d.getCenterY()))
                      .isTrue());
    }
    // Nothing stands for the button's outline or the plain circle: every line holds drawn text.
    assertThat(lines)
        .hasSize(drawn.size())
        .allSatisfy(
            l ->
                assertThat(drawn)
                    .anySatisfy(
                        d ->
                            assertThat(
                                    new Rectangle(l.x(), l.y(), l.width(), l.height())
                                        .intersects(d))
                                .isTrue()));
  }

  @Test
  void serifNumbersOfNarrowDigitsAreTextNotOutlines() {
    // "11" in a serif face is two stems with an empty middle, as hollow-looking as an outline at a
    // glance; a picker's hour column draws it at every size from small to large.
    for (int size : new int[] {28, 36, 44, 52, 60}) {
      for (String s : new String[] {"11", "12", "13", "1", "10"}) {
        BufferedImage img = canvas(400, 200);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(
            RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        Font serif = new Font("DejaVu Serif", Font.PLAIN, size);
        g.setFont(serif);
        g.setColor(new Color(0x1C1B1F));
        g.drawString(s, 150, 120);
        Rectangle b =
            serif.createGlyphVector(g.getFontRenderContext(), s).getVisualBounds().getBounds();
        b.translate(150, 120);
        g.dispose();
        assertThat(LineFinder.find(grey(img), 0, 1080))
            .as("%s at %d px", s, size)
            .anySatisfy(
                l ->
                    assertThat(
                            new Rectangle(l.x(), l.y(), l.width(), l.height())
                                .contains(b.getCenterX(), b.getCenterY()))
                        .isTrue());
      }
    }
  }

  @Test
  void lightOnDarkLinesAreInvertedToDarkOnWhite() {
    BufferedImage img = canvas(600, 200);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.BLACK);
    g.fillRect(0, 0, 600, 200);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    draw(g, "Inverted", 100, 120, Color.WHITE);
    g.dispose();
    GreyImage grey = grey(img);
    List<LineFinder.Line> lines = LineFinder.find(grey, 0, 1080);
    assertThat(lines).hasSize(1);
    LinePicture pic = LinePicture.of(grey, lines.get(0));
    assertThat(pic.inverted).isTrue();
    assertThat(pic.px[0] & 0xFF).as("margin").isEqualTo(255);
    int darkest = 255;
    for (byte b : pic.px) {
      darkest = Math.min(darkest, b & 0xFF);
    }
    assertThat(darkest).as("ink").isLessThan(40);
  }

  @Test
  void touchingLinesAreSplitAtTheValleyBetweenThem() {
    BufferedImage img = canvas(800, 200);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    Rectangle top = draw(g, "Abigail Adams", 20, 60, Color.BLACK);
    Rectangle bottom = draw(g, "+1 555-4313 MMMM", 20, 60 + top.height + 6, Color.BLACK);
    g.dispose();
    List<LineFinder.Line> lines = LineFinder.find(grey(img), 0, 1080);
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0).bottom()).isLessThanOrEqualTo(bottom.y + 4);
    assertThat(lines.get(1).y()).isGreaterThanOrEqualTo(top.y + top.height - 4);
  }

  @Test
  void linesPartsAndPicturesStayInsideTheImageWhateverIsDrawn() {
    qt().withExamples(40)
        .forAll(longs().all(), integers().between(60, 600), integers().between(40, 400))
        .checkAssert(
            (seed, w, h) -> {
              SplittableRandom r = new SplittableRandom(seed);
              BufferedImage img = canvas(w, h);
              Graphics2D g = img.createGraphics();
              g.setRenderingHint(
                  RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
              g.setRenderingHint(
                  RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
              for (int i = 0; i < 12; i++) {
                g.setColor(new Color(r.nextInt(0x1000000)));
                int x = r.nextInt(-50, w);
                int y = r.nextInt(-50, h);
                switch (r.nextInt(3)) {
                  case 0 -> g.fillRect(x, y, r.nextInt(1, 300), r.nextInt(1, 200));
                  case 1 ->
                      g.fill(new Ellipse2D.Double(x, y, r.nextInt(1, 200), r.nextInt(1, 200)));
                  default -> {
                    g.setFont(FONT.deriveFont((float) r.nextInt(8, 90)));
                    g.drawString("Word " + r.nextInt(1000), x, y);
                  }
                }
              }
              g.dispose();
              GreyImage grey = grey(img);
              for (LineFinder.Line l :
                  LineFinder.find(grey, r.nextInt(0, 40), r.nextInt(300, 1500))) {
                assertThat(l.x()).isGreaterThanOrEqualTo(0);
                assertThat(l.y()).isGreaterThanOrEqualTo(0);
                assertThat(l.width()).isPositive();
                assertThat(l.height()).isPositive();
                assertThat(l.right()).isLessThanOrEqualTo(w);
                assertThat(l.bottom()).isLessThanOrEqualTo(h);
                for (LineFinder.Line p : l.pieces()) {
                  assertThat(p.x()).isGreaterThanOrEqualTo(l.x());
                  assertThat(p.right()).isLessThanOrEqualTo(l.right());
                }
                LinePicture pic = LinePicture.of(grey, l);
                assertThat(pic.px).hasSize(pic.width * pic.height);
                assertThat(pic.toImageX(0)).isBetween(l.x() - 4.0, l.right() + 4.0);
                assertThat(pic.toImageX(pic.width)).isBetween(l.x() - 4.0, l.right() + 4.0);
                assertThat(pic.toImageY(pic.height / 2.0)).isBetween(l.y() - 4.0, l.bottom() + 4.0);
              }
            });
  }
}
