package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Cost;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelScale;
import dev.swipe.wheel.WheelSet;
import dev.swipe.wheel.internal.WheelMath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * {@code setWheel}: read the column, nudge under the wheel policy and its run guard, read again,
 * and stop only when two readings in a row show the target; then release the column. Every step
 * decides from pixels read, never from the plan.
 */
final class WheelSetter {
  /**
   * Nudges before giving up on a short gap or a column of options; a longer gap may take the run
   * guard's whole allowance for it ({@link #nudgeBudget}). The guard's budgets usually end a
   * hopeless loop first.
   */
  static final int MAX_NUDGES = 16;

  /** Rereads of a column that did not read (a frame caught mid-snap) before a nudge is refused. */
  private static final int REREADS = 2;

  /**
   * Passes of {@link #setAll} over the columns: one to set them, two to set back what a linked
   * column moved.
   */
  static final int PASSES = 3;

  private final Device device;
  private final WheelReader reader;
  private final List<String> evidence = new ArrayList<>();
  private final List<WheelNudgeResult> nudges = new ArrayList<>();
  private Cost cost = Cost.ZERO;

  /** The screenshots of the latest readings in a row that showed the target. */
  private final List<String> confirmedOn = new ArrayList<>();

  /** The latest label read in the selected row, for a trace of a loop that failed. */
  private @Nullable String lastLabel;

  /** A column asked for by its place: the columns it was counted among, or null. */
  private @Nullable List<WheelColumn> countedAmong;

  /** A column asked for by its place: the column the place named when it was counted, or null. */
  private @Nullable WheelColumn countedColumn;

  /**
   * The nudges on the way to a target: they may return once the column reads, before the screen has
   * settled ({@link DefaultDevice#wheelNudge(Observation, WheelRequest, boolean)}); each target is
   * still confirmed on a later screenshot before it is claimed.
   */
  private final BiFunction<Observation, WheelRequest, WheelNudgeResult> nudgeToRead;

  /** A setter whose every nudge waits for the screen to settle. */
  WheelSetter(Device device, WheelReader reader) {
    this(device, reader, device.wheels()::nudge);
  }

  WheelSetter(
      Device device,
      WheelReader reader,
      BiFunction<Observation, WheelRequest, WheelNudgeResult> nudgeToRead) {
    this.device = device;
    this.reader = reader;
    this.nudgeToRead = nudgeToRead;
  }

  WheelSetResult set(WheelSet request) {
    return set(request, null);
  }

  /**
   * Sets one column, starting from {@code start} when given: the latest screen, taken after the
   * last action (a column set before this one), which a new screenshot would only show again.
   */
  WheelSetResult set(WheelSet request, @Nullable Observation start) {
    long t0 = device.rig().ticker().read();
    Observation shot = start != null ? start : device.screenshot();
    WheelReading all = counted(reader.read(shot, null), request);
    shot = all.observation();
    WheelColumn column = located(all, request);
    if (!column.selectionClear()) {
      // the marks of the selection disagree: a move shows them other labels (and often reads
      // whole what was cut or faint), then they are asked again; still unclear is refused. Where
      // the target lies rows away the move goes toward it, so the look costs no extra action
      shot = probed(shot, column, probeRows(column, request));
      all = counted(reader.read(shot, null), request);
      shot = all.observation();
      column = located(all, request);
    }
    if (request.columnIndex().isPresent()) {
      countedAmong = all.columns();
      countedColumn = column;
    }
    column = usable(column);
    if (column.scale().kind() == WheelScale.Kind.OPTIONS) {
      return setOption(column, request, shot, t0);
    }
    column = endsWhereNothingIsDrawn(shot, fitCycleTo(column, request), column);
    int target = target(column, request);
    WheelScale scale = column.scale();
    note(shot, column);
    int confirmed = 0;
    // the budget counts nudges: the readings that confirm a target reached by the last one are
    // free (at most two before a nudge or the claim)
    int nudged = 0;
    int firstValue = column.value().getAsInt();
    int budget = nudgeBudget(shortestRows(scale, firstValue, target));
    while (true) {
      int current = column.value().getAsInt();
      int direction = 0;
      lastLabel = column.selectedLabel().orElse(null);
      if (current == target) {
        confirmedOn.add(shot.id());
        if (++confirmed >= 2) {
          stillInPlace(shot, column);
          // release the column: a request with current == target plays nothing and frees it
          WheelNudgeResult release = device.wheels().nudge(shot, column.requestTo(target));
          nudges.add(release);
          Cost total = totalSince(t0);
          // the width a number pads to, learned where the column stands now as well: a column first
          // read at 39-43 shows its zeros only near 00
          WheelScale now = withPaddingInView(scale, column);
          // the label as read, in the scale's case where only case differs ("jul" read off a
          // bold "Jul"); a number read with a letter for a digit ("L3") or without the zero its
          // column pads with ("1" for "01") as the scale writes it; a month's name read with its
          // last letters lost ("Octobe") in full
          String canonical = now.label(target);
          String fullName =
              now.kind() == WheelScale.Kind.MONTH
                  ? new WheelScale(
                          now.kind(), now.step(), now.cycleSize(), now.cycleSeen(), 0, false)
                      .label(target)
                  : canonical;
          String shown =
              column
                  .selectedLabel()
                  .filter(l -> now.valueOf(l).equals(OptionalInt.of(target)))
                  .map(
                      l ->
                          l.equalsIgnoreCase(canonical)
                                  || (now.kind() == WheelScale.Kind.NUMBER
                                      && (!l.matches("\\d+") || l.length() < now.width()))
                              ? canonical
                              : l.length() > 3
                                      && fullName
                                          .toLowerCase(Locale.ROOT)
                                          .startsWith(l.toLowerCase(Locale.ROOT))
                                  ? fullName
                                  : l)
                  .orElse(canonical);
          return new WheelSetResult(shown, target, column, nudges, evidence, shot, total);
        }
        shot = device.screenshot();
      } else {
        if (nudged++ >= budget) {
          break;
        }
        confirmed = 0;
        confirmedOn.clear();
        direction = Integer.signum(shortestRows(scale, current, target));
        WheelNudgeResult r = nudgeToRead.apply(shot, column.requestTo(target));
        nudges.add(r);
        cost = cost.plus(r.cost());
        shot = r.observation();
        if (r.action().isEmpty()) {
          // the policy saw nothing to do although the reading differs: read a fresh screen
          shot = device.screenshot();
        }
        if (r.noOp() && column.cyclic() && !column.scale().cycleSeen()) {
          // a drag toward a wrap that did not move: the column has ends after all
          scale = withEnds(column.scale());
          evidence.add(
              shot.id() + ": no movement toward the wrap; the column is taken as having ends");
        }
      }
      WheelColumn next = reread(shot, column);
      if (direction != 0
          && scale.cycleSize().isPresent()
          && !scale.cycleSeen()
          && next.value().equals(OptionalInt.of(current))
          && Integer.signum(target - current) != direction) {
        // a drag toward a wrap only guessed that left the value where it was (a push against an
        // end may still bounce the rows): the column has ends, so turn round rather than push again
        scale = withEnds(scale);
        evidence.add(
            shot.id()
                + ": "
                + scale.label(current)
                + " did not move toward the wrap; the column is taken as having ends");
      }
      if (!next.cyclic()) {
        scale = next.scale();
      } else {
        // a wrap in view, or a value that went back while the column turned forward (or the other
        // way), settles a cycle that was only guessed; a target the guess was widened for may lie
        // beyond it (hour 27 on a 24-hour clock)
        OptionalInt crossed =
            scale.cycleSeen() || next.value().isEmpty()
                ? OptionalInt.empty()
                : wrapCrossed(scale, current, next.value().getAsInt(), direction);
        if (next.scale().cycleSeen() && !scale.cycleSeen()) {
          scale = next.scale();
        } else if (crossed.isPresent()) {
          scale =
              new WheelScale(
                  scale.kind(), scale.step(), crossed, true, scale.width(), scale.shortNames());
          evidence.add(
              shot.id()
                  + ": the column wrapped between "
                  + current
                  + " and "
                  + next.value().getAsInt()
                  + "; its cycle is "
                  + crossed.getAsInt());
        } else if (next.value().isPresent()) {
          scale = widened(scale, next.value().getAsInt());
        }
        if (scale.cycleSeen() && scale.onCycle(target) != target) {
          throw unreachable(
              withScale(next, scale),
              scale.label(target)
                  + " is beyond the cycle of "
                  + scale.cycleSize().getAsInt()
                  + " the column showed when it wrapped");
        }
      }
      column = withScale(next, scale);
      // a column found to have ends has the long way to go: the backstop is the allowance for it
      budget = Math.max(budget, nudgeBudget(shortestRows(scale, firstValue, target)));
    }
    throw new SwipeException(
        WheelErrorCode.WHEEL_NO_PROGRESS,
        "the column did not settle on "
            + column.scale().label(target)
            + " within "
            + budget
            + " nudges; read: "
            + evidence.subList(Math.max(0, evidence.size() - 4), evidence.size()),
        Map.of("evidence", List.copyOf(evidence)),
        null);
  }

