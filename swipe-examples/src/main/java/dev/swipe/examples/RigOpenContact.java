package dev.swipe.examples;

import dev.swipe.core.Device;
import dev.swipe.core.scroll.SearchPace;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The contact search of {@link OpenContact} on a rig wired like a real one: a serial HID chip is
 * the finger and a capture device the eyes, each named by its URI. The same code runs on {@code
 * sim:} and on a phone; only the search pace is steady, since a capture stream delivers frames
 * later and fewer than the simulator.
 *
 * <pre>
 * java ... dev.swipe.examples.RigOpenContact \
 *     "ch9329:/dev/ttyUSB0?baud=115200&amp;pointer=abs" "mjpeg:http://127.0.0.1:8080/stream" "Ivan Patel"
 * </pre>
 */
public final class RigOpenContact {
  static final String USAGE =
      "RigOpenContact <hid-uri (ch9329:/dev/ttyUSB0?baud=115200&pointer=abs)>"
          + " <capture-uri (mjpeg:http://127.0.0.1:8080/stream)> [name (Ivan Patel)]";

  private RigOpenContact() {}

  /** Runs the example: {@code <hid-uri> <capture-uri> [name]}. */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 3, USAGE);
          String hid = ExampleCommand.required(args, 0, "hid", USAGE);
          String capture = ExampleCommand.required(args, 1, "capture", USAGE);
          String name = ExampleCommand.optional(args, 2, "Ivan Patel");
          try (Device rig = Device.builder().hid(hid).capture(capture).open()) {
            o.printf(Locale.ROOT, "rig: finger %s, eyes %s%n", hid, capture);
            // Frames come over a stream here: steady passes, which stop before the next look.
            OpenContact.open(rig, name, SearchPace.STEADY, o);
          }
        });
  }
}
