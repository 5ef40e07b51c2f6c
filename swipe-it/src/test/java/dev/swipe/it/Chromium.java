package dev.swipe.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Headless Chromium (installed by .ci/run from Debian's packages) as the tests drive it. */
final class Chromium {
  private final Path binary;
  private final Path work;

  private Chromium(Path binary, Path work) {
    this.binary = binary;
    this.work = work;
  }

  /** The installed browser, working in {@code work}, or null when none is installed. */
  static Chromium find(Path work) {
    for (String c :
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(c))) {
        return new Chromium(Path.of(c), work);
      }
    }
    return null;
  }

  /** The page's DOM after its scripts ran. */
  String dumpDom(Path page) throws IOException, InterruptedException {
    return run("--dump-dom", page.toUri().toString());
  }

  /** A screenshot of the page. */
  void screenshot(Path page, Path png, String windowSize) throws IOException, InterruptedException {
    run("--screenshot=" + png, "--window-size=" + windowSize, page.toUri().toString());
  }

  private String run(String... args) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                binary.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--allow-file-access-from-files",
                "--user-data-dir=" + work.resolve("profile"),
                "--virtual-time-budget=5000"));
    cmd.addAll(List.of(args));
    Path out = work.resolve("chromium-out.txt");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(work.resolve("chromium-err.txt").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish");
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
