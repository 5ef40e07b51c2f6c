package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.core.testkit.TraceJson;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.report.HtmlReport;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's own check: a run on each scene records what the API returned; the trace must say the
 * same, and the page rendered from it in headless Chromium must show the same verdicts, with no
 * contradiction between a step's claims, its HID report counts, its times and its sub-steps.
 */
class ReportAgreesWithRunTest {
  @TempDir Path dir;

  /** What the API returned for one step: the record whose after screenshot is {@code afterId}. */
  private record Expected(String action, String afterId, Map<String, String> fields) {}

  private final List<Expected> expected = new ArrayList<>();

  private void expect(String action, Observation after, Object... pointerAndValue) {
    Map<String, String> f = new LinkedHashMap<>();
    for (int i = 0; i + 1 < pointerAndValue.length; i += 2) {
      f.put((String) pointerAndValue[i], String.valueOf(pointerAndValue[i + 1]));
    }
    expected.add(new Expected(action, after.id(), f));
  }

  private void expectScroll(String action, ScrollResult r) {
    expect(
        action,
        r.observation(),
        "/decision/movement",
        r.movement().id(),
        "/diff/changed",
        r.diff().changed(),
        "/diff/primary_axis",
        r.diff().primaryAxis().name().toLowerCase(Locale.ROOT),
        "/diff/scope",
        "band",
        "/cost/hid_reports",
        r.cost().hidReports());
  }

  @Test
  void theListReportAgreesWithTheApi() throws Exception {
    Path trace = dir.resolve("list");
    try (Device d =
        Device.builder().device("sim:?scene=list&scale=0.5").memory("mem:").trace(trace).open()) {
      SimOracle truth = SimOracle.of(d);
      d.screenshot();
      ScrollResult first = d.scroll(Scroll.of(ScrollDirection.DOWN));
      expectScroll("scroll", first);
      String target = SimOracle.listContacts().get(60);
      ScrollUntilResult found =
          d.scrollUntil(
              Scroll.builder(ScrollDirection.DOWN).amount(0.8).build(),
              ScreenCondition.of(
                  "row " + target + " visible", o -> truth.visibleListRows(o).contains(target)),
              ScrollSearch.defaults());
      assertThat(found.found()).as("the search finds its row").isTrue();
      expectSearch(found);
      d.rig()
          .memory()
          .orElseThrow()
          .save(
              MemoryRecord.builder(
                      "[Contacts] [List] swipe parameters",
                      "app: contacts, screen: list, effective distance: 350")
                  .type("procedure")
                  .build());
      List<MemoryRecord> recalled =
          d.rig().memory().orElseThrow().recall(MemoryQuery.of("contacts list"));
      assertThat(recalled).hasSize(1);
      WaitResult stable = d.screen().waitForStable(Duration.ofSeconds(2));
      expect("wait_for_stable", stable.observation(), "/outcome/held", stable.held());
      WaitResult unchanged =
          d.screen()
              .waitUntil(
                  ScreenCondition.unchangedFrom(
                      stable.observation(), NormRegion.of(0, 100, 1000, 800)),
                  Duration.ofSeconds(2));
      expect("wait_until", unchanged.observation(), "/outcome/held", unchanged.held());
      ScrollUntilResult top =
          d.scrollUntil(
              Scroll.builder(ScrollDirection.UP).amount(0.8).build(),
              ScreenCondition.of("never", o -> false),
              ScrollSearch.builder().maxPasses(3).timeout(Duration.ofSeconds(60)).build());
      assertThat(top.found()).isFalse();
      expectSearch(top);
      d.tap(NormPoint.of(500, 600));
    }
    List<ObjectNode> records = checkReport(trace);
    assertThat(records)
        .anySatisfy(
            r -> {
              assertThat(r.path("action").asText()).isEqualTo("memory_recall");
              assertThat(r.path("outcome").path("records").asInt()).isEqualTo(1);
            });
    assertThat(records)
        .anySatisfy(r -> assertThat(r.path("action").asText()).isEqualTo("memory_save"));
  }

