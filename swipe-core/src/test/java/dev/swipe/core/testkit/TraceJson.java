package dev.swipe.core.testkit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import java.nio.file.Path;
import java.util.List;

/**
 * A trace's records as JSON trees, for tests that walk deep into a record's blocks the way the file
 * holds them.
 */
public final class TraceJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TraceJson() {}

  /** The records of the trace in {@code dir}, read by {@link TraceReader}. */
  public static List<ObjectNode> records(Path dir) {
    return of(TraceReader.read(dir));
  }

  /** The records of a trace read already. */
  public static List<ObjectNode> of(TraceReader.Trace trace) {
    return trace.records().stream().map(TraceJson::of).toList();
  }

  /** One record as the JSON object it was written as. */
  public static ObjectNode of(TraceRecord record) {
    return JSON.valueToTree(record.fields());
  }
}
