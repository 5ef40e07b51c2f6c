package dev.swipe.sim.internal.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** A socat pseudo-terminal pair carries bytes both ways and hangs up like an unplugged cable. */
class PseudoTerminalPairTest {
  @Test
  void bytesCrossAndAHangUpEndsReads() throws Exception {
    assumeTrue(
        PseudoTerminalPair.socatAvailable(), "socat is not installed (apt-get install socat)");
    try (PseudoTerminalPair pair = PseudoTerminalPair.open();
        FileOutputStream host = new FileOutputStream(pair.hostSide().toFile());
        InputStream device = new FileInputStream(pair.deviceSide().toFile())) {
      assertThat(pair.hostSide()).isNotEqualTo(pair.deviceSide());
      host.write(new byte[] {0x57, (byte) 0xAB});
      byte[] got = new byte[2];
      assertThat(device.read(got)).isEqualTo(2);
      assertThat(got).containsExactly(0x57, 0xAB);
      pair.hangUp();
      assertThat(pair.isAlive()).isFalse();
      int end;
      try {
        end = device.read();
      } catch (IOException hungUp) {
        end = -1;
      }
      assertThat(end).isEqualTo(-1);
    }
  }
}
