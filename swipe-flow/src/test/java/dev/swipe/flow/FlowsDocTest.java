package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The YAML in docs/flows.md is a flow: the reader reads it and the schema holds it valid. */
class FlowsDocTest {
  @Test
  void theGuidesFlowsAreValid() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "flows.md"));
    Matcher m = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(doc);
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    assertThat(blocks).isNotEmpty();
    for (String yaml : blocks) {
      Flow flow = Flow.parse(yaml);
      assertThat(flow.steps()).isNotEmpty();
      assertThat(
              FlowSchemaTest.errors(
                  FlowSchemaTest.schema(), new ObjectMapper(new YAMLFactory()).readTree(yaml)))
          .isEmpty();
    }
  }
}
