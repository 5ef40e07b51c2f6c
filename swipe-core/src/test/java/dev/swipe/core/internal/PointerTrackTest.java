package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.swipe.diff.PixelRect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a frame may show the steered pointer: every place the pointer had at some moment of the
 * frame's lag window is covered, and a place it left before the window began is not (a brute-force
 * oracle over random tracks).
 */
class PointerTrackTest {
  private static final long MS = 1_000_000L;
  private static final Duration LATENCY = Duration.ofMillis(100);
  private static final long WINDOW = LATENCY.toNanos() + PointerTrack.LAG_SLACK_NANOS;

  @Test
  void everyPlaceHeldDuringTheWindowIsCoveredAndNoneHeldBeforeIt() {
    qt().forAll(
            lists().of(integers().between(0, 999)).ofSizeBetween(1, 30),
            integers().between(0, 40_000))
        .checkAssert(
            (seeds, captureMs) -> {
              PointerTrack track = new PointerTrack(LATENCY::toNanos);
              List<long[]> places = new ArrayList<>(); // nanos, x, y
              long t = 0;
              for (int s : seeds) {
                t += (s % 37 + 1) * 40L * MS; // 40 ms .. 1.5 s apart
                long x = 30 + (s * 7919L) % 900;
                long y = 30 + (s * 104729L) % 1800;
                track.at(t, x, y, 10);
                places.add(new long[] {t, x, y});
              }
              long capture = captureMs * MS;
              List<PixelRect> marks = track.apply(capture);
              for (int i = 0; i < places.size(); i++) {
                long from = places.get(i)[0];
                long until = i + 1 < places.size() ? places.get(i + 1)[0] : Long.MAX_VALUE;
                boolean held = from <= capture && until > capture - WINDOW;
                boolean covered =
                    coveredBy(marks, (int) places.get(i)[1], (int) places.get(i)[2], 10);
                if (held) {
                  assertThat(covered).as("place %d held in the window", i).isTrue();
                } else if (!coveredByOthers(places, i, capture)) {
                  assertThat(covered).as("place %d left before the window", i).isFalse();
                }
              }
            });
  }

  /** Whether the box of reach {@code r} around {@code x, y} lies inside one of the marks. */
  private static boolean coveredBy(List<PixelRect> marks, int x, int y, int r) {
    for (PixelRect m : marks) {
      if (m.x() <= x - r && m.y() <= y - r && m.right() >= x + r && m.bottom() >= y + r) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether place {@code i}'s box may lie inside a held place's (merged) mark anyway: a held place
   * whose box overlaps it.
   */
  private static boolean coveredByOthers(List<long[]> places, int i, long capture) {
    for (int j = 0; j < places.size(); j++) {
      long from = places.get(j)[0];
      long until = j + 1 < places.size() ? places.get(j + 1)[0] : Long.MAX_VALUE;
      boolean held = from <= capture && until > capture - WINDOW;
      if (j != i
          && held
          && Math.abs(places.get(j)[1] - places.get(i)[1]) < 200
          && Math.abs(places.get(j)[2] - places.get(i)[2]) < 200) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aSettledFrameMarksOnlyWhereThePointerCameToRest() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    track.at(0, 100, 100, 20);
    track.at(1000 * MS, 600, 900, 20);
    List<PixelRect> marks = track.apply(1000 * MS + WINDOW + 1);
    assertThat(marks).containsExactly(new PixelRect(580, 880, 41, 41));
  }

  @Test
  void aFrameCapturedSoonAfterAMoveMarksBothPlaces() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    track.at(0, 100, 100, 20);
    track.at(1000 * MS, 600, 900, 20);
    assertThat(track.apply(1000 * MS + 50 * MS))
        .containsExactly(new PixelRect(80, 80, 41, 41), new PixelRect(580, 880, 41, 41));
  }

  @Test
  void beforeAnythingIsKnownNothingIsMarked() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    assertThat(track.apply(5 * MS)).isEmpty();
    track.at(1000 * MS, 600, 900, 20);
    assertThat(track.apply(500 * MS)).isEmpty();
  }

  @Test
  void wherePointerWasFoundRestingCountsForEveryEarlierFrame() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    track.restedAt(300, 400, 20);
    track.at(1000 * MS, 600, 900, 20);
    assertThat(track.apply(-5_000 * MS)).containsExactly(new PixelRect(280, 380, 41, 41));
    assertThat(track.apply(2_000 * MS)).containsExactly(new PixelRect(580, 880, 41, 41));
  }

  @Test
  void aPlaceFoundAfterAFailureHeldSinceTheFailure() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    track.at(0, 100, 100, 20);
    track.unknown(1000 * MS);
    assertThat(track.apply(1000 * MS + WINDOW + 1)).isEmpty();
    track.restedAt(300, 400, 20);
    assertThat(track.apply(1000 * MS + WINDOW + 1))
        .containsExactly(new PixelRect(280, 380, 41, 41));
  }

  @Test
  void aPathOfOverlappingPlacesIsOneBoxAndBoxesStopAtTheFramesOrigin() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    for (int i = 0; i <= 10; i++) {
      track.at(i * MS, 5, 5 + 4 * i, 20);
    }
    assertThat(track.apply(10 * MS)).containsExactly(new PixelRect(0, 0, 26, 66));
  }

  @Test
  void onlyTheNewestPlacesAreKept() {
    PointerTrack track = new PointerTrack(LATENCY::toNanos);
    for (int i = 0; i < PointerTrack.KEPT + 10; i++) {
      track.at(i * 1000 * MS, 100 + i % 7, 100, 5);
    }
    assertThat(track.apply(5 * 1000 * MS)).isEmpty();
    assertThat(track.apply((PointerTrack.KEPT + 9) * 1000 * MS + WINDOW + 1)).hasSize(1);
  }
}
