package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.internal.Check;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What to recall: free text plus optional filters. An agent about to operate a widget asks for e.g.
 * {@code MemoryQuery.text("hour picker swipe").entities("WeChat")} and gets the best matches.
 *
 * <p>Semantics, identical in every built-in store:
 *
 * <ul>
 *   <li>{@code text}: the words (letters and digits) of the text are matched literally against
 *       title, content, tags and entities; a record matching any word is a candidate, records
 *       matching more and rarer words are more relevant. Search syntax in the text (quotes, {@code
 *       *}, {@code NEAR}, {@code -}, parentheses, {@code :}) is treated as plain words or
 *       separators, never as operators. Blank text or text without words matches every record.
 *   <li>{@code tags}, {@code entities}: a record must carry all of them (ignoring case).
 *   <li>{@code type}: when set, a record must have exactly this type.
 *   <li>Ranking: text relevance first narrows to the best candidates, then relevance, priority and
 *       recency are combined (see {@link MemoryStore#recall}).
 * </ul>
 *
 * @param text free text, may be empty; at most {@value #MAX_TEXT} characters
 * @param tags required tags
 * @param entities required entities
 * @param type required type, or null for any
 * @param limit most records returned, 1-{@value #MAX_LIMIT}
 */
@Api(status = Api.Status.STABLE)
public record MemoryQuery(
    String text, List<String> tags, List<String> entities, @Nullable String type, int limit) {

  /** Longest query text, in characters. */
  public static final int MAX_TEXT = 2000;

  /** Largest limit. */
  public static final int MAX_LIMIT = 100;

  /** Limit used when none is given. */
  public static final int DEFAULT_LIMIT = 10;

  /** Validates the query; text may contain anything except oversize input. */
  public MemoryQuery {
    text = text == null ? "" : text;
    int n = text.codePointCount(0, text.length());
    if (n > MAX_TEXT) {
      throw SwipeException.invalidArgument(
          "text", "is " + n + " characters long, the limit is " + MAX_TEXT);
    }
    tags = Check.labels("tags", tags, MemoryRecord.MAX_LABELS, MemoryRecord.MAX_LABEL_LENGTH);
    entities =
        Check.labels("entities", entities, MemoryRecord.MAX_LABELS, MemoryRecord.MAX_LABEL_LENGTH);
    if (type != null) {
      type = Check.text("type", type, false, MemoryRecord.MAX_TYPE, false);
      if (type.isEmpty()) {
        type = null;
      }
    }
    Check.range("limit", limit, 1, MAX_LIMIT);
  }

  /** A query for free text with no filters and the default limit. */
  public static MemoryQuery of(String text) {
    return new MemoryQuery(text, List.of(), List.of(), null, DEFAULT_LIMIT);
  }

  /** Starts a query builder for free text. */
  public static Builder text(String text) {
    return new Builder().text(text);
  }

  /** Starts a query builder with no text (filters only). */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link MemoryQuery}s. A value builder: setting a field again replaces it (the last value
   * wins).
   */
  public static final class Builder {
    private String text = "";
    private List<String> tags = List.of();
    private List<String> entities = List.of();
    private @Nullable String type;
    private int limit = DEFAULT_LIMIT;

    private Builder() {}

    /** Free text to match. */
    public Builder text(String text) {
      this.text = text;
      return this;
    }

    /** Tags a record must all carry. */
    public Builder tags(String... tags) {
      this.tags = new ArrayList<>(Arrays.asList(tags));
      return this;
    }

    /** Tags a record must all carry. */
    public Builder tags(List<String> tags) {
      this.tags = tags == null ? List.of() : new ArrayList<>(tags);
      return this;
    }

    /** Entities a record must all carry. */
    public Builder entities(String... entities) {
      this.entities = new ArrayList<>(Arrays.asList(entities));
      return this;
    }

    /** Entities a record must all carry. */
    public Builder entities(List<String> entities) {
      this.entities = entities == null ? List.of() : new ArrayList<>(entities);
      return this;
    }

    /** Only records of this type; null for records of any type. */
    public Builder type(@Nullable String type) {
      this.type = type;
      return this;
    }

    /** Most records returned. */
    public Builder limit(int limit) {
      this.limit = limit;
      return this;
    }

    /** Validates and builds. */
    public MemoryQuery build() {
      return new MemoryQuery(text, tags, entities, type, limit);
    }
  }
}
