package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.flow.internal.FlowYaml;
import dev.swipe.flow.internal.Replayer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A recorded run as steps of intent, to replay on any device without a model.
 *
 * <pre>{@code
 * Flow flow = Flow.read(Path.of("open-contact.flow.yaml"));
 * try (Device phone = Device.open("sim:?scene=list&seed=7")) {
 *   ReplayResult r = flow.replay(phone);
 * }
 * }</pre>
 *
 * <p>The file is YAML with a {@code version} field; its JSON Schema is {@link #SCHEMA_RESOURCE} in
 * this module's jar and {@code docs/flow.schema.json}. {@link FlowRecorder} writes one.
 *
 * @param version the format's version, {@link #VERSION}
 * @param name what the flow does, for reports
 * @param screenWidth the recorded screen's width in pixels (anchors' crops are at that size)
 * @param screenHeight the recorded screen's height in pixels
 * @param steps the steps in order
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record Flow(
    int version, String name, int screenWidth, int screenHeight, List<FlowStep> steps) {

  /** The format version this SDK writes and the newest it reads. */
  public static final int VERSION = 1;

  /** The JSON Schema of the flow file, as a class path resource of this module. */
  public static final String SCHEMA_RESOURCE = "/dev/swipe/flow/flow.schema.json";

  /** Checks the values. */
  public Flow {
    if (version < 1 || version > VERSION) {
      throw new SwipeException(
          FlowCode.FLOW_UNSUPPORTED_VERSION,
          "this SDK reads flow versions 1 to " + VERSION + ", the flow has " + version,
          java.util.Map.of("field", "version", "version", version));
    }
    SwipeException.requireArgument(name, "name");
    if (screenWidth < 1 || screenHeight < 1) {
      throw SwipeException.invalidArgument(
          "screen", "must have a positive size, was " + screenWidth + "x" + screenHeight);
    }
    steps = List.copyOf(SwipeException.requireArgument(steps, "steps"));
  }

  /**
   * Reads a flow file.
   *
   * @throws SwipeException {@code flow_invalid} (details: {@code field}, the path to the bad value
   *     such as {@code steps[2].text}, and {@code path}), {@code flow_unsupported_version}
   */
  public static Flow read(Path file) {
    SwipeException.requireArgument(file, "file");
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SwipeException(
          FlowCode.FLOW_INVALID,
          "cannot read the flow file " + file + ": " + e.getMessage(),
          java.util.Map.of("field", "file", "path", file.toString()),
          e);
    }
    return FlowYaml.parse(text, file.toString());
  }

  /**
   * Parses a flow from YAML (or JSON) text.
   *
   * @throws SwipeException as {@link #read(Path)}
   */
  public static Flow parse(String yaml) {
    return FlowYaml.parse(SwipeException.requireArgument(yaml, "yaml"), null);
  }

  /** This flow as YAML, the way {@link #read} reads it. */
  public String toYaml() {
    return FlowYaml.write(this);
  }

  /**
   * Writes {@link #toYaml()} to {@code file}, replacing it.
   *
   * @throws SwipeException {@code flow_unwritable}
   */
  public Path write(Path file) {
    SwipeException.requireArgument(file, "file");
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      return Files.writeString(file, toYaml(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SwipeException(
          FlowCode.FLOW_UNWRITABLE,
          "cannot write the flow to " + file + ": " + e.getMessage(),
          java.util.Map.of("path", file.toString()),
          e);
    }
  }

  /**
   * Replays the flow on {@code device}, step by step, with {@link ReplayOptions#defaults()}.
   *
   * @throws SwipeException {@code flow_anchor_not_found}, {@code flow_verdict_differs} or {@code
   *     flow_step_failed} at the first step that diverges
   */
  public ReplayResult replay(Device device) {
    return replay(device, ReplayOptions.defaults());
  }

  /**
   * Replays the flow on {@code device} with {@code options}.
   *
   * @throws SwipeException as {@link #replay(Device)}
   */
  public ReplayResult replay(Device device, ReplayOptions options) {
    return new Replayer(
            this,
            SwipeException.requireArgument(device, "device"),
            SwipeException.requireArgument(options, "options"))
        .run();
  }
}
