package dev.swipe.examples;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.diff.DiffResult;
import dev.swipe.report.HtmlReport;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelSet;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The README's main job: operate the simulated phone ({@code sim:}) the way an agent would and
 * print what each action did, as the SDK judged it from screenshots. The contact search, the
 * carousel's page numbers and the picker are read from the screen with the SDK's OCR, as on a rig;
 * nothing here reads the simulator's truth (its test does, to judge these claims).
 */
public final class SimulatorDemo {
  private SimulatorDemo() {}

  /** The scenes the demo visits, in order. */
  static final List<String> SCENES = List.of("list", "carousel", "map", "picker");

  /**
   * Sees each scene's phone when it opened and whenever the demo made a claim there (a {@link
   * ContactFound}, {@link BackAtTop}, {@link Carousel}, {@link MapPan} or {@link Picker}), before
   * the phone moves on or closes.
   */
  @FunctionalInterface
  interface SceneCheck {
    /** The scene's phone, before the demo touches it. */
    default void opened(String scene, Device phone) {}

    /** The scene's phone right after the demo claimed {@code claims}. */
    void check(String scene, Device phone, Record claims);
  }

  /**
   * The contact search's claim, checked as soon as it is made (the list moves on afterwards).
   *
   * @param found whether the name was read on a settled screen
   * @param foundOn that screen
   */
  record ContactFound(boolean found, Observation foundOn) {}

  /**
   * The way back up the list.
   *
   * @param topMovement the verdict of the last pass back to the top
   */
  record BackAtTop(String topMovement) {}

  /**
   * The carousel's claims.
   *
   * @param confirmed page switches the SDK confirmed from pixels
   * @param pageLabels the page number read after each switch ("2 / 6"), empty where none was read
   */
  record Carousel(int confirmed, List<String> pageLabels) {}

  /**
   * The map's claims.
   *
   * @param coarseChanged whether the coarse pan changed the screen
   * @param fineChanged whether the fine pan changed the screen
   * @param dragDiffRatio how much of the screen the two-segment drag changed
   */
  record MapPan(boolean coarseChanged, boolean fineChanged, double dragDiffRatio) {}

  /**
   * The picker's claims.
   *
   * @param hour the hour label read twice in the selected row
   * @param minute the minute label read twice in the selected row
   */
  record Picker(String hour, String minute) {}

  /** Where the demo writes its traces and reports. */
  static final Path TRACES = Path.of("target", "swipe-demo-trace").toAbsolutePath();

  /** Runs the demo; an optional argument selects the platform ({@code android} or {@code ios}). */
  public static void main(String[] args) {
    ExampleCommand.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return ExampleCommand.run(
        out,
        err,
        o -> {
          ExampleCommand.atMost(args, 1, "SimulatorDemo [android|ios|flutter]");
          tour(ExampleCommand.optional(args, 0, "android"), o, (scene, phone, claims) -> {});
        });
  }

  /**
   * Runs every scene on {@code platform}, printing to {@code out}; {@code check} sees each scene's
   * phone.
   */
  static void tour(String platform, PrintStream out, SceneCheck check) {
    if (!List.of("android", "ios", "flutter").contains(platform)) {
      throw SwipeException.invalidArgument(
          "platform", "android, ios or flutter, was '" + platform + "'");
    }
    long t0 = System.nanoTime();
    out.println("swipe demo on the simulator (" + platform + "), virtual time");
    for (String scene : SCENES) {
      try (Device phone = open(scene, platform)) {
        check.opened(scene, phone);
        Record claims =
            switch (scene) {
              case "list" -> contacts(phone, out, check);
              case "carousel" -> carousel(phone, out);
              case "map" -> map(phone, out);
              default -> picker(phone, out);
            };
        check.check(scene, phone, claims);
      }
    }
    out.println("\n== reports (open in a browser)");
    for (String scene : SCENES) {
      out.println(HtmlReport.render(TRACES.resolve(scene)));
    }
    out.printf(Locale.ROOT, "done in %.1f s of real time%n", (System.nanoTime() - t0) / 1e9);
  }

  /** Where each carousel card shows its page number. */
  private static final NormRegion PAGE_NUMBER = NormRegion.of(0, 150, 1000, 50);

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