  /**
   * A column of words: its rows are numbered as they are read (the first selected row is {@link
   * #FIRST_ROW}), the target is looked for among the labels seen, and where it has not been seen
   * the column is turned the way its order suggests (down the alphabet when its labels are sorted,
   * else down first), reading as it goes, and back the other way from an end. A target on neither
   * side is {@code wheel_target_unreachable} with every label seen; a label that may be the target
   * cut and misread, read only at the selection, is first read a row off it.
   */
  private WheelSetResult setOption(
      WheelColumn column, WheelSet request, Observation shot, long t0) {
    if (request.targetLabel().isEmpty()) {
      throw SwipeException.invalidArgument(
          "target",
          "column "
              + column.index()
              + " is a column of words ("
              + describeRows(column)
              + "); ask for a label, e.g. to(\"Weekends\")");
    }
    String want = request.targetLabel().get();
    java.util.TreeMap<Integer, String> rows = new java.util.TreeMap<>();
    int sel = FIRST_ROW;
    learn(rows, sel, column);
    // rows some reading showed as the target letter for letter: a label one letter off it is the
    // target misread only on such a row ("Londor" on London's), else it may be another option
    // ("Gambia" beside "Zambia")
    java.util.Set<Integer> exact = new java.util.HashSet<>();
    readExactly(exact, sel, column, want);
    note(shot, column);
    int direction = 0;
    boolean[] endSeen = new boolean[2]; // [up, down]
    java.util.Set<Integer> probedClipped = new java.util.HashSet<>();
    // labels of the latest reading that stood where earlier readings put them
    int agreeing = 0;
    int confirmed = 0;
    int nudged = 0; // as for numbers: confirming readings are free
    // a long column takes nudges to search, down and back: the backstop grows by one for every
    // three rows read (each new row is progress), so a column that shows nothing new stops
    int budget = MAX_NUDGES;
    // rows read off the selection; rows turned there to be read so, and how often
    java.util.Set<Integer> readOff = new java.util.HashSet<>();
    Map<Integer, Integer> turnedOff = new java.util.HashMap<>();
    while (true) {
      lastLabel = column.selectedLabel().orElse(null);
      Integer selRow = sel;
      for (int k = 1; k <= column.labelsAbove().size(); k++) {
        readOff.add(sel - k);
      }
      for (int k = 1; k <= column.labelsBelow().size(); k++) {
        readOff.add(sel + k);
      }
      if (column
              .selectedLabel()
              .filter(
                  l ->
                      folded(l).equals(folded(want))
                          || ((sameOption(l, want) || clippedOf(l, want) || mayBeClippedOf(l, want))
                              && exact.contains(selRow)))
              .isPresent()
          || (column.selectedLabel().isEmpty() && exact.contains(selRow) && agreeing >= 2)) {
        confirmedOn.add(shot.id());
        if (++confirmed >= 2) {
          stillInPlace(shot, column);
          WheelNudgeResult release = device.wheels().nudge(shot, optionRequest(column, sel, sel));
          nudges.add(release);
          Cost total = totalSince(t0);
          // the option as asked for: two readings matched it, a letter misread ("Londor") aside
          return new WheelSetResult(want, sel, column, nudges, evidence, shot, total);
        }
        shot = device.screenshot();
      } else {
        budget = MAX_NUDGES + rows.size() / 3;
        if (nudged++ >= budget) {
          break;
        }
        confirmed = 0;
        confirmedOn.clear();
        Integer at = null;
        for (Integer row : exact) {
          if (at == null || Math.abs(row - sel) < Math.abs(at - sel)) {
            at = row; // the nearest, should two rows have read so
          }
        }
        int to;
        Optional<String> cut =
            column
                .selectedLabel()
                .filter(
                    l -> clippedOf(l, want) || (sameOption(l, want) && !exact.contains(selRow)));
        if (at != null) {
          to = at;
        } else if (cut.isPresent() && probedClipped.add(sel)) {
          // the selected label, cut short, may be the target's: a row on, it shows whole beside
          // the selection, and the search comes back to it if it is (toward rows drawn: at an end
          // the other way)
          int step = direction != 0 ? direction : 1;
          if (column.labelsBelow().isEmpty() || endSeen[1]) {
            step = -1;
          } else if (column.labelsAbove().isEmpty() || endSeen[0]) {
            step = 1;
          }
          to = sel + step;
          evidence.add(
              shot.id()
                  + ": '"
                  + cut.get()
                  + "' may be '"
                  + want
                  + "' cut short; one row on to read it whole");
        } else {
          if (direction == 0) {
            // toward the target in alphabetical order; down when the selected row did not read
            String selected = rows.get(sel);
            direction =
                selected != null && alphabetical(rows)
                    ? Integer.signum(compare(want, selected))
                    : 1;
            direction = direction == 0 ? 1 : direction;
          }
          if (endSeen[direction > 0 ? 1 : 0]) {
            direction = -direction;
          }
          Integer near =
              endSeen[0] && endSeen[1] ? nearOnlySelected(rows, want, readOff, turnedOff) : null;
          if (endSeen[0] && endSeen[1] && near == null) {
            throw optionUnreachable(column, want, rows);
          }
          if (near != null) {
            // a label that may be the target cut and misread, read only as the selection (drawn
            // largest, so cut most): read a row off it, drawn smaller, before any refusal
            turnedOff.merge(near, 1, Integer::sum);
            to = near - 1 >= rows.firstKey() ? near - 1 : near + 1;
            evidence.add(
                shot.id()
                    + ": '"
                    + rows.get(near)
                    + "' may be '"
                    + want
                    + "' cut; turning it a row off the selection to read it smaller");
          } else {
            // as many rows as the reading shows: the next reading starts where this one ended,
            // so no label passes the selection unread; over rows read before (none of them the
            // target) as many as were read, up to six
            int window = column.labelsAbove().size() + 1 + column.labelsBelow().size();
            int known = 0;
            while (rows.containsKey(sel + direction * (known + 1))) {
              known++;
            }
            to = sel + direction * Math.max(1, Math.min(Math.max(window, known), 6));
          }
        }
        WheelNudgeResult r = nudgeToRead.apply(shot, optionRequest(column, sel, to));
        nudges.add(r);
        cost = cost.plus(r.cost());
        shot = r.action().isEmpty() ? device.screenshot() : r.observation();
        WheelColumn next = reread(shot, column);
        // when no label lines up, the rows the nudge played (its policy may play fewer than asked)
        int played = r.action().isEmpty() ? 0 : r.decision().signedRows();
        int moved = aligned(rows, sel, next, played);
        if (moved == 0 && to != sel) {
          endSeen[to > sel ? 1 : 0] = true;
          evidence.add(
              shot.id() + ": the column did not move " + (to > sel ? "down" : "up") + "; an end");
          if (at != null) {
            throw optionUnreachable(column, want, rows);
          }
        }
        sel += moved;
        agreeing = neighboursAgree(rows, sel, next);
        learn(rows, sel, next);
        readExactly(exact, sel, next, want);
        column = next;
        continue;
      }
      WheelColumn next = reread(shot, column);
      sel += aligned(rows, sel, next, 0);
      agreeing = neighboursAgree(rows, sel, next);
      learn(rows, sel, next);
      readExactly(exact, sel, next, want);
      column = next;
    }
    throw new SwipeException(
        WheelErrorCode.WHEEL_NO_PROGRESS,
        "the column did not settle on '" + want + "' within " + budget + " nudges",
        Map.of("evidence", List.copyOf(evidence)),
        null);
  }

