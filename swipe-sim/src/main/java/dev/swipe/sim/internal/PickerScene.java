package dev.swipe.sim.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.sim.SimState;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * A time picker: a month column (not cyclic), an hour column 00-23 and a minute column (both
 * cyclic), with a selection band, and an editable label field directly below the picker (the trap a
 * wheel drag that slips off the picker falls into). As Android's TimePicker spinner the minute
 * column has 60 rows and wrapping it past 59/00 moves the hour (TimePickerSpinnerDelegate's minute
 * OnValueChangeListener); the other kinds show 00-55 by five on independent columns.
 */
final class PickerScene extends Scene {
  static final double CENTER_Y = 900;
  private static final String[] MONTHS = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
  };

  /** A repeat rule as alarm pickers offer it: words in no order. */
  private static final String[] REPEAT = {
    "Once", "Daily", "Weekdays", "Weekends", "Weekly", "Monthly", "Yearly"
  };

  /** Cities A-Z, as a world clock's picker lists them. */
  private static final String[] CITIES = {
    "Accra",
    "Athens",
    "Auckland",
    "Bangkok",
    "Berlin",
    "Bogota",
    "Cairo",
    "Chicago",
    "Dakar",
    "Denver",
    "Dublin",
    "Havana",
    "Istanbul",
    "Jakarta",
    "Kyiv",
    "Lagos",
    "Lima",
    "Lisbon",
    "London",
    "Madrid",
    "Manila",
    "Moscow",
    "Nairobi",
    "Oslo",
    "Paris",
    "Quito",
    "Riga",
    "Rome",
    "Seoul",
    "Tokyo"
  };

  private final List<Wheel> wheels = new ArrayList<>();
  private final TextField label;
  private @Nullable Wheel active;
  private boolean onLabel;

  PickerScene(VirtualPhone phone) {
    super(phone);
    int[] monthValues = new int[12];
    for (int i = 0; i < 12; i++) {
      monthValues[i] = i;
    }
    String[] hours = new String[24];
    int[] hourValues = new int[24];
    for (int i = 0; i < 24; i++) {
      hours[i] = String.format("%02d", i);
      hourValues[i] = i;
    }
    dev.swipe.sim.SimConfig.PickerLayout layout = phone.config().layout();
    if (layout != dev.swipe.sim.SimConfig.PickerLayout.TIME) {
      if (layout == dev.swipe.sim.SimConfig.PickerLayout.DATE) {
        date(monthValues);
      } else {
        clock12();
      }
      this.label = new TextField(60, wheels.get(0).bottom() + 60, 960, 144, "Alarm label");
      return;
    }
    boolean timePicker =
        phone.config().effectivePicker() == dev.swipe.sim.SimConfig.PickerKind.TIMEPICKER;
    int step = timePicker ? 1 : 5;
    int minuteRows = 60 / step;
    String[] minutes = new String[minuteRows];
    int[] minuteValues = new int[minuteRows];
    for (int i = 0; i < minuteRows; i++) {
      minutes[i] = String.format("%02d", i * step);
      minuteValues[i] = i * step;
    }
    switch (phone.config().words()) {
      case REPEAT -> wheels.add(words("repeat", REPEAT));
      case CITY -> wheels.add(words("city", CITIES));
      default ->
          wheels.add(
              new Wheel(phone, "month", MONTHS, monthValues, 1, 0, false, 260, 340, CENTER_Y, 5));
    }
    boolean loops = phone.config().looping();
    Wheel hour = new Wheel(phone, "hour", hours, hourValues, 1, 24, loops, 600, 240, CENTER_Y, 9);
    Wheel minute =
        new Wheel(
            phone, "minute", minutes, minuteValues, step, 60, loops, 860, 240, CENTER_Y, 30 / step);
    if (timePicker && loops) {
      // Each pass of the minute from 59 to 00 adds an hour, from 00 to 59 takes one away.
      hour.carry(t -> Math.floorDiv(Math.round(minute.position(t)), (long) minuteRows));
      hour.carryEnd(minute::endOfShown);
    }
    wheels.add(hour);
    wheels.add(minute);
    double below = wheels.get(0).bottom() + 60;
    this.label = new TextField(60, below, 960, 144, "Alarm label");
  }

  /** Month, day (as long as the month and year allow) and year 1950-2050; none wraps. */
  private void date(int[] monthValues) {
    Wheel month =
        new Wheel(phone, "month", MONTHS, monthValues, 1, 0, false, 250, 300, CENTER_Y, 5);
    String[] days = new String[31];
    int[] dayValues = new int[31];
    for (int i = 0; i < 31; i++) {
      days[i] = Integer.toString(i + 1);
      dayValues[i] = i + 1;
    }
    Wheel day = new Wheel(phone, "day", days, dayValues, 1, 0, false, 560, 200, CENTER_Y, 14);
    String[] years = new String[101];
    int[] yearValues = new int[101];
    for (int i = 0; i <= 100; i++) {
      years[i] = Integer.toString(1950 + i);
      yearValues[i] = 1950 + i;
    }
    Wheel year = new Wheel(phone, "year", years, yearValues, 1, 0, false, 840, 280, CENTER_Y, 76);
    day.rowsFrom(
        () -> {
          long t = phone.ticker().read();
          return java.time.YearMonth.of(year.values[year.index(t)], month.index(t) + 1)
              .lengthOfMonth();
        });
    wheels.add(month);
    wheels.add(day);
    wheels.add(year);
    dayColumn = day;
  }

  /** Hour 1-12 and minute by 15 (both wrap), and AM/PM: two rows that stop. */
  private void clock12() {
    String[] hours = new String[12];
    int[] hourValues = new int[12];
    for (int i = 0; i < 12; i++) {
      hours[i] = Integer.toString(i + 1);
      hourValues[i] = i + 1;
    }
    boolean loops = phone.config().looping();
    wheels.add(new Wheel(phone, "hour", hours, hourValues, 1, 12, loops, 300, 240, CENTER_Y, 8));
    wheels.add(
        new Wheel(
            phone,
            "minute",
            new String[] {"00", "15", "30", "45"},
            new int[] {0, 15, 30, 45},
            15,
            60,
            loops,
            560,
            240,
            CENTER_Y,
            2));
    wheels.add(
        new Wheel(
            phone,
            "meridiem",
            new String[] {"AM", "PM"},
            new int[] {0, 1},
            1,
            0,
            false,
            820,
            240,
            CENTER_Y,
            0));
  }

  /** The day column of a date picker, clamped when its month or year shortens it; else null. */
  private @Nullable Wheel dayColumn;

  /** A column of words that stops at both ends, where the month column stands. */
  private Wheel words(String name, String[] labels) {
    int[] values = new int[labels.length];
    for (int i = 0; i < labels.length; i++) {
      values[i] = i;
    }
    return new Wheel(phone, name, labels, values, 1, 0, false, 260, 340, CENTER_Y, 2);
  }

  @Override
  void down(Touch touch) {
    active = null;
    for (Wheel w : wheels) {
      if (w.contains(touch.downX, touch.downY)) {
        active = w;
      }
    }
    onLabel = active == null && label.contains(touch.downX, touch.downY);
    if (active != null && active.editorOpen(touch.downTime)) {
      // NumberPicker hides its soft input when its wheel is touched again.
      phone.dismissKeyboard(touch.downTime);
    }
    if (active != null) {
      active.down(touch);
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (active != null) {
      active.move(touch, crossedSlop);
    }
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    if (active != null) {
      active.up(touch, vy);
    } else if (onLabel && touch.withinSlop()) {
      phone.focus(label, touch.time);
    }
    active = null;
    onLabel = false;
  }

  @Override
  void advance(long from, long to) {
    // the minute first: its wraps move the hour
    for (int i = wheels.size() - 1; i >= 0; i--) {
      wheels.get(i).advance(from, to);
    }
    if (dayColumn != null
        && !dayColumn.moving(to)
        && Math.round(dayColumn.position(to)) > dayColumn.rows() - 1) {
      // a shorter month or a common year: the day rolls back to the month's last (as
      // UIDatePicker and DatePicker do)
      dayColumn.jumpTo(dayColumn.rows(), to);
    }
  }

  @Override
  boolean enter(long t) {
    for (Wheel w : wheels) {
      if (w.editorOpen(t)) {
        w.commitEditor(t);
        phone.dismissKeyboard(t);
        return true;
      }
    }
    return false;
  }

  @Override
  void dismissed(long t) {
    for (Wheel w : wheels) {
      w.closeEditor();
    }
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    look.text(g, "Set alarm", 48, 196, profile.ios() ? 96 : 66, profile.ios(), look.text);
    Wheel first = wheels.get(0);
    double pitch = first.pitch;
    dev.swipe.sim.SimConfig.PickerStyle style = phone.config().pickerStyle();
    if (style == dev.swipe.sim.SimConfig.PickerStyle.BAND
        || (profile.ios() && style == dev.swipe.sim.SimConfig.PickerStyle.PLATFORM)) {
      g.setColor(look.fieldFill);
      g.fill(
          new RoundRectangle2D.Double(
              48, CENTER_Y - pitch / 2, DeviceProfile.WIDTH - 96, pitch, 36, 36));
    } else {
      g.setColor(look.surface);
      g.fill(
          new RoundRectangle2D.Double(
              36,
              first.top() - 24,
              DeviceProfile.WIDTH - 72,
              first.bottom() - first.top() + 48,
              48,
              48));
    }
    for (Wheel w : wheels) {
      w.paint(g, look, t, phone.caret(w.editor()));
    }
    switch (phone.config().layout()) {
      case TIME -> look.centred(g, ":", 730, CENTER_Y - 4, 64, true, look.text);
      case TIME12 -> look.centred(g, ":", 430, CENTER_Y - 4, 64, true, look.text);
      default -> {} // a date has no separator
    }
    label.paint(g, look, phone.caret(label), 0);
    double buttonTop = label.y + label.h + 80;
    g.setColor(look.accent);
    g.fill(new RoundRectangle2D.Double(60, buttonTop, 960, 144, 72, 72));
    look.centred(g, "Save", DeviceProfile.WIDTH / 2.0, buttonTop + 72, 48, true, look.onAccent);
    g.setColor(look.divider);
    g.fill(new Rectangle2D.Double(0, 238, DeviceProfile.WIDTH, 2));
  }

  private String names() {
    List<String> n = new ArrayList<>();
    for (Wheel w : wheels) {
      n.add(w.name);
    }
    return String.join(", ", n);
  }

  @Override
  Object viewKey(long t) {
    List<Object> key = new ArrayList<>();
    for (Wheel w : wheels) {
      key.add(w.viewKey(t));
      key.add(phone.caret(w.editor()));
    }
    key.add(label.text());
    key.add(label.focused());
    key.add(phone.caret(label));
    return key;
  }

  @Override
  boolean animating(long t) {
    for (Wheel w : wheels) {
      if (w.moving(t)) {
        return true;
      }
    }
    return false;
  }

  @Override
  boolean editorOpen(long t) {
    for (Wheel w : wheels) {
      if (w.editorOpen(t)) {
        return true;
      }
    }
    return false;
  }

  @Override
  List<SimState.Wheel> wheels(long t) {
    double[] s = phone.scale();
    int fw = phone.width();
    int fh = phone.height();
    List<SimState.Wheel> out = new ArrayList<>();
    for (Wheel w : wheels) {
      int index = w.index(t);
      double pitchPx = w.pitch * s[1];
      double centerYPx = w.centerY * s[1];
      double columnXPx = w.centerX * s[0];
      Integer target = w.targetValue();
      out.add(
          new SimState.Wheel(
              w.name,
              w.values[index],
              index,
              w.labels[index],
              w.rows(),
              w.valueStep,
              w.cyclic ? OptionalInt.of(w.valueCycle) : OptionalInt.empty(),
              w.position(t),
              w.moving(t),
              pitchPx,
              centerYPx,
              columnXPx,
              NormPoint.toNorm(pitchPx, fh),
              NormPoint.toNorm(centerYPx, fh),
              NormPoint.toNorm(columnXPx, fw),
              target == null ? OptionalInt.empty() : OptionalInt.of(target),
              w.overshoots(),
              w.maxRowsPast(),
              w.liftOffsetRows()));
    }
    return out;
  }

  @Override
  void wheelValue(String column, int value, long now) {
    for (Wheel w : wheels) {
      if (w.name.equals(column)) {
        w.jumpTo(value, now);
        return;
      }
    }
    throw SwipeException.invalidArgument(
        "column", "no wheel named '" + column + "'; columns are " + names());
  }

  @Override
  void wheelTarget(String column, @Nullable Integer value) {
    for (Wheel w : wheels) {
      if (w.name.equals(column)) {
        w.target(value, phone.ticker().read());
        return;
      }
    }
    throw SwipeException.invalidArgument(
        "column", "no wheel named '" + column + "'; columns are " + names());
  }
}