  @Test
  void theCarouselAndMapReportsAgreeWithTheStrategies() throws Exception {
    Path carousel = dir.resolve("carousel");
    try (Device d = Device.open("sim:?scene=carousel&scale=0.5&platform=ios&trace=" + carousel)) {
      SwipeStrategies s = new SwipeStrategies(d);
      Observation o = d.screenshot();
      for (int i = 0; i < 2; i++) {
        SwipeStrategies.Step r = s.carouselSwitch(ScrollDirection.RIGHT, o);
        expect("carousel", r.observation(), "/outcome/confirmed", r.confirmed());
        o = r.observation();
      }
    }
    checkReport(carousel);
    expected.clear();
    Path map = dir.resolve("map");
    try (Device d = Device.open("sim:?scene=map&scale=0.5&trace=" + map)) {
      SwipeStrategies s = new SwipeStrategies(d);
      SwipeStrategies.Step coarse = s.mapPan(ScrollDirection.RIGHT, false, null);
      expect("map_coarse", coarse.observation(), "/outcome/confirmed", coarse.confirmed());
      SwipeStrategies.Calibration cal =
          s.calibrate(ScrollDirection.DOWN, step -> step.diff().changed());
      SwipeStrategies.Step lastTry = cal.tries().get(cal.tries().size() - 1);
      expect(
          "calibrate",
          lastTry.observation(),
          "/outcome/result",
          cal.succeeded() ? "calibrated" : "gave_up");
    }
    checkReport(map);
  }

  @Test
  void thePickerReportJudgesEachNudgeInItsColumn() throws Exception {
    Path trace = dir.resolve("picker");
    try (Device d = Device.open("sim:?scene=picker&scale=0.5&trace=" + trace)) {
      SimOracle truth = SimOracle.of(d);
      Observation shot = d.screenshot();
      truth.setWheelTarget("hour", 14);
      for (int i = 0; i < 6; i++) {
        SimState.Wheel w = truth.wheel("hour");
        WheelRequest.Builder req =
            WheelRequest.builder()
                .currentValue(w.value())
                .targetValue(14)
                .valueStep(w.valueStep())
                .columnX(w.columnXNorm())
                .centerY(w.selectedCenterYNorm())
                .rowSpacing(w.rowPitchNorm());
        w.cycleSize().ifPresent(req::cycleSize);
        WheelNudgeResult r = d.wheels().nudge(shot, req.build());
        shot = r.observation();
        if (r.action().isEmpty()) {
          break;
        }
        expect(
            "wheel_nudge",
            r.observation(),
            "/decision/rows",
            r.decision().rows(),
            "/diff/scope",
            "column",
            "/after/settled",
            r.observation().settled());
      }
    }
    List<ObjectNode> records = checkReport(trace);
    List<ObjectNode> nudges =
        records.stream().filter(r -> r.path("action").asText().equals("wheel_nudge")).toList();
    assertThat(nudges).isNotEmpty();
    for (ObjectNode n : nudges) {
      if (n.path("diff").path("changed").asBoolean()) {
        assertThat(n.path("diff").path("diff_ratio").asDouble())
            .as("the column's share of change exceeds the whole screen's")
            .isGreaterThan(n.path("diff_screen").path("diff_ratio").asDouble());
      }
    }
  }

