package dev.swipe.chrome.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A headless Chromium this SDK started, with a throwaway profile, listening for DevTools on a
 * loopback port it chose itself. Closing it ends the process and deletes the profile.
 */
final class ChromeProcess implements AutoCloseable {
  /** Names tried on {@code PATH}, in order, when no binary is given. */
  static final List<String> NAMES =
      List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

  /** The environment variable that names the binary when the URI does not. */
  static final String ENV = "SWIPE_CHROMIUM";

  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

  private final Process process;
  private final Path profile;
  private final URI browserUrl;

  /**
   * Kills the browser and deletes its profile when the JVM exits without closing the device (a
   * signal, {@code System.exit}): a browser left running after its JVM holds a core and its profile
   * for nothing (found when benchmark runs were stopped with a signal).
   */
  private final Thread exitHook;

  private ChromeProcess(Process process, Path profile, URI browserUrl) {
    this.process = process;
    this.profile = profile;
    this.browserUrl = browserUrl;
    this.exitHook =
        new Thread(
            () -> {
              kill(process);
              deleteTree(profile);
            },
            "swipe-chrome-exit");
    try {
      Runtime.getRuntime().addShutdownHook(exitHook);
    } catch (IllegalStateException e) {
      // the JVM is already exiting: close() or the exit kills the browser
    }
  }

  /** The hook that ends the browser at the JVM's exit; for tests. */
  Thread exitHook() {
    return exitHook;
  }

  /** The throwaway profile directory. */
  Path profile() {
    return profile;
  }

  /** The browser's DevTools WebSocket URL. */
  URI browserUrl() {
    return browserUrl;
  }

  /**
   * Finds the binary: {@code explicit} when given, else {@value #ENV}, else the first of {@link
   * #NAMES} on {@code PATH}.
   *
   * @throws SwipeException {@code browser_unavailable} naming what to install and where it looked
   */
  static Path find(@Nullable String explicit, Map<String, String> env) {
    String given = explicit != null && !explicit.isBlank() ? explicit : env.get(ENV);
    if (given != null && !given.isBlank()) {
      Path p = Path.of(given);
      if (Files.isExecutable(p)) {
        return p;
      }
      Path onPath = onPath(given, env);
      if (onPath != null) {
        return onPath;
      }
      throw unavailable(
          "the Chromium binary '" + given + "' is not an executable file or on PATH", given);
    }
    for (String name : NAMES) {
      Path p = onPath(name, env);
      if (p != null) {
        return p;
      }
    }
    throw unavailable(
        "no Chromium found on PATH (looked for "
            + String.join(", ", NAMES)
            + "); install it (Debian: apt-get install chromium) or name it with binary= or "
            + ENV,
        String.join(",", NAMES));
  }

