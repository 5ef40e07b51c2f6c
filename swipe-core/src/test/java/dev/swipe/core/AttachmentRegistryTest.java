package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.core.spi.Frame;
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
    expect(() -> run.screenshot("/etc/passwd", "before"), ErrorCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot("../shot-1.jpg", "before"), ErrorCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot("file:shot-1", "before"), ErrorCode.INVALID_ARGUMENT, "paths");
    expect(() -> run.screenshot(null, "before"), ErrorCode.INVALID_ARGUMENT, "before");
    String doc = run.registerOther("doc", "some text");
    expect(() -> run.screenshot(doc, "after"), ErrorCode.NOT_A_SCREENSHOT, "not a screenshot");
    expect(() -> run.registerOther("shot", "x"), ErrorCode.INVALID_ARGUMENT, "kind");
  }

  @Test
  void oldAttachmentsExpireWithAClearMessage() {
    AttachmentRegistry run = new AttachmentRegistry(2);
    run.register(FRAME, false);
    run.register(FRAME, false);
    run.register(FRAME, false);
    expect(() -> run.screenshot("shot-1", "before"), ErrorCode.UNKNOWN_ATTACHMENT, "expired");
    assertThat(run.screenshot("shot-3", "before").id()).isEqualTo("shot-3");
    assertThat(run.ids()).containsExactlyInAnyOrder("shot-2", "shot-3");
  }

  @Test
  void observationsHandOutCopies() {
    Observation o = new AttachmentRegistry().register(FRAME, false);
    byte[] copy = o.jpeg();
    copy[0] = 0;
    assertThat(o.jpeg()[0]).isEqualTo((byte) 0xFF);
    assertThat(o.base64()).isEqualTo("/9gB");
  }

  private static void expect(Runnable r, ErrorCode code, String text) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(code);
              assertThat(e.getMessage()).contains(text);
            });
  }
}
