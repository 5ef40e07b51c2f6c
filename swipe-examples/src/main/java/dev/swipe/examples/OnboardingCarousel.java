package dev.swipe.examples;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.text.ScreenText;
import java.io.PrintStream;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Pages through an onboarding carousel to its last page without knowing how many pages it has:
 * swipes to reveal the next page until the scroll's verdict says nothing more came into view
 * ({@code at-edge}: the last page was pulled and bounced back; {@code unchanged}: it did not move
 * at all), then reads the last page's text.
 *
 * <pre>
 * mvn -B -ntp -q -pl swipe-examples exec:java -Dexec.mainClass=dev.swipe.examples.OnboardingCarousel \
 *     -Dexec.args="sim:?scene=carousel"
 * </pre>
 */
public final class OnboardingCarousel {
  static final String USAGE = "OnboardingCarousel [device-uri (sim:?scene=carousel)]";

  /** A bound on swipes, so a carousel that never reports its end cannot keep the program going. */
  static final int MAX_SWIPES = 20;

  private OnboardingCarousel() {}

  /**
   * What the example saw.
   *
   * @param pagesTurned swipes whose verdict was {@code moved}
   * @param lastPageReached whether a verdict said the end was reached (false: the swipe bound ran
   *     out)
   * @param lastPage the settled screen of the last page
   */
  public record Outcome(int pagesTurned, boolean lastPageReached, Observation lastPage) {}

  /** Runs the example: {@code [device-uri]}. */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 1, USAGE);
          try (Device phone =
              Device.open(ExampleCommand.optional(args, 0, "sim:?scene=carousel"))) {
            toLastPage(phone, o);
          }
        });
  }

  /** Swipes {@code phone}'s carousel forward until a verdict says it is on its last page. */
  public static Outcome toLastPage(Device phone, PrintStream out) {
    Observation shown = phone.screenshot();
    int turned = 0;
    boolean end = false;
    for (int swipe = 1; swipe <= MAX_SWIPES && !end; swipe++) {
      // RIGHT reveals what is to the right: the next page (the finger moves left).
      ScrollResult r =
          phone.scroll(Scroll.builder(ScrollDirection.RIGHT).amount(0.8).before(shown).build());
      out.printf(Locale.ROOT, "swipe %d: %s%n", swipe, r.movement().id());
      if (r.movement() == Movement.MOVED) {
        turned++;
      }
      end = r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED;
      shown = r.observation();
    }
    String text =
        phone.text().read(shown, null).stream()
            .map(ScreenText::text)
            .collect(Collectors.joining(" | "));
    out.printf(
        Locale.ROOT,
        "%s after %d page turns; the page reads: %s%n",
        end ? "last page" : "no end seen",
        turned,
        text);
    return new Outcome(turned, end, shown);
  }
}
