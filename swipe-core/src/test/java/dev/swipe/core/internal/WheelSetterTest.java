package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Cost;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextReader;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import dev.swipe.wheel.WheelScale;
import dev.swipe.wheel.WheelSet;
import dev.swipe.wheel.internal.PitchMeasurement;
import dev.swipe.wheel.internal.PlannedNudge;
import dev.swipe.wheel.internal.RunGuard;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link WheelSetter}'s own decisions, on a phone that draws one picker column (real JPEGs: a band
 * behind the selected row, the other rows faded) and turns it as each {@code wheel_nudge}'s plan
 * says: when it refuses, which way it turns, that every nudge starts from the value read, and that
 * it claims the target only after two readings in a row showed it.
 */
class WheelSetterTest {
  private static final int W = 600;
  private static final int H = 900;
  private static final int PITCH = 120;
  private static final int CX = 300;

  /**
   * A text reader that knows what the phone drew: it answers for a screenshot by its decoded pixels
   * (the bytes the screen reader hands it), so it reads only screens that were really captured.
   */
  static final class DrawnTextReader implements TextReader {
    private final Map<Integer, List<Word>> drawn = new HashMap<>();

    void remember(byte[] grey, List<Word> words) {
      drawn.put(Arrays.hashCode(grey), words);
    }

    @Override
    public TextPage read(BufferedImage image, TextBox region) {
      byte[] px = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
      List<Word> words = drawn.getOrDefault(Arrays.hashCode(px), List.of());
      List<TextLine> lines = new ArrayList<>();
      for (Word w : words) {
        TextBox b = w.box();
        if (region == null
            || (b.x() >= region.x()
                && b.y() >= region.y()
                && b.x() + b.width() <= region.x() + region.width()
                && b.y() + b.height() <= region.y() + region.height())) {
          lines.add(TextLine.of(List.of(w)));
        }
      }
      return new TextPage(image.getWidth(), image.getHeight(), lines);
    }

    @Override
    public String description() {
      return "drawn text";
    }

    @Override
    public void close() {}
  }

  /**
   * One picker column of {@code labels}, the selected one in the middle of the screen. A nudge
   * turns it by the rows the real wheel policy decides for the request (capped at {@link
   * #maxRows}), wrapping when {@link #cyclic}; it remembers every request and every turn it made.
   */
  static final class PickerPhone implements Device {
    final VirtualClock clock = new VirtualClock(1_000_000_000L);
    final AttachmentRegistry shots = new AttachmentRegistry();
    final DrawnTextReader ocr = new DrawnTextReader();
    final List<String> labels;
    final boolean cyclic;
    int selected;

    /** Most rows one nudge turns (a drag that slips); large for a faithful column. */
    int maxRows = Integer.MAX_VALUE;

    /** Whether the column is stuck: a drag turns nothing. */
    boolean stuck;

    /** Whether the screen shows no picker at all. */
    boolean blank;

    /**
     * Letters of the selected label a narrow column leaves (0 for all): a wider label is drawn cut
     * after them, and the reader takes the cut stroke for a colon.
     */
    int clipSelected;

    /** Whether the cut takes the selected label's first letter as well (a centred label). */
    boolean clipBothSides;

    /** Selected labels the reader misreads, and what it reads ("01" losing its zero: "1"). */
    final Map<String, String> misreadSelected = new HashMap<>();

    /** Labels the reader misreads on every row ("Weekends" cut at both edges: "Neekends"). */
    final Map<String, String> misreadEverywhere = new HashMap<>();

    final List<WheelRequest> requests = new ArrayList<>();

    /** The rows each played nudge turned, signed (down the list positive). */
    final List<Integer> turns = new ArrayList<>();

    /** The selected index when each request was made. */
    final List<Integer> selectedAtRequest = new ArrayList<>();

    PickerPhone(List<String> labels, boolean cyclic, String selected) {
      this.labels = labels;
      this.cyclic = cyclic;
      this.selected = labels.indexOf(selected);
    }

    String shown() {
      return labels.get(selected);
    }

