package dev.swipe.hid.internal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.swipe.core.spi.HidReport;
import dev.swipe.sim.internal.serial.PseudoTerminalPair;
import dev.swipe.sim.internal.serial.SerialDeviceEmulator;
import dev.swipe.tck.HidTransportContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A pseudo-terminal pair with a device emulator serving its device side. */
final class SerialRig<E extends SerialDeviceEmulator> implements AutoCloseable {
  static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  final PseudoTerminalPair pair;
  final E emulator;

  private SerialRig(PseudoTerminalPair pair, E emulator) {
    this.pair = pair;
    this.emulator = emulator;
  }

  /**
   * Skips the calling test when socat is missing; fails it under {@code .ci/run}, which installs
   * socat and sets {@code SWIPE_REQUIRE_TOOLS=1}.
   */
  static void assumeSocat() {
    if (!PseudoTerminalPair.socatAvailable() && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      throw new AssertionError("socat is not installed, and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(
        PseudoTerminalPair.socatAvailable(),
        "socat is not installed: the serial transport tests need pseudo-terminal pairs (apt-get install socat)");
  }

  static <E extends SerialDeviceEmulator> SerialRig<E> start(E emulator) {
    assumeSocat();
    try {
      PseudoTerminalPair pair = PseudoTerminalPair.open();
      emulator.start(pair.deviceSide());
      return new SerialRig<>(pair, emulator);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The host side as a URI path, with options. */
  String uri(String scheme, String options) {
    return scheme + ":" + pair.hostSide() + (options.isEmpty() ? "" : "?" + options);
  }

  /** Waits until the emulator has acted on everything sent so far. */
  void settle() {
    try {
      emulator.awaitQuiet(Duration.ofMillis(40), Duration.ofSeconds(3));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  List<HidTransportContract.ObservedPointer> observedPointer() {
    settle();
    List<HidTransportContract.ObservedPointer> seen = new ArrayList<>();
    for (HidReport r : emulator.reports()) {
      if (r instanceof HidReport.Pointer p) {
        seen.add(new HidTransportContract.ObservedPointer(p.at().x(), p.at().y(), p.pressed()));
      }
    }
    return seen;
  }

  List<String> framesHex() {
    settle();
    List<String> out = new ArrayList<>();
    for (byte[] f : emulator.frames()) {
      out.add(HEX.formatHex(f));
    }
    return out;
  }

  /** The host side's baud as the terminal driver holds it (0 when unknown). */
  static int terminalBaud(java.nio.file.Path terminal) {
    try {
      Process p =
          new ProcessBuilder("stty", "-F", terminal.toString(), "speed")
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes()).strip();
      if (!p.waitFor(2, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return 0;
      }
      return Integer.parseInt(out);
    } catch (IOException | NumberFormatException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  @Override
  public void close() {
    pair.close();
    emulator.close();
  }
}
