package dev.swipe.bench.capture;

import dev.swipe.base.VirtualClock;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimPhone;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;

/**
 * 1920x1080 HDMI capture pictures from the simulator (a phone pillarboxed between black bars,
 * quality 80 JPEG), a few distinct ones (the status bar clock ticks), and where the phone sits.
 */
final class HdmiFrames {
  final List<byte[]> jpegs;
  final Rectangle screen;

  private HdmiFrames(List<byte[]> jpegs, Rectangle screen) {
    this.jpegs = jpegs;
    this.screen = screen;
  }

  static HdmiFrames render(int count) {
    VirtualClock clock = new VirtualClock();
    SimConfig config = SimConfig.fromUri("sim:?input=ideal&letterbox=true&noise=clock&scene=list");
    try (SimPhone phone = SimPhone.create(config, clock, clock)) {
      List<byte[]> out = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        out.add(phone.renderHdmiFrame().jpeg());
        clock.advance(java.time.Duration.ofMillis(1010));
      }
      return new HdmiFrames(out, phone.hdmiScreenArea());
    }
  }
}
