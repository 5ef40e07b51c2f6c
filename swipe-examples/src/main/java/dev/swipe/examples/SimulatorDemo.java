package dev.swipe.examples;

import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.NormPoint;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.strategy.StepResult;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.core.trace.HtmlReport;
import dev.swipe.core.wheel.WheelColumn;
import dev.swipe.core.wheel.WheelSet;
import dev.swipe.core.wheel.WheelSetResult;
import dev.swipe.diff.DiffResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.core.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The README's main job: operate the simulated phone ({@code sim:}) the way an agent would and
 * print what each action did, as the SDK judged it from screenshots. The contact search and the
 * picker read the screen with the SDK's OCR, as on a rig; the simulator's oracle only prints the
 * truth beside the SDK's claims.
 */
public final class SimulatorDemo {
  private SimulatorDemo() {}

  /** Where the demo writes its traces and reports. */
  static final Path TRACES = Path.of("target", "swipe-demo-trace").toAbsolutePath();

  /** Runs the demo; an optional argument selects the platform ({@code android} or {@code ios}). */
  public static void main(String[] args) {
    String platform = args.length > 0 ? args[0] : "android";
    long t0 = System.nanoTime();
    System.out.println("swipe demo on the simulator (" + platform + "), virtual time");
    contacts(platform);
    carousel(platform);
    map(platform);
    picker(platform);
    System.out.println("\n== reports (open in a browser)");
    for (String scene : new String[] {"list", "carousel", "map", "picker"}) {
      System.out.println(HtmlReport.render(TRACES.resolve(scene)));
    }
    System.out.printf(Locale.ROOT, "done in %.1f s of real time%n", (System.nanoTime() - t0) / 1e9);
  }

  private static Device open(String scene, String platform) {
    Path trace = TRACES.resolve(scene);
    try {
      if (Files.exists(trace)) {
        try (var files = Files.walk(trace)) {
          files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return Device.open("sim:?scene=" + scene + "&platform=" + platform + "&trace=" + trace);
  }

  private static void contacts(String platform) {
    System.out.println("\n== contacts list: scroll until \"Ivan Patel\" is on screen, reading the screen's text");
    try (Device phone = open("list", platform)) {
      SimOracle truth = SimOracle.of(phone);
      ScrollResult first = phone.scroll(Scroll.of(ScrollDirection.DOWN));
      System.out.printf(Locale.ROOT, "scroll down: movement=%s diff_ratio=%.3f axis=%s settled=%s (%s)%n",
          first.movement().id(), first.diff().diffRatio(), axis(first.diff()), first.observation().settled(),
          first.cost());
      TextQuery wanted = TextQuery.of("Ivan Patel");
      ScrollUntilResult until = phone.scrollUntil(
          Scroll.builder(ScrollDirection.DOWN).amount(0.8).before(first.observation()).build(), wanted);
      String where = phone.findText(until.observation(), wanted).best().map(ScreenText::toString).orElse("not read");
      System.out.printf(Locale.ROOT, "scroll until text: found=%s %s after %d passes, edge=%s, %d HID reports, %d frames"
          + " (truth: on screen %s)%n",
          until.found(), where, until.passes(), until.edgeReached(), until.cost().hidReports(),
          until.cost().framesGrabbed(), truth.visibleListRows(until.observation()).contains("Ivan Patel"));
      ScrollUntilResult top = phone.scrollUntil(Scroll.builder(ScrollDirection.UP).amount(0.8).build(), o -> false, 40,
          java.time.Duration.ofSeconds(90));
      ScrollResult last = top.scrolls().get(top.scrolls().size() - 1);
      System.out.printf(Locale.ROOT, "back to the top: %d passes, last movement=%s (truth: offset %.0f px)%n",
          top.passes(), last.movement().id(), truth.listOffsetPx());
    }
  }

  private static void carousel(String platform) {
    System.out.println("\n== carousel: switch pages one at a time");
    try (Device phone = open("carousel", platform)) {
      SimOracle truth = SimOracle.of(phone);
      SwipeStrategies strategies = new SwipeStrategies(phone);
      Observation o = phone.screenshot();
      for (int i = 0; i < 3; i++) {
        StepResult r = strategies.carouselSwitch(ScrollDirection.RIGHT, o);
        System.out.printf(Locale.ROOT, "page switch: diff_ratio=%.3f axis=%s confirmed=%s (truth: page %d)%n",
            r.diff().diffRatio(), axis(r.diff()), r.confirmed(), truth.page());
        o = r.observation();
      }
    }
  }

  private static void map(String platform) {
    System.out.println("\n== map: pan coarse, then fine, then drag along a path");
    try (Device phone = open("map", platform)) {
      SwipeStrategies strategies = new SwipeStrategies(phone);
      StepResult coarse = strategies.mapPan(ScrollDirection.RIGHT, false, null);
      StepResult fine = strategies.mapPan(ScrollDirection.DOWN, true, coarse.observation());
      System.out.printf(Locale.ROOT, "pan 200: changed=%s axis=%s; pan 50: changed=%s axis=%s%n",
          coarse.diff().changed(), axis(coarse.diff()), fine.diff().changed(), axis(fine.diff()));
      ActionResult drag = phone.drag(Drag.builder(NormPoint.of(300, 700), NormPoint.of(600, 700))
          .then(NormPoint.of(600, 400)).build());
      DiffResult d = phone.diff(fine.observation(), drag.observation(), null);
      System.out.printf(Locale.ROOT, "drag along 2 segments: %d reports in %d ms, diff_ratio=%.3f%n",
          drag.timeline().reportCount(), drag.cost().wallMs(), d.diffRatio());
    }
  }

  private static void picker(String platform) {
    System.out.println("\n== time picker: set 18:45, reading the wheels from the screen");
    try (Device phone = open("picker", platform)) {
      SimOracle truth = SimOracle.of(phone);
      for (WheelColumn c : phone.readWheels().columns()) {
        System.out.printf(Locale.ROOT, "column %d at x=%.0f: %s, row spacing %.1f, %s%s%n", c.index(), c.columnX(),
            c.selectedLabel().orElse("?"), c.rowSpacing(), c.scale().kind().name().toLowerCase(Locale.ROOT),
            c.cyclic() ? ", wraps at " + c.scale().cycleSize().getAsInt() : "");
      }
      for (String[] set : new String[][] {{"1", "18"}, {"2", "45"}}) {
        WheelSetResult r = phone.setWheel(WheelSet.column(Integer.parseInt(set[0])).to(set[1]));
        System.out.printf(Locale.ROOT, "column %s set to %s in %d drags; readings: %s%n",
            set[0], r.label(), r.actions(), String.join(" | ", r.evidence()));
      }
      System.out.printf(Locale.ROOT, "picker shows %02d:%02d (truth); editor opened: %s; flings past a target: %d%n",
          truth.wheel("hour").value(), truth.wheel("minute").value(), truth.editorOpen(),
          truth.wheel("hour").overshoots() + truth.wheel("minute").overshoots());
    }
  }

  private static String axis(DiffResult d) {
    return d.primaryAxis().name().toLowerCase(Locale.ROOT);
  }
}
