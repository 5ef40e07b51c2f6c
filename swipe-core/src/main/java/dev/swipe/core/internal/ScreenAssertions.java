package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.screen.GoldenScreen;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Comparing a run's screen with a golden one, with a diff image for a mismatch. */
final class ScreenAssertions {
  /** Where a trace keeps golden screens' diff images. */
  private static final String GOLDEN = "golden";

  private final DefaultDevice run;

  ScreenAssertions(DefaultDevice run) {
    this.run = run;
  }

  GoldenScreen.Comparison assertScreen(GoldenScreen golden) {
    SwipeException.requireArgument(golden, "golden");
    run.ensureOpen();
    long start = run.ticker.read();
    Observation shot = run.screenshot();
    GoldenScreen.Comparison c;
    try {
      c = golden.compare(shot);
    } catch (SwipeException e) {
      if (run.tracer != null) {
        run.tracer.call(
            run.attachments.runId(),
            "assert_screen",
            start,
            TraceWriter.object().put("baseline", golden.name()),
            null,
            shot,
            e);
      }
      throw e;
    }
    ObjectNode outcome =
        TraceWriter.object()
            .put("matched", c.matched())
            .put("diff_ratio", c.diffRatio())
            .put("tolerance", c.tolerance())
            .put("masked_share", c.maskedShare());
    if (c.matched()) {
      if (run.tracer != null) {
        run.tracer.call(
            run.attachments.runId(),
            "assert_screen",
            start,
            TraceWriter.object().put("baseline", golden.name()),
            outcome,
            shot,
            null);
      }
      return c;
    }
    Path diffImage = diffImagePath(golden, shot);
    String written;
    try {
      written = c.writeDiffImage(diffImage).toString();
    } catch (SwipeException e) {
      written = "not written: " + e.getMessage();
    }
    // a trace kept elsewhere (a collector) is handed the image as a file of its own
    String traced = null;
    String notTraced = null;
    if (run.tracer != null && run.traceWriter != null) {
      Optional<Path> dir = run.traceWriter.directory();
      if (dir.isPresent()) {
        traced = dir.get().relativize(diffImage).toString();
      } else if (!written.startsWith("not written")) {
        String name = GOLDEN + "/" + diffImage.getFileName();
        try {
          Optional<String> refused =
              run.traceWriter.storeFile(name, java.nio.file.Files.readAllBytes(diffImage));
          traced = refused.isEmpty() ? name : null;
          notTraced = refused.orElse(null);
        } catch (java.io.IOException e) {
          notTraced = "could not read " + diffImage + ": " + e.getMessage();
        }
      }
    }
    Map<String, Object> details = new java.util.LinkedHashMap<>();
    details.put("baseline", golden.name());
    details.put("screenshot", shot.id());
    details.put("diff_ratio", c.diffRatio());
    details.put("tolerance", c.tolerance());
    details.put("diff_image", written);
    SwipeException mismatch =
        new SwipeException(
            ErrorCode.SCREEN_MISMATCH, c.summary() + "; diff image: " + written, details, null);
    if (run.tracer != null) {
      if (traced != null) {
        outcome.put("diff_image", traced);
      }
      if (notTraced != null) {
        outcome.put("diff_image_skipped", notTraced);
      }
      run.tracer.call(
          run.attachments.runId(),
          "assert_screen",
          start,
          TraceWriter.object().put("baseline", golden.name()),
          outcome,
          shot,
          mismatch);
    }
    throw mismatch;
  }

  /**
   * Inside the trace directory when tracing into one (the report shows it), else in a temporary
   * directory (and a trace kept elsewhere is given a copy).
   */
  private Path diffImagePath(GoldenScreen golden, Observation shot) {
    String name =
        golden.name().replaceAll("[^A-Za-z0-9._-]", "_")
            + "-"
            + run.attachments.runId()
            + "-"
            + shot.id()
            + ".diff.png";
    if (run.traceWriter != null && run.traceWriter.directory().isPresent()) {
      return run.traceWriter.directory().get().resolve(GOLDEN).resolve(name);
    }
    try {
      return java.nio.file.Files.createTempDirectory("swipe-golden-").resolve(name);
    } catch (java.io.IOException e) {
      return Path.of(System.getProperty("java.io.tmpdir"), name);
    }
  }
}
