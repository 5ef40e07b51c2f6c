package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.ToolFailure;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
import dev.swipe.diff.internal.ImageDiff;
import dev.swipe.diff.internal.ZoomEstimator;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code screenshot}, {@code image_diff} and, on the simulator only, {@code sim_state} ({@link
 * SimStateTool}).
 */
final class ObservationTools {
  /** What an attachment id looks like; anything else in image_diff is base64 (when allowed). */
  private static final Pattern ID = Pattern.compile("\\s*[a-z][a-z0-9_]{0,15}-[0-9]{1,9}\\s*");

  private ObservationTools() {}

  static List<Tool> tools(AgentRun run) {
    List<Tool> out = new ArrayList<>();
    out.add(screenshot(run));
    out.add(imageDiff(run));
    if (run.offersSimState() && SimStateTool.simulatorPresent()) {
      SimStateTool.of(run.device()).ifPresent(out::add);
    }
    return out;
  }

  private static Tool screenshot(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "screenshot",
                "Capture the phone screen now. Returns the JPEG (base64), its width and height, and a"
                    + " screenshot_attachment_id (e.g. shot-3) to pass to image_diff or wheel_nudge. HID"
                    + " action tools already return a settled post-action screenshot; take one manually"
                    + " only when you need a fresh observation before acting. With"
                    + " screenshot_attachment_id it returns that earlier screenshot of this run instead"
                    + " (e.g. one answered with image=none).",
                Schema.object(null)
                    .prop(
                        "screenshot_attachment_id",
                        Schema.string(
                            "An earlier screenshot of this run to return (default: capture now).",
                            1,
                            64))
                    .build(),
                Results.screenshotSchema(Schema.result("The screenshot.")).build())
            .withCompact(
                "Capture the screen (or return an earlier screenshot by id).",
                "screenshot_attachment_id")
            .withHints(ToolSpec.Hints.OBSERVES_PHONE);
    return new Tool(
        spec,
        a ->
            Results.screenshot(
                Results.object(),
                a.has("screenshot_attachment_id")
                    ? run.device()
                        .run()
                        .attachments()
                        .screenshot(
                            a.string("screenshot_attachment_id"), "screenshot_attachment_id")
                    : run.device().screenshot()),
        true);
  }

  private static Tool imageDiff(AgentRun run) {
    String source =
        run.acceptsInlineImages()
            ? "a screenshot_attachment_id of this run (e.g. shot-3), or the screenshot as base64 JPEG"
            : "a screenshot_attachment_id of this run (e.g. shot-3), copied exactly from a screenshot label";
    ToolSpec spec =
        new ToolSpec(
                "image_diff",
                "Compare two screenshots to tell whether a swipe had an effect. Returns changed"
                    + " (diff_ratio > 0.01, or content shifted by a few pixels), diff_ratio (fraction of changed"
                    + " pixels, 0..1) and primary_axis"
                    + " (horizontal, vertical or none: along which axis content moved). It never reports how far"
                    + " content moved: JPEG noise makes such numbers unreliable. changed=false after a swipe means"
                    + " no effect (increase distance or check the position; in a list it means the edge);"
                    + " diff_ratio < 0.03 may be inertia still running. Give a region tight around what should"
                    + " change: in a mostly blank region a real change (a wheel's digits) can stay under 0.01."
                    + " When the two frames share nothing that moved (a carousel page, a wheel several rows on),"
                    + " primary_axis comes from the frames watched during the one action between them"
                    + " (axis_evidence motion_between); with no such action it is none (a page replaced in place)."
                    + " Only screenshots of this run are accepted;"
                    + " paths are never read.",
                Schema.object(null)
                    .prop(
                        "before",
                        Schema.string(
                            "The pre-action screenshot: " + source + ".", 1, 32 * 1024 * 1024))
                    .prop(
                        "after",
                        Schema.string(
                            "The post-action screenshot: " + source + ".", 1, 32 * 1024 * 1024))
                    .prop(
                        "region",
                        Schema.region(
                            "Optional area to compare, normalized 0-1000 {x, y, w, h}; default the whole screen."))
                    .prop(
                        "zoom",
                        Schema.dflt(
                            Schema.bool(
                                "Also judge a zoom between the whole screens (after a pinch): adds"
                                    + " zoom with in, out, none or unobserved and the measured scale."),
                            false))
                    .required("before", "after")
                    .build(),
                Results.zoomSchema(Schema.result("The comparison."))
                    .prop(
                        "changed",
                        Schema.bool(
                            "diff_ratio > 0.01, or less when the content shifted by a few pixels"
                                + " (a short pan of a sparse map)."))
                    .prop(
                        "diff_ratio",
                        Schema.number(
                            "Fraction of compared pixels that changed beyond JPEG noise, 0..1."))
                    .prop(
                        "primary_axis",
                        Schema.oneOf("Axis of motion.", "horizontal", "vertical", "none"))
                    .prop(
                        "axis_evidence",
                        Schema.oneOf(
                            "What primary_axis rests on: the two frames, or the motion watched between them.",
                            "frame_pair",
                            "motion_between"))
                    .required("changed", "diff_ratio", "primary_axis", "axis_evidence")
                    .build())
            .withCompact(
                "Compare two screenshots by id: changed, diff_ratio, primary_axis.", "region")
            .withHints(ToolSpec.Hints.READS_LOCAL);
    return new Tool(
        spec,
        a -> {
          NormRegion region = a.region("region");
          Observation beforeShot = screenshot(run, a.string("before"), "before");
          Observation afterShot = screenshot(run, a.string("after"), "after");
          boolean zoom = a.bool("zoom", false);
          if (beforeShot != null && afterShot != null) {
            ObjectNode out =
                Results.diff(
                    Results.object(), run.device().screen().diff(beforeShot, afterShot, region));
            return zoom
                ? Results.zoom(out, run.device().screen().zoom(beforeShot, afterShot))
                : out;
          }
          GreyRaster before =
              beforeShot != null ? beforeShot.greyForDiff() : raster(a.string("before"), "before");
          GreyRaster after =
              afterShot != null ? afterShot.greyForDiff() : raster(a.string("after"), "after");
          DiffResult d;
          try {
            d = ImageDiff.compareNoticingShifts(before, after, region);
          } catch (RuntimeException e) {
            throw SwipeException.orInternal(e);
          }
          ObjectNode out = Results.diff(Results.object(), d);
          if (zoom) {
            try {
              Results.zoom(out, ZoomEstimator.estimate(before, after));
            } catch (RuntimeException e) {
              throw SwipeException.orInternal(e);
            }
          }
          return out;
        },
        false);
  }

  /**
   * The run's screenshot {@code value} names, or null when it is an inline image this run accepts.
   */
  private static @Nullable Observation screenshot(AgentRun run, String value, String field) {
    if (ID.matcher(value).matches() || !run.acceptsInlineImages()) {
      return run.device().run().attachments().screenshot(value, field);
    }
    return null;
  }

  private static GreyRaster raster(String value, String field) {
    try {
      return ImageDecoder.decodeBase64(value, DecodeOptions.FOR_DIFF);
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.orInternal(e);
      throw new ToolFailure(
          s.code(), field + ": " + s.getMessage(), java.util.Map.of("field", field));
    }
  }
}
