package dev.swipe.examples;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;

/**
 * Pans a map until a labelled place shows, then drags it toward the middle of the screen (as far as
 * the map's edges let it go). The search sweeps the map in rows: across until the map's edge stops
 * it (the scroll's verdict says so), one step down, back across, and so on, reading the screen
 * after every pan.
 *
 * <pre>
 * mvn -B -ntp -q -pl swipe-examples exec:java -Dexec.mainClass=dev.swipe.examples.PanMapToPlace \
 *     -Dexec.args="sim:?scene=map 'Town Hall'"
 * </pre>
 */
public final class PanMapToPlace {
  static final String USAGE = "PanMapToPlace [device-uri (sim:?scene=map)] [place (Town Hall)]";

  /** A bound on pans: a map this example cannot cover in so many gives up with a coded error. */
  static final int MAX_PANS = 40;

  private PanMapToPlace() {}

  /**
   * What the example did.
   *
   * @param pans pans played before the place showed
   * @param foundAt where the place's label was first read
   * @param centred where the place's label was read after it was dragged to the middle
   * @param observation the screen showing it
   */
  public record Outcome(int pans, NormPoint foundAt, NormPoint centred, Observation observation) {}

  /** Runs the example: {@code [device-uri] [place]}. */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 2, USAGE);
          String uri = ExampleCommand.optional(args, 0, "sim:?scene=map");
          String place = ExampleCommand.optional(args, 1, "Town Hall");
          try (Device phone = Device.open(uri)) {
            find(phone, place, o);
          }
        });
  }

  /**
   * Pans {@code phone}'s map until {@code place} shows and centres it.
   *
   * @throws SwipeException {@code text_not_found} naming {@code place} when the sweep ends without
   *     it
   */
  public static Outcome find(Device phone, String place, PrintStream out) {
    // Below the floating search bar, where a drag moves the map rather than focusing the field.
    TextQuery wanted =
        TextQuery.builder(place).scope(TextQuery.Scope.LINE).within(0, 120, 1000, 860).build();
    Observation shown = phone.screenshot();
    Optional<ScreenText> seen = phone.text().find(shown, wanted).best();
    ScrollDirection across = ScrollDirection.RIGHT;
    ScrollDirection down = ScrollDirection.DOWN;
    int pans = 0;
    boolean rowDone = false;
    while (seen.isEmpty() && pans < MAX_PANS) {
      ScrollDirection direction = rowDone ? down : across;
      ScrollResult r = phone.scroll(Scroll.builder(direction).amount(0.6).before(shown).build());
      pans++;
      boolean ended = r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED;
      if (rowDone) {
        // One step to the next row done; at the map's top or bottom, later steps go the other way.
        rowDone = false;
        if (ended) {
          down = down == ScrollDirection.DOWN ? ScrollDirection.UP : ScrollDirection.DOWN;
        }
      } else if (ended) {
        // The row is done: step to the next row, then sweep back the other way.
        rowDone = true;
        across = across == ScrollDirection.RIGHT ? ScrollDirection.LEFT : ScrollDirection.RIGHT;
      }
      shown = r.observation();
      seen = phone.text().find(shown, wanted).best();
      out.printf(
          Locale.ROOT,
          "pan %d %s: %s, %s%n",
          pans,
          direction.name().toLowerCase(Locale.ROOT),
          r.movement().id(),
          seen.map(t -> "\"" + t.text() + "\" at " + t.center()).orElse("not seen"));
    }
    ScreenText label =
        seen.orElseThrow(
            () ->
                new SwipeException(
                    dev.swipe.core.ErrorCode.TEXT_NOT_FOUND,
                    "\"" + place + "\" did not show in " + MAX_PANS + " pans",
                    java.util.Map.of("field", "place"),
                    null));
    // A slow drag that rests before lifting moves the map with the finger and does not fling it.
    ActionResult drag =
        phone.swipe(
            Swipe.builder(label.center(), NormPoint.CENTER)
                .durationMs(900)
                .steps(30)
                .holdBeforeMs(80)
                .holdAfterMs(250)
                .build());
    ScreenText after =
        phone
            .text()
            .find(drag.observation(), TextQuery.builder(place).scope(TextQuery.Scope.LINE).build())
            .best()
            .orElseThrow(
                () ->
                    new SwipeException(
                        dev.swipe.core.ErrorCode.TEXT_NOT_FOUND,
                        "\"" + place + "\" was lost while dragging it to the middle",
                        java.util.Map.of("field", "place"),
                        null));
    out.printf(Locale.ROOT, "\"%s\" is at %s after %d pans%n", after.text(), after.center(), pans);
    return new Outcome(pans, label.center(), after.center(), drag.observation());
  }
}
