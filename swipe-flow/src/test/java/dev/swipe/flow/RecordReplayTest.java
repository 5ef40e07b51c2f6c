package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordReplayTest {
  @TempDir Path dir;

  @Test
  void aContactOpenedOnOnePhoneOpensOnAnother() {
    Path file = dir.resolve("open-contact.flow.yaml");
    try (Device phone = Device.open("sim:?scene=list&seed=3")) {
      FlowRecorder recorder = FlowRecorder.attach(phone);
      Device d = recorder.device();
      TextQuery name = TextQuery.builder("Ivan Patel").scope(TextQuery.Scope.LINE).build();
      d.text()
          .scrollUntil(
              Scroll.builder(ScrollDirection.DOWN).amount(0.8).build(),
              name,
              ScrollSearch.builder().pace(SearchPace.FLING).build());
      d.text().tap(name);
      d.text().waitFor(TextQuery.of("Message"), Duration.ofSeconds(5));
      Flow flow = recorder.save(file, "open a contact");
      System.out.println(flow.toYaml().replaceAll("crop: .*", "crop: ..."));
    }
    Flow read = Flow.read(file);
    try (Device other = Device.open("sim:?scene=list&seed=11&platform=ios")) {
      ReplayResult r = read.replay(other, ReplayOptions.forFile(file));
      System.out.println(r);
      assertThat(r.steps()).hasSize(read.steps().size());
    }
  }
}
