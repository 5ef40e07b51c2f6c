package dev.swipe.bench.agent;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * One task of the agent benchmark: the screen, the words a model is given, and how the simulator's
 * truth judges the run afterwards (the agent never sees that truth).
 *
 * @param id a short name for tables, e.g. {@code picker-ios-2}
 * @param kind what is asked
 * @param platform android, ios or flutter
 * @param deviceUri the simulator to open
 * @param instruction the task as the model reads it
 * @param target what the judge checks: {@code HH:MM}, a contact's name, a place's name, or empty
 */
record AgentTask(
    String id, Kind kind, String platform, String deviceUri, String instruction, String target) {
  /** The tasks. */
  enum Kind {
    PICKER,
    CONTACT,
    CAROUSEL,
    MAP
  }

  /** Places the simulator's map labels. */
  static final List<String> PLACES =
      List.of(
          "Cafe Aurora",
          "City Library",
          "Harbor Market",
          "Museum of Light",
          "Green Park",
          "Central Station",
          "Bakery Nord",
          "Town Hall",
          "Riverside Gym",
          "Star Cinema",
          "Old Mill",
          "Bike Shop");

  static final List<String> PLATFORMS = List.of("android", "ios", "flutter");

  /**
   * The fixed set: every kind on every platform, {@code variations} times, each variation drawn
   * from its own fixed random stream so every agent and every run gets the same tasks.
   */
  static List<AgentTask> fixedSet(int variations, List<Kind> kinds, List<String> platforms) {
    List<AgentTask> out = new ArrayList<>();
    List<String> contacts = SimOracle.listContacts();
    for (int v = 0; v < variations; v++) {
      for (Kind kind : kinds) {
        for (String platform : platforms) {
          // the seeds of the recorded runs: Kind's order is part of them
          @SuppressWarnings("EnumOrdinal")
          Random r = new Random(31L * v + 7L * kind.ordinal() + platform.hashCode());
          String id = kind.name().toLowerCase(Locale.ROOT) + "-" + platform + "-" + v;
          String base = "sim:?input=ideal&scale=0.5&platform=" + platform + "&scene=";
          out.add(
              switch (kind) {
                case PICKER -> {
                  String time =
                      String.format(Locale.ROOT, "%02d:%02d", r.nextInt(24), 5 * r.nextInt(12));
                  yield new AgentTask(
                      id,
                      kind,
                      platform,
                      base + "picker",
                      "Set the time picker to " + time + ".",
                      time);
                }
                case CONTACT -> {
                  String name = contacts.get(r.nextInt(contacts.size()));
                  yield new AgentTask(
                      id,
                      kind,
                      platform,
                      base + "list",
                      "Find the contact "
                          + name
                          + " in the contacts list and open it (tap its row).",
                      name);
                }
                case CAROUSEL ->
                    new AgentTask(
                        id,
                        kind,
                        platform,
                        base + "carousel",
                        "Page the onboarding carousel to its last page.",
                        "");
                case MAP -> {
                  String place = PLACES.get(r.nextInt(PLACES.size()));
                  yield new AgentTask(
                      id,
                      kind,
                      platform,
                      base + "map",
                      "Pan the map until the place labelled "
                          + place
                          + " is near the middle of the screen.",
                      place);
                }
              });
        }
      }
    }
    return out;
  }

  /**
   * What the truth says about the run.
   *
   * @param success whether the goal holds on the phone
   * @param reason what was found, for a failure's explanation
   */
  record Verdict(boolean success, String reason) {}

  /** Judges the phone after the run. */
  Verdict judge(Device phone) {
    SimOracle oracle = SimOracle.of(phone);
    oracle.awaitRest(java.time.Duration.ofSeconds(5));
    SimState s = oracle.state();
    switch (kind) {
      case PICKER -> {
        int hour = Integer.parseInt(target.substring(0, 2));
        int minute = Integer.parseInt(target.substring(3));
        int h = oracle.wheel("hour").value();
        int m = oracle.wheel("minute").value();
        return new Verdict(
            h == hour && m == minute, String.format(Locale.ROOT, "picker shows %02d:%02d", h, m));
      }
      case CAROUSEL -> {
        return new Verdict(
            s.page() == s.pageCount() - 1, "page " + (s.page() + 1) + " of " + s.pageCount());
      }
      case MAP -> {
        for (SimOracle.DrawnText t : oracle.drawnText()) {
          if (t.text().equals(target)) {
            double cx = NormPoint.toNorm(t.box().getCenterX(), s.frameWidth());
            double cy = NormPoint.toNorm(t.box().getCenterY(), s.frameHeight());
            if (Math.abs(cx - 500) <= 250 && Math.abs(cy - 500) <= 250) {
              return new Verdict(
                  true, String.format(Locale.ROOT, "%s at (%.0f, %.0f)", target, cx, cy));
            }
          }
        }
        return new Verdict(false, target + " is not within 250 of the centre");
      }
      case CONTACT -> {
        return contactVerdict(oracle);
      }
      default -> throw new IllegalStateException(kind.name());
    }
  }

  /** The simulator has the target's contact page open (a tap on its row opens it). */
  private Verdict contactVerdict(SimOracle oracle) {
    java.util.Optional<String> open = oracle.openedContact();
    if (open.isEmpty()) {
      return new Verdict(false, "no contact page is open");
    }
    if (open.get().equals(target)) {
      return new Verdict(true, "the page of " + target + " is open");
    }
    return new Verdict(false, "the page of " + open.get() + " is open, not " + target);
  }
}
