package dev.swipe.bench.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.swipe.bench.memory.LocalPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The farm load benchmark at a small size, so CI runs the whole farm: four phones in one agent-jar
 * rig JVM behind a real Grid hub and relay node, one PostgreSQL memory, one trace collector, remote
 * MCP beside them. What it checks is what must hold at any size: every session completes, no
 * acknowledged save is lost, a phone recalls what another phone saved, every session's trace
 * reaches the collector under its own phone's name, and every remote MCP call answers. Times are
 * printed, never asserted.
 */
class FarmLoadTest {
  @Test
  @Timeout(900)
  void aSmallFarmServesEverySessionLosesNoSaveAndBringsEveryTraceHome() throws Exception {
    if (!LocalPostgres.installed()) {
      if ("1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
        fail("PostgreSQL is not installed (initdb, pg_ctl), and SWIPE_REQUIRE_TOOLS=1 requires it");
      }
      assumeTrue(false, "PostgreSQL is not installed here");
    }
    FarmLoadBench.Config config = new FarmLoadBench.Config(4, 4, 25, 2_000, 100, true);
    FarmLoadBench.Result r = FarmLoadBench.run(config, System.out);
    ByteArrayOutputStream table = new ByteArrayOutputStream();
    FarmLoadBench.print(config, r, new PrintStream(table, true, StandardCharsets.UTF_8));
    System.out.println(table.toString(StandardCharsets.UTF_8));

    assertThat(r.errors()).isEmpty();
    assertThat(r.failed()).isZero();
    assertThat(r.completed()).isEqualTo(r.created()).isGreaterThanOrEqualTo(4);
    assertThat(r.usedRigs()).isSubsetOf(List.of("rig-1", "rig-2", "rig-3", "rig-4")).hasSize(4);
    // one save a completed session, each found again afterwards
    assertThat(r.acked()).hasSize(r.completed());
    assertThat(r.lost()).isZero();
    assertThat(r.acked()).extracting(FarmLoadBench.Save::id).doesNotHaveDuplicates();
    assertThat(new HashSet<>(r.acked().stream().map(FarmLoadBench.Save::rig).toList()))
        .isEqualTo(r.usedRigs());
    assertThat(r.crossRigRecalls()).isPositive();
    // each session's trace, filed under the phone that served it
    assertThat(r.tracesByRig().keySet()).isEqualTo(r.usedRigs());
    assertThat(r.tracesByRig().values().stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(r.created());
    assertThat(r.commandMs().get("recall_memory")).hasSize(r.completed());
    assertThat(r.mcpRemoteMs().idle()).hasSize(100);
    assertThat(r.mcpRemoteMs().loaded()).isNotEmpty();
    assertThat(r.recallMs().loaded()).isNotEmpty();
    Set<String> kinds = r.commandMs().keySet();
    assertThat(table.toString(StandardCharsets.UTF_8))
        .contains("| sessions created | completed | failed |")
        .contains("what remote MCP adds");
    assertThat(kinds).contains("create", "save_memory", "delete");
  }
}
