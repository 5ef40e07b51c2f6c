package dev.swipe.core.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * By how much wheel drags let go short of their rows, learned per column and per length of drag, so
 * that the next drag goes that much further (see {@link WheelActions}).
 *
 * <p>Why per length: a picker follows the finger only from the move that leaves its touch slop, and
 * drops that move's own travel (Android's NumberPicker) or starts from where it ended (iOS), so the
 * miss is the slop plus part of one move, and a longer drag, faster from its start, makes longer
 * moves. One learned value per column swung between a column's four-row and two-row drags; per
 * length, each converges. A length not yet seen starts from the nearest one seen on the column, or
 * from the latest learned on any column: the slop is the phone's.
 */
final class ReleaseMisses {
  /** Columns closer than this share their misses, normalized units. */
  static final double COLUMN_KEY_WIDTH = 20;

  /** A learned miss is kept within this share of the pitch either way. */
  static final double MAX_MISS_ROWS = 0.4;

  /** By column key, then by rows dragged: the miss, normalized units along the finger. */
  private final Map<Long, TreeMap<Integer, Double>> misses = new HashMap<>();

  private @Nullable Double latest;

  /**
   * How much further than planned (normalized units along the finger; back when negative) a drag of
   * {@code rows} rows on the column at {@code columnX} should go.
   */
  double extension(double columnX, int rows) {
    TreeMap<Integer, Double> column = misses.get(key(columnX));
    if (column != null) {
      int r = Math.abs(rows);
      Map.Entry<Integer, Double> below = column.floorEntry(r);
      Map.Entry<Integer, Double> above = column.ceilingEntry(r);
      if (below != null && (above == null || r - below.getKey() <= above.getKey() - r)) {
        return below.getValue();
      }
      if (above != null) {
        return above.getValue();
      }
    }
    return latest != null ? latest : 0;
  }

  /**
   * Records that a drag of {@code rows} rows, played {@code played} normalized units further than
   * its plan and slop allowance (what {@link #extension(double, int)} asked, or less where the
   * screen's edge left no room), still let go {@code miss} units short of its row (past it when
   * negative).
   */
  void learn(double columnX, int rows, double pitch, double played, double miss) {
    double bound = MAX_MISS_ROWS * pitch;
    double learned = Math.max(-bound, Math.min(bound, played + miss));
    misses.computeIfAbsent(key(columnX), k -> new TreeMap<>()).put(Math.abs(rows), learned);
    latest = learned;
  }

  private static long key(double columnX) {
    return Math.round(columnX / COLUMN_KEY_WIDTH);
  }
}
