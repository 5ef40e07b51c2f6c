package dev.swipe.flow.internal;

import dev.swipe.core.Observation;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowRecorder;
import dev.swipe.flow.FlowStep;
import dev.swipe.flow.ReplayOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One self-contained HTML page for a replay that stopped: the step, its code and message, the
 * screen recorded before it (when the flow's screens were kept) beside the screen now, and the
 * anchor's image. Writing it never hides the divergence: a report that cannot be written is left
 * out.
 */
final class DivergenceReport {
  private DivergenceReport() {}

  static Optional<Path> write(
      Flow flow,
      int index,
      FlowStep step,
      FlowCode code,
      String message,
      @Nullable Observation now,
      ReplayOptions options) {
    try {
      Path dir = options.reports();
      if (dir == null) {
        dir = Files.createTempDirectory("swipe-flow-");
      }
      Files.createDirectories(dir);
      String recorded = "<p class=none>not kept with this flow</p>";
      Optional<Path> screens = options.screensDir();
      if (screens.isPresent()) {
        Path shot = screens.get().resolve(FlowRecorder.screenFileName(index));
        if (Files.isRegularFile(shot)) {
          recorded = img("image/jpeg", Files.readAllBytes(shot));
        }
      }
      String current =
          now == null ? "<p class=none>no screenshot</p>" : img("image/jpeg", now.jpeg());
      String anchor = "";
      Optional<FlowStep.Anchor> a = step.anchor();
      byte[] crop = a.isPresent() ? a.get().cropPng().orElse(null) : null;
      if (a.isPresent()) {
        anchor =
            "<h2>What the step looks for</h2><p>"
                + esc(a.get().textRead().map(t -> "text \"" + t + "\", ").orElse(""))
                + "recorded at "
                + esc(a.get().region().toString())
                + "</p>"
                + (crop == null ? "" : img("image/png", crop));
      }
      String html =
          "<!doctype html><html lang=en><meta charset=utf-8><title>"
              + esc(flow.name())
              + ": step "
              + index
              + "</title><style>body{font:14px system-ui,sans-serif;margin:1.5em}"
              + ".pair{display:flex;gap:2em}.pair div{flex:1}img{max-width:100%;max-height:80vh;"
              + "border:1px solid #888}.none{color:#888}code{background:#eee;padding:0 .3em}"
              + "</style><h1>"
              + esc(flow.name())
              + ": step "
              + index
              + " ("
              + esc(step.kind())
              + ")</h1><p><code>"
              + esc(code.id())
              + "</code> "
              + esc(message)
              + "</p><div class=pair><div><h2>Recorded, before the step</h2>"
              + recorded
              + "</div><div><h2>Now</h2>"
              + current
              + "</div></div>"
              + anchor
              + "</html>\n";
      Path file = dir.resolve(slug(flow.name()) + "-step-" + index + "-" + code.id() + ".html");
      Files.writeString(file, html, StandardCharsets.UTF_8);
      return Optional.of(file);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String img(String type, byte[] bytes) {
    return "<img alt=screen src=\"data:"
        + type
        + ";base64,"
        + Base64.getEncoder().encodeToString(bytes)
        + "\">";
  }

  static String slug(String name) {
    String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    return s.isEmpty() ? "flow" : s;
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
