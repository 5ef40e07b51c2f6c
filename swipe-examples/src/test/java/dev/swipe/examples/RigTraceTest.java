package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import dev.swipe.report.HtmlReport;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.sim.internal.serial.PseudoTerminalPair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rig wired like a real one (a CH9329 finger on a socat pseudo-terminal, an MJPEG eye over
 * loopback HTTP) leaves a trace of its actions, with the frames it judged them on, that renders as
 * a report.
 */
class RigTraceTest {
  @TempDir Path dir;

  @Test
  void aSerialFingerAndAnMjpegEyeLeaveATraceThatRenders() throws Exception {
    assumeTrue(
        PseudoTerminalPair.socatAvailable(), "socat is not installed (apt-get install socat)");
    try (SimPhone sim =
        SimPhone.open("sim:?scene=list&platform=android&pointer=rel&time=real&scale=0.5")) {
      Ch9329Emulator chip =
          Ch9329Emulator.builder(r -> {})
              .baud(115200)
              .lineTiming(true)
              .relativeMouse(sim::relativeInput)
              .build();
      Path trace = dir.resolve("rig");
      ScrollResult scrolled;
      try (PseudoTerminalPair cable = PseudoTerminalPair.open();
          SimMjpegServer stream = new SimMjpegServer(sim, 15)) {
        chip.start(cable.deviceSide());
        String hid =
            "ch9329:"
                + cable.hostSide()
                + "?baud=115200&pointer=rel&counts_per_unit_x="
                + (sim.frameWidth() - 1) / 1000.0
                + "&counts_per_unit_y="
                + (sim.frameHeight() - 1) / 1000.0;
        try (Device rig =
            Device.builder()
                .hid(hid)
                .capture("mjpeg:" + stream.url() + "?crop=none")
                .trace(trace)
                .open()) {
          Observation first = rig.screenshot();
          scrolled = rig.scroll(Scroll.of(ScrollDirection.DOWN));
          rig.tap(NormPoint.of(500, 950));
          assertThat(first.id()).isNotBlank();
        }
      } finally {
        chip.close();
      }
      assertThat(chip.reports()).as("the finger went through the chip").isNotEmpty();

      TraceReader.Trace read = TraceReader.read(trace);
      assertThat(read.skipped()).isEmpty();
      List<TraceRecord> records = read.records();
      assertThat(records)
          .extracting(TraceRecord::action)
          .containsExactly("capture_lag", "input_check", "screenshot", "scroll", "tap");
      // at open the rig looked for the pointer the phone draws, and measured its own lag (over
      // the real MJPEG stream) as it moved it
      assertThat(records.get(0).number("outcome", "frame_interval_ms").orElseThrow()).isPositive();
      assertThat(records.get(0).number("outcome", "lag_ms").orElseThrow()).isNotNegative();
      assertThat(records.get(1).text("outcome", "input")).hasValue("taken");
      // the trace says what the API returned
      assertThat(records.get(3).text("decision", "movement")).hasValue(scrolled.movement().id());
      assertThat(records.get(3).flag("diff", "changed")).hasValue(scrolled.diff().changed());
      Path page = HtmlReport.render(trace);
      String html = Files.readString(page);
      assertThat(html).contains("scroll").contains("tap");
      // every frame a record names was kept beside the trace
      String shot = records.get(3).text("after", "file").orElseThrow();
      assertThat(shot).isNotBlank();
      assertThat(Files.size(trace.resolve(shot))).isPositive();
    }
  }
}
