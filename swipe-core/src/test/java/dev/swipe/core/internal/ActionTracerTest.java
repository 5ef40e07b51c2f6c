package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Cost;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.core.testkit.TraceJson;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.text.TextCode;
import dev.swipe.wheel.WheelErrorCode;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link ActionTracer} writes for each kind of step, read back from the trace on disk: the
 * record's fields, its diffs (where the action acted and on the whole screen), composite steps and
 * their sub-steps, and that tracing never fails the action it records.
 */
class ActionTracerTest {
  private static final long MS = 1_000_000L;
  private static final int W = 200;
  private static final int H = 400;

  @TempDir Path dir;

  private VirtualClock clock;
  private AttachmentRegistry shots;
  private TraceWriter writer;
  private ActionTracer tracer;

  @BeforeEach
  void open() {
    clock = new VirtualClock(5_000 * MS);
    shots = new AttachmentRegistry();
    writer = TraceWriter.open(dir, TraceReader.DEFAULT_MAX_BYTES);
    tracer = new ActionTracer(writer, clock);
  }

  /** A white screen of the given size with whatever {@code draw} adds, as a JPEG. */
  private static byte[] jpeg(int w, int h, Consumer<Graphics2D> draw) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.setColor(Color.BLACK);
    draw.accept(g);
    g.dispose();
    return Jpegs.encode(img);
  }

  private Observation shot(Consumer<Graphics2D> draw) {
    return shots.register(new Frame(jpeg(W, H, draw), W, H, clock.read()), true);
  }

  private Observation blank() {
    return shot(g -> {});
  }

  /** A gesture's result as played on the clock: every report a millisecond late. */
  private ActionResult played(Gesture g, Observation after) {
    Timeline t = TimelinePlanner.plan(g, 0);
    long[] actual = new long[t.reportCount()];
    for (int i = 0; i < actual.length; i++) {
      actual[i] = t.events().get(i).offsetNanos() + MS;
    }
    return ActionResult.builder()
        .gesture(g)
        .timeline(new PlayedTimeline(t, actual))
        .observation(after)
        .cost(new Cost(230, 1, actual.length, 7, 150))
        .build();
  }

  private List<ObjectNode> records() {
    return TraceJson.records(dir);
  }

  private ObjectNode only(String action) {
    List<ObjectNode> found =
        records().stream().filter(r -> action.equals(r.path("action").asText())).toList();
    assertThat(found).as("records of %s", action).hasSize(1);
    return found.get(0);
  }

  private static List<Double> doubles(JsonNode array) {
    return java.util.stream.StreamSupport.stream(array.spliterator(), false)
        .map(JsonNode::asDouble)
        .toList();
  }

  @Test
  void anActionRecordsWhatWasPlayedItsScreensItsTimesAndItsCost() {
    clock.advance(Duration.ofMillis(50));
    Observation before = blank();
    long start = tracer.now();
    ActionResult r = played(new Tap(NormPoint.of(300, 400), 80), shot(g -> g.fillRect(0, 0, 9, 9)));
    clock.advance(Duration.ofMillis(200));
    tracer.action(
        shots.runId(),
        "tap",
        r,
        before,
        ActionTracer.decision(Map.of("hit", true)),
        start,
        null,
        null,
        TraceWriter.object().put("why", "the button"));

    ObjectNode rec = only("tap");
    assertThat(rec.path("run").asText()).isEqualTo(shots.runId());
    // times count from the tracer's origin (5 s on the clock), the clock's own time beside them
    assertThat(rec.path("t_ms").asDouble()).isEqualTo(50.0);
    assertThat(rec.path("end_ms").asDouble()).isEqualTo(250.0);
    assertThat(rec.path("clock_ms").asDouble()).isEqualTo(5_050.0);
    assertThat(rec.path("args").path("type").asText()).isEqualTo("tap");
    assertThat(rec.path("args").path("at").path("x").asDouble()).isEqualTo(300.0);
    assertThat(rec.path("args").path("at").path("y").asDouble()).isEqualTo(400.0);
    assertThat(rec.path("args").path("hold_ms").asInt()).isEqualTo(80);
    // one planned row per report sent, each with its actual time (planned + 1 ms here)
    int reports = r.timeline().reportCount();
    assertThat(rec.path("planned").size()).isEqualTo(reports);
    assertThat(rec.path("planned").get(0).get(1).asText()).isEqualTo("down");
    assertThat(doubles(rec.path("actual_ms")))
        .hasSize(reports)
        .first()
        .isEqualTo(r.timeline().plannedOffsetNanos(0) / 1e6 + 1);
    assertThat(rec.path("before").path("id").asText()).isEqualTo(before.id());
    assertThat(rec.path("after").path("id").asText()).isEqualTo(r.observation().id());
    assertThat(dir.resolve(rec.path("after").path("file").asText())).isRegularFile();
    assertThat(rec.path("decision").path("hit").asBoolean()).isTrue();
    assertThat(rec.path("evidence").path("why").asText()).isEqualTo("the button");
    JsonNode cost = rec.path("cost");
    assertThat(cost.path("wall_ms").asLong()).isEqualTo(230);
    assertThat(cost.path("hid_reports").asInt()).isEqualTo(reports);
    assertThat(cost.path("frames_grabbed").asInt()).isEqualTo(7);
    assertThat(cost.path("settle_wait_ms").asLong()).isEqualTo(150);
  }

  @Test
  void aWheelNudgesDiffIsJudgedInItsColumnWithTheWholeScreensBesideIt() {
    // a clock ticking at the top: the whole screen changed, the column did not
    Observation before = blank();
    Observation after = shot(g -> g.fillRect(0, 0, W, 40));
    NormRegion column = NormRegion.of(300, 400, 400, 400);
    tracer.action(
        shots.runId(),
        "wheel_nudge",
        played(new Tap(NormPoint.of(500, 600), 60), after),
        before,
        null,
        tracer.now(),
        column,
        null,
        null);
    ObjectNode rec = only("wheel_nudge");
    assertThat(rec.path("diff").path("scope").asText()).isEqualTo("column");
    assertThat(doubles(rec.path("diff").path("region")))
        .containsExactly(300.0, 400.0, 400.0, 400.0);
    assertThat(rec.path("diff").path("changed").asBoolean()).isFalse();
    assertThat(rec.path("diff_screen").path("scope").asText()).isEqualTo("screen");
    assertThat(rec.path("diff_screen").path("changed").asBoolean()).isTrue();
    assertThat(rec.has("decision")).isFalse();
    assertThat(rec.has("evidence")).isFalse();
  }

  @Test
  void aChangeInsideTheFocusIsTheActionsDiffWhateverTheRestOfTheScreenDid() {
    Observation before = blank();
    // a black block in the lower half: inside the focus
    Observation after = shot(g -> g.fillRect(20, 260, 160, 100));
    NormRegion lower = NormRegion.of(0, 500, 1000, 500);
    tracer.action(
        shots.runId(),
        "tap",
        played(Tap.at(NormPoint.of(500, 750)), after),
        before,
        null,
        tracer.now(),
        lower,
        null,
        null);
    ObjectNode rec = only("tap");
    assertThat(rec.path("diff").path("scope").asText()).isEqualTo("screen");
    assertThat(rec.path("diff").path("changed").asBoolean()).isTrue();
    // the block fills much more of the lower half than of the whole screen
    assertThat(rec.path("diff").path("diff_ratio").asDouble())
        .isGreaterThan(1.5 * rec.path("diff_screen").path("diff_ratio").asDouble());
  }

  @Test
  void withoutAFocusOneScreenDiffIsWrittenAndTheApisOwnDiffIsTakenAsItIs() {
    Observation before = blank();
    Observation same = blank();
    // the API judged motion the pair of still screens cannot show (e.g. frames between them)
    DiffResult given = DiffResult.of(0.25, PrimaryAxis.VERTICAL);
    tracer.action(
        shots.runId(),
        "swipe",
        played(Tap.at(NormPoint.CENTER), same),
        before,
        null,
        tracer.now(),
        null,
        given,
        null);
    ObjectNode rec = only("swipe");
    assertThat(rec.has("diff_screen")).isFalse();
    JsonNode d = rec.path("diff");
    assertThat(d.path("scope").asText()).isEqualTo("screen");
    assertThat(doubles(d.path("region"))).containsExactly(0.0, 0.0, 1000.0, 1000.0);
    assertThat(d.path("changed").asBoolean()).isTrue();
    assertThat(d.path("diff_ratio").asDouble()).isEqualTo(0.25);
    assertThat(d.path("primary_axis").asText()).isEqualTo("vertical");
  }

  @Test
  void screensOfDifferentSizesAreRecordedButNotDiffed() {
    Observation before = blank();
    Observation rotated = shots.register(new Frame(jpeg(H, W, g -> {}), H, W, clock.read()), true);
    tracer.action(
        shots.runId(),
        "tap",
        played(Tap.at(NormPoint.CENTER), rotated),
        before,
        null,
        tracer.now(),
        null,
        null,
        null);
    ObjectNode rec = only("tap");
    assertThat(rec.path("before").path("id").asText()).isEqualTo(before.id());
    assertThat(rec.path("after").path("width").asInt()).isEqualTo(H);
    assertThat(rec.has("diff")).isFalse();
    assertThat(rec.has("diff_screen")).isFalse();
  }

  @Test
  void subStepsNameTheInnermostOpenCompositeOfTheirOwnRunOnly() {
    String run = shots.runId();
    AttachmentRegistry otherRun = new AttachmentRegistry();
    Observation before = blank();
    ActionTracer.Composite outer =
        tracer.begin(run, "scroll_until", TraceWriter.object().put("text", "Settings"), before);
    ActionTracer.Composite inner = tracer.begin(run, "strategy", null, before);
    ActionResult r = played(Tap.at(NormPoint.CENTER), blank());
    tracer.action(run, "tap", r, before, null, tracer.now(), null, null, null);
    tracer.action(otherRun.runId(), "key", r, null, null, tracer.now(), null, null, null);
    inner.end(null, null, null, null);
    tracer.action(run, "swipe", r, before, null, tracer.now(), null, null, null);
    outer.end(TraceWriter.object().put("found", true), null, Cost.ZERO, r.observation());

    long outerSeq = only("scroll_until").path("seq").asLong();
    long innerSeq = only("strategy").path("seq").asLong();
    assertThat(only("strategy").path("parent").asLong()).isEqualTo(outerSeq);
    assertThat(only("tap").path("parent").asLong()).isEqualTo(innerSeq);
    assertThat(only("key").has("parent")).as("another run's action").isFalse();
    assertThat(only("swipe").path("parent").asLong())
        .as("after the inner ended")
        .isEqualTo(outerSeq);
    assertThat(only("scroll_until").has("parent")).isFalse();
    assertThat(only("scroll_until").path("composite").asBoolean()).isTrue();
    assertThat(only("scroll_until").path("goal").path("text").asText()).isEqualTo("Settings");
  }

  @Test
  void aCompositeIsWrittenOnceWhenItEndsSpanningItsSteps() {
    clock.advance(Duration.ofMillis(10));
    Observation before = blank();
    ActionTracer.Composite c = tracer.begin(shots.runId(), "set_wheel", null, before);
    assertThat(records()).as("nothing before it ends").isEmpty();
    clock.advance(Duration.ofMillis(700));
    Observation after = shot(g -> g.fillRect(0, 0, 50, 50));
    c.end(
        TraceWriter.object().put("reached", true),
        TraceWriter.object(),
        new Cost(700, 3, 90, 20, 400),
        after);
    c.end(TraceWriter.object().put("reached", false), null, null, null);
    c.fail(new SwipeException(WheelErrorCode.WHEEL_NO_PROGRESS, "late"));

    ObjectNode rec = only("set_wheel");
    assertThat(rec.path("t_ms").asDouble()).isEqualTo(10.0);
    assertThat(rec.path("end_ms").asDouble()).isEqualTo(710.0);
    assertThat(rec.path("outcome").path("reached").asBoolean()).isTrue();
    assertThat(rec.has("evidence")).as("empty evidence is left out").isFalse();
    assertThat(rec.has("error")).isFalse();
    assertThat(rec.path("cost").path("gestures").asInt()).isEqualTo(3);
    assertThat(rec.path("before").path("id").asText()).isEqualTo(before.id());
    assertThat(rec.path("after").path("id").asText()).isEqualTo(after.id());
  }

  @Test
  void aFailedCompositeKeepsItsErrorAndWhatWasKnownAndNoLongerParentsLaterSteps() {
    String run = shots.runId();
    ActionTracer.Composite c = tracer.begin(run, "set_wheel", null, null);
    SwipeException e = new SwipeException(WheelErrorCode.WHEEL_NO_PROGRESS, "stuck at 07");
    c.fail(
        e,
        TraceWriter.object().put("nudges", 4),
        TraceWriter.object().put("readings", "shot-1: [07]"));
    tracer.action(
        run,
        "tap",
        played(Tap.at(NormPoint.CENTER), blank()),
        null,
        null,
        tracer.now(),
        null,
        null,
        null);
    ObjectNode rec = only("set_wheel");
    assertThat(rec.path("error").path("code").asText()).isEqualTo("wheel_no_progress");
    assertThat(rec.path("error").path("message").asText()).contains("stuck at 07");
    assertThat(rec.path("outcome").path("nudges").asInt()).isEqualTo(4);
    assertThat(rec.path("evidence").path("readings").asText()).isEqualTo("shot-1: [07]");
    assertThat(only("tap").has("parent")).isFalse();
  }

  @Test
  void aFailureRecordsTheGestureItWasToPlayWithWhatWasAskedBesideIt() {
    Observation before = blank();
    Swipe s = Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300)).build();
    SwipeException e = new SwipeException(ErrorCode.SCROLL_NO_PROGRESS, "nothing moved");
    tracer.failure(
        shots.runId(),
        "swipe",
        s,
        TraceWriter.object().put("query", "OK"),
        before,
        e,
        tracer.now());
    tracer.failure(shots.runId(), "tap_text", null, null, null, e, tracer.now());
    ObjectNode rec = only("swipe");
    assertThat(rec.path("args").path("type").asText()).isEqualTo("swipe");
    assertThat(rec.path("args").path("start").path("y").asDouble()).isEqualTo(700.0);
    assertThat(rec.path("args").path("end").path("y").asDouble()).isEqualTo(300.0);
    assertThat(rec.path("args").path("query").asText()).isEqualTo("OK");
    assertThat(rec.path("error").path("code").asText()).isEqualTo("scroll_no_progress");
    assertThat(rec.path("before").path("id").asText()).isEqualTo(before.id());
    ObjectNode bare = only("tap_text");
    assertThat(bare.has("args")).isFalse();
    assertThat(bare.has("before")).isFalse();
    assertThat(bare.path("error").path("code").asText()).isEqualTo("scroll_no_progress");
  }

  @Test
  void aScrollPassRecordsItsVerdictAndItsCatchAsASubStepWrittenBeforeIt() {
    Observation before = blank();
    Observation after = shot(g -> g.fillRect(0, 100, W, 30));
    NormRegion band = NormRegion.of(0, 200, 1000, 500);
    Swipe fling = Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 300)).build();
    ActionResult a = played(fling, after);
    ScrollResult s =
        ScrollResult.builder()
            .action(a)
            .before(before)
            .movement(Movement.MOVED)
            .diff(DiffResult.of(0.3, PrimaryAxis.VERTICAL))
            .amountRequested(0.9)
            .amountUsed(0.8)
            .keyboardAvoided(true)
            .keyboardMinY(OptionalDouble.of(700))
            .cost(a.cost())
            .build();
    Swipe catcher = Swipe.builder(NormPoint.of(500, 450), NormPoint.of(500, 410)).build();
    Timeline ct = TimelinePlanner.plan(catcher, 0);
    long[] offsets = new long[ct.reportCount()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = ct.events().get(i).offsetNanos();
    }
    ExecutedTimeline caught = new PlayedTimeline(ct, offsets);
    long passStart = tracer.now();
    clock.advance(Duration.ofMillis(400));
    long catchStart = tracer.now();
    clock.advance(Duration.ofMillis(600));
    tracer.scrollPass(
        shots.runId(),
        "scroll",
        new ScrollExecutor.Played(
            s,
            true,
            "motion-3",
            Double.NaN,
            null,
            0,
            passStart,
            band,
            catcher,
            caught,
            catchStart,
            "shot-9 settled",
            "moved along the scroll"));

    List<ObjectNode> all = records();
    assertThat(all)
        .extracting(r -> r.path("action").asText())
        .containsExactly("catch_drag", "scroll");
    ObjectNode pass = all.get(1);
    ObjectNode c = all.get(0);
    assertThat(c.path("parent").asLong()).isEqualTo(pass.path("seq").asLong());
    assertThat(c.path("t_ms").asDouble()).isEqualTo(400.0);
    assertThat(c.path("end_ms").asDouble() - c.path("t_ms").asDouble())
        .isCloseTo(offsets[offsets.length - 1] / 1e6, within(1e-6));
    assertThat(c.path("cost").path("hid_reports").asInt()).isEqualTo(ct.reportCount());
    assertThat(c.path("evidence").path("why").asText()).contains("motion-3");
    JsonNode d = pass.path("decision");
    assertThat(d.path("movement").asText()).isEqualTo("moved");
    assertThat(d.path("amount").asDouble()).isEqualTo(0.9);
    assertThat(d.path("amount_used").asDouble()).isEqualTo(0.8);
    assertThat(d.path("keyboard_avoided").asBoolean()).isTrue();
    assertThat(d.path("keyboard_min_y").asDouble()).isEqualTo(700.0);
    assertThat(d.path("sighted").asText()).isEqualTo("motion-3");
    assertThat(pass.path("t_ms").asDouble()).isEqualTo(0.0);
    assertThat(pass.path("end_ms").asDouble()).isEqualTo(1000.0);
    assertThat(pass.path("diff").path("scope").asText()).isEqualTo("band");
    assertThat(doubles(pass.path("diff").path("region")))
        .containsExactly(0.0, 200.0, 1000.0, 500.0);
    assertThat(pass.path("diff").path("diff_ratio").asDouble()).isEqualTo(0.3);
    assertThat(pass.path("evidence").path("settled").asText()).isEqualTo("shot-9 settled");
    assertThat(pass.path("evidence").path("movement").asText()).isEqualTo("moved along the scroll");
  }

  @Test
  void aStepWithoutACatchWritesOneRecordAndNoKeyboardItDidNotSee() {
    Observation before = blank();
    ActionResult a =
        played(Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 400)).build(), before);
    ScrollResult s =
        ScrollResult.builder()
            .action(a)
            .before(before)
            .movement(Movement.AT_EDGE)
            .diff(DiffResult.of(0, PrimaryAxis.NONE))
            .amountRequested(0.5)
            .amountUsed(0.5)
            .keyboardAvoided(false)
            .keyboardMinY(OptionalDouble.empty())
            .cost(a.cost())
            .build();
    tracer.scrollPass(
        shots.runId(),
        "scroll",
        new ScrollExecutor.Played(
            s,
            false,
            null,
            Double.NaN,
            null,
            0,
            tracer.now(),
            NormRegion.FULL,
            null,
            null,
            0,
            "settled",
            "bounced"));
    ObjectNode pass = only("scroll");
    assertThat(records()).hasSize(1);
    assertThat(pass.path("decision").path("movement").asText()).isEqualTo("at-edge");
    assertThat(pass.path("decision").has("keyboard_min_y")).isFalse();
    assertThat(pass.path("decision").has("sighted")).isFalse();
    assertThat(pass.has("diff_screen")).as("the band is the whole screen").isFalse();
  }

  @Test
  void aRecordThatCannotBeBuiltIsLostWithoutFailingTheActionOrTheRecordsAfterIt() {
    // a corrupt before-screen: its diff cannot be computed
    Observation corrupt =
        shots.register(new Frame(new byte[] {1, 2, 3, 4}, W, H, clock.read()), true);
    ActionResult r = played(Tap.at(NormPoint.CENTER), blank());
    assertThatCode(
            () ->
                tracer.action(
                    shots.runId(), "tap", r, corrupt, null, tracer.now(), null, null, null))
        .doesNotThrowAnyException();
    tracer.action(shots.runId(), "key", r, r.observation(), null, tracer.now(), null, null, null);
    assertThat(records()).extracting(x -> x.path("action").asText()).containsExactly("key");
  }

  @Test
  void tracingPastTheDiskBudgetStopsTheTraceWithinItAndNeverFailsAnAction() throws IOException {
    Path small = dir.resolve("small");
    ActionTracer t = new ActionTracer(TraceWriter.open(small, 8192), clock);
    Observation before = blank();
    for (int i = 0; i < 60; i++) {
      Observation after = shot(g -> g.fillRect(0, 0, 40, 40));
      ActionResult r = played(Tap.at(NormPoint.CENTER), after);
      assertThatCode(
              () -> t.action(shots.runId(), "tap", r, before, null, t.now(), null, null, null))
          .doesNotThrowAnyException();
    }
    long size;
    try (Stream<Path> files = Files.walk(small)) {
      size = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
    assertThat(size).isLessThanOrEqualTo(8192);
    List<ObjectNode> recs = TraceJson.records(small);
    assertThat(recs.size()).isBetween(2, 59);
    assertThat(recs.get(recs.size() - 1).path("action").asText()).isEqualTo(TraceReader.STOPPED);
    assertThat(recs.stream().filter(r -> r.path("after").has("skipped")))
        .as("screenshots stop before records do")
        .isNotEmpty();
  }

  @Test
  void aSecondTracerOnTheSameTraceCountsOnFromWhereItsLastRecordEnded() {
    long start = tracer.now();
    clock.advance(Duration.ofMillis(300));
    tracer.call(shots.runId(), "memory_get", start, null, null, null, null);
    writer.close();

    clock.advance(Duration.ofSeconds(10)); // the new tracer's origin: its own "now"
    TraceWriter again = TraceWriter.open(dir, TraceReader.DEFAULT_MAX_BYTES);
    ActionTracer next = new ActionTracer(again, clock);
    long s2 = next.now();
    clock.advance(Duration.ofMillis(20));
    next.call(shots.runId(), "memory_put", s2, null, null, null, null);
    again.close();
    ObjectNode rec = only("memory_put");
    assertThat(rec.path("t_ms").asDouble()).isEqualTo(300.0);
    assertThat(rec.path("end_ms").asDouble()).isEqualTo(320.0);
    assertThat(rec.path("seq").asLong()).isGreaterThan(only("memory_get").path("seq").asLong());
  }

  @Test
  void callsAndScreenshotsRecordWhatWasAskedAnsweredAndSeen() {
    Observation o = blank();
    tracer.call(
        shots.runId(),
        "read_text",
        tracer.now(),
        TraceWriter.object().put("region", "top"),
        TraceWriter.object().put("lines", 3),
        o,
        new SwipeException(TextCode.TEXT_READER_UNAVAILABLE, "no tesseract"));
    tracer.screenshot(shots.runId(), o, tracer.now(), "shot settled over 5 frames");
    tracer.screenshot(shots.runId(), o, tracer.now(), null);
    ObjectNode call = only("read_text");
    assertThat(call.path("args").path("region").asText()).isEqualTo("top");
    assertThat(call.path("outcome").path("lines").asInt()).isEqualTo(3);
    assertThat(call.path("after").path("id").asText()).isEqualTo(o.id());
    assertThat(call.path("error").path("code").asText()).isEqualTo("text_reader_unavailable");
    List<ObjectNode> screens =
        records().stream().filter(r -> "screenshot".equals(r.path("action").asText())).toList();
    assertThat(screens).hasSize(2);
    assertThat(screens.get(0).path("evidence").path("settled").asText())
        .isEqualTo("shot settled over 5 frames");
    assertThat(screens.get(1).has("evidence")).isFalse();
    // one file for the screenshot recorded three times
    assertThat(screens.get(1).path("after").path("file").asText())
        .isEqualTo(call.path("after").path("file").asText());
  }

  @Test
  void eachGesturesArgsNameWhatDefinesIt() {
    Drag d =
        Drag.builder(NormPoint.of(100, 100), NormPoint.of(200, 150))
            .then(NormPoint.of(300, 400))
            .durationMs(900)
            .build();
    ObjectNode da = ActionTracer.args(d);
    assertThat(da.path("type").asText()).isEqualTo("drag");
    assertThat(da.path("path").size()).isEqualTo(3);
    assertThat(doubles(da.path("path").get(2))).containsExactly(300.0, 400.0);
    assertThat(da.path("duration_ms").asInt()).isEqualTo(900);
    ObjectNode ka = ActionTracer.args(KeyPress.of(Key.ENTER));
    assertThat(ka.path("type").asText()).isEqualTo("key");
    assertThat(ka.path("key").asText()).isEqualTo("enter");
    Swipe s =
        Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 200))
            .durationMs(400)
            .steps(20)
            .holdAfterMs(120)
            .build();
    ObjectNode sa = ActionTracer.args(s);
    assertThat(sa.path("steps").asInt()).isEqualTo(20);
    assertThat(sa.path("duration_ms").asInt()).isEqualTo(400);
    assertThat(sa.path("hold_after_ms").asInt()).isEqualTo(120);
  }
}
