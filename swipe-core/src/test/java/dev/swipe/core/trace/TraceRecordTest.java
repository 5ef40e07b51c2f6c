package dev.swipe.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceRecordTest {
  @TempDir Path dir;

  private TraceRecord readOne(String line) throws IOException {
    Files.writeString(dir.resolve(TraceReader.FILE), line + "\n");
    TraceReader.Trace t = TraceReader.read(dir);
    assertThat(t.skipped()).isEmpty();
    return t.records().get(0);
  }

  @Test
  void aRecordReadFromItsLineKeepsEveryFieldTypedOrPlain() throws IOException {
    TraceRecord r =
        readOne(
            "{\"seq\":7,\"action\":\"set_wheel\",\"t_ms\":12.5,\"end_ms\":40,\"run\":\"run-2\","
                + "\"parent\":3,\"composite\":true,\"outcome\":{\"reached\":false,\"label\":\"17\","
                + "\"rows\":[1,null,2]},\"error\":{\"code\":\"wheel_no_progress\"}}");
    assertThat(r.seq()).isEqualTo(7);
    assertThat(r.action()).isEqualTo("set_wheel");
    assertThat(r.timeMs()).isEqualTo(12.5);
    assertThat(r.endMs()).hasValue(40.0);
    assertThat(r.runId()).hasValue("run-2");
    assertThat(r.parent()).hasValue(3);
    assertThat(r.composite()).isTrue();
    assertThat(r.flag("outcome", "reached")).hasValue(false);
    assertThat(r.text("outcome", "label")).hasValue("17");
    assertThat(r.text("error", "code")).hasValue("wheel_no_progress");
    assertThat(r.value("outcome", "rows")).hasValue(java.util.Arrays.asList(1, null, 2));
    assertThat(r.block("outcome")).containsKeys("reached", "label", "rows");
    assertThat(r.fields().keySet())
        .as("in the order written")
        .containsExactly(
            "seq", "action", "t_ms", "end_ms", "run", "parent", "composite", "outcome", "error");
  }

  @Test
  void whatIsAbsentOrOfAnotherKindIsEmptyNotAnError() throws IOException {
    TraceRecord r = readOne("{\"seq\":1,\"action\":\"tap\",\"outcome\":{\"label\":17}}");
    assertThat(r.timeMs()).as("no t_ms").isZero();
    assertThat(r.parent()).isEmpty();
    assertThat(r.runId()).isEmpty();
    assertThat(r.composite()).isFalse();
    assertThat(r.endMs()).isEmpty();
    assertThat(r.text("outcome", "label")).as("a number is not text").isEmpty();
    assertThat(r.number("outcome", "label")).hasValue(17.0);
    assertThat(r.number("outcome", "label", "deeper")).as("a path through a number").isEmpty();
    assertThat(r.block("goal")).isEmpty();
    assertThat(r.block("action")).as("text is not a block").isEmpty();
    assertThatThrownBy(() -> r.value())
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("path"));
  }

  @Test
  void aRecordCannotBeChangedThroughWhatItWasMadeFromOrWhatItGives() {
    List<Object> rows = new ArrayList<>(List.of(1, 2));
    Map<String, Object> outcome = new HashMap<>(Map.of("rows", rows));
    Map<String, Object> fields = new HashMap<>(Map.of("outcome", outcome));
    TraceRecord r = new TraceRecord(1, "scroll", 0, fields);
    rows.add(3);
    outcome.put("moved", true);
    fields.put("goal", Map.of());
    assertThat(r.value("outcome", "rows")).hasValue(List.of(1, 2));
    assertThat(r.block("outcome")).doesNotContainKey("moved");
    assertThat(r.fields()).doesNotContainKey("goal");
    assertThatThrownBy(() -> r.block("outcome").put("x", 1))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> new TraceRecord(1, null, 0, Map.of()))
        .isInstanceOf(SwipeException.class);
  }
}
