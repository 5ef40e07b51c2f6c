package dev.swipe.report;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.internal.ChangeMap;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.internal.DecodeOptions;
import dev.swipe.diff.internal.ImageDecoder;
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
import org.jspecify.annotations.Nullable;

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
 * <p>The pages' static parts are resources beside this class: the report page with its legend
 * ({@code run-page.html}), the index page ({@code index-page.html}), the style ({@code report.css})
 * and the script ({@code report.js}). The steps are rendered from the typed {@link TraceRecord}s.
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

  /**
   * Reads video sidecars, and writes a step's arguments and nested values as the page shows them.
   */
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final TypeReference<Map<String, Object>> FIELDS = new TypeReference<>() {};

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
      if (Files.isRegularFile(dir.resolve(TraceReader.FILE))) {
        out.println(
            renderListing(dir, file == null ? dir.resolve(FILE) : file, err).toAbsolutePath());
        return 0;
      }
      List<Path> runs = runDirectories(dir);
      List<Path> rigs = rigDirectories(dir);
      if (runs.isEmpty() && rigs.isEmpty()) {
        throw new SwipeException(
            CommonCode.INVALID_ARGUMENT,
            "trace: no " + TraceReader.FILE + " in " + dir + " or in its sub-directories",
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
                linkBase(directoryOf(indexFile), rigIndex) + indexFile.getFileName(),
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
            .append(plural(rigRuns.size(), "run"))
            .append(", latest ")
            .append(escape(rigRuns.get(rigRuns.size() - 1).getFileName().toString()))
            .append(stopped == 0 ? "" : ", " + stopped + " stopped early")
            .append("</li>");
      }
      String runList = runs.isEmpty() ? "" : "<h2>runs</h2>" + runItems(runs, indexFile, out, err);
      String totals = plural(rigs.size(), "rig") + ", " + plural(total + runs.size(), "run");
      write(
          indexFile,
          indexPage(
              "swipe run reports", totals, "<ul class=\"rigs\">" + index + "</ul>" + runList));
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
      @Nullable String up,
      java.io.PrintStream out,
      java.io.PrintStream err) {
    String links = up == null ? "" : " &middot; <a href=\"" + escape(up) + "\">all rigs</a>";
    return indexPage(
        title, plural(runs.size(), "run") + links, runItems(runs, indexFile, out, err));
  }

  /** The page that links several reports: its title as text, its totals and listing as markup. */
  private static String indexPage(String title, String totals, String listing) {
    return fill(
        INDEX_PAGE,
        Map.of("title", escape(title), "style", CSS, "totals", totals, "listing", listing));
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
              + dir.resolve(TraceReader.FILE)
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
          .filter(p -> Files.isRegularFile(p.resolve(TraceReader.FILE)))
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
          .filter(p -> !Files.isRegularFile(p.resolve(TraceReader.FILE)))
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
  /** The directory holding {@code file}: its absolute path's parent (a file always has one). */
  private static Path directoryOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? file.toAbsolutePath() : parent;
  }

  static String linkBase(Path dir, Path page) {
    Path from = directoryOf(page.toAbsolutePath().normalize());
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
   * The steps of a trace as the page nests them: the records without a known parent, and each
   * composite's sub-steps, both in the order they ran.
   */
  private record Steps(List<TraceRecord> roots, Map<Long, List<TraceRecord>> children) {
    static Steps of(List<TraceRecord> records) {
      Map<Long, TraceRecord> bySeq = new HashMap<>();
      records.forEach(r -> bySeq.put(r.seq(), r));
      Map<Long, List<TraceRecord>> children = new HashMap<>();
      List<TraceRecord> roots = new ArrayList<>();
      for (TraceRecord r : records) {
        long parent = r.parent().orElse(-1);
        if (parent >= 0 && bySeq.containsKey(parent) && parent != r.seq()) {
          children.computeIfAbsent(parent, k -> new ArrayList<>()).add(r);
        } else {
          roots.add(r);
        }
      }
      Comparator<TraceRecord> order =
          Comparator.comparingDouble(TraceRecord::timeMs).thenComparingLong(TraceRecord::seq);
      roots.sort(order);
      children.values().forEach(l -> l.sort(order));
      return new Steps(roots, children);
    }

    List<TraceRecord> under(TraceRecord r) {
      return children.getOrDefault(r.seq(), List.of());
    }
  }

  /** What every step of one page shares: where the trace is, how to link it, its videos. */
  private record Page(Path dir, TraceFiles files, String base, Steps steps, List<Video> videos) {}

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
    TraceReader.Trace trace = TraceReader.read(dir);
    List<TraceRecord> records = new ArrayList<>();
    List<TraceRecord> stops = new ArrayList<>();
    for (TraceRecord r : trace.records()) {
      (TraceReader.STOPPED.equals(r.action()) ? stops : records).add(r);
    }
    TraceFiles files = new TraceFiles(dir);
    Page page = new Page(dir, files, linkBase(dir, out), Steps.of(records), videos(dir, files));
    StringBuilder steps = new StringBuilder(64 * 1024);
    for (TraceRecord r : page.steps().roots()) {
      step(steps, page, r, 0);
    }
    StringBuilder timeline = new StringBuilder();
    for (TraceRecord r : page.steps().roots()) {
      timeline
          .append("<a href=\"#step-")
          .append(r.seq())
          .append("\" class=\"")
          .append(status(r))
          .append("\" title=\"")
          .append(escape(r.action()))
          .append("\">")
          .append(r.seq())
          .append("</a>");
    }
    // the steps check the files they use: only now are the skipped ones all known
    List<TraceFiles.Skipped> skippedFiles = files.skipped();
    write(
        out,
        fill(
            RUN_PAGE,
            Map.of(
                "style", CSS,
                "totals", totals(page.steps().roots().size(), records),
                "notices", notices(stops, trace.skipped(), skippedFiles, page),
                "timeline", timeline.toString(),
                "steps", steps.toString(),
                "script", SCRIPT)));
    return new Rendered(out, skippedFiles);
  }

  /** The header's count of steps, records, gestures and errors, and how long the run took. */
  private static String totals(int roots, List<TraceRecord> records) {
    long errors = records.stream().filter(r -> has(r, "error")).count();
    long gestures = records.stream().filter(r -> has(r, "planned")).count();
    double totalMs = records.stream().mapToDouble(HtmlReport::endMs).max().orElse(0);
    return roots
        + " steps &middot; "
        + records.size()
        + " records &middot; "
        + plural(gestures, "gesture")
        + " &middot; "
        + plural(errors, "error")
        + " &middot; "
        + String.format(Locale.ROOT, "%.1f s", totalMs / 1000);
  }

  private static String plural(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** The header's notices: an early stop, unreadable lines, skipped files, and the videos. */
  private static String notices(
      List<TraceRecord> stops,
      List<TraceReader.Skipped> skippedLines,
      List<TraceFiles.Skipped> skippedFiles,
      Page page) {
    StringBuilder html = new StringBuilder();
    for (TraceRecord s : stops) {
      html.append(
              "<div class=\"stopped\" id=\"stopped\"><strong>The trace stopped early:</strong> ")
          .append(escape(textAt(s, "reason")))
          .append(". Steps after that were not recorded; the run went on.</div>");
    }
    if (!skippedLines.isEmpty()) {
      html.append("<div class=\"skipped\" id=\"skipped\"><strong>Skipped ")
          .append(skippedLines.size())
          .append(skippedLines.size() == 1 ? " unreadable line" : " unreadable lines")
          .append(":</strong><ul>");
      for (TraceReader.Skipped s : skippedLines) {
        html.append("<li>line ").append(s.line()).append(": ").append(escape(s.reason()));
        html.append("</li>");
      }
      html.append("</ul></div>");
    }
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
    for (Video v : page.videos()) {
      html.append("<p class=\"video\">video: <a href=\"")
          .append(escape(page.base() + TraceFiles.link(v.file())))
          .append("\">")
          .append(escape(v.file()))
          .append("</a> (")
          .append(String.format(Locale.ROOT, "%.1f s", v.durationMs() / 1000))
          .append(")</p>");
    }
    return html.toString();
  }

  /** The outcome fields a step is judged by, in the order its claims list them. */
  private static final List<String> VERDICTS =
      List.of("result", "found", "confirmed", "held", "matched", "reached");

  /** The outcome fields that, when false, mean a step did not get what it was for. */
  private static final List<String> UNMET_WHEN_FALSE =
      List.of("found", "held", "confirmed", "matched", "reached");

  /**
   * The dot colour of a step: failed (an error), goal not met (a composite or check that did not
   * get what it was for), or ok.
   */
  private static String status(TraceRecord r) {
    if (has(r, "error")) {
      return "bad";
    }
    Map<String, Object> outcome = r.block("outcome");
    for (String k : UNMET_WHEN_FALSE) {
      if (outcome.containsKey(k) && !Boolean.TRUE.equals(outcome.get(k))) {
        return "unmet";
      }
    }
    return r.composite() ? "goal" : "ok";
  }

  /** When the step ended: its own end, else its start plus its wall time. */
  private static double endMs(TraceRecord r) {
    return r.endMs().orElse(r.timeMs() + r.number("cost", "wall_ms").orElse(0));
  }

  private static void step(StringBuilder html, Page page, TraceRecord r, int depth) {
    List<TraceRecord> kids = page.steps().under(r);
    html.append("<section class=\"step ")
        .append(status(r))
        .append(depth > 0 ? " nested" : "")
        .append("\" id=\"step-")
        .append(r.seq())
        .append("\" data-action=\"")
        .append(escape(r.action()))
        .append("\">");
    heading(html, page, r);
    blockLine(html, r, "goal");
    blockLine(html, r, "outcome");
    if (has(r, "error")) {
      html.append("<p class=\"error\"><code>")
          .append(escape(textAt(r, "error", "code")))
          .append("</code> ")
          .append(escape(textAt(r, "error", "message")))
          .append("</p>");
    }
    claims(html, r, kids);
    evidence(html, r);
    if (has(r, "before") || has(r, "after")) {
      screens(html, page, r);
    }
    diffLine(html, r, "diff", "diff");
    diffLine(html, r, "diff_screen", "whole screen");
    blockLine(html, r, "decision");
    if (has(r, "args")) {
      html.append("<p class=\"args\">args: <code>")
          .append(escape(json(r.value("args").orElseThrow())))
          .append("</code></p>");
    }
    if (has(r, "planned")) {
      hidTimeline(html, r);
    }
    if (!kids.isEmpty()) {
      html.append("<div class=\"children\"><p class=\"kids\">")
          .append(kids.size())
          .append(kids.size() == 1 ? " sub-step" : " sub-steps")
          .append("</p>");
      for (TraceRecord k : kids) {
        step(html, page, k, depth + 1);
      }
      html.append("</div>");
    }
    html.append("</section>");
  }

  /** The step's number, action, start, duration, cost and video link. */
  private static void heading(StringBuilder html, Page page, TraceRecord r) {
    double at = r.timeMs();
    double took =
        r.endMs().isPresent()
            ? r.endMs().getAsDouble() - at
            : r.number("cost", "wall_ms").orElse(0);
    html.append("<h2>#")
        .append(r.seq())
        .append(' ')
        .append(escape(r.action()))
        .append(String.format(Locale.ROOT, " <small>at %.0f ms &middot; took %.0f ms", at, took));
    if (has(r, "cost")) {
      html.append(
          String.format(
              Locale.ROOT,
              " &middot; %d HID reports &middot; %d frames &middot; settle %d ms",
              (long) r.number("cost", "hid_reports").orElse(0),
              (long) r.number("cost", "frames_grabbed").orElse(0),
              (long) r.number("cost", "settle_wait_ms").orElse(0)));
    }
    String clip = clip(r, page.videos());
    if (clip != null) {
      html.append(" &middot; <a class=\"clip\" href=\"")
          .append(escape(page.base() + clip))
          .append("\">video</a>");
    }
    html.append("</small></h2>");
  }

  /** A block's fields as name = value pairs ({@code goal: ...}), when the step has it. */
  private static void blockLine(StringBuilder html, TraceRecord r, String name) {
    if (!has(r, name)) {
      return;
    }
    html.append("<p class=\"").append(name).append("\">").append(name).append(": ");
    r.block(name)
        .forEach(
            (k, v) ->
                html.append("<span>")
                    .append(escape(k))
                    .append(" = ")
                    .append(escape(v instanceof Map || v instanceof List ? json(v) : scalar(v)))
                    .append("</span> "));
    html.append("</p>");
  }

  /**
   * The step's verdicts as a table, each from the one record field the API's answer was written to,
   * so the page and the trace cannot disagree unnoticed (swipe-it reads it back).
   */
  private static void claims(StringBuilder html, TraceRecord r, List<TraceRecord> kids) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("at_ms", String.format(Locale.ROOT, "%.0f", r.timeMs()));
    if (r.block("decision").containsKey("movement")) {
      c.put("movement", textAt(r, "decision", "movement"));
    }
    Map<String, Object> outcome = r.block("outcome");
    for (String k : VERDICTS) {
      if (outcome.containsKey(k)) {
        c.put(k, scalar(outcome.get(k)));
      }
    }
    if (has(r, "diff")) {
      c.put("diff_scope", scope(r, "diff"));
      c.put("diff", changed(r, "diff"));
      c.put("axis", textAt(r, "diff", "primary_axis"));
    }
    if (has(r, "diff_screen")) {
      c.put("screen_diff", changed(r, "diff_screen"));
    }
    if (r.block("after").containsKey("settled")) {
      c.put("settled", scalar(r.block("after").get("settled")));
    }
    if (has(r, "cost")) {
      c.put("hid_reports", textAt(r, "cost", "hid_reports"));
    }
    if (has(r, "planned")) {
      c.put("timeline_reports", String.valueOf(list(r, "planned").size()));
      if (kids.stream().anyMatch(k -> has(k, "planned"))) {
        c.put(
            "sub_step_reports",
            String.valueOf(kids.stream().mapToInt(k -> list(k, "planned").size()).sum()));
      }
    }
    if (has(r, "error")) {
      c.put("error", textAt(r, "error", "code"));
    }
    html.append("<dl class=\"claims\" id=\"claims-").append(r.seq()).append("\">");
    c.forEach(
        (k, v) ->
            html.append("<dt>")
                .append(escape(k))
                .append("</dt><dd>")
                .append(escape(v))
                .append("</dd>"));
    html.append("</dl>");
  }

  /** Where a diff was judged: a named region, or the whole screen when it does not say. */
  private static String scope(TraceRecord r, String diff) {
    return r.value(diff, "scope").map(HtmlReport::scalar).orElse("screen");
  }

  private static String changed(TraceRecord r, String diff) {
    return r.flag(diff, "changed").orElse(false) ? "changed" : "unchanged";
  }

  /** The frames that decided each claim, one line a claim. */
  private static void evidence(StringBuilder html, TraceRecord r) {
    Map<String, Object> evidence = r.block("evidence");
    if (evidence.isEmpty()) {
      return;
    }
    html.append("<ul class=\"evidence\">");
    evidence.forEach(
        (k, v) ->
            html.append("<li><b>evidence for ")
                .append(escape(k))
                .append(":</b> ")
                .append(escape(scalar(v)))
                .append("</li>"));
    html.append("</ul>");
  }

  /**
   * The before screenshot with the finger's path, the after one with the changed cells and the
   * judged region, and a golden diff when the step compared against one.
   */
  private static void screens(StringBuilder html, Page page, TraceRecord r) {
    html.append("<div class=\"pair\">");
    if (has(r, "before") && (has(r, "planned") || r.composite())) {
      figure(html, page, r, "before", pathOverlay(r));
    }
    String heat = has(r, "before") ? heat(page.dir(), page.files(), r) : null;
    String heatImage =
        heat == null
            ? ""
            : "<img class=\"heat\" alt=\"changed cells\" src=\""
                + escape(page.base() + heat)
                + "\">";
    figure(html, page, r, "after", heatImage + regionOverlay(r));
    r.text("outcome", "diff_image").ifPresent(name -> golden(html, page, r, name));
    html.append("</div>");
  }

  /** The image a golden comparison wrote (golden, screenshot, changed cells), or why not. */
  private static void golden(StringBuilder html, Page page, TraceRecord r, String name) {
    TraceFiles.Checked golden =
        page.files().check(name, "step #" + r.seq() + " golden diff", MAX_IMAGE_BYTES);
    if (golden.ok()) {
      html.append("<figure class=\"golden\"><img class=\"diffimage\" alt=\"golden diff\" src=\"")
          .append(escape(page.base() + TraceFiles.link(name)))
          .append("\"><figcaption>golden | screenshot | changed cells</figcaption></figure>");
    } else {
      html.append("<figure class=\"golden\"><div class=\"noshot\">golden diff skipped: ")
          .append(escape(golden.why()))
          .append("</div></figure>");
    }
  }

  /** One diff's verdict in words: where it was judged, whether it changed, and along which axis. */
  private static void diffLine(StringBuilder html, TraceRecord r, String diff, String label) {
    if (!has(r, diff)) {
      return;
    }
    String scope = scope(r, diff);
    List<?> region = list(r, diff, "region");
    String where =
        "screen".equals(scope)
            ? "whole screen"
            : String.format(
                Locale.ROOT,
                "%s {%.0f, %.0f, %.0f, %.0f}",
                scope,
                numberAt(region, 0),
                numberAt(region, 1),
                numberAt(region, 2),
                numberAt(region, 3));
    html.append(
        String.format(
            Locale.ROOT,
            "<p class=\"diffline\">%s (%s): %s, diff_ratio %.4f, primary axis %s%s</p>",
            escape(label),
            escape(where),
            changed(r, diff),
            r.number(diff, "diff_ratio").orElse(0),
            escape(textAt(r, diff, "primary_axis")),
            "motion_between".equals(textAt(r, diff, "axis_evidence"))
                ? " (axis read from the frames between)"
                : ""));
  }

  /** One screenshot of the step ({@code before} or {@code after}) with its overlay, or why not. */
  private static void figure(
      StringBuilder html, Page page, TraceRecord r, String label, String overlay) {
    html.append("<figure class=\"").append(label).append("\">");
    String id = escape(textAt(r, label, "id"));
    TraceFiles.Checked file =
        has(r, label, "file")
            ? page.files()
                .check(textAt(r, label, "file"), "step #" + r.seq() + " " + label, MAX_IMAGE_BYTES)
            : null;
    if (!has(r, label)) {
      html.append("<div class=\"noshot\">no ").append(label).append(" screenshot</div>");
    } else if (file != null && file.ok()) {
      html.append("<div class=\"shot\"><img class=\"screen\" alt=\"")
          .append(label)
          .append(' ')
          .append(id)
          .append("\" src=\"")
          .append(escape(page.base() + TraceFiles.link(textAt(r, label, "file"))))
          .append("\">")
          .append(overlay)
          .append("</div>");
    } else if (file != null) {
      html.append("<div class=\"noshot\">skipped: ").append(escape(file.why())).append("</div>");
    } else {
      html.append("<div class=\"noshot\">")
          .append(escape(r.value(label, "skipped").map(HtmlReport::scalar).orElse("not stored")))
          .append("</div>");
    }
    html.append("<figcaption>").append(label).append(' ').append(id);
    r.flag(label, "settled").ifPresent(s -> html.append(s ? " (settled)" : " (not settled)"));
    html.append("</figcaption></figure>");
  }

  /** The judged region as a dashed box over the after image. */
  private static String regionOverlay(TraceRecord r) {
    if (!has(r, "diff") || "screen".equals(scope(r, "diff"))) {
      return "";
    }
    List<?> g = list(r, "diff", "region");
    return String.format(
        Locale.ROOT,
        "<svg class=\"region\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\">"
            + "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></svg>",
        numberAt(g, 0),
        numberAt(g, 1),
        numberAt(g, 2),
        numberAt(g, 3));
  }

  /**
   * The planned finger path as SVG in normalized space over the before image. A planned report is
   * {@code [ms, phase, x, y]}; a key report is shorter and has no place.
   */
  private static String pathOverlay(TraceRecord r) {
    StringBuilder pts = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    double[] first = null;
    double[] last = null;
    double lastMoveMs = 0;
    double upMs = 0;
    for (Object report : list(r, "planned")) {
      List<?> p = report instanceof List<?> l ? l : List.of();
      if (p.size() < 4) {
        continue;
      }
      double x = numberAt(p, 2);
      double y = numberAt(p, 3);
      if ("up".equals(scalar(p.get(1)))) {
        upMs = numberAt(p, 0);
        continue;
      }
      if (last == null || last[0] != x || last[1] != y) {
        lastMoveMs = numberAt(p, 0); // the finger arrived; later samples here are dwell
      }
      pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      dots.append(circle("sample", x, y, 4));
      if (first == null) {
        first = new double[] {x, y};
      }
      last = new double[] {x, y};
    }
    if (first == null || last == null) {
      return "";
    }
    StringBuilder svg =
        new StringBuilder(
            "<svg class=\"path\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\">");
    svg.append("<polyline points=\"").append(pts).append("\"/>").append(dots);
    svg.append(circle("start", first[0], first[1], 12)).append(circle("end", last[0], last[1], 12));
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

  private static String circle(String kind, double x, double y, int radius) {
    return String.format(
        Locale.ROOT, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\"/>", kind, x, y, radius);
  }

  /** The step's HID reports as planned and as played, folded away. */
  private static void hidTimeline(StringBuilder html, TraceRecord r) {
    List<?> planned = list(r, "planned");
    List<?> actual = list(r, "actual_ms");
    html.append("<details><summary>timeline (")
        .append(planned.size())
        .append(" reports, ")
        .append((int) r.number("merged_steps").orElse(0))
        .append(" merged)</summary><table>")
        .append("<tr><th>#</th><th>planned ms</th><th>actual ms</th><th>report</th></tr>");
    for (int i = 0; i < planned.size(); i++) {
      List<?> p = planned.get(i) instanceof List<?> l ? l : List.of();
      html.append(
          String.format(
              Locale.ROOT,
              "<tr><td>%d</td><td>%.2f</td><td>%.2f</td><td>",
              i,
              numberAt(p, 0),
              numberAt(actual, i)));
      for (int k = 1; k < p.size(); k++) {
        html.append(escape(scalar(p.get(k)))).append(' ');
      }
      html.append("</td></tr>");
    }
    html.append("</table></details>");
  }

  /**
   * A PNG marking the changed cells (as image_diff counts them) inside the judged region, or null
   * when not computable.
   */
  private static @Nullable String heat(Path dir, TraceFiles files, TraceRecord r) {
    String before = r.text("before", "file").orElse(null);
    String after = r.text("after", "file").orElse(null);
    if (before == null || after == null || before.equals(after)) {
      return null;
    }
    long seq = r.seq();
    TraceFiles.Checked beforeFile =
        files.check(before, "step #" + seq + " before", MAX_IMAGE_BYTES);
    TraceFiles.Checked afterFile = files.check(after, "step #" + seq + " after", MAX_IMAGE_BYTES);
    if (!beforeFile.ok() || !afterFile.ok()) {
      return null;
    }
    try {
      byte[] beforeBytes = TraceFiles.read(beforeFile.path(), MAX_IMAGE_BYTES);
      byte[] afterBytes = TraceFiles.read(afterFile.path(), MAX_IMAGE_BYTES);
      if (beforeBytes == null || afterBytes == null) {
        return null;
      }
      GreyRaster a = ImageDecoder.decode(beforeBytes, DecodeOptions.FOR_DIFF);
      GreyRaster b = ImageDecoder.decode(afterBytes, DecodeOptions.FOR_DIFF);
      if (a.width() != b.width() || a.height() != b.height()) {
        return null;
      }
      List<?> g = list(r, "diff", "region");
      PixelRect within =
          g.size() == 4
              ? PixelRect.covering(
                  new NormRegion(numberAt(g, 0), numberAt(g, 1), numberAt(g, 2), numberAt(g, 3)),
                  a.width(),
                  a.height())
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
            || !Files.exists(dir.resolve(name + TraceReader.VIDEO_SIDECAR_SUFFIX))) {
          continue;
        }
        TraceFiles.Checked side =
            checked.check(
                name + TraceReader.VIDEO_SIDECAR_SUFFIX, "video sidecar", MAX_SIDECAR_BYTES);
        if (!side.ok() || !checked.check(name, "video", Long.MAX_VALUE).ok()) {
          continue;
        }
        try {
          byte[] text = TraceFiles.read(side.path(), MAX_SIDECAR_BYTES);
          if (text == null) {
            continue;
          }
          Map<String, Object> sidecar = JSON.readValue(text, FIELDS);
          if (sidecar.get("start_clock_ms") instanceof Number start
              && sidecar.get("duration_ms") instanceof Number duration) {
            out.add(new Video(name, start.doubleValue(), duration.doubleValue()));
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
  private static @Nullable String clip(TraceRecord r, List<Video> videos) {
    if (r.number("clock_ms").isEmpty()) {
      return null;
    }
    double clock = r.number("clock_ms").getAsDouble();
    for (Video v : videos) {
      double t = clock - v.startClockMs();
      if (t >= -1 && t <= v.durationMs()) {
        return String.format(
            Locale.ROOT, "%s#t=%.3f", TraceFiles.link(v.file()), Math.max(0, t) / 1000);
      }
    }
    return null;
  }

  /** Whether the record has a value (not JSON null) at {@code path}. */
  private static boolean has(TraceRecord r, String... path) {
    return r.value(path).isPresent();
  }

  /** The value at {@code path} as the page shows a single value; empty when there is none. */
  private static String textAt(TraceRecord r, String... path) {
    return r.value(path).map(HtmlReport::scalar).orElse("");
  }

  /** The list at {@code path}, or an empty one. */
  private static List<?> list(TraceRecord r, String... path) {
    return r.value(path).filter(List.class::isInstance).map(l -> (List<?>) l).orElse(List.of());
  }

  /** The number at {@code index} of a list from the trace, or 0 when it is none. */
  private static double numberAt(List<?> values, int index) {
    return index < values.size() && values.get(index) instanceof Number n ? n.doubleValue() : 0;
  }

  /** A text, number or boolean as text; a nested block or list is no single value: empty. */
  private static String scalar(Object v) {
    return v instanceof Map || v instanceof List ? "" : String.valueOf(v);
  }

  /** A value of the trace written back as JSON, as the page shows arguments and nested blocks. */
  private static String json(Object v) {
    try {
      return JSON.writeValueAsString(v);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a trace value is not JSON: " + e.getMessage(), e);
    }
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

  /**
   * {@code template} with each {@code {{name}}} replaced by its value, in one pass, so a value that
   * holds such a mark (text from a trace) is never filled in turn.
   *
   * @throws IllegalStateException when the template names a value not given
   */
  static String fill(String template, Map<String, String> values) {
    StringBuilder out = new StringBuilder(template.length() * 2);
    int at = 0;
    while (true) {
      int open = template.indexOf("{{", at);
      int close = open < 0 ? -1 : template.indexOf("}}", open + 2);
      if (close < 0) {
        return out.append(template, at, template.length()).toString();
      }
      String name = template.substring(open + 2, close);
      String value = values.get(name);
      if (value == null) {
        throw new IllegalStateException("the page template names {{" + name + "}}, not given");
      }
      out.append(template, at, open).append(value);
      at = close + 2;
    }
  }

  /** The report page of one trace, its parts marked {@code {{name}}} (see {@link #fill}). */
  private static final String RUN_PAGE = resource("run-page.html");

  /** The page that links several reports, its parts marked as in {@link #RUN_PAGE}. */
  private static final String INDEX_PAGE = resource("index-page.html");

  private static final String CSS = resource("report.css");

  /** Marks the page ready once every image loaded, and counts script or image errors. */
  private static final String SCRIPT = resource("report.js");

  /**
   * A part of the page kept as a file beside this class, so it reads as HTML, CSS or JavaScript.
   */
  static String resource(String name) {
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