  @Test
  void setWheelIsOneStepWithItsGoalOutcomeEvidenceAndNudges() throws Exception {
    Path trace = dir.resolve("set-wheel");
    WheelSetResult set;
    try (Device d = Device.open("sim:?scene=picker&trace=" + trace)) {
      set = d.wheels().set(WheelSet.column(1).to("14"));
      assertThat(SimOracle.of(d).wheel("hour").value()).as("the simulator's hour").isEqualTo(14);
      expect(
          "set_wheel",
          set.observation(),
          "/outcome/reached",
          true,
          "/outcome/value",
          set.label(),
          "/outcome/nudges",
          set.nudges().size(),
          "/goal/column",
          1,
          "/goal/target",
          "14");
      assertThatThrownBy(() -> d.wheels().set(WheelSet.column(2).to("75")))
          .hasFieldOrPropertyWithValue("code", WheelErrorCode.WHEEL_TARGET_UNREACHABLE);
    }
    List<ObjectNode> records = checkReport(trace);
    List<ObjectNode> steps =
        records.stream().filter(r -> r.path("action").asText().equals("set_wheel")).toList();
    assertThat(steps).hasSize(2);
    ObjectNode ok = steps.get(0);
    assertThat(ok.path("composite").asBoolean()).isTrue();
    long seq = ok.path("seq").asLong();
    List<ObjectNode> nudges =
        records.stream()
            .filter(
                r ->
                    r.path("parent").asLong(-1) == seq
                        && r.path("action").asText().equals("wheel_nudge"))
            .toList();
    // every nudge that played a drag is a sub-step (the release at the end plays nothing)
    assertThat(nudges.stream().map(n -> n.path("after").path("id").asText()).toList())
        .isEqualTo(
            set.nudges().stream()
                .filter(n -> n.action().isPresent())
                .map(n -> n.observation().id())
                .toList());
    assertThat(ok.path("outcome").path("drags").asInt())
        .isEqualTo(set.actions())
        .isEqualTo(nudges.size());
    // each nudge's diff is judged where its rows turned, so it agrees with the result's moved
    // (judged in the guard's wide band, a one-row turn read "unchanged" in a step marked reached)
    List<WheelNudgeResult> played =
        set.nudges().stream().filter(n -> n.action().isPresent()).toList();
    for (int i = 0; i < nudges.size(); i++) {
      assertThat(played.get(i).moved()).as("nudge %d turned the wheel", i).isTrue();
      assertThat(nudges.get(i).path("diff").path("changed").asBoolean())
          .as("nudge %d: the trace's diff says what the result says", i)
          .isTrue();
    }
    assertThat(ok.path("evidence").path("reached").asText())
        .as("the readings that confirmed it")
        .contains(set.observation().id())
        .contains("'" + set.label() + "'");
    assertThat(ok.path("evidence").path("readings").asText())
        .isEqualTo(String.join("; ", set.evidence()));
    ObjectNode failed = steps.get(1);
    assertThat(failed.path("error").path("code").asText()).isEqualTo("wheel_target_unreachable");
    assertThat(failed.path("outcome").path("reached").asBoolean(true)).isFalse();
    assertThat(failed.path("outcome").path("result").asText())
        .isEqualTo("wheel_target_unreachable");
    assertThat(failed.path("goal").path("target").asText()).isEqualTo("75");
  }

  @Test
  void aRigOfSeparateHidAndCapturePartsLeavesATraceThatRenders() throws Exception {
    Path trace = dir.resolve("rig");
    try (Device d =
        Device.builder()
            .hid("sim:?name=evidence-rig&scale=0.5")
            .capture("sim:?name=evidence-rig&scale=0.5")
            .trace(trace)
            .open()) {
      d.screenshot();
      ScrollResult r = d.scroll(Scroll.of(ScrollDirection.DOWN));
      expectScroll("scroll", r);
      d.tap(NormPoint.of(500, 600));
    }
    List<ObjectNode> records = checkReport(trace);
    assertThat(records)
        .extracting(r -> r.path("action").asText())
        .containsExactly("screenshot", "scroll", "tap");
  }

  private void expectSearch(ScrollUntilResult u) {
    expect(
        "scroll_until",
        u.observation(),
        "/outcome/found",
        u.found(),
        "/outcome/passes",
        u.passes(),
        "/outcome/edge_reached",
        u.edgeReached());
    for (ScrollResult pass : u.scrolls()) {
      expectScroll("scroll_pass", pass);
    }
  }