  /**
   * Rows to move a column whose selection is unclear to read it again: toward the target, two rows
   * short of it as the row the reading guesses counts (the guess may be a row off either way, so
   * the move ends short of the target and clear of the column's far end); one row toward a target
   * that near, and one row on where the guess, the target or the way there is not known.
   */
  static int probeRows(WheelColumn c, WheelSet request) {
    WheelScale s = c.scale();
    if (c.value().isEmpty() || s.kind() == WheelScale.Kind.OPTIONS) {
      return 1;
    }
    WheelColumn fitted = fitCycleTo(c, request);
    WheelScale f = fitted.scale();
    OptionalInt target =
        request.targetLabel().isPresent()
            ? f.valueOf(request.targetLabel().get())
            : request.targetValue();
    int from = c.value().getAsInt();
    if (target.isEmpty() || !f.reachable(from, target.getAsInt())) {
      return 1;
    }
    int straight = target.getAsInt() - from;
    int shortest = shortestRows(f, from, target.getAsInt());
    if (f.cycleSize().isPresent() && !f.cycleSeen() && shortest != straight) {
      return 1; // the short way crosses a wrap only guessed: the column may end there
    }
    if (shortest % f.step() != 0) {
      return 1;
    }
    int rows = shortest / f.step();
    return Math.abs(rows) >= 3 ? rows - 2 * Integer.signum(rows) : rows < 0 ? -1 : 1;
  }

  /**
   * Moves a column whose selection is unclear by {@code rows} rows, values growing for a positive
   * count (a wheel_nudge numbered from {@link #FIRST_ROW}, then released so that numbering is
   * forgotten; a nudge moves a few rows at most) and returns the settled screen.
   */
  private Observation probed(Observation shot, WheelColumn c, int rows) {
    WheelRequest one =
        WheelRequest.builder()
            .currentValue(FIRST_ROW)
            .targetValue(FIRST_ROW + rows)
            .valueStep(1)
            .columnX(c.columnX())
            .centerY(c.centerY())
            .rowSpacing(c.rowSpacing())
            .build();
    WheelNudgeResult r = device.wheels().nudge(shot, one);
    nudges.add(r);
    cost = cost.plus(r.cost());
    Observation after = r.action().isEmpty() ? device.screenshot() : r.observation();
    WheelRequest done =
        WheelRequest.builder()
            .currentValue(FIRST_ROW + rows)
            .targetValue(FIRST_ROW + rows)
            .valueStep(1)
            .columnX(c.columnX())
            .centerY(c.centerY())
            .rowSpacing(c.rowSpacing())
            .build();
    nudges.add(device.wheels().nudge(after, done));
    evidence.add(
        shot.id()
            + ": column "
            + c.index()
            + "'s selection unclear; moved "
            + (rows == 1 ? "one row" : rows + " rows")
            + " to read it again on "
            + after.id());
    return after;
  }

  /** The loop's cost: the nudges' gestures, reports and frames, over the time since {@code t0}. */
  private Cost totalSince(long t0) {
    return new Cost(
        (device.rig().ticker().read() - t0) / 1_000_000L,
        cost.gestures(),
        cost.hidReports(),
        cost.framesGrabbed(),
        cost.settleWaitMs());
  }

  /** The number the first selected row of a column of words gets (rows above it count down). */
  static final int FIRST_ROW = 1000;

  private static WheelRequest optionRequest(WheelColumn c, int current, int target) {
    if (!c.selectionClear()) {
      throw c.selectionUnclear();
    }
    return WheelRequest.builder()
        .currentValue(current)
        .targetValue(target)
        .valueStep(1)
        .columnX(c.columnX())
        .centerY(c.centerY())
        .rowSpacing(c.rowSpacing())
        .build();
  }

  /**
   * Records the labels of a reading around the selected row numbered {@code sel}; a label read
   * whole before is kept where this reading shows it clipped, or cut and misread once ("Neekday").
   */
  private static void learn(java.util.NavigableMap<Integer, String> rows, int sel, WheelColumn c) {
    List<String> above = c.labelsAbove();
    for (int k = 0; k < above.size(); k++) {
      keep(rows, sel - above.size() + k, above.get(k));
    }
    c.selectedLabel().ifPresent(l -> keep(rows, sel, l));
    List<String> below = c.labelsBelow();
    for (int k = 0; k < below.size(); k++) {
      keep(rows, sel + 1 + k, below.get(k));
    }
  }

  /**
   * How many labels of a reading stand where earlier readings put them around row {@code sel}, or
   * -1 when one stands elsewhere: a selected row left unread is known by its neighbours only when
   * they agree.
   */
  private static int neighboursAgree(
      java.util.NavigableMap<Integer, String> rows, int sel, WheelColumn c) {
    int agree = 0;
    List<String> above = c.labelsAbove();
    List<String> below = c.labelsBelow();
    for (int k = 0; k < above.size() + below.size(); k++) {
      int row = k < above.size() ? sel - above.size() + k : sel + 1 + k - above.size();
      String read = k < above.size() ? above.get(k) : below.get(k - above.size());
      String was = rows.get(row);
      if (was == null) {
        continue;
      }
      if (!sameOrClipped(was, read)) {
        return -1;
      }
      agree++;
    }
    return agree;
  }

