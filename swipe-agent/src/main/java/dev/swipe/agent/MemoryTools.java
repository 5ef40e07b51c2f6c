package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** {@code save_memory} and {@code recall_memory}: widget parameters that worked. */
final class MemoryTools {
  private MemoryTools() {}

  static List<Tool> tools(AgentRun run) {
    return List.of(save(run), recall(run));
  }

  private static ObjectNode recordSchema(@Nullable String description) {
    return Schema.result(description)
        .prop("id", Schema.string("Store-assigned id."))
        .prop("type", Schema.string("Kind of memory."))
        .prop("title", Schema.string("Identifying title."))
        .prop("content", Schema.string("The remembered text."))
        .prop("tags", Schema.array("Labels.", Schema.string(null)))
        .prop("entities", Schema.array("Apps or things it is about.", Schema.string(null)))
        .prop("priority", Schema.integer("0-100."))
        .prop("created_at", Schema.string("ISO-8601 instant."))
        .prop("updated_at", Schema.string("ISO-8601 instant."))
        .required("id", "title", "content")
        .build();
  }

  private static Tool save(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "save_memory",
                "Remember something across sessions, typically the swipe parameters that worked on a widget, right"
                    + " after the first successful operation. Format: type \"procedure\", title \"[App] [Widget] swipe"
                    + " parameters\", content like \"app: WeChat, screen: time picker, picker: hour column, effective"
                    + " distance: 35, hold_after_ms: 100, center position: x=500 y=380\", tags such as"
                    + " [\"swipe\",\"picker\",\"calibration\"], entities [\"WeChat\"], priority 0-100. A memory with the"
                    + " same title and entities is replaced (upsert). Returns the stored record with its id.",
                Schema.object(null)
                    .prop(
                        "type",
                        Schema.dflt(
                            Schema.string(
                                "Kind of memory (default " + MemoryRecord.DEFAULT_TYPE + ").",
                                1,
                                MemoryRecord.MAX_TYPE),
                            MemoryRecord.DEFAULT_TYPE))
                    .prop(
                        "title",
                        Schema.string("Short identifying title.", 1, MemoryRecord.MAX_TITLE))
                    .prop(
                        "content", Schema.string("What to remember.", 0, MemoryRecord.MAX_CONTENT))
                    .prop(
                        "tags",
                        Schema.array(
                            "Labels for filtering.",
                            Schema.string(null, 1, MemoryRecord.MAX_LABEL_LENGTH),
                            0,
                            MemoryRecord.MAX_LABELS))
                    .prop(
                        "entities",
                        Schema.array(
                            "The apps or things it is about.",
                            Schema.string(null, 1, MemoryRecord.MAX_LABEL_LENGTH),
                            0,
                            MemoryRecord.MAX_LABELS))
                    .prop(
                        "priority",
                        Schema.dflt(
                            Schema.integer(
                                "0-100, higher ranks first (default "
                                    + MemoryRecord.DEFAULT_PRIORITY
                                    + ").",
                                0,
                                100),
                            MemoryRecord.DEFAULT_PRIORITY))
                    .prop(
                        "id",
                        Schema.string(
                            "Id of an existing memory to update in place.", 1, MemoryRecord.MAX_ID))
                    .required("title", "content")
                    .build(),
                recordSchema("The stored record."))
            .withCompact(
                "Remember widget parameters that worked; same title and entities replaces.",
                "tags",
                "entities")
            // a memory with the same title and entities is replaced
            .withHints(new ToolSpec.Hints(false, true, true, false));
    return new Tool(
        spec,
        a -> {
          MemoryStore store = store(run);
          MemoryRecord.Builder b =
              MemoryRecord.builder(a.string("title"), a.string("content"))
                  .type(a.string("type", MemoryRecord.DEFAULT_TYPE))
                  .tags(a.strings("tags"))
                  .entities(a.strings("entities"))
                  .priority(a.integer("priority", MemoryRecord.DEFAULT_PRIORITY));
          if (a.has("id")) {
            b.id(a.string("id"));
          }
          return record(store.save(b.build()));
        },
        false);
  }

  private static Tool recall(AgentRun run) {
    ToolSpec spec =
        new ToolSpec(
                "recall_memory",
                "Look up remembered widget parameters before exploring a widget again: free-text query (words"
                    + " matched against title, content, tags, entities), optional tag/entity/type filters. Returns the"
                    + " best matches first (relevance, then priority and recency). When one fits, use its"
                    + " parameters directly and skip calibration.",
                Schema.object(null)
                    .prop(
                        "query",
                        Schema.string(
                            "Free text, e.g. \"WeChat hour picker swipe\".",
                            0,
                            MemoryQuery.MAX_TEXT))
                    .prop(
                        "tags",
                        Schema.array(
                            "Tags a memory must all carry.",
                            Schema.string(null, 1, MemoryRecord.MAX_LABEL_LENGTH),
                            0,
                            MemoryRecord.MAX_LABELS))
                    .prop(
                        "entities",
                        Schema.array(
                            "Entities a memory must all carry.",
                            Schema.string(null, 1, MemoryRecord.MAX_LABEL_LENGTH),
                            0,
                            MemoryRecord.MAX_LABELS))
                    .prop(
                        "type",
                        Schema.string("Only memories of this type.", 1, MemoryRecord.MAX_TYPE))
                    .prop(
                        "limit",
                        Schema.dflt(
                            Schema.integer(
                                "Most memories returned (default "
                                    + MemoryQuery.DEFAULT_LIMIT
                                    + ").",
                                1,
                                MemoryQuery.MAX_LIMIT),
                            MemoryQuery.DEFAULT_LIMIT))
                    .build(),
                Schema.result("The matches, best first.")
                    .prop("memories", Schema.array("Matching records.", recordSchema(null)))
                    .prop("count", Schema.integer("How many were returned."))
                    .required("memories", "count")
                    .build())
            .withCompact("Look up remembered widget parameters.", "query")
            .withHints(ToolSpec.Hints.READS_LOCAL);
    return new Tool(
        spec,
        a -> {
          MemoryStore store = store(run);
          List<MemoryRecord> found =
              store.recall(
                  MemoryQuery.text(a.string("query", ""))
                      .tags(a.strings("tags"))
                      .entities(a.strings("entities"))
                      .type(a.has("type") ? a.string("type") : null)
                      .limit(a.integer("limit", MemoryQuery.DEFAULT_LIMIT))
                      .build());
          ObjectNode out = Results.object();
          ArrayNode arr = out.putArray("memories");
          found.forEach(r -> arr.add(record(r)));
          out.put("count", found.size());
          return out;
        },
        false);
  }

  private static MemoryStore store(AgentRun run) {
    return run.memory()
        .orElseThrow(
            () ->
                new SwipeException(
                    MemoryCode.MEMORY_UNAVAILABLE,
                    "no memory store is configured for this run (start the server with --memory)"));
  }

  static ObjectNode record(MemoryRecord r) {
    ObjectNode o = Results.object();
    o.put("id", r.id());
    o.put("type", r.type());
    o.put("title", r.title());
    o.put("content", r.content());
    ArrayNode tags = o.putArray("tags");
    r.tags().forEach(tags::add);
    ArrayNode ents = o.putArray("entities");
    r.entities().forEach(ents::add);
    o.put("priority", r.priority());
    Instant created = r.createdAt();
    Instant updated = r.updatedAt();
    if (created != null && updated != null) {
      o.put("created_at", created.toString());
      o.put("updated_at", updated.toString());
    }
    return o;
  }
}
