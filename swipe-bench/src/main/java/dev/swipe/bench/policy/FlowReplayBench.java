package dev.swipe.bench.policy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.examples.OnboardingCarousel;
import dev.swipe.examples.OpenContact;
import dev.swipe.examples.PanMapToPlace;
import dev.swipe.examples.SetAlarm;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowRecorder;
import dev.swipe.flow.ReplayOptions;
import dev.swipe.flow.ReplayResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Issue 39's replay goal: each example task (open a contact, set an alarm, turn the carousel to its
 * last page, pan the map to a place) is recorded once, by running the example through a {@link
 * FlowRecorder} on one simulated phone, then replayed without the example on other seeded phones of
 * both platforms and three frame scales. Each replay is judged against the simulator's truth: a
 * replay that ends without a divergence while the task is not done is a silent divergence (the goal
 * is none); a coded divergence is an honest failure. Phone time is compared with the recorded
 * run's.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.FlowReplayBench --task=contact --devices=100
 * </pre>
 */
public final class FlowReplayBench {
  private FlowReplayBench() {}

  enum Task {
    CONTACT("list"),
    ALARM("picker"),
    CAROUSEL("carousel"),
    MAP("map");

    final String scene;

    Task(String scene) {
      this.scene = scene;
    }

    void perform(Device d, PrintStream out) {
      switch (this) {
        case CONTACT -> OpenContact.open(d, "Ivan Patel", SearchPace.FLING, out);
        case ALARM -> SetAlarm.set(d, 7, 30, out);
        case CAROUSEL -> OnboardingCarousel.toLastPage(d, out);
        case MAP -> PanMapToPlace.find(d, "Town Hall", out);
      }
    }

    /** Whether the phone shows the task done, by the simulator's truth. */
    boolean done(Device d) {
      SimOracle o = SimOracle.of(d);
      SimState s = o.awaitRest(Duration.ofSeconds(10));
      return switch (this) {
        case CONTACT -> o.openedContact().equals(Optional.of("Ivan Patel"));
        case ALARM ->
            o.wheel("hour").value() == 7 && o.wheel("minute").value() == 30 && !s.editorOpen();
        case CAROUSEL -> s.page() == s.pageCount() - 1;
        case MAP -> {
          Observation shot = d.screenshot();
          Optional<SimOracle.DrawnText> label =
              o.textOn(shot).stream()
                  .filter(t -> t.text().equals("Town Hall") && t.visibleFraction() > 0.5)
                  .findFirst();
          yield label
              .map(
                  t -> {
                    double x = t.box().getCenterX() * 1000.0 / (shot.width() - 1);
                    double y = t.box().getCenterY() * 1000.0 / (shot.height() - 1);
                    return Math.hypot(x - 500, y - 500) < 200;
                  })
              .orElse(false);
        }
      };
    }
  }

  /** One replay beside the truth. */
  record Outcome(
      String uri, boolean replayed, boolean done, String code, long phoneMs, String report) {
    boolean silent() {
      return replayed && !done;
    }
  }