  private static void keep(java.util.NavigableMap<Integer, String> rows, int row, String label) {
    rows.merge(
        row, label, (was, now) -> clippedOf(now, was) || mayBeClippedOf(now, was) ? was : now);
  }

  /**
   * Adds the rows of reading {@code c}, its selection at row {@code sel}, that read as {@code
   * want}.
   */
  private static void readExactly(
      java.util.Set<Integer> exact, int sel, WheelColumn c, String want) {
    String w = folded(want);
    List<String> above = c.labelsAbove();
    for (int k = 0; k < above.size(); k++) {
      if (folded(above.get(k)).equals(w)) {
        exact.add(sel - above.size() + k);
      }
    }
    if (c.selectedLabel().map(l -> folded(l).equals(w)).orElse(false)) {
      exact.add(sel);
    }
    List<String> below = c.labelsBelow();
    for (int k = 0; k < below.size(); k++) {
      if (folded(below.get(k)).equals(w)) {
        exact.add(sel + 1 + k);
      }
    }
  }

  /**
   * Whether {@code read} is {@code whole} cut short: a column too narrow for a label clips it (the
   * selected row, drawn larger, most often), leaving its first letters, or its middle ones where
   * the label is centred ("angko" of "Bangkok"). At least four letters must be left, and the cut
   * must take at least one.
   */
  static boolean clippedOf(String read, String whole) {
    String r = folded(read);
    String w = folded(whole);
    return r.length() >= 4 && r.length() < w.length() && w.contains(r);
  }

  /**
   * Whether {@code read} may be {@code whole} cut short and misread once ("Neekday" for a cut
   * "Weekdays"): too far from it to be claimed as it, too near to call {@code whole} absent.
   */
  static boolean mayBeClippedOf(String read, String whole) {
    String r = folded(read);
    String w = folded(whole);
    return r.length() >= 5
        && r.length() < w.length()
        && !w.startsWith(r)
        && sameOption(r, w.substring(0, r.length()));
  }

  /** Two labels of one row in two readings: the same option, or one of them clipped. */
  private static boolean sameOrClipped(String a, String b) {
    return sameOption(a, b) || clippedOf(a, b) || clippedOf(b, a);
  }

  private static String folded(String s) {
    return java.text.Normalizer.normalize(
            WheelColumnFinder.unclipped(s.strip()), java.text.Normalizer.Form.NFKD)
        .replaceAll("\\p{M}", "")
        .toLowerCase(Locale.ROOT);
  }

  /**
   * How many rows the column moved: the shift that lines the new reading's labels up with the
   * labels read before, nearest {@code asked}; {@code asked} when nothing lines up.
   */
  private static int aligned(
      java.util.NavigableMap<Integer, String> rows, int sel, WheelColumn next, int asked) {
    List<String> window = new ArrayList<>(next.labelsAbove());
    int selAt = window.size();
    next.selectedLabel().ifPresentOrElse(window::add, () -> window.add(null));
    window.addAll(next.labelsBelow());
    int best = asked;
    int most = 0;
    for (int d = 0; d <= 12; d++) {
      for (int shift : d == 0 ? new int[] {asked} : new int[] {asked - d, asked + d}) {
        int hits = 0;
        int misses = 0;
        for (int k = 0; k < window.size(); k++) {
          String was = rows.get(sel + shift + k - selAt);
          if (was != null && window.get(k) != null) {
            if (sameOrClipped(was, window.get(k))) {
              hits++;
            } else {
              misses++;
            }
          }
        }
        if (misses == 0 && hits > most) {
          most = hits;
          best = shift;
        }
      }
    }
    return best;
  }

  /** Whether a column's labels read top down are in alphabetical order. */
  private static boolean alphabetical(java.util.NavigableMap<Integer, String> rows) {
    String prev = null;
    for (String l : rows.values()) {
      if (prev != null && compare(prev, l) > 0) {
        return false;
      }
      prev = l;
    }
    return rows.size() >= 3;
  }

  private static int compare(String a, String b) {
    return java.text.Normalizer.normalize(a, java.text.Normalizer.Form.NFKD)
        .toLowerCase(Locale.ROOT)
        .compareTo(
            java.text.Normalizer.normalize(b, java.text.Normalizer.Form.NFKD)
                .toLowerCase(Locale.ROOT));
  }

  /**
   * A label read against the one asked for, as text queries match: ignoring case and accents,
   * within one edit for a word of five letters or more (OCR's usual slip).
   */
  static boolean sameOption(String read, String wanted) {
    try {
      dev.swipe.text.TextPage page =
          new dev.swipe.text.TextPage(
              1000,
              100,
              List.of(
                  dev.swipe.text.TextLine.of(
                      List.of(
                          new dev.swipe.text.Word(
                              read, new dev.swipe.text.TextBox(0, 0, 100, 50), 1)))));
      int edits = wanted.strip().length() >= 5 ? 1 : 0;
      return dev.swipe.text.TextQuery.fuzzy(wanted, edits).find(page).stream()
          .anyMatch(m -> m.text().strip().length() <= wanted.strip().length() + edits);
    } catch (RuntimeException e) {
      return false; // nothing to compare (no letters)
    }
  }

  /**
   * Whether a column of words still shows the option {@code set} confirmed: its label, that label
   * clipped, or the same cut and misread label the set confirmed it by (a label wider than its
   * column, read whole only off the selection).
   */
  private static boolean showsStill(String seen, WheelSetResult set) {
    String confirmed = set.label();
    return sameOption(seen, confirmed)
        || clippedOf(seen, confirmed)
        || (mayBeClippedOf(seen, confirmed)
            && set.column().selectedLabel().filter(l -> l.equals(seen)).isPresent());
  }

  /**
   * The row of a label that may be {@code want} cut and misread ({@link #mayBeClippedOf}) and that
   * was never read off the selection, nor turned there twice (a nudge may play a row short), or
   * null.
   */
  private static @Nullable Integer nearOnlySelected(
      java.util.NavigableMap<Integer, String> rows,
      String want,
      java.util.Set<Integer> readOff,
      Map<Integer, Integer> turnedOff) {
    for (Map.Entry<Integer, String> e : rows.entrySet()) {
      if (mayBeClippedOf(e.getValue(), want)
          && !readOff.contains(e.getKey())
          && turnedOff.getOrDefault(e.getKey(), 0) < 2) {
        return e.getKey();
      }
    }
    return null;
  }

  private SwipeException optionUnreachable(
      WheelColumn c, String want, java.util.NavigableMap<Integer, String> rows) {
    // a label read a letter off the target on every row (cut at the column's edges and misread
    // alike each time, or another option): neither claimed as the target nor proof of its absence
    List<String> near =
        rows.values().stream()
            .filter(
                l ->
                    mayBeClippedOf(l, want)
                        || (sameOption(l, want) && !folded(l).equals(folded(want))))
            .distinct()
            .toList();
    if (!near.isEmpty()) {
      // a label read between the ends may be the one asked for: its absence is not shown
      return new SwipeException(
          WheelErrorCode.WHEEL_TARGET_UNREACHABLE,
          "'"
              + want
              + "' was not read on column "
              + c.index()
              + " between its ends, but "
              + near
              + " may be it, cut or misread, so neither its place nor its absence is claimed;"
              + " the column shows "
              + rows.values(),
          Map.of(
              "labels_seen",
              List.copyOf(rows.values()),
              "labels_near",
              near,
              "evidence",
              List.copyOf(evidence)),
          null);
    }
    return new SwipeException(
        WheelErrorCode.WHEEL_TARGET_UNREACHABLE,
        "'"
            + want
            + "' is not on column "
            + c.index()
            + ": both ends were reached; the column shows "
            + rows.values(),
        Map.of("labels_seen", List.copyOf(rows.values()), "evidence", List.copyOf(evidence)),
        null);
  }