    private Observation capture() {
      clock.advance(Duration.ofMillis(200));
      BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
      Graphics2D g = img.createGraphics();
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, W, H);
      List<Word> words = new ArrayList<>();
      if (!blank) {
        g.setColor(new Color(0xE3E3E8));
        g.fillRoundRect(40, H / 2 - PITCH / 2, W - 80, PITCH, 30, 30);
        Font f = new Font(Font.SANS_SERIF, Font.PLAIN, 56);
        g.setFont(f);
        FontRenderContext frc = g.getFontRenderContext();
        for (int k = -2; k <= 2; k++) {
          int i = selected + k;
          if (cyclic) {
            i = Math.floorMod(i, labels.size());
          } else if (i < 0 || i >= labels.size()) {
            continue;
          }
          String label = labels.get(i);
          String read = misreadEverywhere.getOrDefault(label, label);
          if (k == 0) {
            read = misreadSelected.getOrDefault(label, read);
          }
          if (k == 0 && clipSelected > 0 && label.length() > clipSelected) {
            int from = clipBothSides && label.length() > clipSelected + 1 ? 1 : 0;
            label = label.substring(from, from + clipSelected);
            read = from > 0 ? label : label + ":";
          }
          g.setColor(k == 0 ? new Color(0x111111) : new Color(0x9A9A9A));
          Rectangle2D b = f.createGlyphVector(frc, label).getVisualBounds();
          int y = H / 2 + k * PITCH;
          float x = (float) (CX - b.getWidth() / 2 - b.getX());
          float base = (float) (y - b.getHeight() / 2 - b.getY());
          g.drawString(label, x, base);
          words.add(
              new Word(
                  read,
                  new TextBox(
                      (int) Math.floor(x + b.getX()),
                      (int) Math.floor(base + b.getY()),
                      (int) Math.ceil(b.getWidth()),
                      (int) Math.ceil(b.getHeight())),
                  0.95));
        }
      }
      g.dispose();
      byte[] jpeg = Jpegs.encode(img);
      Observation o = shots.register(new Frame(jpeg, W, H, clock.read()), true);
      ocr.remember(o.grey().toByteArray(), words);
      return o;
    }

    @Override
    public Observation screenshot() {
      return capture();
    }

    WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
      requests.add(request);
      selectedAtRequest.add(selected);
      // the policy's decision for this request alone (a fresh guard: no budgets carried over)
      PlannedNudge plan =
          new RunGuard()
              .nudge(request, PitchMeasurement.of(request.rowSpacing(), 0.9), (drag, d) -> {});
      WheelNudgeResult.Builder b =
          WheelNudgeResult.builder()
              .decision(plan)
              .measuredPitch(new RowPitchResult(PITCH, request.rowSpacing(), 0.9))
              .cost(Cost.ZERO);
      if (plan.targetReached()) {
        return b.observation(screenshot).moved(false).build(); // the release: nothing played
      }
      int rows = stuck ? 0 : plan.direction().sign() * Math.min(plan.rows(), maxRows);
      int before = selected;
      selected =
          cyclic
              ? Math.floorMod(selected + rows, labels.size())
              : Math.max(0, Math.min(labels.size() - 1, selected + rows));
      turns.add(selected - before);
      Observation after = capture();
      Gesture drag = Swipe.builder(NormPoint.of(CX, 600), NormPoint.of(CX, 400)).build();
      Timeline t = TimelinePlanner.plan(drag, 0);
      long[] offsets = new long[t.reportCount()];
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] = t.events().get(i).offsetNanos();
      }
      ActionResult played =
          ActionResult.builder()
              .gesture(drag)
              .timeline(new PlayedTimeline(t, offsets))
              .observation(after)
              .cost(new Cost(300, 1, offsets.length, 8, 200))
              .build();
      return b.action(played)
          .observation(after)
          .cost(played.cost())
          .moved(selected != before)
          .build();
    }

    @Override
    public ActionResult perform(Gesture gesture) {
      throw new UnsupportedOperationException("a set plays nudges only");
    }

    @Override
    public dev.swipe.core.PinchResult pinch(dev.swipe.core.gesture.Pinch pinch) {
      throw new UnsupportedOperationException("a set plays nudges only");
    }

    @Override
    public ScrollResult scroll(Scroll scroll) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScrollUntilResult scrollUntil(
        Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Device.Text text() {
      throw new UnsupportedOperationException();
    }

    /** The one wheel verb a setter uses: the nudge. */
    @Override
    public Device.Wheels wheels() {
      return new Device.Wheels() {
        @Override
        public WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
          return PickerPhone.this.nudge(screenshot, request);
        }

        @Override
        public WheelReading read(Observation observation, NormRegion region) {
          throw new UnsupportedOperationException();
        }

        @Override
        public WheelReading read() {
          throw new UnsupportedOperationException();
        }

        @Override
        public WheelSetResult set(WheelSet request) {
          throw new UnsupportedOperationException();
        }

        @Override
        public List<WheelSetResult> setAll(List<WheelSet> requests) {
          throw new UnsupportedOperationException();
        }

        @Override
        public WheelRunGuard guard() {
          throw new UnsupportedOperationException();
        }
      };
    }

    @Override
    public Device.Screen screen() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Device.Run run() {
      throw new UnsupportedOperationException();
    }

    /** The setter's clock. */
    @Override
    public Device.Rig rig() {
      return new Device.Rig() {
        @Override
        public Ticker ticker() {
          return clock;
        }

        @Override
        public HidCapabilities capabilities() {
          throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Duration> captureLag() {
          return Optional.empty();
        }

        @Override
        public Optional<MemoryStore> memory() {
          return Optional.empty();
        }

        @Override
        public Device.Listener.Registration listen(Device.Listener listener) {
          throw new UnsupportedOperationException();
        }

        @Override
        public ActionResult perform(Gesture gesture, Duration settleBound) {
          throw new UnsupportedOperationException("a set plays nudges only");
        }

        @Override
        public <T> Optional<T> unwrap(Class<T> type) {
          return Optional.empty();
        }
      };
    }

    @Override
    public void close() {}
  }

  private static final List<String> YEARS =
      IntStream.rangeClosed(2010, 2040).mapToObj(Integer::toString).toList();

  private static final List<String> MINUTES =
      IntStream.range(0, 60).mapToObj(m -> String.format("%02d", m)).toList();

  private static final List<String> CITIES =
      List.of(
          "Amsterdam",
          "Berlin",
          "Cairo",
          "Dublin",
          "Geneva",
          "Helsinki",
          "Istanbul",
          "Jakarta",
          "Lisbon",
          "London",
          "Madrid",
          "Oslo",
          "Paris",
          "Prague",
          "Rome",
          "Vienna");

  private static WheelSetter setter(PickerPhone phone) {
    return new WheelSetter(phone, new WheelReader(ScreenReader.of(phone.ocr)));
  }

  private static WheelSetResult set(PickerPhone phone, WheelSet request) {
    return setter(phone).set(request);
  }

  @Test
  void aColumnOfNumbersIsSetAndClaimedAfterTwoReadingsInARowShowTheTarget() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    WheelSetter setter = setter(phone);
    WheelSetResult r = setter.set(WheelSet.columnAt(500).to(2027));
    assertThat(phone.shown()).isEqualTo("2027");
    assertThat(r.value()).isEqualTo(2027);
    assertThat(r.label()).isEqualTo("2027");
    // the claim rests on two different screenshots, the last being the result's
    assertThat(setter.confirmedOn()).hasSize(2).doesNotHaveDuplicates();
    assertThat(setter.confirmedOn().get(1)).isEqualTo(r.observation().id());
    // the column is released last: a request whose current value is the target
    WheelRequest last = phone.requests.get(phone.requests.size() - 1);
    assertThat(last.currentValue()).isEqualTo(2027);
    assertThat(last.targetValue()).isEqualTo(2027);
    assertThat(r.nudges()).hasSize(phone.requests.size());
    assertThat(r.nudges().get(r.nudges().size() - 1).action()).isEmpty();
  }

  @Test
  void aMinuteColumnFoundToHaveEndsIsGivenTheNudgesOfTheLongWay() {
    // 40 to 01: the labels suggest 21 rows over a wrap; the column has ends, so it runs to 59
    // first and then the long way back
    PickerPhone phone = new PickerPhone(MINUTES, false, "40");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(1));
    assertThat(phone.shown()).isEqualTo("01");
    assertThat(r.value()).isEqualTo(1);
    assertThat(phone.requests.size()).isGreaterThan(WheelSetter.MAX_NUDGES);
  }

  @Test
  void aPaddingIsTakenFromTheLabelsInViewOnlyWhereTheNumbersNeedIt() {
    WheelScale unpadded =
        new WheelScale(WheelScale.Kind.NUMBER, 1, OptionalInt.of(24), false, 0, false);
    assertThat(
            WheelSetter.withPaddingInView(unpadded, inView(List.of("23", "00"), List.of("02")))
                .width())
        .as("00 and 02 beside the selection pad to two")
        .isEqualTo(2);
    assertThat(
            WheelSetter.withPaddingInView(unpadded, inView(List.of("14", "15"), List.of("017")))
                .width())
        .as("a stray zero before 17, beside 14 and 15, is a misread")
        .isZero();
    assertThat(
            WheelSetter.withPaddingInView(unpadded, inView(List.of("14", "15"), List.of("17")))
                .width())
        .isZero();
  }

  @Test
  void anUnclearColumnIsReadAgainOnAMoveTowardItsTargetThatNeverReachesIt() {
    // the reading guesses a row that may be one off either way: the move toward the target ends
    // short of it wherever the column truly stood, and is one row where the target is that near
    qt().forAll(integers().between(-60, 60), integers().between(0, 1), integers().between(-1, 1))
        .checkAssert(
            (gap, fives, off) -> {
              int step = fives == 1 ? 5 : 1;
              WheelScale years =
                  new WheelScale(
                      WheelScale.Kind.NUMBER, step, OptionalInt.empty(), false, 0, false);
              int from = 2000;
              int target = from + gap * step;
              int rows = WheelSetter.probeRows(guessed(from, years), WheelSet.column(0).to(target));
              if (Math.abs(gap) >= 3) {
                int left = gap - off - rows; // rows still to go from where the column truly stood
                assertThat(Integer.signum(left)).isEqualTo(Integer.signum(gap));
              } else {
                assertThat(rows).isEqualTo(gap < 0 ? -1 : 1);
              }
            });
  }

  @Test
  void anUnclearColumnMovesOneRowWhereTheWayToItsTargetCrossesAWrapOnlyGuessed() {
    WheelScale guessedMonths =
        new WheelScale(WheelScale.Kind.MONTH, 1, OptionalInt.of(12), false, 0, false);
    // February to December the short way crosses January, which a column that ends would not
    assertThat(WheelSetter.probeRows(guessed(1, guessedMonths), WheelSet.column(0).to("Dec")))
        .isEqualTo(1);
    WheelScale seenMonths =
        new WheelScale(WheelScale.Kind.MONTH, 1, OptionalInt.of(12), true, 0, false);
    assertThat(WheelSetter.probeRows(guessed(1, seenMonths), WheelSet.column(0).to("Sep")))
        .isEqualTo(-3);
    WheelScale words =
        new WheelScale(WheelScale.Kind.OPTIONS, 1, OptionalInt.empty(), false, 0, false);
    assertThat(WheelSetter.probeRows(guessed(3, words), WheelSet.column(0).to("Daily")))
        .isEqualTo(1);
  }

  private static WheelColumn guessed(int value, WheelScale scale) {
    return new WheelColumn(
        0,
        500,
        500,
        40,
        Optional.of(scale.kind() == WheelScale.Kind.OPTIONS ? "Once" : scale.label(value)),
        List.of(),
        List.of(),
        OptionalInt.of(value),
        scale,
        0.5,
        NormRegion.fromCorners(450, 400, 550, 600),
        List.of("centre"));
  }

  private static WheelColumn inView(List<String> above, List<String> below) {
    return new WheelColumn(
        0,
        500,
        500,
        40,
        Optional.of("1"),
        above,
        below,
        OptionalInt.of(1),
        new WheelScale(WheelScale.Kind.NUMBER, 1, OptionalInt.of(24), false, 0, false),
        0.9,
        NormRegion.fromCorners(450, 400, 550, 600),
        List.of("band", "centre"));
  }

  @Test
  void aPaddingFirstSeenNearTheTargetStillGivesTheLabelItsZero() {
    // read first at 40, where no label shows a zero, on a column with ends (no wrap to see); 00
    // and 02 show the zero beside the target
    PickerPhone phone = new PickerPhone(MINUTES, false, "40");
    phone.misreadSelected.put("01", "1");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(1));
    assertThat(phone.shown()).isEqualTo("01");
    assertThat(r.value()).isEqualTo(1);
    assertThat(r.label()).isEqualTo("01");
  }

  @Test
  void aPaddedNumberReadWithoutItsZeroIsClaimedAsTheColumnDrawsIt() {
    PickerPhone phone = new PickerPhone(MINUTES, true, "05");
    phone.misreadSelected.put("01", "1");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(1));
    assertThat(phone.shown()).isEqualTo("01");
    assertThat(r.value()).isEqualTo(1);
    assertThat(r.label()).isEqualTo("01");
  }

  @Test
  void theColumnTurnsTowardTheTargetWhicheverSideItLies() {
    PickerPhone up = new PickerPhone(YEARS, false, "2030");
    set(up, WheelSet.columnAt(500).to(2026));
    assertThat(up.turns).isNotEmpty().allSatisfy(t -> assertThat(t).isNegative());
    assertThat(up.turns.stream().mapToInt(Integer::intValue).sum()).isEqualTo(-4);
    PickerPhone down = new PickerPhone(YEARS, false, "2012");
    set(down, WheelSet.columnAt(500).to("2015"));
    assertThat(down.turns).isNotEmpty().allSatisfy(t -> assertThat(t).isPositive());
    assertThat(down.shown()).isEqualTo("2015");
  }

  @Test
  void everyNudgeStartsFromTheValueReadNotFromThePlan() {
    // a column that slips: each drag turns one row, whatever was asked
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    phone.maxRows = 1;
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(2025));
    assertThat(r.value()).isEqualTo(2025);
    assertThat(phone.turns).containsOnly(1).hasSize(5);
    for (int i = 0; i < phone.requests.size(); i++) {
      assertThat(phone.requests.get(i).currentValue())
          .as("request %d", i)
          .isEqualTo(Integer.parseInt(YEARS.get(phone.selectedAtRequest.get(i))));
      assertThat(phone.requests.get(i).targetValue()).isEqualTo(2025);
    }
  }

  @Test
  void aTargetAlreadyShownIsClaimedWithoutTurningTheColumn() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2024");
    WheelSetter setter = setter(phone);
    WheelSetResult r = setter.set(WheelSet.columnAt(500).to(2024));
    assertThat(r.value()).isEqualTo(2024);
    assertThat(phone.turns).isEmpty();
    assertThat(phone.requests).hasSize(1); // the release
    assertThat(setter.confirmedOn()).hasSize(2).doesNotHaveDuplicates();
  }

  @Test
  void aCyclicColumnGoesTheShortWayRoundItsWrap() {
    PickerPhone phone = new PickerPhone(MINUTES, true, "57");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(3));
    assertThat(phone.shown()).isEqualTo("03");
    assertThat(r.value()).isEqualTo(3);
    assertThat(r.label()).isEqualTo("03");
    // forward through 59 -> 00 (6 rows) rather than back 54
    assertThat(phone.turns).allSatisfy(t -> assertThat(t).isNotZero());
    assertThat(phone.turns.stream().mapToInt(t -> Math.floorMod(t, 60)).sum()).isEqualTo(6);
    assertThat(phone.requests.get(0).cycleSize()).hasValue(60);
  }

  @Test
  void aLabelTheColumnCannotShowIsRefusedBeforeAnyNudge() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to("June")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
              assertThat(e.details().get("labels_seen").toString()).contains("2020", "2022");
            });
    assertThat(phone.requests).isEmpty();
    PickerPhone fives =
        new PickerPhone(
            IntStream.range(0, 12).mapToObj(m -> String.format("%02d", 5 * m)).toList(),
            true,
            "30");
    assertThatThrownBy(() -> set(fives, WheelSet.columnAt(500).to(32)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
              assertThat(e.details()).containsEntry("value_step", 5);
            });
    assertThat(fives.requests).isEmpty();
  }

  @Test
  void aColumnThatNeverTurnsEndsInNoProgressWithinTheNudgeBudget() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    phone.stuck = true;
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to(2023)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_NO_PROGRESS);
              assertThat(e.getMessage()).contains("2023");
            });
    assertThat(phone.requests)
        .hasSizeBetween(2, WheelSetter.MAX_NUDGES + 1)
        .allSatisfy(q -> assertThat(q.currentValue()).isEqualTo(2020));
  }

  @Test
  void aTargetReachedByTheLastNudgeOfTheBudgetIsStillConfirmedAndClaimed() {
    // sixteen rows a row at a time: the sixteenth nudge lands on the target, and the two readings
    // that confirm it are not nudges (they were counted as such, and the set was refused)
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    phone.maxRows = 1;
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to(2020 + WheelSetter.MAX_NUDGES));
    assertThat(phone.shown()).isEqualTo(String.valueOf(2020 + WheelSetter.MAX_NUDGES));
    assertThat(r.actions()).isEqualTo(WheelSetter.MAX_NUDGES);
  }

  @Test
  void aColumnAskedForWhereNoneStandsIsRefusedBeforeAnyNudge() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(100).to(2021)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.getMessage()).contains("column_x");
            });
    assertThatThrownBy(() -> set(phone, WheelSet.column(2).to(2021)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.getMessage()).contains("asks for column 2 but 1"));
    assertThatThrownBy(() -> set(phone, WheelSet.columnShowing("1999").to(2021)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.getMessage()).contains("no picker column shows '1999'"));
    assertThat(phone.requests).isEmpty();
    // the same column asked for by a label it shows is set
    assertThat(set(phone, WheelSet.columnShowing("2021").to(2021)).value()).isEqualTo(2021);
  }

  @Test
  void aScreenWithoutAPickerIsNotFound() {
    PickerPhone phone = new PickerPhone(YEARS, false, "2020");
    phone.blank = true;
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to(2021)))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.WHEEL_NOT_FOUND));
    assertThat(phone.requests).isEmpty();
  }

  @Test
  void aColumnOfWordsIsTurnedDownItsAlphabetToALabelNotInView() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Dublin");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to("Paris"));
    assertThat(phone.shown()).isEqualTo("Paris");
    assertThat(r.label()).isEqualTo("Paris");
    // sorted labels: Paris lies below Dublin, so the search starts down the column (it may pass
    // Paris before reading it, and then come back)
    assertThat(phone.turns.get(0)).isPositive();
    assertThat(phone.turns.stream().mapToInt(Integer::intValue).sum()).isEqualTo(9);
  }

  @Test
  void aColumnOfWordsIsTurnedUpItsAlphabetToo() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Paris");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to("cairo"));
    assertThat(phone.shown()).isEqualTo("Cairo");
    assertThat(r.label()).as("as asked for").isEqualTo("cairo");
    assertThat(phone.turns).isNotEmpty().allSatisfy(t -> assertThat(t).isNegative());
  }

  @Test
  void aWordOnNeitherSideIsUnreachableOnceBothEndsWereSeen() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Geneva");
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to("Zagreb")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
              assertThat(e.getMessage()).contains("both ends were reached");
              @SuppressWarnings("unchecked")
              List<String> seen = (List<String>) e.details().get("labels_seen");
              // every label of the column was seen, each once in its place, before it was refused
              // (a search that took a nudge for the rows asked, not those played, numbered the
              // rows after it one off and listed a city twice)
              assertThat(seen).containsExactlyElementsOf(CITIES);
            });
    // down the alphabet first (Zagreb sorts after Geneva), then back up to the other end
    assertThat(phone.turns.get(0)).isPositive();
    assertThat(phone.turns).anySatisfy(t -> assertThat(t).isNegative());
    assertThat(phone.shown()).isEqualTo(CITIES.get(0));
  }

  @Test
  void aColumnOfWordsIsAskedForByLabelNotByNumber() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Dublin");
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to(3)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.getMessage()).contains("column of words", "[Dublin]");
            });
    assertThat(phone.requests).isEmpty();
  }

  @Test
  void aLabelClippedWhenSelectedIsTheOneReadWholeInItsRowBefore() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Dublin");
    phone.clipSelected = 6; // "Helsinki" selected reads "Helsin:"
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to("Helsinki"));
    assertThat(phone.shown()).isEqualTo("Helsinki");
    assertThat(r.label()).isEqualTo("Helsinki");
  }

  @Test
  void aLongColumnSearchedTheWrongWayFirstComesBackFromItsEnd() {
    // sixty words in no order: the search goes down first, to the end, and back up past every
    // row it read to a target three rows above the start
    // (any two differ in two letters or more: none is another misread)
    String[] first = {"Mo", "Ka", "Zu", "Be", "Ri", "Gy", "Ph", "Ax", "Tw", "Ol"};
    String[] second = {"ran", "lek", "dos", "vim", "sup", "hyt"};
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      words.add(first[i % 10] + second[i / 10]);
    }
    PickerPhone phone = new PickerPhone(words, false, words.get(3));
    WheelSetResult r;
    try {
      r = set(phone, WheelSet.columnAt(500).to(words.get(0)));
    } catch (SwipeException e) {
      throw new AssertionError(String.join("\n", (List<String>) e.details().get("evidence")), e);
    }
    assertThat(phone.shown()).isEqualTo(words.get(0));
    assertThat(r.label()).isEqualTo(words.get(0));
    assertThat(String.join("\n", r.evidence())).contains("an end");
  }

  @Test
  void anOptionOneLetterOffTheTargetIsNotClaimedAsIt() {
    // Gambia is Zambia with one letter misread, and an option of its own: read as itself on its
    // row, it is passed over, and Zambia is set where it is read letter for letter
    List<String> countries =
        List.of(
            "Gabon",
            "Gambia",
            "Georgia",
            "Germany",
            "Ghana",
            "Greece",
            "Guinea",
            "Guyana",
            "Haiti",
            "Honduras",
            "Yemen",
            "Zambia",
            "Zimbabwe");
    PickerPhone phone = new PickerPhone(countries, false, "Gambia");
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to("Zambia"));
    assertThat(phone.shown()).isEqualTo("Zambia");
    assertThat(r.label()).isEqualTo("Zambia");
  }

  @Test
  void aTargetSelectedFromTheStartButCutOnBothSidesIsReadARowOff() {
    PickerPhone phone = new PickerPhone(CITIES, false, "Helsinki");
    phone.clipSelected = 5; // "Helsinki" selected reads "elsin", centred in a narrow column
    phone.clipBothSides = true;
    WheelSetResult r = set(phone, WheelSet.columnAt(500).to("Helsinki"));
    assertThat(phone.shown()).isEqualTo("Helsinki");
    assertThat(r.label()).isEqualTo("Helsinki");
    assertThat(String.join("\n", r.evidence()))
        .as("read a row off rather than searched the column")
        .contains("cut short")
        .doesNotContain("an end");
  }

  @Test
  void everyLabelClippedWhenSelectedIsReachedFromEitherEnd() {
    // names that fit the reader's band round the column whole on this small screen
    List<String> cities =
        List.of(
            "Athens", "Berlin", "Cairo", "Dublin", "Geneva", "Lisbon", "London", "Madrid", "Oslo",
            "Paris", "Prague", "Rome", "Vienna");
    int probed = 0;
    for (String from : List.of("Athens", "Vienna")) {
      for (String to : cities) {
        if (to.equals(from)) {
          continue;
        }
        PickerPhone phone = new PickerPhone(cities, false, from);
        phone.clipSelected = 4; // every selected label past four letters is cut
        WheelSetResult r;
        try {
          r = set(phone, WheelSet.columnAt(500).to(to));
        } catch (SwipeException e) {
          throw new AssertionError(from + " -> " + to + ": " + e.details(), e);
        }
        assertThat(phone.shown()).as("%s -> %s", from, to).isEqualTo(to);
        assertThat(r.label()).isEqualTo(to);
        if (String.join("\n", r.evidence()).contains("cut short")) {
          probed++;
        }
      }
    }
    // some targets are first met as the selected row, cut, and read whole a row on
    assertThat(probed).isPositive();
  }

  @Test
  void aClippedLabelIsNeverClaimedForAnotherWordWithTheSameStart() {
    List<String> cities =
        List.of("Aarhus", "Bergen", "Gdansk", "Helsingborg", "Malmo", "Oslo", "Turku");
    PickerPhone phone = new PickerPhone(cities, false, "Bergen");
    phone.clipSelected = 6; // "Helsingborg" selected reads "Helsin:", as "Helsinki" would
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to("Helsinki")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE));
  }

  @Test
  void aLabelReadOneLetterOffOnEveryRowIsNeitherClaimedNorCalledAbsent() {
    // a column too narrow for "Weekends" cuts its W and s on every row, and the reader takes the
    // cut W for an N each time: the label may be the target, or another option one letter off
    PickerPhone phone =
        new PickerPhone(
            List.of("Once", "Daily", "Weekdays", "Weekends", "Weekly", "Monthly", "Yearly"),
            false,
            "Daily");
    phone.misreadEverywhere.put("Weekends", "Neekends");
    assertThatThrownBy(() -> set(phone, WheelSet.columnAt(500).to("Weekends")))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
              assertThat(e.getMessage())
                  .doesNotContain("is not on column")
                  .contains("neither its place nor its absence is claimed");
              assertThat(e.details()).containsEntry("labels_near", List.of("Neekends"));
            });
    PickerPhone other =
        new PickerPhone(
            List.of("Once", "Daily", "Weekdays", "Weekly", "Monthly", "Yearly"), false, "Daily");
    assertThatThrownBy(() -> set(other, WheelSet.columnAt(500).to("Weekends")))
        .as("nothing near it read: its absence is shown")
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.getMessage()).contains("is not on column"));
  }

  @Test
  void aClippedReadingIsTheWordCutShortByAtLeastALetter() {
    assertThat(WheelSetter.clippedOf("Copenhag:", "Copenhagen")).isTrue();
    assertThat(WheelSetter.clippedOf("Amsterd\u2026", "Amsterdam")).isTrue();
    assertThat(WheelSetter.clippedOf("Copenhagen", "Copenhagen")).as("not cut").isFalse();
    assertThat(WheelSetter.clippedOf("Cop", "Copenhagen")).as("too little left").isFalse();
    assertThat(WheelSetter.clippedOf("angko", "Bangkok")).as("centred, cut both sides").isTrue();
    assertThat(WheelSetter.clippedOf("ang", "Bangkok")).as("too little left").isFalse();
    assertThat(WheelSetter.clippedOf("Copenhax", "Copenhagen")).isFalse();
    assertThat(WheelSetter.clippedOf("Neekday", "Weekdays")).as("misread: not claimed").isFalse();
    assertThat(WheelSetter.mayBeClippedOf("Neekday", "Weekdays")).isTrue();
    assertThat(WheelSetter.mayBeClippedOf("Copenhax", "Copenhagen")).isTrue();
    assertThat(WheelSetter.mayBeClippedOf("Weekend", "Weekdays")).isFalse();
    assertThat(WheelSetter.mayBeClippedOf("Weekday", "Weekdays")).as("a clip").isFalse();
    assertThat(WheelSetter.mayBeClippedOf("Neek", "Weekdays")).as("too short").isFalse();
    assertThat(WheelColumnFinder.isOption("Copenhag:")).isTrue();
    assertThat(WheelColumnFinder.unclipped("Copenhag:")).isEqualTo("Copenhag");
    assertThat(WheelColumnFinder.unclipped("St.")).isEqualTo("St.");
  }

  @Test
  void anOptionReadWithinOneSlipOfALongWordIsTheOneAskedFor() {
    assertThat(WheelSetter.sameOption("Londor", "London")).as("one letter misread").isTrue();
    assertThat(WheelSetter.sameOption("ZÜRICH", "Zurich")).as("case and accents").isTrue();
    assertThat(WheelSetter.sameOption("Rame", "Rome")).as("a short word: exact only").isFalse();
    assertThat(WheelSetter.sameOption("Berlin", "Dublin")).isFalse();
    assertThat(WheelSetter.sameOption("Londonderry", "London")).as("a longer word").isFalse();
    assertThat(WheelSetter.sameOption("--", "Oslo")).isFalse();
  }
}