  public static void main(String[] args) throws IOException {
    Task task = Task.valueOf(Stats.opt(args, "task", "contact").toUpperCase(Locale.ROOT));
    int devices = Integer.parseInt(Stats.opt(args, "devices", "100"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "39000"));
    Path dir = Files.createTempDirectory("flow-bench-");
    Path file = dir.resolve(task.name().toLowerCase(Locale.ROOT) + ".flow.yaml");
    String recordedOn = "sim:?input=ideal&scene=" + task.scene + "&platform=android&seed=" + seed0;
    long recordedMs;
    Flow flow;
    long started = System.nanoTime();
    try (Device d = Device.open(recordedOn)) {
      FlowRecorder recorder = FlowRecorder.attach(d);
      long t0 = d.rig().ticker().read();
      task.perform(recorder.device(), new PrintStream(OutputStream.nullOutputStream()));
      recordedMs = (d.rig().ticker().read() - t0) / 1_000_000;
      if (!task.done(d)) {
        throw new IllegalStateException("the example did not do its task on " + recordedOn);
      }
      flow = recorder.save(file, task.name().toLowerCase(Locale.ROOT));
    }
    System.out.printf(
        Locale.ROOT,
        "recorded on %s: %d steps (%s), %d ms of phone time%n",
        recordedOn,
        flow.steps().size(),
        String.join(", ", flow.steps().stream().map(s -> s.kind()).toList()),
        recordedMs);
    Flow replayed = Flow.read(file);
    // The same phone again, fresh: the replay's phone time beside the recorded run's.
    Outcome same = replay(task, replayed, file, dir, recordedOn);
    System.out.printf(
        Locale.ROOT,
        "replayed on a fresh %s: %s, %d ms of phone time (%.2fx the recorded run)%n",
        recordedOn,
        same.replayed() && same.done() ? "done" : "NOT done: " + same.code(),
        same.phoneMs(),
        same.phoneMs() / (double) recordedMs);
    List<Outcome> all =
        Stats.parallel(
            devices,
            threads,
            i -> {
              String platform = i % 2 == 0 ? "ios" : "android";
              String scale = List.of("1", "0.75", "0.5").get(i % 3);
              String uri =
                  "sim:?input=ideal&scene="
                      + task.scene
                      + "&platform="
                      + platform
                      + "&scale="
                      + scale
                      + "&seed="
                      + (seed0 + 1 + i);
              return replay(task, replayed, file, dir, uri);
            });
    long ok = all.stream().filter(o -> o.replayed() && o.done()).count();
    long silent = all.stream().filter(Outcome::silent).count();
    long coded = all.stream().filter(o -> !o.replayed()).count();
    List<Long> times =
        all.stream().filter(o -> o.replayed() && o.done()).map(Outcome::phoneMs).toList();
    System.out.printf(
        Locale.ROOT,
        "%n### %s: %d devices (seeds %d..%d, ios and android, scales 1 / 0.75 / 0.5), %.0f s"
            + " real%n%n",
        task.name().toLowerCase(Locale.ROOT),
        devices,
        seed0 + 1,
        seed0 + devices,
        (System.nanoTime() - started) / 1e9);
    System.out.println(
        "| replayed and done | coded divergence | silent divergence | phone time p50 / p90"
            + " (recorded run) |");
    System.out.println("|---:|---:|---:|---|");
    System.out.printf(
        Locale.ROOT,
        "| %d (%s) | %d | %d | %s / %s ms (%d ms) |%n",
        ok,
        Stats.pctText(ok, all.size()),
        coded,
        silent,
        times.isEmpty() ? "-" : Stats.f1(Stats.pct(times, 50)),
        times.isEmpty() ? "-" : Stats.f1(Stats.pct(times, 90)),
        recordedMs);
    for (Outcome o : all) {
      if (!o.replayed() || !o.done()) {
        System.out.printf(
            Locale.ROOT,
            "  [%s] %s done=%s %s%n",
            o.silent() ? "SILENT" : "coded",
            o.uri(),
            o.done(),
            o.code() + (o.report().isEmpty() ? "" : " " + o.report()));
      }
    }
  }

  static Outcome replay(Task task, Flow flow, Path file, Path dir, String uri) {
    try (Device d = Device.open(uri)) {
      try {
        ReplayResult r = flow.replay(d, ReplayOptions.forFile(file).reportsTo(dir));
        return new Outcome(uri, true, task.done(d), "", r.phoneMs(), "");
      } catch (SwipeException e) {
        boolean coded = e.code() instanceof FlowCode;
        Object report = e.details().get("report");
        return new Outcome(
            uri,
            false,
            task.done(d),
            (coded ? "" : "UNCODED ")
                + e.code().id()
                + " step "
                + e.details().get("step")
                + ": "
                + e.getMessage(),
            0,
            report == null ? "" : report.toString());
      }
    }
  }

  static List<String> kinds(Flow flow) {
    List<String> out = new ArrayList<>();
    flow.steps().forEach(s -> out.add(s.kind()));
    return out;
  }
}
