package dev.swipe.webdriver.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.text.ScreenText;
import java.util.List;
import java.util.Locale;

/**
 * The page source a rig can give: the text lines read on the screen as XML. It keeps the shape
 * Appium users parse (a {@code hierarchy} root; {@code text} and UiAutomator2's {@code
 * bounds="[left,top][right,bottom]"} in screenshot pixels) so an XPath such as {@code
 * //text[@text='Save']/@bounds} finds where to tap, and says in its root that it was read from
 * pixels ({@code source="ocr"}), not taken from an accessibility tree.
 */
final class PageSource {
  private PageSource() {}

  /** The document for {@code lines} read on a {@code width} x {@code height} screenshot. */
  static String xml(int width, int height, List<ScreenText> lines) {
    StringBuilder b = new StringBuilder(256 + lines.size() * 96);
    b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    b.append("<!-- read from the screenshot by a text reader: no accessibility tree -->\n");
    b.append("<hierarchy source=\"ocr\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\">\n");
    for (ScreenText t : lines) {
      NormRegion r = t.region();
      b.append("  <text text=\"")
          .append(escape(t.text()))
          .append("\" bounds=\"[")
          .append(px(r.x(), width))
          .append(',')
          .append(px(r.y(), height))
          .append("][")
          .append(px(r.x2(), width))
          .append(',')
          .append(px(r.y2(), height))
          .append("]\" confidence=\"")
          .append(String.format(Locale.ROOT, "%.2f", t.confidence()))
          .append("\"/>\n");
    }
    return b.append("</hierarchy>\n").toString();
  }

  private static long px(double norm, int size) {
    return Math.round(NormPoint.toPixel(norm, size));
  }

  /** Escapes for an attribute value; drops characters XML 1.0 cannot hold. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    s.codePoints()
        .forEach(
            c -> {
              switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                case '\n' -> b.append("&#10;");
                case '\t' -> b.append("&#9;");
                case '\r' -> b.append("&#13;");
                default -> {
                  boolean ok =
                      (c >= 0x20 && c <= 0xD7FF)
                          || (c >= 0xE000 && c <= 0xFFFD)
                          || (c >= 0x10000 && c <= 0x10FFFF);
                  if (ok) {
                    b.appendCodePoint(c);
                  }
                }
              }
            });
    return b.toString();
  }
}
