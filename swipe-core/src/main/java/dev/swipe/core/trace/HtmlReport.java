package dev.swipe.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import dev.swipe.diff.DecodeOptions;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageDecoder;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a trace as one self-contained HTML page beside it ({@code report.html}, no network):
 * a timeline of steps, before and after screenshots side by side, the planned finger path drawn
 * over the before image (start, samples, end, dwell), the changed pixels as a heat overlay on the
 * after image, the decision and diff text, and totals. Unreadable trace lines are listed, not
 * fatal.
 *
 * <p>Command line: {@code java -cp <swipe-core and its dependencies> dev.swipe.core.trace.HtmlReport DIR}
 * (the README shows the Maven one-liner).
 */
public final class HtmlReport {
  /** The report's file name inside the trace directory. */
  public static final String FILE = "report.html";
  private static final String HEAT_DIR = "report";
  /** Same noise floor as image_diff: a 2x2 mean must move more than this many grey levels. */
  private static final int HEAT_THRESHOLD = 24;

  private HtmlReport() {}

  /** Renders {@code DIR/report.html} and prints its path. */
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: HtmlReport TRACE_DIR");
      System.exit(2);
    }
    System.out.println(render(Path.of(args[0])).toAbsolutePath());
  }

  /**
   * Renders the report of the trace in {@code dir}.
   *
   * @return the report file
   */
  public static Path render(Path dir) {
    TraceReader.Trace trace = TraceReader.read(dir);
    StringBuilder html = new StringBuilder(64 * 1024);
    List<ObjectNode> records = trace.records();
    long errors = records.stream().filter(r -> r.has("error")).count();
    long actions = records.stream().filter(r -> !"screenshot".equals(r.path("action").asText())).count();
    double totalMs = records.isEmpty() ? 0
        : records.get(records.size() - 1).path("t_ms").asDouble() + records.get(records.size() - 1).path("cost").path("wall_ms").asDouble();
    html.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>swipe run report</title>")
        .append("<style>").append(CSS).append("</style></head><body data-ready=\"loading\">");
    html.append("<header><h1>swipe run report</h1><p class=\"totals\">")
        .append(records.size()).append(" steps &middot; ").append(actions).append(" actions &middot; ")
        .append(errors).append(errors == 1 ? " error" : " errors").append(" &middot; ")
        .append(actions == 0 ? "no actions" : String.format(Locale.ROOT, "%.0f%% succeeded", 100.0 * (records.size() - errors) / records.size()))
        .append(" &middot; ").append(String.format(Locale.ROOT, "%.1f s", totalMs / 1000)).append("</p>");
    if (!trace.skipped().isEmpty()) {
      html.append("<div class=\"skipped\" id=\"skipped\"><strong>Skipped ").append(trace.skipped().size())
          .append(trace.skipped().size() == 1 ? " unreadable line" : " unreadable lines").append(":</strong><ul>");
      for (TraceReader.Skipped s : trace.skipped()) {
        html.append("<li>line ").append(s.line()).append(": ").append(escape(s.reason())).append("</li>");
      }
      html.append("</ul></div>");
    }
    html.append("<nav class=\"timeline\">");
    for (ObjectNode r : records) {
      long seq = r.path("seq").asLong();
      html.append("<a href=\"#step-").append(seq).append("\" class=\"").append(r.has("error") ? "bad" : "ok")
          .append("\" title=\"").append(escape(r.path("action").asText())).append("\">").append(seq).append("</a>");
    }
    html.append("</nav></header><main>");
    for (ObjectNode r : records) {
      step(html, dir, r);
    }
    html.append("</main><script>").append(SCRIPT).append("</script></body></html>");
    Path out = dir.resolve(FILE);
    try {
      Files.writeString(out, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SwipeException(ErrorCode.INVALID_ARGUMENT, "trace: cannot write " + out + ": " + e.getMessage(),
          Map.of("field", "trace"), e);
    }
    return out;
  }

  private static void step(StringBuilder html, Path dir, ObjectNode r) {
    long seq = r.path("seq").asLong();
    String action = r.path("action").asText();
    html.append("<section class=\"step").append(r.has("error") ? " failed" : "").append("\" id=\"step-").append(seq)
        .append("\" data-action=\"").append(escape(action)).append("\">");
    html.append("<h2>#").append(seq).append(' ').append(escape(action))
        .append(String.format(Locale.ROOT, " <small>at %.0f ms", r.path("t_ms").asDouble()));
    JsonNode cost = r.path("cost");
    if (!cost.isMissingNode()) {
      html.append(String.format(Locale.ROOT, " &middot; took %d ms &middot; %d HID reports &middot; %d frames &middot; settle %d ms",
          cost.path("wall_ms").asLong(), cost.path("hid_reports").asLong(), cost.path("frames_grabbed").asLong(),
          cost.path("settle_wait_ms").asLong()));
    }
    html.append("</small></h2>");
    if (r.has("error")) {
      html.append("<p class=\"error\"><code>").append(escape(r.path("error").path("code").asText())).append("</code> ")
          .append(escape(r.path("error").path("message").asText())).append("</p>");
    }
    html.append("<div class=\"pair\">");
    figure(html, r.path("before"), "before", pathOverlay(r));
    String heat = heat(dir, r, seq);
    figure(html, r.path("after"), "after", heat == null ? "" : "<img class=\"heat\" alt=\"changed pixels\" src=\"" + heat + "\">");
    html.append("</div>");
    JsonNode diff = r.path("diff");
    if (!diff.isMissingNode()) {
      html.append(String.format(Locale.ROOT, "<p class=\"diff\">diff: %s, diff_ratio %.4f, primary axis %s</p>",
          diff.path("changed").asBoolean() ? "changed" : "unchanged", diff.path("diff_ratio").asDouble(),
          escape(diff.path("primary_axis").asText())));
    }
    if (r.has("decision")) {
      html.append("<p class=\"decision\">decision: ");
      r.path("decision").fields().forEachRemaining(e ->
          html.append("<span>").append(escape(e.getKey())).append(" = ").append(escape(e.getValue().asText(e.getValue().toString()))).append("</span> "));
      html.append("</p>");
    }
    if (r.has("args")) {
      html.append("<p class=\"args\">args: <code>").append(escape(r.path("args").toString())).append("</code></p>");
    }
    if (r.has("planned")) {
      html.append("<details><summary>timeline (").append(r.path("planned").size()).append(" reports, ")
          .append(r.path("merged_steps").asInt()).append(" merged)</summary><table><tr><th>#</th><th>planned ms</th><th>actual ms</th><th>report</th></tr>");
      for (int i = 0; i < r.path("planned").size(); i++) {
        JsonNode p = r.path("planned").get(i);
        html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%.2f</td><td>%.2f</td><td>", i, p.get(0).asDouble(),
            r.path("actual_ms").path(i).asDouble()));
        for (int k = 1; k < p.size(); k++) {
          html.append(escape(p.get(k).asText())).append(' ');
        }
        html.append("</td></tr>");
      }
      html.append("</table></details>");
    }
    html.append("</section>");
  }

  private static void figure(StringBuilder html, JsonNode shot, String label, String overlay) {
    html.append("<figure class=\"").append(label).append("\">");
    if (shot.isMissingNode()) {
      html.append("<div class=\"noshot\">no ").append(label).append(" screenshot</div>");
    } else if (shot.has("file")) {
      html.append("<div class=\"shot\"><img class=\"screen\" alt=\"").append(label).append(' ')
          .append(escape(shot.path("id").asText())).append("\" src=\"").append(escape(shot.path("file").asText())).append("\">")
          .append(overlay).append("</div>");
    } else {
      html.append("<div class=\"noshot\">").append(escape(shot.path("skipped").asText("not stored"))).append("</div>");
    }
    html.append("<figcaption>").append(label).append(' ').append(escape(shot.path("id").asText()));
    if (shot.has("settled")) {
      html.append(shot.path("settled").asBoolean() ? " (settled)" : " (not settled)");
    }
    html.append("</figcaption></figure>");
  }

  /** The planned finger path as SVG in normalized space over the before image. */
  private static String pathOverlay(ObjectNode r) {
    JsonNode planned = r.path("planned");
    StringBuilder pts = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    double[] first = null;
    double[] last = null;
    double lastMoveMs = 0;
    double upMs = 0;
    for (JsonNode p : planned) {
      if (p.size() < 4) {
        continue; // a key report
      }
      double x = p.get(2).asDouble();
      double y = p.get(3).asDouble();
      String phase = p.get(1).asText();
      if ("up".equals(phase)) {
        upMs = p.get(0).asDouble();
        continue;
      }
      if (last == null || last[0] != x || last[1] != y) {
        lastMoveMs = p.get(0).asDouble(); // the finger arrived here; later samples at the same place are dwell
      }
      pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      dots.append(String.format(Locale.ROOT, "<circle class=\"sample\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>", x, y));
      if (first == null) {
        first = new double[] {x, y};
      }
      last = new double[] {x, y};
    }
    if (first == null) {
      return "";
    }
    StringBuilder svg = new StringBuilder("<svg class=\"path\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\">");
    svg.append("<polyline points=\"").append(pts).append("\"/>").append(dots);
    svg.append(String.format(Locale.ROOT, "<circle class=\"start\" cx=\"%.1f\" cy=\"%.1f\" r=\"12\"/>", first[0], first[1]));
    svg.append(String.format(Locale.ROOT, "<circle class=\"end\" cx=\"%.1f\" cy=\"%.1f\" r=\"12\"/>", last[0], last[1]));
    if (upMs > lastMoveMs) {
      svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">dwell %.0f ms</text>",
          Math.min(last[0] + 16, 760), Math.max(last[1] - 16, 30), upMs - lastMoveMs));
    }
    return svg.append("</svg>").toString();
  }

  /** A PNG marking changed cells between before and after, or null when not computable. */
  private static String heat(Path dir, ObjectNode r, long seq) {
    String before = r.path("before").path("file").asText(null);
    String after = r.path("after").path("file").asText(null);
    if (before == null || after == null) {
      return null;
    }
    try {
      GreyRaster a = ImageDecoder.decode(Files.readAllBytes(dir.resolve(before)), DecodeOptions.FOR_DIFF);
      GreyRaster b = ImageDecoder.decode(Files.readAllBytes(dir.resolve(after)), DecodeOptions.FOR_DIFF);
      if (a.width() != b.width() || a.height() != b.height()) {
        return null;
      }
      BufferedImage img = new BufferedImage(a.width(), a.height(), BufferedImage.TYPE_INT_ARGB);
      for (int y = 0; y < a.height(); y++) {
        for (int x = 0; x < a.width(); x++) {
          if (Math.abs(a.get(x, y) - b.get(x, y)) > HEAT_THRESHOLD) {
            img.setRGB(x, y, 0x90FF2020);
          }
        }
      }
      Path heatDir = dir.resolve(HEAT_DIR);
      Files.createDirectories(heatDir);
      String name = "heat-" + seq + ".png";
      javax.imageio.ImageIO.write(img, "png", heatDir.resolve(name).toFile());
      return HEAT_DIR + "/" + name;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  private static final String CSS = String.join("\n",
      "body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}",
      "header{position:sticky;top:0;background:#fff;border-bottom:1px solid #dde;padding:8px 16px;z-index:2}",
      "h1{font-size:18px;margin:0 0 4px}.totals{margin:0;color:#445}",
      ".timeline{display:flex;flex-wrap:wrap;gap:3px;margin-top:6px}",
      ".timeline a{display:inline-block;min-width:22px;padding:1px 4px;border-radius:3px;font-size:11px;text-align:center;text-decoration:none;color:#fff}",
      ".timeline a.ok{background:#3b8c5a}.timeline a.bad{background:#c33}",
      ".skipped{background:#fff4e0;border:1px solid #e9b866;padding:6px 10px;margin-top:6px}",
      "main{padding:12px 16px}.step{background:#fff;border:1px solid #dde;border-radius:6px;margin:0 0 14px;padding:10px 14px}",
      ".step.failed{border-color:#c33}.step h2{font-size:15px;margin:0 0 8px}.step h2 small{font-weight:normal;color:#667}",
      ".error{color:#a11}.pair{display:flex;gap:14px;flex-wrap:wrap}figure{margin:0}",
      ".shot{position:relative;width:240px}.shot img.screen{width:100%;display:block;border:1px solid #ccd}",
      ".shot svg,.shot img.heat{position:absolute;left:0;top:0;width:100%;height:100%}",
      ".path polyline{fill:none;stroke:#1e6fff;stroke-width:6;opacity:.8}.path .sample{fill:#1e6fff}",
      ".path .start{fill:#2ca02c}.path .end{fill:#d62728}.path text{font-size:40px;fill:#d62728;font-weight:bold}",
      ".noshot{width:240px;height:120px;display:flex;align-items:center;justify-content:center;background:#eee;color:#777}",
      "figcaption{font-size:12px;color:#556}.decision span{display:inline-block;background:#eef2ff;border-radius:3px;padding:0 4px;margin:1px}",
      "table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #dde;padding:1px 6px}");

  /** Marks the page ready once every image loaded, and counts script or image errors. */
  private static final String SCRIPT = String.join("\n",
      "(function(){var errors=0;",
      "window.addEventListener('error',function(){errors++;document.body.dataset.errors=errors;},true);",
      "window.addEventListener('load',function(){",
      " var imgs=document.images,broken=0;",
      " for(var i=0;i<imgs.length;i++){if(!imgs[i].complete||imgs[i].naturalWidth===0){broken++;}}",
      " document.body.dataset.images=imgs.length;document.body.dataset.brokenImages=broken;",
      " document.body.dataset.steps=document.querySelectorAll('section.step').length;",
      " document.body.dataset.ready=(broken===0&&errors===0)?'ok':'broken';",
      "});})();");
}
