package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.it.DocSnippetsTest.Snippet;
import dev.swipe.langchain4j.PhoneAgent;
import dev.swipe.langchain4j.PhoneTools;
import dev.swipe.langchain4j.testing.ScriptedPhoneModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tasks the README and docs/ hand a model are tasks the simulator can do: each task string of a
 * Java block that opens {@code sim:} (a contact it has, a time its picker shows, a carousel with a
 * last page) is run by the scripted agent on the scene that block opens, and must end {@code
 * FINISHED}. A doc that asks for a contact the list lacks, or a time past the picker's end, fails
 * here.
 */
class DocTasksTest {
  private static final Pattern SIM = Pattern.compile("Device\\.open\\(\"(sim:[^\"]*)\"\\)");
  private static final Pattern TASK =
      Pattern.compile(
          "(?:\\.run\\(tools, |operator\\.work\\(|UserMessage\\.from\\()\"([^\"]{8,200})\"");

  record Task(String where, String device, String text) {}

  static List<Task> tasks() throws IOException {
    Set<Task> out = new LinkedHashSet<>();
    for (Snippet s : DocSnippetsTest.snippets()) {
      Matcher d = SIM.matcher(s.code());
      if (!d.find()) {
        continue;
      }
      String device = d.group(1);
      Matcher t = TASK.matcher(s.code());
      while (t.find()) {
        out.add(new Task(s.where(), device, t.group(1)));
      }
    }
    return new ArrayList<>(out);
  }

  @Test
  void everyTaskTheDocsGiveAModelIsOneTheSimulatorCanDo() throws IOException {
    List<Task> tasks = tasks();
    assertThat(tasks)
        .as("the docs' tasks")
        .extracting(Task::text)
        .contains("Set the time picker to 07:45.", "Find Laura Nguyen and open her contact.");
    for (Task t : tasks) {
      try (Device phone =
              Device.open(t.device() + (t.device().contains("?") ? "&" : "?") + "scale=0.5");
          PhoneTools tools = PhoneTools.open(phone)) {
        PhoneAgent.Outcome o =
            PhoneAgent.builder(new ScriptedPhoneModel()).maxTurns(60).build().run(tools, t.text());
        assertThat(o.status())
            .as(
                "%s: '%s' on %s (%s; errors %s)",
                t.where(), t.text(), t.device(), o.text(), o.toolErrors())
            .isEqualTo(PhoneAgent.Status.FINISHED);
      }
    }
  }
}
