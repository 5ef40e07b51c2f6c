package dev.swipe.examples;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Finds a contact in a long list and opens it, by reading the screen: scrolls down until the name
 * shows (and up when it was not found below), taps the name, and confirms the contact's own page by
 * its text (the name as a heading and a "Message" action).
 *
 * <pre>
 * mvn -B -ntp -q -pl swipe-examples exec:java -Dexec.mainClass=dev.swipe.examples.OpenContact \
 *     -Dexec.args="sim:?scene=list 'Ivan Patel'"
 * </pre>
 */
public final class OpenContact {
  static final String USAGE = "OpenContact [device-uri (sim:?scene=list)] [name (Ivan Patel)]";

  private OpenContact() {}

  /**
   * What the example saw.
   *
   * @param passes scroll passes played before the name showed
   * @param opened whether the contact's page showed the name and its actions after the tap
   */
  public record Outcome(int passes, boolean opened) {}

  /** Runs the example: {@code [device-uri] [name]}. */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 2, USAGE);
          String uri = ExampleCommand.optional(args, 0, "sim:?scene=list");
          String name = ExampleCommand.optional(args, 1, "Ivan Patel");
          try (Device phone = Device.open(uri)) {
            open(phone, name, SearchPace.FLING, o);
          }
        });
  }

  /**
   * Opens {@code name} from the contacts list on {@code phone}'s screen.
   *
   * @param pace {@link SearchPace#FLING} to cover a long list fast; {@link SearchPace#STEADY} (one
   *     screen a pass, no coasting) where frames arrive late or slowly, as over a capture stream
   * @throws SwipeException {@code text_not_found} when neither direction reveals the name, or the
   *     contact's page does not show within five seconds of the tap
   */
  public static Outcome open(Device phone, String name, SearchPace pace, PrintStream out) {
    TextQuery wanted = TextQuery.builder(name).scope(TextQuery.Scope.LINE).build();
    ScrollUntilResult down = search(phone, ScrollDirection.DOWN, wanted, pace);
    ScrollUntilResult search = down;
    boolean searchedUp = false;
    if (!down.found()) {
      out.printf(
          Locale.ROOT, "\"%s\" is not below (%d passes); searching up%n", name, down.passes());
      search = search(phone, ScrollDirection.UP, wanted, pace);
      searchedUp = true;
    }
    int passes = down.passes() + (searchedUp ? search.passes() : 0);
    if (!search.found()) {
      throw new SwipeException(
          dev.swipe.core.ErrorCode.TEXT_NOT_FOUND,
          "\"" + name + "\" was not read in " + passes + " passes down and up",
          java.util.Map.of("field", "name"),
          null);
    }
    out.printf(
        Locale.ROOT,
        "found \"%s\" after %d passes at %s%n",
        name,
        passes,
        phone.text().find(search.observation(), wanted).best().orElseThrow().center());
    phone.text().tap(search.observation(), wanted);
    // A contact's page shows the name as a heading in the upper part of the screen.
    TextSearchResult heading =
        phone
            .text()
            .waitFor(
                TextQuery.builder(name)
                    .scope(TextQuery.Scope.LINE)
                    .within(0, 300, 1000, 160)
                    .build(),
                Duration.ofSeconds(5));
    boolean opened =
        heading.found()
            && phone.text().find(heading.observation(), TextQuery.of("Message")).found();
    out.printf(
        Locale.ROOT,
        "opened: %s (the page shows the name as its heading and a Message action)%n",
        opened);
    if (!opened) {
      throw new SwipeException(
          dev.swipe.core.ErrorCode.TEXT_NOT_FOUND,
          "tapped \"" + name + "\" but its page did not show",
          java.util.Map.of("field", "name"),
          null);
    }
    return new Outcome(passes, true);
  }

  private static ScrollUntilResult search(
      Device phone, ScrollDirection direction, TextQuery wanted, SearchPace pace) {
    return phone
        .text()
        .scrollUntil(
            Scroll.builder(direction).amount(0.8).build(),
            wanted,
            ScrollSearch.builder().pace(pace).build());
  }
}
