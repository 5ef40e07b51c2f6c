package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.agent.AgentRun;
import dev.swipe.core.Device;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace directories of a server's runs stay within an overall disk budget: before a run starts,
 * the oldest ended runs' directories are removed, never a run still going on.
 */
class RunTracesBudgetTest {
  @Test
  void theOldestEndedRunsTracesMakeRoomAndALiveRunKeepsItsTrace(@TempDir Path root)
      throws IOException {
    long perRun = 48 * 1024;
    long total = 160 * 1024;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    RunTraces traces =
        RunTraces.open(root, perRun, total, new PrintStream(log, true, StandardCharsets.UTF_8));
    try (Device device = Device.open("sim:?scale=0.25&scene=list")) {
      AgentRun live = traces.start(AgentRun.builder(device), "live");
      live.device().screenshot();
      Path liveDir = only(root);
      List<Path> dirs = new ArrayList<>();
      for (int i = 0; i < 12; i++) { // bounded: 12 runs of 4 screenshots each
        try (AgentRun run = traces.start(AgentRun.builder(device), "run-" + i)) {
          for (int k = 0; k < 4; k++) {
            run.device().screenshot();
          }
        }
        assertThat(size(root)).as("all traces after run %d", i).isLessThanOrEqualTo(total);
        dirs.add(newest(root, dirs, liveDir));
      }
      assertThat(Files.exists(dirs.get(0)))
          .as("the oldest ended run's trace was removed")
          .isFalse();
      assertThat(Files.exists(dirs.get(dirs.size() - 1))).as("the newest run's trace").isTrue();
      assertThat(Files.exists(liveDir)).as("a run still going on keeps its trace").isTrue();
      assertThat(log.toString(StandardCharsets.UTF_8)).contains("--trace-total-bytes");
      live.close();
    }
  }

  @Test
  void runsGoingOnTogetherStayWithinTheTotalAndTheLastGoesUntraced(@TempDir Path root)
      throws IOException {
    long perRun = 48 * 1024;
    long total = 120 * 1024; // two whole budgets and a part of a third
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    RunTraces traces =
        RunTraces.open(root, perRun, total, new PrintStream(log, true, StandardCharsets.UTF_8));
    List<AgentRun> live = new ArrayList<>();
    try (Device device = Device.open("sim:?scale=0.25&scene=list")) {
      for (int i = 0; i < 4; i++) { // bounded: 4 runs kept open, each filling its budget
        AgentRun run = traces.start(AgentRun.builder(device), "live-" + i);
        live.add(run);
        for (int k = 0; k < 40; k++) {
          run.device().screenshot();
        }
        assertThat(size(root))
            .as("all traces with %d runs going on", i + 1)
            .isLessThanOrEqualTo(total);
      }
      try (Stream<Path> s = Files.list(root)) {
        assertThat(s.count()).as("the fourth run found no room and went untraced").isEqualTo(3);
      }
      assertThat(log.toString(StandardCharsets.UTF_8))
          .contains("live-3 is not traced")
          .contains("--trace-total-bytes");
      for (AgentRun r : live) {
        r.close();
      }
      try (AgentRun next = traces.start(AgentRun.builder(device), "after")) {
        next.device().screenshot();
      }
      assertThat(size(root)).as("ended runs make room again").isLessThanOrEqualTo(total);
      try (Stream<Path> s = Files.list(root)) {
        assertThat(s.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith("-after"));
      }
    }
  }

  private static Path only(Path root) throws IOException {
    try (Stream<Path> s = Files.list(root)) {
      List<Path> all = s.toList();
      assertThat(all).hasSize(1);
      return all.get(0);
    }
  }

  /** The run directory that is neither one seen before nor the live one. */
  private static Path newest(Path root, List<Path> seen, Path live) throws IOException {
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(p -> !seen.contains(p) && !p.equals(live)).sorted().reduce((a, b) -> b).get();
    }
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