  private static @Nullable Path onPath(String name, Map<String, String> env) {
    if (name.contains("/")) {
      return null;
    }
    String path = env.getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator, -1)) { // empty entries are skipped
      if (dir.isEmpty()) {
        continue;
      }
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p) && !Files.isDirectory(p)) {
        return p;
      }
    }
    return null;
  }

  private static SwipeException unavailable(String message, String looked) {
    return new SwipeException(
        ErrorCode.BROWSER_UNAVAILABLE,
        message,
        Map.of("field", "binary", "looked_for", looked),
        null);
  }

  /**
   * Starts the browser headless with a new profile and waits for its DevTools endpoint.
   *
   * @param windowWidth CSS pixels
   * @param windowHeight CSS pixels
   * @param scale picture pixels per CSS pixel
   * @throws SwipeException {@code browser_unavailable} when it does not start within {@code
   *     timeout}, with the last lines it printed
   */
  static ChromeProcess start(
      Path binary, int windowWidth, int windowHeight, double scale, Duration timeout) {
    Path profile;
    try {
      profile = Files.createTempDirectory("swipe-chrome-");
    } catch (IOException e) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          "cannot create a profile directory: " + e.getMessage(),
          Map.of(),
          e);
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(binary.toString());
    cmd.add("--headless");
    cmd.add("--disable-gpu");
    cmd.add("--remote-debugging-address=127.0.0.1");
    cmd.add("--remote-debugging-port=0");
    cmd.add("--user-data-dir=" + profile);
    cmd.add("--window-size=" + windowWidth + "," + windowHeight);
    cmd.add("--no-first-run");
    cmd.add("--no-default-browser-check");
    // A phone under test is a closed room: no background calls home, no updates, no sync.
    cmd.add("--disable-background-networking");
    cmd.add("--disable-component-update");
    cmd.add("--disable-sync");
    cmd.add("--disable-quic");
    cmd.add("--disable-extensions");
    cmd.add("--disable-default-apps");
    cmd.add("--mute-audio");
    cmd.add("--hide-scrollbars");
    // A hidden page must keep painting, or a screencast would stop while it waits.
    cmd.add("--disable-background-timer-throttling");
    cmd.add("--disable-renderer-backgrounding");
    cmd.add("--disable-backgrounding-occluded-windows");
    if ("root".equals(System.getProperty("user.name"))) {
      cmd.add("--no-sandbox"); // Chromium refuses to start as root with its sandbox
    }
    // Pictures at this many pixels per CSS pixel: the screencast and the view's screenshots are
    // drawn at the window's own scale, whatever the page's emulated pixel ratio.
    cmd.add("--force-device-scale-factor=" + scale);
    cmd.add("about:blank");
    Process process;
    try {
      process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      deleteTree(profile);
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          "cannot start " + binary + ": " + e.getMessage(),
          Map.of("binary", binary.toString()),
          e);
    }
    Deque<String> lastLines = new ArrayDeque<>();
    CompletableFuture<URI> endpoint = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    endpoint.complete(URI.create(m.group(1)));
                  } else if (!endpoint.isDone()) {
                    synchronized (lastLines) {
                      lastLines.addLast(line);
                      if (lastLines.size() > 8) {
                        lastLines.removeFirst();
                      }
                    }
                  }
                }
              } catch (IOException e) {
                // the process is gone; the waiter below reports it
              }
              endpoint.completeExceptionally(new IOException("exited"));
            },
            "swipe-chrome-stderr");
    reader.setDaemon(true);
    reader.start();
    try {
      URI url = endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return new ChromeProcess(process, profile, url);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(process);
      deleteTree(profile);
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted starting " + binary);
    } catch (ExecutionException | TimeoutException e) {
      kill(process);
      deleteTree(profile);
      String printed;
      synchronized (lastLines) {
        printed = String.join(" | ", lastLines);
      }
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          binary
              + (e instanceof TimeoutException
                  ? " opened no DevTools endpoint within " + timeout.toMillis() + " ms"
                  : " exited before it opened a DevTools endpoint")
              + (printed.isEmpty() ? "" : "; it printed: " + printed),
          Map.of("binary", binary.toString()),
          e);
    }
  }

  /** Whether the process still runs. */
  boolean isAlive() {
    return process.isAlive();
  }

  /** Waits briefly for a browser asked to close, then kills it; deletes the profile. */
  @Override
  public void close() {
    try {
      if (!process.waitFor(3, TimeUnit.SECONDS)) {
        kill(process);
      }
    } catch (InterruptedException e) {
      kill(process);
      Thread.currentThread().interrupt();
    }
    deleteTree(profile);
    try {
      Runtime.getRuntime().removeShutdownHook(exitHook);
    } catch (IllegalStateException e) {
      // the JVM is exiting: the hook runs and finds nothing left to do
    }
  }

  private static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    try {
      p.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // a file the browser still writes; the rest goes
                }
              });
    } catch (IOException | UncheckedIOException e) {
      // already gone
    }
  }

  @Override
  public String toString() {
    return "chromium pid "
        + process.pid()
        + " at "
        + browserUrl.toString().toLowerCase(Locale.ROOT);
  }
}
