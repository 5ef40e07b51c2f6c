package dev.swipe.sim.internal.serial;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two connected pseudo-terminals made by {@code socat}: bytes written to one come out of the other,
 * like a serial cable between the host's transport and a device emulator. Closing (or {@link
 * #hangUp()}) ends socat, which hangs up both terminals: the same thing a program sees when a USB
 * serial adapter is unplugged.
 */
public final class PseudoTerminalPair implements AutoCloseable {
  private static final Pattern PTY = Pattern.compile("PTY is (\\S+)");

  private final Process socat;
  private final Path hostSide;
  private final Path deviceSide;

  private PseudoTerminalPair(Process socat, Path hostSide, Path deviceSide) {
    this.socat = socat;
    this.hostSide = hostSide;
    this.deviceSide = deviceSide;
  }

  /** Whether a {@code socat} executable is on the PATH. */
  public static boolean socatAvailable() {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(java.io.File.pathSeparator, -1)) { // empty entries are skipped
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "socat"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Starts socat and waits until both terminals exist and it is copying bytes.
   *
   * @throws IOException when socat is missing or does not come up within five seconds
   */
  public static PseudoTerminalPair open() throws IOException {
    Process p =
        new ProcessBuilder("socat", "-d", "-d", "pty,raw,echo=0", "pty,raw,echo=0")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    List<String> ptys = new ArrayList<>();
    List<String> log = new ArrayList<>();
    AtomicBoolean started = new AtomicBoolean();
    Thread watchdog =
        new Thread(
            () -> {
              try {
                // A socat that never reports its terminals would leave open() stuck reading: end
                // it.
                if (!p.waitFor(5, TimeUnit.SECONDS) && !started.get()) {
                  p.destroyForcibly();
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "socat-start-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    String line;
    while ((line = err.readLine()) != null) {
      log.add(line);
      Matcher m = PTY.matcher(line);
      if (m.find()) {
        ptys.add(m.group(1));
      }
      if (line.contains("starting data transfer loop")) {
        started.set(ptys.size() == 2);
        break;
      }
    }
    watchdog.interrupt();
    if (!started.get()) {
      p.destroyForcibly();
      throw new IOException("socat did not create a pseudo-terminal pair: " + log);
    }
    Thread drain =
        new Thread(
            () -> {
              try {
                while (err.readLine() != null) {
                  // socat logs nothing we need once it is copying; keep its pipe from filling up.
                }
              } catch (IOException ignored) {
                // socat ended
              }
            },
            "socat-stderr");
    drain.setDaemon(true);
    drain.start();
    return new PseudoTerminalPair(p, Path.of(ptys.get(0)), Path.of(ptys.get(1)));
  }

  /** The terminal the transport under test opens (e.g. {@code /dev/pts/3}). */
  public Path hostSide() {
    return hostSide;
  }

  /** The terminal the device emulator serves. */
  public Path deviceSide() {
    return deviceSide;
  }

  /** Whether socat is still copying. */
  public boolean isAlive() {
    return socat.isAlive();
  }

  /**
   * Ends socat now, hanging up both terminals (an unplugged cable): reads on either side end and
   * writes fail.
   */
  public void hangUp() {
    socat.destroy();
    try {
      if (!socat.waitFor(2, TimeUnit.SECONDS)) {
        socat.destroyForcibly();
        socat.waitFor(2, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      socat.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Ends socat; calling it twice is harmless. */
  @Override
  public void close() {
    hangUp();
  }

  @Override
  public String toString() {
    return "PseudoTerminalPair[" + hostSide + " <-> " + deviceSide + "]";
  }
}
