package dev.swipe.bench.policy;

import dev.swipe.sim.SimState;
import java.util.ArrayList;
import java.util.List;

/**
 * What the oracle knows of the screen's content at one instant, in frame pixels, to compare two
 * instants: a list offset, a carousel page, a map offset, wheel positions, keyboard and editor.
 */
record Truth(
    double list,
    int page,
    double mapX,
    double mapY,
    List<Double> wheelPx,
    boolean keyboard,
    boolean editor,
    String text,
    boolean animating,
    long atNanos) {

  static Truth of(SimState s) {
    List<Double> w = new ArrayList<>();
    for (SimState.Wheel wh : s.wheels()) {
      w.add(wh.position() * wh.rowPitchPx());
    }
    return new Truth(
        s.listOffsetPx(),
        s.page(),
        s.mapOffsetXPx(),
        s.mapOffsetYPx(),
        w,
        s.keyboardVisible(),
        s.editorOpen(),
        s.focusedText(),
        s.animating(),
        s.atNanos());
  }

  private static double d(double a, double b) {
    if (Double.isNaN(a) && Double.isNaN(b)) {
      return 0;
    }
    return Math.abs(a - b);
  }

  /** Largest displacement along x of scrolled content (carousel pages count as a screen width). */
  double dx(Truth o, int frameWidth) {
    double px = d(mapX, o.mapX);
    if (page != o.page) {
      px = Math.max(px, frameWidth * Math.abs(page - o.page));
    }
    return px;
  }

  /** Largest displacement along y of scrolled content (list, map, wheels). */
  double dy(Truth o) {
    double px = Math.max(d(list, o.list), d(mapY, o.mapY));
    for (int i = 0; i < Math.min(wheelPx.size(), o.wheelPx.size()); i++) {
      px = Math.max(px, d(wheelPx.get(i), o.wheelPx.get(i)));
    }
    return px;
  }

  /** True iff scrolled content (list, page, map, wheels) moved by at least 1 px. */
  boolean contentMoved(Truth o, int frameWidth) {
    return dx(o, frameWidth) >= 1 || dy(o) >= 1;
  }

  /** True iff anything the oracle knows differs: moved content, keyboard, editor, focused text. */
  boolean anyChange(Truth o, int frameWidth) {
    return contentMoved(o, frameWidth)
        || keyboard != o.keyboard
        || editor != o.editor
        || !text.equals(o.text);
  }

  /** The axis of the larger displacement, or none. */
  String axis(Truth o, int frameWidth) {
    double x = dx(o, frameWidth);
    double y = dy(o);
    if (x < 1 && y < 1) {
      return "none";
    }
    return x >= y ? "horizontal" : "vertical";
  }
}
