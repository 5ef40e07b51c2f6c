package dev.swipe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.internal.ChangeMap;
import dev.swipe.core.trace.TraceFormat;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.diff.DecodeOptions;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageDecoder;
import dev.swipe.diff.NormalizedRegion;
import dev.swipe.diff.PixelRect;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Renders a trace as one self-contained HTML page beside it ({@code report.html}, no network).
 *
 * <p>Each step shows what the run claimed and why: the verdicts as the API returned them (movement,
 * found, confirmed, settled) in a claims table, an evidence line per claim naming the frames that
 * decided it, the diff judged where the action acted (a scroll's band, a wheel's column) beside the
 * whole screen's, the step's own start time and duration, before and after screenshots with the
 * planned finger path and the changed cells of the judged region, and its HID timeline. Composite
 * actions ({@code scroll_until}, strategies, waits) are one step with their goal and outcome and
 * their passes nested inside. A legend explains the marks. Videos of the run recorded into the
 * trace directory are linked at each step's time. Unreadable trace lines are listed, not fatal, and
 * a trace that stopped early says why.
 *
 * <p>A trace is data that may have been edited or made elsewhere, so the report reads and links
 * only regular files inside the trace directory (links resolved; none leading out of it) of at most
 * {@link #MAX_IMAGE_BYTES}: a file name that is absolute, has {@code ..}, is a URL ({@code
 * javascript:}, {@code https:}), a device, a FIFO or bigger is skipped without being opened, and
 * the page and {@code err} list it.
 *
 * <p>The page's legend, style and script are resources beside this class ({@code legend.html},
 * {@code report.css}, {@code report.js}).
 *
 * <p>Command line: {@code java -cp <swipe-report and its dependencies> dev.swipe.report.HtmlReport
 * DIR [--out FILE]}, or {@code java -jar swipe-agent.jar report DIR [--out FILE]} (see
 * docs/reports.md).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class HtmlReport {
  /** The report's file name inside the trace directory. */
  public static final String FILE = "report.html";

  /**
   * Largest image file (screenshot, golden diff) the report reads or links, 20 MiB: a phone's
   * screenshots are far smaller, so a bigger file is not one the SDK wrote and is skipped.
   */
  public static final long MAX_IMAGE_BYTES = 20L * 1024 * 1024;

  /** Largest video sidecar read (it holds two numbers). */
  private static final long MAX_SIDECAR_BYTES = 64 * 1024;

  private static final String HEAT_DIR = "report";
  private static final ObjectMapper JSON = new ObjectMapper();

  private HtmlReport() {}

  /**
   * The command line: {@code HtmlReport DIR [--out FILE]}; see {@link #run}. Exits with its status.
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Renders from the command line, for launchers such as the agent jar's {@code report} command.
   * {@code DIR} is a trace directory, or a directory whose sub-directories are traces (one per run
   * of a server): each is rendered beside itself and an {@code index.html} links them; or a trace
   * collector's directory, whose sub-directories are rigs holding runs ({@code DIR/RIG/RUN}): each
   * rig gets an {@code index.html} of its runs, and {@code DIR/index.html} links the rigs. {@code
   * --out FILE} writes a single trace's page elsewhere, linking the screenshots where they are.
   * Lines that could not be read are listed on {@code err} and skipped.
   *
   * @param out where the written pages' paths go, one a line
   * @param err where skipped lines and errors go
   * @return 0 when rendered, 1 when there is no trace or a page cannot be written, 2 for a usage
   *     error
   */
  public static int run(String[] args, java.io.PrintStream out, java.io.PrintStream err) {
    Path dir = null;
    Path file = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--out") || a.startsWith("--out=")) {
        String v = a.startsWith("--out=") ? a.substring(6) : i + 1 < args.length ? args[++i] : null;
        if (v == null || v.isBlank() || file != null) {
          err.println("report: --out needs one file name");
          err.println(USAGE);
          return 2;
        }
        file = Path.of(v);
      } else if (a.startsWith("--") || dir != null) {
        err.println("report: unexpected argument '" + a + "'");
        err.println(USAGE);
        return 2;
      } else {
        dir = Path.of(a);
      }
    }
    if (dir == null) {
      err.println("report: name the trace directory");
      err.println(USAGE);
      return 2;
    }
    try {
      if (Files.isRegularFile(dir.resolve(TraceFormat.FILE))) {
        out.println(
            renderListing(dir, file == null ? dir.resolve(FILE) : file, err).toAbsolutePath());
        return 0;
      }
      List<Path> runs = runDirectories(dir);
      List<Path> rigs = rigDirectories(dir);
      if (runs.isEmpty() && rigs.isEmpty()) {
        throw new SwipeException(
            CommonCode.INVALID_ARGUMENT,
            "trace: no " + TraceFormat.FILE + " in " + dir + " or in its sub-directories",
            Map.of("field", "trace", "path", dir.toString()),
            null);
      }
      Path indexFile = file == null ? dir.resolve("index.html") : file;
      if (rigs.isEmpty()) {
        write(indexFile, runsIndex("swipe run reports", runs, indexFile, null, out, err));
        out.println(indexFile.toAbsolutePath());
        return 0;
      }
      // a collector's directory: one directory of runs per rig, each with its own index
      StringBuilder index = new StringBuilder();
      int total = 0;
      for (Path rig : rigs) {
        List<Path> rigRuns = runDirectories(rig);
        Path rigIndex = rig.resolve("index.html");
        write(
            rigIndex,
            runsIndex(
                "swipe run reports: rig " + rig.getFileName(),
                rigRuns,
                rigIndex,
                linkBase(indexFile.toAbsolutePath().getParent(), rigIndex)
                    + indexFile.getFileName(),
                out,
                err));
        out.println(rigIndex.toAbsolutePath());
        total += rigRuns.size();
        long stopped =
            rigRuns.stream().filter(r -> TraceReader.read(r).stopReason().isPresent()).count();
        index
            .append("<li><a href=\"")
            .append(escape(linkBase(rig, indexFile)))
            .append("index.html\">")
            .append(escape(rig.getFileName().toString()))
            .append("</a> ")
            .append(rigRuns.size())
            .append(rigRuns.size() == 1 ? " run" : " runs")
            .append(", latest ")
            .append(escape(rigRuns.get(rigRuns.size() - 1).getFileName().toString()))
            .append(stopped == 0 ? "" : ", " + stopped + " stopped early")
            .append("</li>");
      }
      String runList = runs.isEmpty() ? "" : "<h2>runs</h2>" + runItems(runs, indexFile, out, err);
      write(
          indexFile,
          "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
              + "<title>swipe run reports</title><style>"
              + CSS
              + "</style></head><body data-ready=\"ok\"><header>"
              + "<h1>swipe run reports</h1><p class=\"totals\">"
              + rigs.size()
              + (rigs.size() == 1 ? " rig, " : " rigs, ")
              + (total + runs.size())
              + (total + runs.size() == 1 ? " run" : " runs")
              + "</p></header><main><ul class=\"rigs\">"
              + index
              + "</ul>"
              + runList
              + "</main></body></html>");
      out.println(indexFile.toAbsolutePath());
      return 0;
    } catch (SwipeException e) {
      err.println(
          "report: "
              + e.code().id()
              + (e.field() == null ? "" : " (" + e.field() + ")")
              + ": "
              + e.getMessage());
      return 1;
    }
  }

  private static final String USAGE = "usage: report TRACE_DIR [--out FILE]";

  /**
   * Renders each run and returns the index page of them, titled {@code title}, linking up to {@code
   * up} when it is not null.
   */
  private static String runsIndex(
      String title,
      List<Path> runs,
      Path indexFile,
      String up,
      java.io.PrintStream out,
      java.io.PrintStream err) {
    return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>"
        + escape(title)
        + "</title><style>"
        + CSS
        + "</style></head><body data-ready=\"ok\"><header>"
        + "<h1>"
        + escape(title)
        + "</h1><p class=\"totals\">"
        + runs.size()
        + (runs.size() == 1 ? " run" : " runs")
        + (up == null ? "" : " &middot; <a href=\"" + escape(up) + "\">all rigs</a>")
        + "</p></header><main>"
        + runItems(runs, indexFile, out, err)
        + "</main></body></html>";
  }

  /** Renders each run beside itself and lists them, linked from {@code indexFile}. */
  private static String runItems(
      List<Path> runs, Path indexFile, java.io.PrintStream out, java.io.PrintStream err) {
    StringBuilder index = new StringBuilder("<ul class=\"runs\">");
    for (Path run : runs) {
      Path page = renderListing(run, run.resolve(FILE), err);
      out.println(page.toAbsolutePath());
      TraceReader.Trace t = TraceReader.read(run);
      index
          .append("<li><a href=\"")
          .append(escape(linkBase(run, indexFile)))
          .append(FILE)
          .append("\">")
          .append(escape(run.getFileName().toString()))
          .append("</a> ")
          .append(t.records().size())
          .append(" records")
          .append(t.skipped().isEmpty() ? "" : ", " + t.skipped().size() + " unreadable lines")
          .append(t.stopReason().map(r -> ", stopped early: " + escape(r)).orElse(""))
          .append("</li>");
    }
    return index.append("</ul>").toString();
  }

  /**
   * Renders one trace and lists its unreadable lines, skipped files and early stop on {@code err}.
   */
  private static Path renderListing(Path dir, Path file, java.io.PrintStream err) {
    TraceReader.Trace t = TraceReader.read(dir);
    for (TraceReader.Skipped s : t.skipped()) {
      err.println(
          "report: "
              + dir.resolve(TraceFormat.FILE)
              + " line "
              + s.line()
              + " skipped: "
              + s.reason());
    }
    t.stopReason()
        .ifPresent(r -> err.println("report: the trace in " + dir + " stopped early: " + r));
    Rendered r = renderChecked(dir, file);
    for (TraceFiles.Skipped s : r.skippedFiles()) {
      err.println(
          "report: " + dir + ": " + s.where() + " file '" + s.name() + "' skipped: " + s.reason());
    }
    return r.file();
  }

  /** A written page and the files the trace named that it did not use. */
  private record Rendered(Path file, List<TraceFiles.Skipped> skippedFiles) {}

  /**
   * The sub-directories of {@code dir} that hold a trace, in name order (runs are named by start
   * time). A link among them is left out: its page would be written wherever the link points.
   */
  private static List<Path> runDirectories(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> sub = Files.list(dir)) {
      return sub.filter(p -> !Files.isSymbolicLink(p))
          .filter(p -> Files.isRegularFile(p.resolve(TraceFormat.FILE)))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /**
   * The sub-directories of {@code dir} that are no trace but hold traces (a collector's rigs, each
   * a directory of runs), in name order; links are left out as for runs.
   */
  private static List<Path> rigDirectories(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> sub = Files.list(dir)) {
      return sub.filter(p -> !Files.isSymbolicLink(p))
          .filter(Files::isDirectory)
          .filter(p -> !Files.isRegularFile(p.resolve(TraceFormat.FILE)))
          .filter(p -> !runDirectories(p).isEmpty())
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /**
   * How a page written to {@code page} links files of the trace in {@code dir}: empty beside it,
   * else a relative path with each name percent-encoded, ending in a slash.
   */
  static String linkBase(Path dir, Path page) {
    Path from = page.toAbsolutePath().normalize().getParent();
    Path to = dir.toAbsolutePath().normalize();
    if (to.equals(from)) {
      return "";
    }
    Path rel;
    try {
      rel = from.relativize(to);
    } catch (IllegalArgumentException e) {
      return to.toUri().toString().endsWith("/") ? to.toUri().toString() : to.toUri() + "/";
    }
    StringBuilder b = new StringBuilder();
    for (Path name : rel) {
      try {
        b.append(new java.net.URI(null, null, name.toString(), null).getRawPath()).append('/');
      } catch (java.net.URISyntaxException e) {
        return to.toUri().toString().endsWith("/") ? to.toUri().toString() : to.toUri() + "/";
      }
    }
    return b.indexOf(":") >= 0 && b.indexOf(":") < Math.max(b.indexOf("/"), 0)
        ? "./" + b
        : b.toString();
  }

  /**
   * Writes a page through a new file in the same directory, renamed into place: a rename replaces
   * whatever stands at {@code out}, a link a crafted trace planted as its {@code report.html}
   * included, where writing to the path would follow the link and overwrite its target.
   */
  private static void write(Path out, String html) {
    Path tmp = null;
    try {
      Path parent = out.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      tmp = Files.createTempFile(parent, ".report-", ".tmp");
      Files.writeString(tmp, html, StandardCharsets.UTF_8);
      try {
        Files.move(
            tmp,
            out,
            java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      } catch (java.nio.file.AtomicMoveNotSupportedException e) {
        Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "out: cannot write " + out + ": " + e.getMessage(),
          Map.of("field", "out", "path", out.toString()),
          e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // the failure above is what the caller hears of
        }
      }
    }
  }

  /** A video linked from the report: its file, and where it starts and ends on the device clock. */
  private record Video(String file, double startClockMs, double durationMs) {}

  /**
   * Renders the report of the trace in {@code dir}.
   *
   * @return the report file
   */
  public static Path render(Path dir) {
    return render(dir, dir.resolve(FILE));
  }

  /**
   * Renders the report of the trace in {@code dir} into {@code out}, anywhere: the page links the
   * trace's screenshots and videos where they are (relative to {@code out}), so keep them together.
   *
   * @return {@code out}
   * @throws SwipeException {@code invalid_argument}: (field {@code trace}) no trace in {@code dir},
   *     (field {@code out}) the page cannot be written
   */
  public static Path render(Path dir, Path out) {
    return renderChecked(dir, out).file();
  }

  private static Rendered renderChecked(Path dir, Path out) {
    SwipeException.requireArgument(out, "out");
    String base = linkBase(dir, out);
    TraceReader.Trace trace = TraceReader.read(dir);
    // the report walks each record's blocks as a JSON tree, the form it renders them in
    List<ObjectNode> all =
        trace.records().stream().map(r -> (ObjectNode) JSON.valueToTree(r.fields())).toList();
    List<ObjectNode> steps = new ArrayList<>();
    List<ObjectNode> stops = new ArrayList<>();
    for (ObjectNode r : all) {
      (TraceFormat.STOPPED.equals(r.path("action").asText()) ? stops : steps).add(r);
    }
    Map<Long, ObjectNode> bySeq = new HashMap<>();
    steps.forEach(r -> bySeq.put(r.path("seq").asLong(), r));
    Map<Long, List<ObjectNode>> children = new HashMap<>();
    List<ObjectNode> roots = new ArrayList<>();
    for (ObjectNode r : steps) {
      long parent = r.path("parent").asLong(-1);
      if (parent >= 0 && bySeq.containsKey(parent) && parent != r.path("seq").asLong()) {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(r);
      } else {
        roots.add(r);
      }
    }
    Comparator<ObjectNode> order =
        Comparator.<ObjectNode>comparingDouble(r -> r.path("t_ms").asDouble())
            .thenComparingLong(r -> r.path("seq").asLong());
    roots.sort(order);
    children.values().forEach(l -> l.sort(order));
    TraceFiles files = new TraceFiles(dir);
    List<Video> videos = videos(dir, files);
    StringBuilder main = new StringBuilder(64 * 1024);
    for (ObjectNode r : roots) {
      step(main, dir, files, base, r, children, videos, 0);
    }

    long errors = steps.stream().filter(r -> r.has("error")).count();
    long actions = steps.stream().filter(r -> r.has("planned")).count();
    double totalMs =
        steps.stream()
            .mapToDouble(
                r ->
                    r.path("end_ms")
                        .asDouble(
                            r.path("t_ms").asDouble() + r.path("cost").path("wall_ms").asDouble()))
            .max()
            .orElse(0);
    StringBuilder html = new StringBuilder(64 * 1024);
    html.append(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>swipe run report</title>")
        .append("<style>")
        .append(CSS)
        .append("</style></head><body data-ready=\"loading\">");
    html.append("<header><h1>swipe run report</h1><p class=\"totals\">")
        .append(roots.size())
        .append(" steps &middot; ")
        .append(steps.size())
        .append(" records &middot; ")
        .append(actions)
        .append(actions == 1 ? " gesture" : " gestures")
        .append(" &middot; ")
        .append(errors)
        .append(errors == 1 ? " error" : " errors")
        .append(" &middot; ")
        .append(String.format(Locale.ROOT, "%.1f s", totalMs / 1000))
        .append("</p>");
    for (ObjectNode s : stops) {
      html.append(
              "<div class=\"stopped\" id=\"stopped\"><strong>The trace stopped early:</strong> ")
          .append(escape(s.path("reason").asText()))
          .append(". Steps after that were not recorded; the run went on.</div>");
    }
    if (!trace.skipped().isEmpty()) {
      html.append("<div class=\"skipped\" id=\"skipped\"><strong>Skipped ")
          .append(trace.skipped().size())
          .append(trace.skipped().size() == 1 ? " unreadable line" : " unreadable lines")
          .append(":</strong><ul>");
      for (TraceReader.Skipped s : trace.skipped()) {
        html.append("<li>line ")
            .append(s.line())
            .append(": ")
            .append(escape(s.reason()))
            .append("</li>");
      }
      html.append("</ul></div>");
    }
    List<TraceFiles.Skipped> skippedFiles = files.skipped();
    if (!skippedFiles.isEmpty()) {
      html.append("<div class=\"skipped\" id=\"skipped-files\"><strong>Skipped ")
          .append(skippedFiles.size())
          .append(skippedFiles.size() == 1 ? " file the trace names" : " files the trace names")
          .append(" (only regular files inside the trace directory of at most ")
          .append(MAX_IMAGE_BYTES / (1024 * 1024))
          .append(" MiB are used):</strong><ul>");
      for (TraceFiles.Skipped f : skippedFiles) {
        html.append("<li>")
            .append(escape(f.where()))
            .append(": <code>")
            .append(escape(f.name()))
            .append("</code>: ")
            .append(escape(f.reason()))
            .append("</li>");
      }
      html.append("</ul></div>");
    }
    for (Video v : videos) {
      html.append("<p class=\"video\">video: <a href=\"")
          .append(escape(base + TraceFiles.link(v.file())))
          .append("\">")
          .append(escape(v.file()))
          .append("</a> (")
          .append(String.format(Locale.ROOT, "%.1f s", v.durationMs() / 1000))
          .append(")</p>");
    }
    html.append("<nav class=\"timeline\">");
    for (ObjectNode r : roots) {
      long seq = r.path("seq").asLong();
      html.append("<a href=\"#step-")
          .append(seq)
          .append("\" class=\"")
          .append(status(r))
          .append("\" title=\"")
          .append(escape(r.path("action").asText()))
          .append("\">")
          .append(seq)
          .append("</a>");
    }
    html.append("</nav>").append(LEGEND).append("</header><main>");
    html.append(main);
    html.append("</main><script>").append(SCRIPT).append("</script></body></html>");
    write(out, html.toString());
    return new Rendered(out, skippedFiles);
  }

  /**
   * The dot colour of a step: failed (an error), goal not met (a composite or check that did not
   * get what it was for), or ok.
   */
  private static String status(ObjectNode r) {
    if (r.has("error")) {
      return "bad";
    }
    JsonNode o = r.path("outcome");
    if ((o.has("found") && !o.path("found").asBoolean())
        || (o.has("held") && !o.path("held").asBoolean())
        || (o.has("confirmed") && !o.path("confirmed").asBoolean())
        || (o.has("matched") && !o.path("matched").asBoolean())
        || (o.has("reached") && !o.path("reached").asBoolean())) {
      return "unmet";
    }
    return r.path("composite").asBoolean() ? "goal" : "ok";
  }

  private static void step(
      StringBuilder html,
      Path dir,
      TraceFiles files,
      String base,
      ObjectNode r,
      Map<Long, List<ObjectNode>> children,
      List<Video> videos,
      int depth) {
    long seq = r.path("seq").asLong();
    String action = r.path("action").asText();
    List<ObjectNode> kids = children.getOrDefault(seq, List.of());
    double at = r.path("t_ms").asDouble();
    double took =
        r.has("end_ms")
            ? r.path("end_ms").asDouble() - at
            : r.path("cost").path("wall_ms").asDouble();
    html.append("<section class=\"step ")
        .append(status(r))
        .append(depth > 0 ? " nested" : "")
        .append("\" id=\"step-")
        .append(seq)
        .append("\" data-action=\"")
        .append(escape(action))
        .append("\">");
    html.append("<h2>#")
        .append(seq)
        .append(' ')
        .append(escape(action))
        .append(String.format(Locale.ROOT, " <small>at %.0f ms &middot; took %.0f ms", at, took));
    JsonNode cost = r.path("cost");
    if (!cost.isMissingNode()) {
      html.append(
          String.format(
              Locale.ROOT,
              " &middot; %d HID reports &middot; %d frames &middot; settle %d ms",
              cost.path("hid_reports").asLong(),
              cost.path("frames_grabbed").asLong(),
              cost.path("settle_wait_ms").asLong()));
    }
    String clip = clip(r, videos);
    clip = clip == null ? null : base + clip;
    if (clip != null) {
      html.append(" &middot; <a class=\"clip\" href=\"")
          .append(escape(clip))
          .append("\">video</a>");
    }
    html.append("</small></h2>");
    if (r.has("goal")) {
      html.append("<p class=\"goal\">goal: ").append(pairs(r.path("goal"))).append("</p>");
    }
    if (r.has("outcome")) {
      html.append("<p class=\"outcome\">outcome: ").append(pairs(r.path("outcome"))).append("</p>");
    }
    if (r.has("error")) {
      html.append("<p class=\"error\"><code>")
          .append(escape(r.path("error").path("code").asText()))
          .append("</code> ")
          .append(escape(r.path("error").path("message").asText()))
          .append("</p>");
    }
    claims(html, r, kids, seq);
    JsonNode evidence = r.path("evidence");
    if (evidence.size() > 0) {
      html.append("<ul class=\"evidence\">");
      evidence
          .properties()
          .forEach(
              e ->
                  html.append("<li><b>evidence for ")
                      .append(escape(e.getKey()))
                      .append(":</b> ")
                      .append(escape(e.getValue().asText()))
                      .append("</li>"));
      html.append("</ul>");
    }
    if (r.has("before") || r.has("after")) {
      html.append("<div class=\"pair\">");
      if (r.has("before") && (r.has("planned") || r.path("composite").asBoolean())) {
        figure(html, files, base, seq, r.path("before"), "before", pathOverlay(r));
      }
      String heat = r.has("before") ? heat(dir, files, r, seq) : null;
      String region = regionOverlay(r.path("diff"));
      figure(
          html,
          files,
          base,
          seq,
          r.path("after"),
          "after",
          (heat == null
                  ? ""
                  : "<img class=\"heat\" alt=\"changed cells\" src=\""
                      + escape(base + heat)
                      + "\">")
              + region);
      String diffImage = r.path("outcome").path("diff_image").asText(null);
      if (diffImage != null) {
        TraceFiles.Checked golden =
            files.check(diffImage, "step #" + seq + " golden diff", MAX_IMAGE_BYTES);
        if (golden.ok()) {
          html.append(
                  "<figure class=\"golden\"><img class=\"diffimage\" alt=\"golden diff\" src=\"")
              .append(escape(base + TraceFiles.link(diffImage)))
              .append("\"><figcaption>golden | screenshot | changed cells</figcaption></figure>");
        } else {
          html.append("<figure class=\"golden\"><div class=\"noshot\">golden diff skipped: ")
              .append(escape(golden.reason()))
              .append("</div></figure>");
        }
      }
      html.append("</div>");
    }
    diffLine(html, r.path("diff"), "diff");
    diffLine(html, r.path("diff_screen"), "whole screen");
    if (r.has("decision")) {
      html.append("<p class=\"decision\">decision: ")
          .append(pairs(r.path("decision")))
          .append("</p>");
    }
    if (r.has("args")) {
      html.append("<p class=\"args\">args: <code>")
          .append(escape(r.path("args").toString()))
          .append("</code></p>");
    }
    if (r.has("planned")) {
      html.append("<details><summary>timeline (")
          .append(r.path("planned").size())
          .append(" reports, ")
          .append(r.path("merged_steps").asInt())
          .append(
              " merged)</summary><table><tr><th>#</th><th>planned ms</th><th>actual ms</th><th>report</th></tr>");
      for (int i = 0; i < r.path("planned").size(); i++) {
        JsonNode p = r.path("planned").get(i);
        html.append(
            String.format(
                Locale.ROOT,
                "<tr><td>%d</td><td>%.2f</td><td>%.2f</td><td>",
                i,
                p.get(0).asDouble(),
                r.path("actual_ms").path(i).asDouble()));
        for (int k = 1; k < p.size(); k++) {
          html.append(escape(p.get(k).asText())).append(' ');
        }
        html.append("</td></tr>");
      }
      html.append("</table></details>");
    }
    if (!kids.isEmpty()) {
      html.append("<div class=\"children\"><p class=\"kids\">")
          .append(kids.size())
          .append(kids.size() == 1 ? " sub-step" : " sub-steps")
          .append("</p>");
      for (ObjectNode k : kids) {
        step(html, dir, files, base, k, children, videos, depth + 1);
      }
      html.append("</div>");
    }
    html.append("</section>");
  }

  /**
   * The step's verdicts as a table, each from the one record field the API's answer was written to,
   * so the page and the trace cannot disagree unnoticed (swipe-it reads it back).
   */
  private static void claims(StringBuilder html, ObjectNode r, List<ObjectNode> kids, long seq) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("at_ms", String.format(Locale.ROOT, "%.0f", r.path("t_ms").asDouble()));
    JsonNode d = r.path("decision");
    if (d.has("movement")) {
      c.put("movement", d.path("movement").asText());
    }
    JsonNode o = r.path("outcome");
    for (String k : List.of("result", "found", "confirmed", "held", "matched", "reached")) {
      if (o.has(k)) {
        c.put(k, o.path(k).asText());
      }
    }
    JsonNode diff = r.path("diff");
    if (!diff.isMissingNode()) {
      c.put("diff_scope", diff.path("scope").asText("screen"));
      c.put("diff", diff.path("changed").asBoolean() ? "changed" : "unchanged");
      c.put("axis", diff.path("primary_axis").asText());
    }
    if (r.has("diff_screen")) {
      c.put(
          "screen_diff",
          r.path("diff_screen").path("changed").asBoolean() ? "changed" : "unchanged");
    }
    if (r.path("after").has("settled")) {
      c.put("settled", r.path("after").path("settled").asText());
    }
    if (r.has("cost")) {
      c.put("hid_reports", r.path("cost").path("hid_reports").asText());
    }
    if (r.has("planned")) {
      c.put("timeline_reports", String.valueOf(r.path("planned").size()));
      int sub = kids.stream().mapToInt(k -> k.path("planned").size()).sum();
      if (kids.stream().anyMatch(k -> k.has("planned"))) {
        c.put("sub_step_reports", String.valueOf(sub));
      }
    }
    if (r.has("error")) {
      c.put("error", r.path("error").path("code").asText());
    }
    html.append("<dl class=\"claims\" id=\"claims-").append(seq).append("\">");
    c.forEach(
        (k, v) ->
            html.append("<dt>")
                .append(escape(k))
                .append("</dt><dd>")
                .append(escape(v))
                .append("</dd>"));
    html.append("</dl>");
  }

  private static void diffLine(StringBuilder html, JsonNode diff, String label) {
    if (diff.isMissingNode()) {
      return;
    }
    JsonNode reg = diff.path("region");
    String where =
        "screen".equals(diff.path("scope").asText("screen"))
            ? "whole screen"
            : String.format(
                Locale.ROOT,
                "%s {%.0f, %.0f, %.0f, %.0f}",
                diff.path("scope").asText(),
                reg.path(0).asDouble(),
                reg.path(1).asDouble(),
                reg.path(2).asDouble(),
                reg.path(3).asDouble());
    html.append(
        String.format(
            Locale.ROOT,
            "<p class=\"diffline\">%s (%s): %s, diff_ratio %.4f, primary axis %s%s</p>",
            escape(label),
            escape(where),
            diff.path("changed").asBoolean() ? "changed" : "unchanged",
            diff.path("diff_ratio").asDouble(),
            escape(diff.path("primary_axis").asText()),
            "motion_between".equals(diff.path("axis_evidence").asText())
                ? " (axis read from the frames between)"
                : ""));
  }

  private static String pairs(JsonNode node) {
    StringBuilder out = new StringBuilder();
    node.properties()
        .forEach(
            e ->
                out.append("<span>")
                    .append(escape(e.getKey()))
                    .append(" = ")
                    .append(
                        escape(
                            e.getValue().isValueNode()
                                ? e.getValue().asText()
                                : e.getValue().toString()))
                    .append("</span> "));
    return out.toString();
  }

  private static void figure(
      StringBuilder html,
      TraceFiles files,
      String base,
      long seq,
      JsonNode shot,
      String label,
      String overlay) {
    html.append("<figure class=\"").append(label).append("\">");
    TraceFiles.Checked file =
        shot.has("file")
            ? files.check(shot.path("file").asText(), "step #" + seq + " " + label, MAX_IMAGE_BYTES)
            : null;
    if (shot.isMissingNode()) {
      html.append("<div class=\"noshot\">no ").append(label).append(" screenshot</div>");
    } else if (file != null && file.ok()) {
      html.append("<div class=\"shot\"><img class=\"screen\" alt=\"")
          .append(label)
          .append(' ')
          .append(escape(shot.path("id").asText()))
          .append("\" src=\"")
          .append(escape(base + TraceFiles.link(shot.path("file").asText())))
          .append("\">")
          .append(overlay)
          .append("</div>");
    } else if (file != null) {
      html.append("<div class=\"noshot\">skipped: ").append(escape(file.reason())).append("</div>");
    } else {
      html.append("<div class=\"noshot\">")
          .append(escape(shot.path("skipped").asText("not stored")))
          .append("</div>");
    }
    html.append("<figcaption>").append(label).append(' ').append(escape(shot.path("id").asText()));
    if (shot.has("settled")) {
      html.append(shot.path("settled").asBoolean() ? " (settled)" : " (not settled)");
    }
    html.append("</figcaption></figure>");
  }

  /** The judged region as a dashed box over the after image. */
  private static String regionOverlay(JsonNode diff) {
    if (diff.isMissingNode() || "screen".equals(diff.path("scope").asText("screen"))) {
      return "";
    }
    JsonNode g = diff.path("region");
    return String.format(
        Locale.ROOT,
        "<svg class=\"region\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\">"
            + "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></svg>",
        g.path(0).asDouble(),
        g.path(1).asDouble(),
        g.path(2).asDouble(),
        g.path(3).asDouble());
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
        lastMoveMs =
            p.get(0)
                .asDouble(); // the finger arrived here; later samples at the same place are dwell
      }
      pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      dots.append(
          String.format(
              Locale.ROOT, "<circle class=\"sample\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>", x, y));
      if (first == null) {
        first = new double[] {x, y};
      }
      last = new double[] {x, y};
    }
    if (first == null) {
      return "";
    }
    StringBuilder svg =
        new StringBuilder(
            "<svg class=\"path\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\">");
    svg.append("<polyline points=\"").append(pts).append("\"/>").append(dots);
    svg.append(
        String.format(
            Locale.ROOT,
            "<circle class=\"start\" cx=\"%.1f\" cy=\"%.1f\" r=\"12\"/>",
            first[0],
            first[1]));
    svg.append(
        String.format(
            Locale.ROOT,
            "<circle class=\"end\" cx=\"%.1f\" cy=\"%.1f\" r=\"12\"/>",
            last[0],
            last[1]));
    if (upMs > lastMoveMs) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%.1f\">dwell %.0f ms</text>",
              Math.min(last[0] + 16, 760),
              Math.max(last[1] - 16, 30),
              upMs - lastMoveMs));
    }
    return svg.append("</svg>").toString();
  }

  /**
   * A PNG marking the changed cells (as image_diff counts them) inside the judged region, or null
   * when not computable.
   */
  private static String heat(Path dir, TraceFiles files, ObjectNode r, long seq) {
    String before = r.path("before").path("file").asText(null);
    String after = r.path("after").path("file").asText(null);
    if (before == null || after == null || before.equals(after)) {
      return null;
    }
    TraceFiles.Checked beforeFile =
        files.check(before, "step #" + seq + " before", MAX_IMAGE_BYTES);
    TraceFiles.Checked afterFile = files.check(after, "step #" + seq + " after", MAX_IMAGE_BYTES);
    if (!beforeFile.ok() || !afterFile.ok()) {
      return null;
    }
    try {
      byte[] beforeBytes = TraceFiles.read(beforeFile.file(), MAX_IMAGE_BYTES);
      byte[] afterBytes = TraceFiles.read(afterFile.file(), MAX_IMAGE_BYTES);
      if (beforeBytes == null || afterBytes == null) {
        return null;
      }
      GreyRaster a = ImageDecoder.decode(beforeBytes, DecodeOptions.FOR_DIFF);
      GreyRaster b = ImageDecoder.decode(afterBytes, DecodeOptions.FOR_DIFF);
      if (a.width() != b.width() || a.height() != b.height()) {
        return null;
      }
      JsonNode g = r.path("diff").path("region");
      PixelRect within =
          g.size() == 4
              ? new NormalizedRegion(
                      g.get(0).asDouble(),
                      g.get(1).asDouble(),
                      g.get(2).asDouble(),
                      g.get(3).asDouble())
                  .toPixelRect(a.width(), a.height())
              : null;
      BufferedImage img = new BufferedImage(a.width(), a.height(), BufferedImage.TYPE_INT_ARGB);
      for (PixelRect c : ChangeMap.changed(a, b, within)) {
        for (int y = c.y(); y < c.bottom(); y++) {
          for (int x = c.x(); x < c.right(); x++) {
            img.setRGB(x, y, 0x90FF2020);
          }
        }
      }
      Path heatDir = dir.resolve(HEAT_DIR);
      if (Files.isSymbolicLink(heatDir)) {
        return null; // never written through a link the trace brought
      }
      Files.createDirectories(heatDir);
      String name = "heat-" + seq + ".png";
      Path heatFile = heatDir.resolve(name);
      Files.deleteIfExists(heatFile); // a link in its place is removed, not written through
      try (java.io.OutputStream o =
          Files.newOutputStream(
              heatFile,
              java.nio.file.StandardOpenOption.CREATE_NEW,
              java.nio.file.StandardOpenOption.WRITE)) {
        javax.imageio.ImageIO.write(img, "png", o);
      }
      return HEAT_DIR + "/" + name;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Videos in the trace directory that have a sidecar saying when they start (both checked as
   * {@link TraceFiles} does; a video is linked, never read).
   */
  private static List<Video> videos(Path dir, TraceFiles checked) {
    List<Video> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files.sorted()::iterator) {
        String name = p.getFileName().toString();
        if (!name.endsWith(".mp4")
            || !Files.exists(dir.resolve(name + TraceFormat.VIDEO_SIDECAR_SUFFIX))) {
          continue;
        }
        TraceFiles.Checked side =
            checked.check(
                name + TraceFormat.VIDEO_SIDECAR_SUFFIX, "video sidecar", MAX_SIDECAR_BYTES);
        if (!side.ok() || !checked.check(name, "video", Long.MAX_VALUE).ok()) {
          continue;
        }
        try {
          byte[] text = TraceFiles.read(side.file(), MAX_SIDECAR_BYTES);
          if (text == null) {
            continue;
          }
          JsonNode j = JSON.readTree(text);
          if (j.has("start_clock_ms") && j.has("duration_ms")) {
            out.add(
                new Video(
                    name, j.path("start_clock_ms").asDouble(), j.path("duration_ms").asDouble()));
          }
        } catch (IOException e) {
          // a sidecar that cannot be read links nothing
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    return out;
  }

  /** The link to the moment this step began in a video that covers it, or null. */
  private static String clip(ObjectNode r, List<Video> videos) {
    if (!r.has("clock_ms")) {
      return null;
    }
    double clock = r.path("clock_ms").asDouble();
    for (Video v : videos) {
      double t = clock - v.startClockMs();
      if (t >= -1 && t <= v.durationMs()) {
        return String.format(
            Locale.ROOT, "%s#t=%.3f", TraceFiles.link(v.file()), Math.max(0, t) / 1000);
      }
    }
    return null;
  }

  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
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

  private static final String LEGEND = resource("legend.html");

  private static final String CSS = resource("report.css");

  /** Marks the page ready once every image loaded, and counts script or image errors. */
  private static final String SCRIPT = resource("report.js");

  /**
   * A part of the page kept as a file beside this class, so it reads as HTML, CSS or JavaScript.
   */
  private static String resource(String name) {
    try (java.io.InputStream in = HtmlReport.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the report's " + name + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
