package dev.swipe.agent.server;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.flow.FlowCode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where {@code webdriver --record DIR} puts the flows its sessions record: a session that asks for
 * one with the capability {@value #CAPABILITY} ({@code NAME}) records to {@code DIR/NAME.flow.yaml}
 * ({@code DIR/NAME} when the name ends in {@code .yaml} or {@code .yml}). The client names the
 * flow, never a path: the rig's operator chose the directory.
 */
final class FlowRecordings {
  /** The capability that asks a session to record a flow, naming it. */
  static final String CAPABILITY = "swipe:recordFlow";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private final Path dir;
  private final PrintStream log;

  private FlowRecordings(Path dir, PrintStream log) {
    this.dir = dir;
    this.log = log;
  }

  /**
   * Recordings in {@code dir}, checked now: made if missing, and a file is written and removed in
   * it.
   *
   * @throws SwipeException {@code flow_unwritable} (field {@code record}) when it cannot be written
   */
  static FlowRecordings open(String dir, PrintStream log) {
    Path path = FlowRecording.recordPath(dir);
    try {
      FlowRecording.probe(path);
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          FlowCode.FLOW_UNWRITABLE,
          "record: cannot write flows in " + path + ": " + e,
          Map.of("field", "record", "path", path.toString()),
          e);
    }
    return new FlowRecordings(path, log);
  }

  /**
   * The recording a session asked for with {@code name}.
   *
   * @throws SwipeException {@code invalid_argument} (field {@value #CAPABILITY}) for a name that is
   *     not 1-64 of A-Z a-z 0-9 . _ - starting with a letter or digit; {@code flow_unwritable}
   */
  FlowRecording start(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          CAPABILITY
              + " must be a flow's name, 1-64 of A-Z a-z 0-9 . _ - starting with a letter or a"
              + " digit, was '"
              + (name == null ? "null" : name.length() > 80 ? name.substring(0, 80) + "..." : name)
              + "'",
          Map.of("field", CAPABILITY));
    }
    String file = name.endsWith(".yaml") || name.endsWith(".yml") ? name : name + ".flow.yaml";
    return FlowRecording.open(dir.resolve(file), log);
  }
}