  private static String describeRows(WheelColumn c) {
    List<String> all = new ArrayList<>(c.labelsAbove());
    c.selectedLabel().ifPresent(l -> all.add("[" + l + "]"));
    all.addAll(c.labelsBelow());
    return String.join(" / ", all);
  }

  /** The screenshots whose readings confirmed the target (the last two in a row), or empty. */
  List<String> confirmedOn() {
    return List.copyOf(confirmedOn);
  }

  /** Every reading so far, one line each (for a trace when the loop failed). */
  List<String> readings() {
    return List.copyOf(evidence);
  }

  /** The label last read in the selected row, or null when none was read. */
  @Nullable String lastLabel() {
    return lastLabel;
  }

  /** The nudges played so far. */
  List<WheelNudgeResult> nudgesSoFar() {
    return List.copyOf(nudges);
  }

  /**
   * Sets the columns in the order asked, then reads them all on one screenshot: a column a later
   * set moved (a linked hour) is set again, at most {@link #PASSES} passes in all.
   */
  static List<WheelSetResult> setAll(
      Device device,
      WheelReader reader,
      List<WheelSet> requests,
      BiFunction<WheelSet, Observation, WheelSetResult> setOne) {
    if (requests.isEmpty() || requests.size() > 20) {
      throw SwipeException.invalidArgument(
          "requests", "must name 1 to 20 columns, was " + requests.size());
    }
    for (WheelSet r : requests) {
      SwipeException.requireArgument(r, "requests");
    }
    Observation first = device.screenshot();
    List<String> counting = new ArrayList<>();
    WheelReading reading =
        countedForAll(device, reader, reader.read(first, null), requests, counting);
    double[] xs = new double[requests.size()];
    List<WheelSet> pinned = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      WheelColumn c = located(reading, requests.get(i)); // each set reads its column again
      for (int j = 0; j < i; j++) {
        if (Math.abs(xs[j] - c.columnX()) < 1e-9) {
          throw SwipeException.invalidArgument(
              "requests",
              "requests "
                  + j
                  + " and "
                  + i
                  + " both name column "
                  + c.index()
                  + "; set each column once");
        }
      }
      xs[i] = c.columnX();
      WheelSet.Column at = WheelSet.columnAt(c.columnX());
      WheelSet r = requests.get(i);
      pinned.add(
          r.targetLabel().isPresent()
              ? at.to(r.targetLabel().get())
              : at.to(r.targetValue().getAsInt()));
    }
    WheelSetResult[] results = new WheelSetResult[requests.size()];
    boolean[] again = new boolean[requests.size()];
    java.util.Arrays.fill(again, true);
    // each set starts from the screen the one before it ended on: nothing acted since
    Observation latest = reading.observation();
    for (int pass = 0; pass < PASSES; pass++) {
      for (int i = 0; i < requests.size(); i++) {
        if (again[i]) {
          results[i] = merged(results[i], setOne.apply(pinned.get(i), latest));
          latest = results[i].observation();
        }
      }
      Observation check = device.screenshot();
      latest = check;
      WheelReading now = reader.read(check, null);
      boolean allRight = true;
      for (int i = 0; i < requests.size(); i++) {
        OptionalInt seen = OptionalInt.empty();
        Optional<String> seenLabel = Optional.empty();
        for (WheelColumn c : now.columns()) {
          if (Math.abs(c.columnX() - xs[i]) < Math.max(40, c.rowSpacing())) {
            seen = c.value();
            seenLabel = c.selectionClear() ? c.selectedLabel() : Optional.empty();
          }
        }
        WheelSetResult set = results[i];
        again[i] =
            results[i].column().scale().kind() == WheelScale.Kind.OPTIONS
                ? seenLabel.filter(l -> showsStill(l, set)).isEmpty()
                : seen.isEmpty() || seen.getAsInt() != results[i].value();
        if (again[i]) {
          allRight = false;
          String was =
              seen.isPresent()
                  ? results[i].column().scale().label(seen.getAsInt())
                  : seenLabel.orElse("nothing readable");
          results[i] =
              noted(
                  results[i],
                  String.format(
                      Locale.ROOT,
                      "%s: column %d shows %s after the other columns were set, not %s: set again (a linked column)",
                      check.id(),
                      results[i].column().index(),
                      was,
                      results[i].label()));
        }
      }
      if (allRight) {
        for (int i = 0; i < requests.size(); i++) {
          if (requests.get(i).columnIndex().isPresent()) {
            stillCounted(check, reading, now, located(reading, requests.get(i)), counting);
            if (!counting.isEmpty()) {
              List<String> e = new ArrayList<>(counting);
              e.addAll(results[i].evidence());
              results[i] =
                  new WheelSetResult(
                      results[i].label(),
                      results[i].value(),
                      results[i].column(),
                      results[i].nudges(),
                      e,
                      results[i].observation(),
                      results[i].cost());
            }
          }
        }
        return List.of(results);
      }
    }
    List<String> off = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      if (again[i]) {
        off.add(requests.get(i).toString());
      }
    }
    throw new SwipeException(
        WheelErrorCode.WHEEL_NO_PROGRESS,
        "columns still off their targets after " + PASSES + " passes: " + off,
        Map.of("off_target", off),
        null);
  }

  /**
   * A reading on which every column asked for by its place can be counted ({@link #counted(Device,
   * WheelReader, WheelReading, int, List)}); a new screenshot taken for one is counted again for
   * the others.
   */
  private static WheelReading countedForAll(
      Device device,
      WheelReader reader,
      WheelReading reading,
      List<WheelSet> requests,
      List<String> evidence) {
    for (int round = 0; round <= REREADS; round++) {
      WheelReading before = reading;
      for (WheelSet r : requests) {
        if (r.columnIndex().isPresent()) {
          reading = counted(device, reader, reading, r.columnIndex().getAsInt(), evidence);
        }
      }
      // no request took a new screenshot: every place was counted on this one
      if (reading.observation().id().equals(before.observation().id())) {
        return reading;
      }
    }
    throw columnUnclear(
        requests.stream()
            .filter(r -> r.columnIndex().isPresent())
            .findFirst()
            .orElseThrow()
            .columnIndex()
            .getAsInt(),
        reading.observation(),
        reading.columns(),
        List.of(),
        "the columns read differ from one screenshot to the next (last read: "
            + describe(reading.columns())
            + ")",
        evidence);
  }

  /**
   * After {@link #setAll}: the screen read at the end shows no picker column left of {@code
   * counted} that the first reading did not count, neither read nor as rows drawn where no column
   * was counted.
   */
  private static void stillCounted(
      Observation check,
      WheelReading first,
      WheelReading now,
      WheelColumn counted,
      List<String> evidence) {
    List<WheelColumn> known = new ArrayList<>(first.columns());
    List<Double> unread = new ArrayList<>();
    for (WheelColumn c : now.columns()) {
      boolean countedBefore = false;
      for (WheelColumn f : first.columns()) {
        countedBefore |= Math.abs(c.columnX() - f.columnX()) < Math.max(40, f.rowSpacing());
      }
      if (countedBefore) {
        known.add(c); // the same column, its labels as they are now
      } else if (c.columnX() < counted.columnX()
          && Math.abs(c.centerY() - counted.centerY()) <= 0.25 * counted.rowSpacing()) {
        unread.add(c.columnX()); // read now, not counted then
      }
    }
    if (unread.isEmpty()) {
      unread =
          WheelReader.rowsUnread(
              check, known, counted.centerY(), counted.rowSpacing(), 0, counted.columnX());
    }
    if (!unread.isEmpty()) {
      throw columnUnclear(
          counted.index(),
          check,
          first.columns(),
          unread,
          "after the set, a column stands at x="
              + rounded(unread)
              + " left of it where none was counted (columns counted: "
              + describe(first.columns())
              + "): the column set may be the neighbour of the one asked for",
          evidence);
    }
  }

  /** A column set again: one result holding every pass's nudges, readings and cost. */
  private static WheelSetResult merged(WheelSetResult before, WheelSetResult now) {
    if (before == null) {
      return now;
    }
    List<WheelNudgeResult> n = new ArrayList<>(before.nudges());
    n.addAll(now.nudges());
    List<String> e = new ArrayList<>(before.evidence());
    e.addAll(now.evidence());
    return new WheelSetResult(
        now.label(),
        now.value(),
        now.column(),
        n,
        e,
        now.observation(),
        before.cost().plus(now.cost()));
  }

  private static WheelSetResult noted(WheelSetResult r, String line) {
    List<String> e = new ArrayList<>(r.evidence());
    e.add(line);
    return new WheelSetResult(
        r.label(), r.value(), r.column(), r.nudges(), e, r.observation(), r.cost());
  }

  private static WheelColumn withScale(WheelColumn c, WheelScale scale) {
    return new WheelColumn(
        c.index(),
        c.columnX(),
        c.centerY(),
        c.rowSpacing(),
        c.selectedLabel(),
        c.labelsAbove(),
        c.labelsBelow(),
        c.value(),
        scale,
        c.confidence(),
        c.region(),
        c.selectionCues());
  }

  /**
   * The same column on a new screenshot, read around where it was; a frame mid-snap is read again.
   */
  /**
   * A value read, or a column of words with its selection placed and its selected label read, or
   * two labels read beside it (the selected one unread, its row known from them).
   */
  private static boolean readable(WheelColumn c) {
    return c.value().isPresent()
        || (c.scale().kind() == WheelScale.Kind.OPTIONS
            && c.selectionClear()
            && (c.selectedLabel().isPresent()
                || c.labelsAbove().size() + c.labelsBelow().size() >= 2));
  }

  /**
   * How far either side of a column of names a reread reads (normalized): a name longer than those
   * read so far ("September" after "May"), and set flush left, reaches well past the column's x.
   */
  static final double NAMES_HALF_WIDTH = 250;

  private static boolean named(WheelColumn c) {
    return c.scale().kind() == WheelScale.Kind.MONTH || c.scale().kind() == WheelScale.Kind.OPTIONS;
  }

  /**
   * {@code scale} with the zero padding the labels in view show ("00", "02"), where its first
   * reading saw none. A padding wider than the longest number in view needs is a misread ("017"
   * beside 15 and 16), not a padding.
   */
  static WheelScale withPaddingInView(WheelScale scale, WheelColumn column) {
    if (scale.kind() != WheelScale.Kind.NUMBER || scale.width() > 0) {
      return scale;
    }
    int width = 0;
    int digits = 0;
    for (List<String> side : List.of(column.labelsAbove(), column.labelsBelow())) {
      for (String l : side) {
        String t = l == null ? "" : l.strip();
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit)) {
          continue;
        }
        String unpadded = t.replaceFirst("^0+(?=\\d)", "");
        digits = Math.max(digits, unpadded.length());
        if (t.length() >= 2 && t.startsWith("0")) {
          width = Math.max(width, t.length());
        }
      }
    }
    return width == 0 || width > Math.max(2, digits)
        ? scale
        : new WheelScale(
            scale.kind(),
            scale.step(),
            scale.cycleSize(),
            scale.cycleSeen(),
            width,
            scale.shortNames(),
            scale.cycleStart());
  }

  /**
   * A column whose wrap was only guessed, read with nothing drawn on one side of its selection,
   * ends there: it does not wrap. Taken wrongly (a neighbour left unread), the column is only set
   * the long way round, which a wheel that loops allows too; left untaken, the first nudge pushes
   * against the end.
   *
   * @param read the reading whose rows tell (its scale may have been replaced by {@code column}'s)
   */
  private WheelColumn endsWhereNothingIsDrawn(
      Observation shot, WheelColumn column, WheelColumn read) {
    if (!column.cyclic()
        || column.scale().cycleSeen()
        || (!read.labelsAbove().isEmpty() && !read.labelsBelow().isEmpty())) {
      return column;
    }
    evidence.add(
        shot.id() + ": no row on one side of the selection; the column is taken as having ends");
    return withScale(column, withEnds(column.scale()));
  }

  /** {@code s} without the cycle that was only guessed. */
  private static WheelScale withEnds(WheelScale s) {
    return new WheelScale(
        s.kind(), s.step(), OptionalInt.empty(), false, s.width(), s.shortNames());
  }

  private WheelColumn reread(Observation shot, WheelColumn was) {
    for (int attempt = 0; ; attempt++) {
      Optional<WheelColumn> now =
          reader.near(
              shot,
              was.columnX(),
              was.centerY(),
              was.rowSpacing(),
              was.scale(),
              named(was) ? NAMES_HALF_WIDTH : was.region().w() / 2 + was.rowSpacing());
      if (now.isEmpty() || !readable(now.get())) {
        // the band around the selection did not read (a label caught half-drawn): read the screen
        now = nearestOnScreen(shot, was);
      }
      if (now.isPresent()
          && readable(now.get())
          && now.get().scale().kind() == was.scale().kind()) {
        WheelColumn c = now.get();
        // keep the first reading's scale: a window of three rows may miss the wrap that showed the
        // cycle
        WheelColumn kept =
            new WheelColumn(
                was.index(),
                c.columnX(),
                c.centerY(),
                c.rowSpacing(),
                c.selectedLabel(),
                c.labelsAbove(),
                c.labelsBelow(),
                c.value(),
                was.scale(),
                c.confidence(),
                c.region(),
                c.selectionCues());
        if ((c.value().isPresent()
                && was.scale().onCycle(c.value().getAsInt()) != c.value().getAsInt())
            || (c.scale().cycleSeen() && !was.scale().cycleSeen())) {
          // a value beyond the guess, or a wrap in view, tells more than the first reading did
          kept = withScale(kept, c.scale());
        }
        note(shot, kept);
        return endsWhereNothingIsDrawn(shot, kept, c);
      }
      evidence.add(shot.id() + ": column unreadable");
      if (attempt == 0
          && device instanceof DefaultDevice d
          && d.pointerOffRows(
              shot, was.columnX(), was.region().w() / 2, was.centerY(), was.rowSpacing())) {
        // the drag that turned the column let go on its rows, and the pointer resting there hides
        // labels the reading needs: moved aside, they show on the next screenshot
        evidence.add(shot.id() + ": the pointer rested on the column's rows; moved aside");
      }
      if (attempt >= REREADS) {
        // too few labels read for a column: the rows read still count the value where they stand
        Optional<WheelColumn> counted = reader.countedFromRowsRead(shot, was);
        if (counted.isPresent()) {
          evidence.add(
              String.format(
                  Locale.ROOT,
                  "%s: %s read on the column's rows, counting %s",
                  shot.id(),
                  counted.get().labelsAbove().isEmpty()
                      ? counted.get().labelsBelow()
                      : counted.get().labelsAbove(),
                  was.scale().label(counted.get().value().getAsInt())));
          return counted.get();
        }
        throw new SwipeException(
            WheelErrorCode.WHEEL_LABELS_UNRECOGNIZED,
            "column " + was.index() + " could not be read after a nudge (" + shot.id() + ")",
            Map.of("screenshot_attachment_id", shot.id(), "evidence", List.copyOf(evidence)),
            null);
      }
      shot = device.screenshot();
    }
  }

  /**
   * The column read on the whole screen nearest where it was, selected on the line where it was (a
   * picker's selection does not move; a reading that selects another row is not this column's).
   */
  private Optional<WheelColumn> nearestOnScreen(Observation shot, WheelColumn was) {
    WheelColumn best = null;
    for (WheelColumn c : reader.read(shot, null).columns()) {
      if (Math.abs(c.columnX() - was.columnX()) < Math.max(40, was.rowSpacing())
          && Math.abs(c.centerY() - was.centerY()) <= 0.25 * was.rowSpacing()
          && (best == null
              || Math.abs(c.columnX() - was.columnX())
                  < Math.abs(best.columnX() - was.columnX()))) {
        best = c;
      }
    }
    return Optional.ofNullable(best);
  }

  private void note(Observation shot, WheelColumn c) {
    evidence.add(
        String.format(
            Locale.ROOT,
            "%s: %s %s (confidence %.2f)",
            shot.id(),
            c.labelsAbove().isEmpty() ? "" : c.labelsAbove().get(c.labelsAbove().size() - 1) + " /",
            "["
                + c.selectedLabel().orElse("?")
                + "]"
                + (c.labelsBelow().isEmpty() ? "" : " / " + c.labelsBelow().get(0)),
            c.confidence()));
  }

  /**
   * A reading on which a column asked for by its place can be counted: see {@link #counted(Device,
   * WheelReader, WheelReading, int, List)}. Other requests take the reading as it is.
   */
  private WheelReading counted(WheelReading reading, WheelSet request) {
    return request.columnIndex().isPresent()
        ? counted(device, reader, reading, request.columnIndex().getAsInt(), evidence)
        : reading;
  }

  /**
   * A reading on which column {@code index} can be counted from the left: no picker rows drawn on
   * its line, left of it, where no column reads. Where there are such rows a column went unread and
   * the place would name its neighbour, so the screen is read again on a new screenshot; still so
   * after {@link #REREADS} is {@code wheel_column_unclear}, before anything moves.
   */
  static WheelReading counted(
      Device device, WheelReader reader, WheelReading reading, int index, List<String> evidence) {
    for (int attempt = 0; ; attempt++) {
      List<WheelColumn> cols = reading.columns();
      if (cols.isEmpty()) {
        return reading; // no picker: located says so
      }
      WheelColumn at = cols.get(Math.min(index, cols.size() - 1));
      // a place past the columns read is looked for across the whole line
      double toX = index < cols.size() ? at.columnX() : 1000;
      List<Double> unread =
          WheelReader.rowsUnread(
              reading.observation(), cols, at.centerY(), at.rowSpacing(), 0, toX);
      if (unread.isEmpty()) {
        return reading;
      }
      evidence.add(
          reading.observation().id()
              + ": rows drawn at x="
              + rounded(unread)
              + " where no column reads; column "
              + index
              + " counted again on a new screenshot");
      if (attempt == 0 && device instanceof DefaultDevice d) {
        // a drawn pointer that rests on the rows (where the drag that turned a column let go)
        // hides the label under it: moved aside, it shows on the next screenshot
        for (double x : unread) {
          if (d.pointerOffRows(reading.observation(), x, 0, at.centerY(), at.rowSpacing())) {
            evidence.add(
                reading.observation().id()
                    + ": the pointer rested on the rows at x="
                    + Math.round(x)
                    + "; moved aside");
            break;
          }
        }
      }
      if (attempt >= REREADS) {
        throw columnUnclear(
            index,
            reading.observation(),
            cols,
            unread,
            "rows are drawn at x="
                + rounded(unread)
                + " where no column reads (columns read: "
                + describe(cols)
                + ")",
            evidence);
      }
      reading = reader.read(device.screenshot(), null);
    }
  }

  /**
   * Before a column asked for by its place is claimed: it stands where the place named it, and the
   * screen shows no picker rows left of it that none of the columns it was counted among accounts
   * for (a column drawn late, after the count).
   */
  private void stillInPlace(Observation shot, WheelColumn column) {
    if (countedColumn == null || countedAmong == null) {
      return;
    }
    int index = countedColumn.index();
    // the column is still the one counted when no other counted column stands nearer (a column of
    // names set flush left moves its centre as its labels change length)
    WheelColumn nearest = countedColumn;
    for (WheelColumn c : countedAmong) {
      if (Math.abs(c.columnX() - column.columnX())
          < Math.abs(nearest.columnX() - column.columnX())) {
        nearest = c;
      }
    }
    if (nearest.index() != countedColumn.index()) {
      throw columnUnclear(
          index,
          shot,
          countedAmong,
          List.of(),
          "the column set reads at x="
              + Math.round(column.columnX())
              + ", not at x="
              + Math.round(countedColumn.columnX())
              + " where column "
              + index
              + " was counted",
          evidence);
    }
    List<WheelColumn> known = new ArrayList<>(countedAmong);
    known.add(column); // its labels now, maybe wider than those counted
    List<Double> unread =
        WheelReader.rowsUnread(
            shot, known, countedColumn.centerY(), countedColumn.rowSpacing(), 0, column.columnX());
    if (!unread.isEmpty()) {
      throw columnUnclear(
          index,
          shot,
          countedAmong,
          unread,
          "after the set, rows are drawn at x="
              + rounded(unread)
              + " left of it where no column was counted (columns counted: "
              + describe(countedAmong)
              + "): the column set may be the neighbour of the one asked for",
          evidence);
    }
  }

  /**
   * {@code wheel_column_unclear}: a column asked for by its place cannot be counted surely, so its
   * place is not trusted.
   */
  static SwipeException columnUnclear(
      int index,
      Observation shot,
      List<WheelColumn> cols,
      List<Double> unread,
      String why,
      List<String> evidence) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("column", index);
    details.put("screenshot_attachment_id", shot.id());
    details.put("columns_read", describe(cols));
    details.put("rows_unread_x", rounded(unread));
    details.put("evidence", List.copyOf(evidence));
    return new SwipeException(
        ErrorCode.WHEEL_COLUMN_UNCLEAR,
        "column "
            + index
            + " is asked for by its place, but "
            + why
            + "; no column is claimed by that place. Read again, or ask for the column by a label"
            + " it shows (columnShowing) or by its x (columnAt)",
        details,
        null);
  }

  private static List<Long> rounded(List<Double> xs) {
    return xs.stream().map(Math::round).toList();
  }

  /** The column a request names, whatever its reading. */
  private static WheelColumn located(WheelReading reading, WheelSet request) {
    List<WheelColumn> cols = reading.columns();
    if (cols.isEmpty()) {
      throw WheelReader.notFound(reading.observation(), "on the screen", List.of());
    }
    if (request.columnIndex().isPresent()) {
      int i = request.columnIndex().getAsInt();
      if (i >= cols.size()) {
        throw SwipeException.invalidArgument(
            "column",
            "asks for column "
                + i
                + " but "
                + cols.size()
                + " picker columns show ("
                + describe(cols)
                + ")");
      }
      return cols.get(i);
    }
    if (request.columnShowing().isPresent()) {
      String want = request.columnShowing().get().toLowerCase(Locale.ROOT);
      for (WheelColumn c : cols) {
        List<String> all = new ArrayList<>(c.labelsAbove());
        c.selectedLabel().ifPresent(all::add);
        all.addAll(c.labelsBelow());
        if (all.stream().anyMatch(l -> l.toLowerCase(Locale.ROOT).equals(want))) {
          return c;
        }
      }
      throw SwipeException.invalidArgument(
          "column",
          "no picker column shows '"
              + request.columnShowing().get()
              + "'; columns read: "
              + describe(cols));
    }
    double x = request.columnX().getAsDouble();
    WheelColumn best = cols.get(0);
    for (WheelColumn c : cols) {
      if (Math.abs(c.columnX() - x) < Math.abs(best.columnX() - x)) {
        best = c;
      }
    }
    if (Math.abs(best.columnX() - x) > 150) {
      throw SwipeException.invalidArgument(
          "column_x", "no picker column near x=" + x + "; columns read: " + describe(cols));
    }
    return best;
  }

  private static WheelColumn usable(WheelColumn c) {
    if (!c.selectionClear()) {
      throw c.selectionUnclear();
    }
    if (c.value().isEmpty() && !readable(c)) {
      throw new SwipeException(
          WheelErrorCode.WHEEL_LABELS_UNRECOGNIZED,
          "the selected row of column " + c.index() + " cannot be read",
          Map.of("column", c.index()),
          null);
    }
    return c;
  }

  /**
   * A clock cycle only guessed from the values in view gives way to a target beyond it: 10, 11, 12
   * start a 12-hour and a 24-hour clock alike (a target of 13 means 24), and 07, 08, 09 start an
   * hour and a minute column alike (a target of 45 means 60).
   */
  private static WheelColumn fitCycleTo(WheelColumn column, WheelSet request) {
    WheelScale s = column.scale();
    if (s.cycleSize().isEmpty() || s.cycleSeen() || s.kind() != WheelScale.Kind.NUMBER) {
      return column;
    }
    OptionalInt v =
        request.targetLabel().isPresent()
            ? s.valueOf(request.targetLabel().get())
            : request.targetValue();
    return v.isPresent() ? withScale(column, widened(s, v.getAsInt())) : column;
  }

  /** Value steps from {@code from} to {@code to} the short way round a cycle (signed). */
  /**
   * Nudges a column may take toward a target {@code rows} away: {@link #MAX_NUDGES}, or the run
   * guard's allowance for the gap where that is more (a year a century away at six rows a nudge),
   * so this backstop never ends a loop the guard would still allow.
   */
  static int nudgeBudget(long rows) {
    return Math.max(MAX_NUDGES, WheelMath.columnAllowance(Math.abs(rows)));
  }

  private static int shortestRows(WheelScale s, int from, int to) {
    int d = to - from;
    if (s.cycleSize().isPresent()) {
      int c = s.cycleSize().getAsInt();
      d = Math.floorMod(d, c);
      if (d > c / 2) {
        d -= c;
      }
    }
    return d;
  }

  /**
   * The clock cycle a column turning in {@code direction} must have wrapped at to go from {@code
   * before} to {@code after} the other way (23 then 02 while turning forward: 24), if it did.
   */
  private static OptionalInt wrapCrossed(WheelScale s, int before, int after, int direction) {
    if (direction == 0 || Integer.signum(after - before) != -direction) {
      return OptionalInt.empty();
    }
    for (int c : new int[] {12, 24, 60}) {
      // a 12-hour clock counts 1 to 12: 12 then 1 turning forward crossed its wrap
      WheelScale on =
          new WheelScale(s.kind(), s.step(), OptionalInt.of(c), true, s.width(), s.shortNames());
      if (c % s.step() == 0 && on.onCycle(before) == before && on.onCycle(after) == after) {
        return OptionalInt.of(c);
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The guessed clock cycle that holds {@code value}: 12, 24 or 60; the scale unchanged otherwise.
   */
  private static WheelScale widened(WheelScale s, int value) {
    int cycle = s.cycleSize().orElse(0);
    if (s.cycleSeen()
        || s.kind() != WheelScale.Kind.NUMBER
        || cycle == 0
        || s.onCycle(value) == value) {
      return s;
    }
    for (int c : new int[] {24, 60}) {
      if (c > cycle && value < c && c % s.step() == 0) {
        return new WheelScale(
            s.kind(), s.step(), OptionalInt.of(c), false, s.width(), s.shortNames());
      }
    }
    return s;
  }

  private static int target(WheelColumn column, WheelSet request) {
    WheelScale scale = column.scale();
    int target;
    if (request.targetLabel().isPresent()) {
      OptionalInt v = scale.valueOf(request.targetLabel().get());
      if (v.isEmpty()) {
        throw unreachable(
            column, "'" + request.targetLabel().get() + "' is not a label of this column");
      }
      target = v.getAsInt();
    } else {
      target = request.targetValue().getAsInt();
    }
    if (!scale.reachable(column.value().getAsInt(), target)) {
      throw unreachable(
          column,
          scale.label(target)
              + " is not a whole number of steps of "
              + scale.step()
              + (scale.cycleSize().isPresent()
                  ? " within a cycle of " + scale.cycleSize().getAsInt()
                  : "")
              + " from "
              + column.selectedLabel().orElse("?"));
    }
    return target;
  }

  private static SwipeException unreachable(WheelColumn c, String why) {
    List<String> seen = new ArrayList<>(c.labelsAbove());
    c.selectedLabel().ifPresent(seen::add);
    seen.addAll(c.labelsBelow());
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("labels_seen", seen);
    details.put("value_step", c.scale().step());
    c.scale().cycleSize().ifPresent(s -> details.put("cycle_size", s));
    return new SwipeException(
        WheelErrorCode.WHEEL_TARGET_UNREACHABLE, why + "; the column shows " + seen, details, null);
  }

  private static String describe(List<WheelColumn> cols) {
    List<String> out = new ArrayList<>();
    for (WheelColumn c : cols) {
      out.add(
          c.index() + ": " + c.selectedLabel().orElse("?") + " at x=" + Math.round(c.columnX()));
    }
    return String.join(", ", out);
  }
}
