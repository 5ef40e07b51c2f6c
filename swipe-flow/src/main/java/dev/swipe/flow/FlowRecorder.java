package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.flow.internal.FlowLog;
import dev.swipe.flow.internal.RecordingDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Records a run as a {@link Flow}: drive {@link #device()} as you would the device itself (by hand,
 * from an agent's tools, from a test), then {@link #save} the flow.
 *
 * <pre>{@code
 * try (Device phone = Device.open("sim:?scene=list")) {
 *   FlowRecorder recorder = FlowRecorder.attach(phone);
 *   Device recorded = recorder.device();
 *   recorded.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.of("Ivan Patel"));
 *   recorded.text().tap(TextQuery.of("Ivan Patel"));
 *   recorder.save(Path.of("open-contact.flow.yaml"), "open a contact");
 * }
 * }</pre>
 *
 * <p>Each action becomes a step at the level of intent where the recorder can tell it: a tap on a
 * line of text becomes a tap on that text; scrolls that each end in a failed look for a text, then
 * a look that finds it, become one search for that text; scrolls one way up to an edge become one
 * scroll to the edge; a swipe that starts on a text just found becomes a drag of that text. What it
 * cannot lift stays a raw gesture in 0-1000 space, marked {@code raw}. Screenshots, reads and diffs
 * are not steps. The recorder never adds a gesture. It reads the screens the run already captured
 * (the text under a tap, anchor images); it captures one of its own only where the call asked for
 * none ({@code text().tap(query)} looks first, as the device does) or where {@link #flow} needs the
 * screen's size before anything was seen.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class FlowRecorder {
  private final Device device;
  private final FlowLog log = new FlowLog(this::changed);
  private final RecordingDevice recording;
  private volatile Runnable onStep = () -> {};

  private FlowRecorder(Device device) {
    this.device = device;
    this.recording = new RecordingDevice(device, log);
  }

  /** A recorder of what is done through its {@link #device()} on {@code device}. */
  public static FlowRecorder attach(Device device) {
    return new FlowRecorder(SwipeException.requireArgument(device, "device"));
  }

  /**
   * The device to drive: every call reaches the wrapped device, and its actions are recorded.
   * Closing it closes the wrapped device. Runs forked from it ({@code run().fork()}) are recorded
   * into the same flow, in the order their actions end: a server that gives each client a run of
   * its own records them all.
   */
  public Device device() {
    return recording;
  }

  /**
   * Calls {@code listener} after each step is kept (or steps are lifted into one), on the thread
   * that acted, after the device's call: a server saves the flow as it grows. An exception it
   * throws is swallowed, so it cannot fail the action.
   *
   * @return this recorder
   */
  public FlowRecorder onStep(Runnable listener) {
    this.onStep = SwipeException.requireArgument(listener, "listener");
    return this;
  }

  private void changed() {
    try {
      onStep.run();
    } catch (RuntimeException e) {
      // a listener's failure is its own; the action it heard has happened
    }
  }

  /** The flow recorded so far, named {@code name}. */
  public Flow flow(String name) {
    SwipeException.requireArgument(name, "name");
    if (!log.hasSize()) {
      Observation o = device.screenshot();
      return log.flow(name, o.width(), o.height());
    }
    return log.flow(name, 0, 0);
  }

  /**
   * Writes the flow to {@code file} and the screen seen before each step, as {@code step-N.jpg}, to
   * the directory {@link #screensDirFor(Path)} names beside it (a divergence report shows them).
   *
   * @return the flow written
   * @throws SwipeException {@code flow_unwritable}
   */
  public Flow save(Path file, String name) {
    SwipeException.requireArgument(file, "file");
    Flow flow = flow(name);
    flow.write(file);
    Path dir = screensDirFor(file);
    try {
      Files.createDirectories(dir);
      List<byte[]> screens = log.screens();
      for (int i = 0; i < screens.size(); i++) {
        byte[] jpeg = screens.get(i);
        Path shot = dir.resolve(screenFileName(i + 1));
        if (jpeg != null) {
          Files.write(shot, jpeg);
        } else {
          Files.deleteIfExists(shot);
        }
      }
      // Screens of an earlier, longer flow saved here would stand for steps this one lacks.
      try (java.util.stream.Stream<Path> old = Files.list(dir)) {
        for (Path p : old.toList()) {
          java.util.regex.Matcher m = SCREEN.matcher(p.getFileName().toString());
          if (m.matches() && Integer.parseInt(m.group(1)) > screens.size()) {
            Files.deleteIfExists(p);
          }
        }
      }
    } catch (IOException e) {
      throw new SwipeException(
          FlowCode.FLOW_UNWRITABLE,
          "cannot write the flow's screens to " + dir + ": " + e.getMessage(),
          Map.of("path", dir.toString()),
          e);
    }
    return flow;
  }

  /**
   * Where the recorded screens of the flow in {@code flowFile} go: {@code NAME.screens} beside it.
   */
  public static Path screensDirFor(Path flowFile) {
    String name = SwipeException.requireArgument(flowFile, "flowFile").getFileName().toString();
    for (String suffix : List.of(".flow.yaml", ".flow.yml", ".yaml", ".yml", ".json")) {
      if (name.endsWith(suffix) && name.length() > suffix.length()) {
        name = name.substring(0, name.length() - suffix.length());
        break;
      }
    }
    return flowFile.resolveSibling(name + ".screens");
  }

  private static final java.util.regex.Pattern SCREEN =
      java.util.regex.Pattern.compile("step-([0-9]{1,9})\\.jpg");

  /** The file name of the screen recorded before step {@code index} (1-based). */
  public static String screenFileName(int index) {
    return "step-" + index + ".jpg";
  }
}
