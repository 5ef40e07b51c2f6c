package dev.swipe.examples;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelScale;
import dev.swipe.wheel.WheelSet;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sets an alarm time on a time picker: reads the wheels from the screen, takes the two numeric
 * columns that wrap around as hour and minute (a month or AM/PM wheel beside them is left alone),
 * and sets each with {@code wheels().set}, which nudges the wheel and stops once two readings in a
 * row show the target.
 *
 * <pre>
 * mvn -B -ntp -q -pl swipe-examples exec:java -Dexec.mainClass=dev.swipe.examples.SetAlarm \
 *     -Dexec.args="sim:?scene=picker 07:30"
 * </pre>
 */
public final class SetAlarm {
  static final String USAGE = "SetAlarm [device-uri (sim:?scene=picker)] [HH:MM (07:30)]";
  private static final Pattern TIME = Pattern.compile("(\\d{1,2}):(\\d{2})");

  private SetAlarm() {}

  /**
   * What the picker showed when the example finished, as read from the screen.
   *
   * @param hour the hour label confirmed in the hour wheel's selected row
   * @param minute the minute label confirmed in the minute wheel's selected row
   * @param drags the drags played on both wheels
   */
  public record Alarm(String hour, String minute, int drags) {}

  /** Runs the example: {@code [device-uri] [HH:MM]}. */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 2, USAGE);
          String uri = ExampleCommand.optional(args, 0, "sim:?scene=picker");
          int[] time = parseTime(ExampleCommand.optional(args, 1, "07:30"));
          try (Device phone = Device.open(uri)) {
            Alarm alarm = set(phone, time[0], time[1], o);
            o.printf(
                Locale.ROOT,
                "alarm set to %s:%s in %d drags%n",
                alarm.hour(),
                alarm.minute(),
                alarm.drags());
          }
        });
  }

  /**
   * Sets the picker on {@code phone}'s screen to {@code hour:minute}.
   *
   * @throws SwipeException {@code wheel_not_found} when fewer than two numeric wrapping wheels are
   *     on the screen, and the errors of {@link Device.Wheels#set}
   */
  public static Alarm set(Device phone, int hour, int minute, PrintStream out) {
    WheelReading reading = phone.wheels().read();
    List<WheelColumn> wrapping =
        reading.columns().stream()
            .filter(c -> c.cyclic() && c.scale().kind() == WheelScale.Kind.NUMBER)
            .toList();
    for (WheelColumn c : reading.columns()) {
      out.printf(
          Locale.ROOT,
          "wheel %d shows %s%s%n",
          c.index(),
          c.selectedLabel().orElse("?"),
          c.cyclic() ? " (wraps at " + c.scale().cycleSize().getAsInt() + ")" : "");
    }
    if (wrapping.size() < 2) {
      throw new SwipeException(
          dev.swipe.core.ErrorCode.WHEEL_NOT_FOUND,
          "a time picker has numeric hour and minute wheels that wrap around; found "
              + wrapping.size());
    }
    WheelSetResult h = phone.wheels().set(WheelSet.column(wrapping.get(0).index()).to(hour));
    out.printf(Locale.ROOT, "hour wheel set to %s in %d drags%n", h.label(), h.actions());
    WheelSetResult m = phone.wheels().set(WheelSet.column(wrapping.get(1).index()).to(minute));
    out.printf(Locale.ROOT, "minute wheel set to %s in %d drags%n", m.label(), m.actions());
    return new Alarm(h.label(), m.label(), h.actions() + m.actions());
  }

  /**
   * {@code HH:MM} as {hour, minute}.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code time}
   */
  static int[] parseTime(String text) {
    Matcher m = TIME.matcher(text);
    if (!m.matches()) {
      throw SwipeException.invalidArgument("time", "expected HH:MM, was '" + text + "'");
    }
    int hour = Integer.parseInt(m.group(1));
    int minute = Integer.parseInt(m.group(2));
    if (hour > 23 || minute > 59) {
      throw SwipeException.invalidArgument("time", "hour 0-23 and minute 0-59, was '" + text + "'");
    }
    return new int[] {hour, minute};
  }
}