  /** Renders the trace, loads it in Chromium and checks trace, API and page against each other. */
  private List<ObjectNode> checkReport(Path trace) throws Exception {
    Chromium chromium = Chromium.find(dir);
    TraceReader.Trace t = TraceReader.read(trace);
    assertThat(t.skipped()).isEmpty();
    List<ObjectNode> records = TraceJson.of(t);
    Map<Long, ObjectNode> bySeq = new HashMap<>();
    records.forEach(r -> bySeq.put(r.path("seq").asLong(), r));

    // 1. the trace says what the API returned
    for (Expected e : expected) {
      ObjectNode r =
          records.stream()
              .filter(
                  x ->
                      x.path("action").asText().equals(e.action())
                          && x.path("after").path("id").asText().equals(e.afterId()))
              .findFirst()
              .orElseThrow(
                  () ->
                      new AssertionError("no " + e.action() + " record ending on " + e.afterId()));
      e.fields()
          .forEach(
              (pointer, value) ->
                  assertThat(r.at(pointer).asText())
                      .as(e.action() + " " + e.afterId() + " " + pointer)
                      .isEqualTo(value));
    }

    // 2. the page shows what the trace says
    Path page = HtmlReport.render(trace);
    // without a browser the page as written is checked; .ci/run installs chromium, so CI checks
    // the page as a browser builds it
    String dom = chromium == null ? Files.readString(page) : chromium.dumpDom(page);
    if (chromium != null) {
      assertThat(attr(dom, "data-ready"))
          .as("every image loaded and no script error")
          .isEqualTo("ok");
      // kept for a person to look at: target/report-<scene>.png
      chromium.screenshot(
          page,
          Path.of("target", "report-" + trace.getFileName() + ".png").toAbsolutePath(),
          "1300,2600");
    }
    Map<Long, Map<String, String>> claims = claims(dom);
    Map<Long, String> status = statuses(dom);
    assertThat(claims.keySet())
        .as("one claims table per record")
        .containsExactlyInAnyOrderElementsOf(bySeq.keySet());
    for (ObjectNode r : records) {
      long seq = r.path("seq").asLong();
      Map<String, String> c = claims.get(seq);
      String what = "#" + seq + " " + r.path("action").asText();
      assertThat(c.get("at_ms"))
          .as(what + " time")
          .isEqualTo(String.format(Locale.ROOT, "%.0f", r.path("t_ms").asDouble()));
      if (r.path("decision").has("movement")) {
        assertThat(c.get("movement"))
            .as(what + " movement")
            .isEqualTo(r.path("decision").path("movement").asText());
      }
      for (String k : List.of("found", "confirmed", "held", "result", "reached")) {
        if (r.path("outcome").has(k)) {
          assertThat(c.get(k)).as(what + " " + k).isEqualTo(r.path("outcome").path(k).asText());
        }
      }
      if (r.has("diff")) {
        assertThat(c.get("diff"))
            .as(what + " diff")
            .isEqualTo(r.path("diff").path("changed").asBoolean() ? "changed" : "unchanged");
        assertThat(c.get("axis"))
            .as(what + " axis")
            .isEqualTo(r.path("diff").path("primary_axis").asText());
      }
      if (r.path("after").has("settled")) {
        assertThat(c.get("settled"))
            .as(what + " settled")
            .isEqualTo(r.path("after").path("settled").asText());
      }
      boolean unmet =
          r.path("outcome").path("found").asText().equals("false")
              || r.path("outcome").path("confirmed").asText().equals("false")
              || r.path("outcome").path("held").asText().equals("false")
              || r.path("outcome").path("reached").asText().equals("false");
      assertThat(status.get(seq))
          .as(what + " shown as")
          .isEqualTo(
              r.has("error")
                  ? "bad"
                  : unmet ? "unmet" : r.path("composite").asBoolean() ? "goal" : "ok");

      // 3. no step contradicts itself or its sub-steps
      if (r.has("planned") && r.has("cost")) {
        int sub =
            c.containsKey("sub_step_reports") ? Integer.parseInt(c.get("sub_step_reports")) : 0;
        assertThat(Integer.parseInt(c.get("hid_reports")))
            .as(what + ": HID reports = its timeline + its sub-steps'")
            .isEqualTo(Integer.parseInt(c.get("timeline_reports")) + sub);
      }
      if (r.path("action").asText().matches("scroll|scroll_pass")) {
        assertThat(c.get("diff_scope")).as(what + " judged in its band").isEqualTo("band");
        if ("moved".equals(c.get("movement"))) {
          assertThat(c.get("axis"))
              .as(what + ": a vertical scroll that moved shows its axis")
              .isEqualTo("vertical");
        }
      }
      if (r.path("action").asText().equals("wheel_nudge")) {
        assertThat(c.get("diff_scope")).as(what + " judged in its column").isEqualTo("column");
      }
      if (r.has("parent")) {
        ObjectNode parent = bySeq.get(r.path("parent").asLong());
        assertThat(parent).as(what + " has its parent in the trace").isNotNull();
        assertThat(r.path("t_ms").asDouble())
            .as(what + " starts within its parent")
            .isGreaterThanOrEqualTo(parent.path("t_ms").asDouble())
            .isLessThanOrEqualTo(parent.path("end_ms").asDouble());
      }
      if (r.has("evidence") && r.path("decision").has("movement")) {
        assertThat(r.path("evidence").path("movement").asText())
            .as(what + " has evidence for its movement")
            .isNotBlank();
      }
    }
    // passes of one search start at different times, in order
    Map<Long, List<Double>> passTimes = new HashMap<>();
    for (ObjectNode r : records) {
      if (r.path("action").asText().equals("scroll_pass")) {
        passTimes
            .computeIfAbsent(r.path("parent").asLong(), k -> new ArrayList<>())
            .add(r.path("t_ms").asDouble());
      }
    }
    passTimes
        .values()
        .forEach(
            times -> {
              for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i)).as("pass times " + times).isGreaterThan(times.get(i - 1));
              }
            });
    // a composite's sub-steps nest inside it on the page
    for (ObjectNode r : records) {
      if (r.has("parent")) {
        long parent = r.path("parent").asLong();
        int open = dom.indexOf("id=\"step-" + parent + "\"");
        int child = dom.indexOf("id=\"step-" + r.path("seq").asLong() + "\"");
        assertThat(child)
            .as("sub-step #" + r.path("seq").asLong() + " after its parent on the page")
            .isGreaterThan(open);
      }
    }
    assertThat(dom).contains("legend");
    return records;
  }

  private static Map<Long, Map<String, String>> claims(String dom) {
    Map<Long, Map<String, String>> out = new HashMap<>();
    Matcher m =
        Pattern.compile("<dl class=\"claims\" id=\"claims-(\\d+)\">(.*?)</dl>", Pattern.DOTALL)
            .matcher(dom);
    while (m.find()) {
      Map<String, String> c = new LinkedHashMap<>();
      Matcher kv = Pattern.compile("<dt>(.*?)</dt><dd>(.*?)</dd>").matcher(m.group(2));
      while (kv.find()) {
        c.put(kv.group(1), kv.group(2));
      }
      out.put(Long.parseLong(m.group(1)), c);
    }
    return out;
  }

  private static Map<Long, String> statuses(String dom) {
    Map<Long, String> out = new HashMap<>();
    Matcher m =
        Pattern.compile("<section class=\"step (\\w+)(?: nested)?\" id=\"step-(\\d+)\"")
            .matcher(dom);
    while (m.find()) {
      out.put(Long.parseLong(m.group(2)), m.group(1));
    }
    return out;
  }

  private static String attr(String dom, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
    assertThat(m.find()).as(name).isTrue();
    return m.group(1);
  }
}
