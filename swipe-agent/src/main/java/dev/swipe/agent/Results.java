package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.internal.AgentJson;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ZoomChange;

/** Writes the parts results share: the screenshot fields, the cost, a diff. */
final class Results {
  /** The MIME type of every screenshot. */
  static final String JPEG = "image/jpeg";

  private Results() {}

  static ObjectNode object() {
    return AgentJson.JSON.createObjectNode();
  }

  /** The screenshot fields: image (base64 JPEG), mime_type, width, height, id, settled. */
  static ObjectNode screenshot(ObjectNode out, Observation o) {
    out.put("screenshot_attachment_id", o.id());
    out.put("width", o.width());
    out.put("height", o.height());
    out.put("settled", o.settled());
    out.put("mime_type", JPEG);
    out.put("image", o.base64());
    return out;
  }

  /**
   * The screenshot fields of one the caller already has (named by id): no image again, which would
   * cost a model the same picture twice; a fresh screenshot comes whole.
   */
  static ObjectNode screenshot(ObjectNode out, Observation o, boolean fresh) {
    if (fresh) {
      return screenshot(out, o);
    }
    out.put("screenshot_attachment_id", o.id());
    out.put("width", o.width());
    out.put("height", o.height());
    out.put("settled", o.settled());
    return out;
  }

  static ObjectNode action(String action, ActionResult r) {
    ObjectNode out = object();
    out.put("action", action);
    cost(out, r.cost());
    return screenshot(out, r.observation());
  }

  static ObjectNode cost(ObjectNode out, Cost c) {
    ObjectNode n = out.putObject("cost");
    n.put("wall_ms", c.wallMs());
    n.put("gestures", c.gestures());
    n.put("hid_reports", c.hidReports());
    n.put("frames_grabbed", c.framesGrabbed());
    n.put("settle_wait_ms", c.settleWaitMs());
    return out;
  }

  static ObjectNode diff(ObjectNode out, DiffResult d) {
    out.put("changed", d.changed());
    out.put("diff_ratio", d.diffRatio());
    out.put("primary_axis", d.primaryAxis().id());
    out.put("axis_evidence", d.axisEvidence().id());
    return out;
  }

  /** Adds {@code zoom}: what the pixels say a pinch did to the content. */
  static ObjectNode zoom(ObjectNode out, ZoomChange z) {
    ObjectNode n = out.putObject("zoom");
    n.put("observed", z.observed());
    n.put("direction", z.observed() ? z.direction().id() : "unobserved");
    n.put("scale", z.scale());
    n.put("rotation_deg", z.rotationDegrees());
    return out;
  }

  /** The output-schema property of {@link #zoom}. */
  static Schema zoomSchema(Schema s) {
    return s.prop(
        "zoom",
        Schema.object("What the content did between the two screens, from the pixels alone.")
            .prop("observed", Schema.bool("False when the frames cannot show a zoom."))
            .prop(
                "direction",
                Schema.oneOf(
                    "in (content grew), out (shrank), none (same size: unchanged or moved), or"
                        + " unobserved.",
                    "in",
                    "out",
                    "none",
                    "unobserved"))
            .prop(
                "scale",
                Schema.number(
                    "How many times larger the content is drawn after (1 when unobserved)."))
            .prop("rotation_deg", Schema.number("How far it turned, clockwise positive."))
            .required("observed", "direction", "scale", "rotation_deg")
            .build());
  }

  /**
   * Output-schema properties of the screenshot fields (image is optional: MCP sends it as image
   * content).
   */
  static Schema screenshotSchema(Schema s) {
    return s.prop(
            "screenshot_attachment_id",
            Schema.string(
                "Run-scoped id of this screenshot (e.g. shot-3); pass it to image_diff and wheel_nudge."))
        .prop("width", Schema.integer("Screenshot width in pixels."))
        .prop("height", Schema.integer("Screenshot height in pixels."))
        .prop(
            "settled",
            Schema.bool("True when two consecutive frames were equal (the screen was at rest)."))
        .prop("mime_type", Schema.string("Always image/jpeg."))
        .prop(
            "image",
            Schema.string("The screenshot as base64 JPEG (MCP sends it as image content instead)."))
        .prop("image_width", Schema.integer("image=scaled:N: width of the image sent."))
        .prop("image_height", Schema.integer("image=scaled:N: height of the image sent."))
        .prop(
            "image_omitted",
            Schema.bool("image=none: no image was sent; screenshot can fetch it by id."))
        .required("screenshot_attachment_id", "width", "height", "settled");
  }

  static Schema costSchema(Schema s) {
    return s.prop(
        "cost",
        Schema.result("What the action cost.")
            .prop("wall_ms", Schema.integer("Elapsed device time in milliseconds."))
            .prop("gestures", Schema.integer("Gestures played."))
            .prop("hid_reports", Schema.integer("HID reports sent."))
            .prop("frames_grabbed", Schema.integer("Frames captured."))
            .prop("settle_wait_ms", Schema.integer("Time spent waiting for the screen to settle."))
            .build());
  }

  static Schema actionSchema(String description) {
    return costSchema(
        screenshotSchema(
            Schema.result(description).prop("action", Schema.string("What was played."))));
  }
}
