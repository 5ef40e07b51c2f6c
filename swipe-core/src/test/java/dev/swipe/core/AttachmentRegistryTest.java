package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.Frame;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class AttachmentRegistryTest {
  private static final Frame FRAME = new Frame(new byte[] {(byte) 0xFF, (byte) 0xD8, 1}, 10, 20, 5);

  @Test
  void issuesRunUniqueIdsThatResolveInTheirRun() {
    AttachmentRegistry run = new AttachmentRegistry();
    Observation a = run.register(FRAME, true);
    Observation b = run.register(FRAME, false);
    assertThat(a.id()).isEqualTo("shot-1");
    assertThat(b.id()).isEqualTo("shot-2");
    assertThat(run.screenshot("shot-1", "before")).isSameAs(a);
    assertThat(run.screenshot(" shot-2 ", "after")).isSameAs(b);
    assertThat(a.settled()).isTrue();
    assertThat(a.runId()).isEqualTo(run.runId());
  }

  @Test
  void framesSeenInPassingAreNeverSettledAndTakeNoSlot() {
    AttachmentRegistry run = new AttachmentRegistry(2);
    Observation kept = run.register(FRAME, true);
    Observation passing = run.inPassing(FRAME, null);
    run.inPassing(FRAME, null);
    assertThat(passing.id()).startsWith("motion-");
    assertThat(passing.settled()).isFalse();
    assertThat(passing.runId()).isEqualTo(run.runId());
    assertThat(run.screenshot(kept.id(), "before"))
        .as("two views in passing evicted nothing")
        .isSameAs(kept);
    assertThat(run.ids()).containsExactly(kept.id());
    expect(
        () -> run.screenshot(passing.id(), "before"),
        ErrorCode.UNKNOWN_ATTACHMENT,
        "seen in passing");
  }

  @Test
  void refusesUnknownIdsIdsOfOtherRunsPathsAndOtherKinds() {
    AttachmentRegistry run = new AttachmentRegistry();
    AttachmentRegistry other = new AttachmentRegistry();
    Observation foreign = other.register(FRAME, false);
    other.register(FRAME, false);
    run.register(FRAME, false);
    expect(
        () -> run.screenshot("shot-2", "before"),
        ErrorCode.UNKNOWN_ATTACHMENT,
        "not an attachment of the current run");
    expect(() -> run.requireOwn(foreign, "before"), ErrorCode.UNKNOWN_ATTACHMENT, "belongs to");
    expect(() -> run.screenshot("/etc/passwd", "before"), CommonCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot("../shot-1.jpg", "before"), CommonCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot("file:shot-1", "before"), CommonCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot(null, "before"), CommonCode.INVALID_ARGUMENT, "before");
    String doc = run.registerOther("doc", "some text");
    expect(() -> run.screenshot(doc, "after"), ErrorCode.NOT_A_SCREENSHOT, "not a screenshot");
    expect(() -> run.registerOther("shot", "x"), CommonCode.INVALID_ARGUMENT, "kind");
  }

  @Test
  void oldAttachmentsExpireWithAClearMessage() {
    AttachmentRegistry run = new AttachmentRegistry(2);
    run.register(FRAME, false);
    run.register(FRAME, false);
    run.register(FRAME, false);
    expect(() -> run.screenshot("shot-1", "before"), ErrorCode.ATTACHMENT_EVICTED, "evicted");
    assertThat(run.screenshot("shot-3", "before").id()).isEqualTo("shot-3");
    assertThat(run.ids()).containsExactlyInAnyOrder("shot-2", "shot-3");
  }

  @Test
  void keptScreenshotsStayWithinTheirRunsAndTheSharedBudget() throws Exception {
    long mib = 1024 * 1024;
    AttachmentRegistry.Budget server = new AttachmentRegistry.Budget(2 * mib);
    List<AttachmentRegistry> runs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      runs.add(new AttachmentRegistry(AttachmentRegistry.DEFAULT_CAPACITY, mib, server));
    }
    Random random = new Random(7);
    List<Observation> issued = new ArrayList<>();
    int steps = 60; // bounded: 20 screenshots per run, within the documented limits
    for (int i = 0; i < steps; i++) {
      AttachmentRegistry run = runs.get(i % runs.size());
      Observation o = run.register(noiseFrame(random, 320, 640), true);
      issued.add(o);
      // what tools do: diff it (half-size raster) and measure pitch (full raster), and look back
      o.greyForDiff();
      o.grey();
      if (issued.size() > 6) {
        Observation old = issued.get(issued.size() - 7);
        if (heldBy(runs, old)) {
          assertThat(old.grey().width()).as("an older screenshot decodes again").isEqualTo(320);
          assertThat(old.retainedBytes())
              .as("beyond the latest few, rasters are not cached")
              .isEqualTo(old.jpegSize());
        }
      }
      long sum = 0;
      for (AttachmentRegistry r : runs) {
        assertThat(r.heldBytes()).as("run bound").isLessThanOrEqualTo(r.maxBytes());
        long kept = 0;
        for (String id : r.ids()) {
          kept += r.screenshot(id, "id").retainedBytes();
        }
        assertThat(r.heldBytes()).as("the run counts what its screenshots hold").isEqualTo(kept);
        sum += kept;
      }
      assertThat(server.heldBytes()).as("server bound").isLessThanOrEqualTo(server.maxBytes());
      assertThat(server.heldBytes()).as("the budget is the sum of the runs").isEqualTo(sum);
    }
    AttachmentRegistry first = runs.get(0);
    expect(
        () -> first.screenshot(issued.get(0).id(), "before"),
        ErrorCode.ATTACHMENT_EVICTED,
        "take a new screenshot");
    assertThat(issued.get(0).retainedBytes())
        .as("an evicted screenshot drops its rasters")
        .isEqualTo(issued.get(0).jpegSize());
    assertThat(first.screenshot(issued.get(steps - 3).id(), "after"))
        .as("the latest screenshot of each run is kept")
        .isSameAs(issued.get(steps - 3));
    runs.forEach(AttachmentRegistry::close);
    assertThat(server.heldBytes()).as("closed runs give their bytes back").isZero();
  }

  @Test
  void byteBoundsBelowOneMibAreRefused() {
    expect(() -> new AttachmentRegistry.Budget(1000), CommonCode.INVALID_ARGUMENT, "1 MiB");
    expect(() -> new AttachmentRegistry(10, 1000, null), CommonCode.INVALID_ARGUMENT, "1 MiB");
  }

  private static boolean heldBy(List<AttachmentRegistry> runs, Observation o) {
    return runs.stream().anyMatch(r -> r.ids().contains(o.id()) && r.runId().equals(o.runId()));
  }

  /** A JPEG of noise (compresses badly, like a busy screen). */
  private static Frame noiseFrame(Random random, int w, int h) throws Exception {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, random.nextInt(0x1000000));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", out);
    return new Frame(out.toByteArray(), w, h, 1);
  }

  @Test
  void observationsHandOutCopies() {
    Observation o = new AttachmentRegistry().register(FRAME, false);
    byte[] copy = o.jpeg();
    copy[0] = 0;
    assertThat(o.jpeg()[0]).isEqualTo((byte) 0xFF);
    assertThat(o.base64()).isEqualTo("/9gB");
  }

  private static void expect(Runnable r, Code code, String text) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(code);
              assertThat(e.getMessage()).contains(text);
            });
  }
}