  private static BackAtTop contacts(Device phone, PrintStream out, SceneCheck check) {
    out.println(
        "\n== contacts list: scroll until \"Ivan Patel\" is on screen, reading the screen's text");
    ScrollResult first = phone.scroll(Scroll.of(ScrollDirection.DOWN));
    out.printf(
        Locale.ROOT,
        "scroll down: movement=%s diff_ratio=%.3f axis=%s settled=%s (%s)%n",
        first.movement().id(),
        first.diff().diffRatio(),
        axis(first.diff()),
        first.observation().settled(),
        first.cost());
    TextQuery wanted = TextQuery.of("Ivan Patel");
    ScrollUntilResult until =
        phone
            .text()
            .scrollUntil(
                Scroll.builder(ScrollDirection.DOWN)
                    .amount(0.8)
                    .before(first.observation())
                    .build(),
                wanted);
    String where =
        phone
            .text()
            .find(until.observation(), wanted)
            .best()
            .map(ScreenText::toString)
            .orElse("not read");
    out.printf(
        Locale.ROOT,
        "scroll until text: found=%s %s after %d passes, edge=%s, %d HID reports, %d frames%n",
        until.found(),
        where,
        until.passes(),
        until.edgeReached(),
        until.cost().hidReports(),
        until.cost().framesGrabbed());
    check.check("list", phone, new ContactFound(until.found(), until.observation()));
    ScrollUntilResult top =
        phone.scrollUntil(
            Scroll.builder(ScrollDirection.UP).amount(0.8).build(),
            o -> false,
            ScrollSearch.builder().maxPasses(40).build());
    ScrollResult last = top.scrolls().get(top.scrolls().size() - 1);
    out.printf(
        Locale.ROOT,
        "back to the top: %d passes, last movement=%s%n",
        top.passes(),
        last.movement().id());
    return new BackAtTop(last.movement().id());
  }

  private static Carousel carousel(Device phone, PrintStream out) {
    out.println("\n== carousel: switch pages one at a time, reading each page's number");
    SwipeStrategies strategies = new SwipeStrategies(phone);
    Observation o = phone.screenshot();
    int confirmed = 0;
    List<String> labels = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      SwipeStrategies.Step r = strategies.carouselSwitch(ScrollDirection.RIGHT, o);
      o = r.observation();
      // The page number ("2 / 6") sits at the top of each card.
      String label =
          phone.text().read(o, PAGE_NUMBER).stream()
              .map(ScreenText::text)
              .collect(Collectors.joining(" "));
      labels.add(label);
      confirmed += r.confirmed() ? 1 : 0;
      out.printf(
          Locale.ROOT,
          "page switch: diff_ratio=%.3f axis=%s confirmed=%s, the card reads \"%s\"%n",
          r.diff().diffRatio(),
          axis(r.diff()),
          r.confirmed(),
          label);
    }
    return new Carousel(confirmed, List.copyOf(labels));
  }

  private static MapPan map(Device phone, PrintStream out) {
    out.println("\n== map: pan coarse, then fine, then drag along a path");
    SwipeStrategies strategies = new SwipeStrategies(phone);
    SwipeStrategies.Step coarse = strategies.mapPan(ScrollDirection.RIGHT, false, null);
    SwipeStrategies.Step fine = strategies.mapPan(ScrollDirection.DOWN, true, coarse.observation());
    out.printf(
        Locale.ROOT,
        "pan 200: changed=%s axis=%s; pan 50: changed=%s axis=%s%n",
        coarse.diff().changed(),
        axis(coarse.diff()),
        fine.diff().changed(),
        axis(fine.diff()));
    ActionResult drag =
        phone.perform(
            Drag.builder(NormPoint.of(300, 700), NormPoint.of(600, 700))
                .then(NormPoint.of(600, 400))
                .build());
    DiffResult d = phone.screen().diff(fine.observation(), drag.observation(), null);
    out.printf(
        Locale.ROOT,
        "drag along 2 segments: %d reports in %d ms, diff_ratio=%.3f%n",
        drag.timeline().reportCount(),
        drag.cost().wallMs(),
        d.diffRatio());
    return new MapPan(coarse.diff().changed(), fine.diff().changed(), d.diffRatio());
  }

  private static Picker picker(Device phone, PrintStream out) {
    out.println("\n== time picker: set 18:45, reading the wheels from the screen");
    for (WheelColumn c : phone.wheels().read().columns()) {
      out.printf(
          Locale.ROOT,
          "column %d at x=%.0f: %s, row spacing %.1f, %s%s%n",
          c.index(),
          c.columnX(),
          c.selectedLabel().orElse("?"),
          c.rowSpacing(),
          c.scale().kind().name().toLowerCase(Locale.ROOT),
          c.cyclic() ? ", wraps at " + c.scale().cycleSize().getAsInt() : "");
    }
    String[] labels = new String[2];
    for (String[] set : new String[][] {{"1", "18"}, {"2", "45"}}) {
      WheelSetResult r = phone.wheels().set(WheelSet.column(Integer.parseInt(set[0])).to(set[1]));
      labels[Integer.parseInt(set[0]) - 1] = r.label();
      out.printf(
          Locale.ROOT,
          "column %s set to %s in %d drags; readings: %s%n",
          set[0],
          r.label(),
          r.actions(),
          String.join(" | ", r.evidence()));
    }
    out.printf(Locale.ROOT, "picker reads %s:%s%n", labels[0], labels[1]);
    return new Picker(labels[0], labels[1]);
  }

  private static String axis(DiffResult d) {
    return d.primaryAxis().name().toLowerCase(Locale.ROOT);
  }
}
