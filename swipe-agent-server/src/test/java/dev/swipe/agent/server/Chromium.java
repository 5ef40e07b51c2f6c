package dev.swipe.agent.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Headless Chromium (installed by .ci/run from Debian's packages) loading a report page. */
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

  /** The page's DOM after its scripts ran (the page as written when no browser is installed). */
  static String load(Path page, Path work) throws IOException, InterruptedException {
    Chromium c = find(work);
    return c == null ? Files.readString(page) : c.dumpDom(page);
  }

  /** Whether a browser built the page (then its script has marked {@code data-ready}). */
  static boolean present() {
    return find(Path.of(".")) != null;
  }

  /** An attribute of the page's body, e.g. {@code data-ready}, or null. */
  static String bodyAttribute(String dom, String name) {
    Matcher m = Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
    return m.find() ? m.group(1) : null;
  }

  String dumpDom(Path page) throws IOException, InterruptedException {
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
                "--user-data-dir=" + work.resolve("chromium-profile"),
                "--virtual-time-budget=5000",
                "--dump-dom",
                page.toUri().toString()));
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
