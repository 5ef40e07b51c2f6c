package dev.swipe.assertj;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one screenshot. Failure messages say what was seen, so a red test explains itself:
 * the diff ratio and where the diff image went, or the lines that were read.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ObservationAssert extends AbstractAssert<ObservationAssert, Observation> {

  ObservationAssert(Observation actual) {
    super(actual, ObservationAssert.class);
  }

  /** The screenshot passed the settling gate (the screen was at rest). */
  public ObservationAssert isSettled() {
    isNotNull();
    if (!actual.settled()) {
      failWithMessage(
          "Expected %s to be settled, but the screen was still changing when it was taken",
          actual.id());
    }
    return this;
  }

  /** The screenshot was taken while the screen still changed. */
  public ObservationAssert isNotSettled() {
    isNotNull();
    if (actual.settled()) {
      failWithMessage(
          "Expected %s not to be settled, but it passed the settling gate", actual.id());
    }
    return this;
  }

  /**
   * The screenshot matches a golden screen within its masks and tolerance; on failure a diff image
   * (golden, screenshot, changed cells) is written to a temporary directory named in the message.
   */
  public ObservationAssert matchesBaseline(GoldenScreen golden) {
    isNotNull();
    if (golden == null) {
      throw new IllegalArgumentException("golden must not be null");
    }
    GoldenScreen.Comparison c;
    try {
      c = golden.compare(actual);
    } catch (SwipeException e) {
      failWithMessage(
          "Expected %s to match %s, but: %s (%s)",
          actual.id(), golden.name(), e.getMessage(), e.code());
      return this;
    }
    if (!c.matched()) {
      failWithMessage("Expected %s; diff image: %s", c.summary(), diffImage(c));
    }
    return this;
  }

  /** {@link #matchesBaseline(GoldenScreen)} with a golden file, a tolerance and masked regions. */
  public ObservationAssert matchesBaseline(Path baseline, double tolerance, NormRegion... masks) {
    return matchesBaseline(GoldenScreen.load(baseline).mask(masks).tolerance(tolerance));
  }

  /**
   * The screenshot shows {@code text} (normalized match: case, spacing and punctuation variants),
   * as read by {@code reader}'s text engine.
   */
  public ObservationAssert hasText(Device reader, String text) {
    return hasText(reader, TextQuery.of(text));
  }

  /** The screenshot shows a match of {@code query}, as read by {@code reader}. */
  public ObservationAssert hasText(Device reader, TextQuery query) {
    isNotNull();
    TextSearchResult r = reader.text().find(actual, query);
    if (!r.found()) {
      failWithMessage(
          "Expected %s to show %s, but the lines read were: %s", actual.id(), query, lines(reader));
    }
    return this;
  }

  /** The screenshot does not show {@code text}, as read by {@code reader}. */
  public ObservationAssert doesNotHaveText(Device reader, String text) {
    isNotNull();
    TextSearchResult r = reader.text().find(actual, TextQuery.of(text));
    if (r.found()) {
      failWithMessage(
          "Expected %s not to show \"%s\", but found it: %s",
          actual.id(),
          text,
          r.matches().stream().map(ScreenText::text).collect(Collectors.toList()));
    }
    return this;
  }

  private String lines(Device reader) {
    List<ScreenText> read = reader.text().read(actual, null);
    return read.isEmpty()
        ? "(none)"
        : read.stream().map(t -> "\"" + t.text() + "\"").collect(Collectors.joining(", "));
  }

  private static String diffImage(GoldenScreen.Comparison c) {
    try {
      Path dir = Files.createTempDirectory("swipe-assertj-");
      return c.writeDiffImage(
              dir.resolve(c.golden().name() + "-" + c.screenshot().id() + ".diff.png"))
          .toString();
    } catch (IOException | SwipeException e) {
      return "(not written: " + e.getMessage() + ")";
    }
  }
}
