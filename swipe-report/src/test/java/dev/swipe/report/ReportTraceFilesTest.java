package dev.swipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.core.testkit.TraceJson;
import dev.swipe.core.trace.TraceReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, item 2: the report follows only the file names of a trace that are regular files inside
 * its directory, within {@link HtmlReport#MAX_IMAGE_BYTES}; paths out of it, links out of it, URLs,
 * devices, FIFOs and huge files are skipped without being opened, and listed on the page and on
 * stderr.
 */
class ReportTraceFilesTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final Pattern SRC = Pattern.compile("(?:src|href)=\"([^\"]*)\"");

  @TempDir Path tmp;

  /** A real trace with one swipe (before and after screenshots) in {@code dir}. */
  private static ObjectNode traceWithASwipe(Path dir) throws IOException {
    VirtualClock clock = new VirtualClock();
    try (Device d =
        Device.builder()
            .hid(new RecordingHidTransport(clock))
            .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
            .ticker(clock)
            .sleeper(clock)
            .trace(dir)
            .open()) {
      d.screenshot();
      d.swipe(Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300)).build());
    }
    List<ObjectNode> records = TraceJson.records(dir);
    assertThat(records).hasSize(2);
    ObjectNode swipe = records.get(1);
    assertThat(swipe.path("before").path("file").asText()).startsWith("shots/");
    assertThat(swipe.path("after").path("file").asText()).startsWith("shots/");
    return swipe;
  }

  /** Appends a copy of {@code template} as step {@code seq}, changed by {@code edit}. */
  private static void append(Path dir, ObjectNode template, long seq, Consumer<ObjectNode> edit)
      throws IOException {
    ObjectNode r = template.deepCopy();
    r.put("seq", seq);
    r.put("t_ms", r.path("t_ms").asDouble() + seq);
    edit.accept(r);
    Files.writeString(
        dir.resolve(TraceReader.FILE),
        M.writeValueAsString(r) + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
  }

  private record Run(int status, String html, String err) {}

  /** The report command on {@code dir}, with a bounded wait: a FIFO must not hang it. */
  private static Run report(Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CompletableFuture<Integer> status =
        CompletableFuture.supplyAsync(
            () ->
                HtmlReport.run(
                    new String[] {dir.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8)));
    int s = status.get(60, TimeUnit.SECONDS);
    return new Run(
        s, Files.readString(dir.resolve(HtmlReport.FILE)), err.toString(StandardCharsets.UTF_8));
  }

  /** Every image source and link of the page is a file inside {@code dir} (or a page anchor). */
  private static void everyLinkStaysInside(Path dir, String html) throws IOException {
    Matcher m = SRC.matcher(html);
    List<String> links = new ArrayList<>();
    while (m.find()) {
      links.add(m.group(1));
    }
    assertThat(links).isNotEmpty();
    Path real = dir.toRealPath();
    for (String link : links) {
      if (link.startsWith("#")) {
        continue;
      }
      assertThat(link)
          .as("a relative link, never a URL or a path elsewhere")
          .doesNotContain(":")
          .doesNotStartWith("/")
          .doesNotContain("..");
      String path = link.contains("#") ? link.substring(0, link.indexOf('#')) : link;
      Path target = dir.resolve(java.net.URLDecoder.decode(path, StandardCharsets.UTF_8));
      assertThat(target.toRealPath()).as(link).startsWith(real);
      assertThat(Files.isRegularFile(target)).as(link).isTrue();
    }
  }

  @Test
  void namesOutsideTheTraceAndUrlsAreNeitherReadNorLinkedAndAreListed() throws Exception {
    Path dir = tmp.resolve("trace");
    ObjectNode swipe = traceWithASwipe(dir);
    String before = swipe.path("before").path("file").asText();
    String after = swipe.path("after").path("file").asText();
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Path secret = Files.copy(dir.resolve(before), outside.resolve("secret.jpg"));
    Path secret2 = Files.copy(dir.resolve(after), outside.resolve("secret2.jpg"));
    Files.createSymbolicLink(dir.resolve("shots").resolve("link.jpg"), secret2);

    append(
        dir,
        swipe,
        101,
        r -> {
          ((ObjectNode) r.get("before")).put("file", "../outside/secret.jpg");
          ((ObjectNode) r.get("after")).put("file", "../outside/secret2.jpg");
        });
    append(dir, swipe, 102, r -> ((ObjectNode) r.get("after")).put("file", secret.toString()));
    append(dir, swipe, 103, r -> ((ObjectNode) r.get("after")).put("file", "shots/link.jpg"));
    append(dir, swipe, 104, r -> ((ObjectNode) r.get("after")).put("file", "javascript:alert(1)"));
    append(
        dir,
        swipe,
        105,
        r -> ((ObjectNode) r.get("after")).put("file", "https://evil.example/x.png"));
    append(dir, swipe, 106, r -> ((ObjectNode) r.get("after")).put("file", "//evil.example/x.png"));
    append(dir, swipe, 107, r -> r.putObject("outcome").put("diff_image", "javascript:alert(2)"));

    Run run = report(dir);
    assertThat(run.status()).isZero();
    everyLinkStaysInside(dir, run.html());
    assertThat(run.html())
        .as("the real screenshots are still shown")
        .contains("src=\"" + before + "\"")
        .contains("src=\"" + after + "\"")
        .contains("id=\"skipped-files\"")
        .doesNotContainPattern("(?i)(src|href)=\"(javascript|https?:|//)");
    for (int seq = 101; seq <= 103; seq++) {
      assertThat(dir.resolve("report").resolve("heat-" + seq + ".png"))
          .as("no changed cells computed from files outside, step %d", seq)
          .doesNotExist();
    }
    for (String name :
        List.of(
            "../outside/secret.jpg",
            secret.toString(),
            "shots/link.jpg",
            "javascript:alert(1)",
            "https://evil.example/x.png",
            "//evil.example/x.png",
            "javascript:alert(2)")) {
      assertThat(run.err()).as(name).contains("'" + name + "' skipped");
    }
    assertThat(run.err()).contains("step #104 after").contains("step #107 golden diff");
  }

  @Test
  void devicesFifosDirectoriesAndHugeFilesAreSkippedWithoutBeingOpened() throws Exception {
    Path dir = tmp.resolve("trace");
    ObjectNode swipe = traceWithASwipe(dir);
    Path shots = dir.resolve("shots");
    Path fifo = shots.resolve("fifo.jpg");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");
    try (RandomAccessFile huge = new RandomAccessFile(shots.resolve("huge.jpg").toFile(), "rw")) {
      huge.setLength(HtmlReport.MAX_IMAGE_BYTES + 1); // sparse: no disk is used
    }
    List<String> names = new ArrayList<>(List.of("shots/fifo.jpg", "shots/huge.jpg", "shots"));
    if (Files.exists(Path.of("/dev/zero"))) {
      Files.createSymbolicLink(shots.resolve("zero.jpg"), Path.of("/dev/zero"));
      names.add("shots/zero.jpg");
      names.add("/dev/zero");
    }
    long seq = 200;
    for (String name : names) {
      // as a before image, beside a real after image: the changed cells would read both
      append(dir, swipe, seq++, r -> ((ObjectNode) r.get("before")).put("file", name));
    }

    Run run = report(dir);
    assertThat(run.status()).isZero();
    everyLinkStaysInside(dir, run.html());
    for (String name : names) {
      assertThat(run.err()).as(name).contains("'" + name + "' skipped");
      assertThat(run.html()).as(name).contains("<code>" + name + "</code>");
    }
    assertThat(run.err()).contains("not a regular file").contains("larger than");
  }
}
