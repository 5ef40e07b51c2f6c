package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.memory.internal.Check;
import dev.swipe.memory.internal.Text;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One remembered fact, usually the swipe parameters that worked on a widget: {@code type}
 * ("procedure"), {@code title} ("[App] [Widget] swipe parameters"), free-form {@code content} (see
 * {@link WidgetParameters}), {@code tags}, {@code entities} and a {@code priority}.
 *
 * <p>Immutable and validated on construction, so no store ever sees a bad record: text is stripped,
 * empty titles, control characters, oversize fields and priorities outside 0-100 are refused with
 * {@code invalid_argument} naming the field. Tags and entities keep their order and drop duplicates
 * that differ only in case.
 *
 * <p>{@code id}, {@code createdAt} and {@code updatedAt} are null on a record that has not been
 * saved; a store fills them in and returns the stored record.
 *
 * @param id store-assigned id, or null before the first save
 * @param type kind of memory, e.g. "procedure"; at most {@value #MAX_TYPE} characters
 * @param title short identifying title; required, at most {@value #MAX_TITLE} characters
 * @param content the remembered text; at most {@value #MAX_CONTENT} characters, may hold newlines
 * @param tags labels for filtering; at most {@value #MAX_LABELS}, each at most {@value
 *     #MAX_LABEL_LENGTH} characters
 * @param entities the apps or things the memory is about (e.g. "WeChat"); same limits as tags
 * @param priority 0-100, higher ranks first among equally relevant memories
 * @param createdAt when first saved, or null
 * @param updatedAt when last saved, or null
 */
@Api(status = Api.Status.STABLE)
public record MemoryRecord(
    @Nullable String id,
    String type,
    String title,
    String content,
    List<String> tags,
    List<String> entities,
    int priority,
    @Nullable Instant createdAt,
    @Nullable Instant updatedAt) {

  /** Longest id, in characters. */
  public static final int MAX_ID = 128;

  /** Longest type, in characters. */
  public static final int MAX_TYPE = 64;

  /** Longest title, in characters. */
  public static final int MAX_TITLE = 256;

  /** Longest content, in characters. */
  public static final int MAX_CONTENT = 8192;

  /** Most tags, and most entities. */
  public static final int MAX_LABELS = 32;

  /** Longest tag or entity, in characters. */
  public static final int MAX_LABEL_LENGTH = 128;

  /** Priority used when none is given. */
  public static final int DEFAULT_PRIORITY = 50;

  /** Type used when none is given. */
  public static final String DEFAULT_TYPE = "procedure";

  /** Validates and normalizes every field; see the class comment. */
  public MemoryRecord {
    if (id != null) {
      id = Check.text("id", id, true, MAX_ID, false);
    }
    type = Check.text("type", type == null ? DEFAULT_TYPE : type, true, MAX_TYPE, false);
    title = Check.text("title", title, true, MAX_TITLE, false);
    content = Check.text("content", content, false, MAX_CONTENT, true);
    tags = Check.labels("tags", tags, MAX_LABELS, MAX_LABEL_LENGTH);
    entities = Check.labels("entities", entities, MAX_LABELS, MAX_LABEL_LENGTH);
    Check.range("priority", priority, 0, 100);
    if ((createdAt == null) != (updatedAt == null)) {
      throw SwipeException.invalidArgument(
          createdAt == null ? "created_at" : "updated_at",
          "created_at and updated_at must both be set or both be null");
    }
    if (createdAt != null && updatedAt.isBefore(createdAt)) {
      throw SwipeException.invalidArgument("updated_at", "is before created_at");
    }
  }

  /** Starts a new, unsaved record with the two fields every memory needs. */
  public static Builder builder(String title, String content) {
    return new Builder(title, content);
  }

  /** A builder pre-filled with this record, for changing a copy. */
  public Builder toBuilder() {
    Builder b = new Builder(title, content);
    b.id = id;
    b.type = type;
    b.tags = tags;
    b.entities = entities;
    b.priority = priority;
    b.createdAt = createdAt;
    b.updatedAt = updatedAt;
    return b;
  }

  /**
   * The upsert identity: title and the set of entities, compared ignoring case, width and entity
   * order. Two records with the same key are the same memory; saving the second replaces the first.
   * Stores (including host-provided ones) should use this so that upsert means the same everywhere.
   */
  public String identityKey() {
    List<String> ents = new ArrayList<>();
    for (String e : entities) {
      ents.add(Text.fold(e));
    }
    ents.sort(null);
    StringBuilder sb = new StringBuilder(Text.fold(title));
    for (String e : ents) {
      sb.append('\u001f').append(e);
    }
    return sb.toString();
  }

  /** Whether a store has assigned this record an id. */
  public boolean isSaved() {
    return id != null;
  }

  /**
   * The same record as stored by a store: with id and timestamps. Used by store implementations.
   */
  public MemoryRecord withIdentity(String newId, Instant created, Instant updated) {
    return new MemoryRecord(
        Objects.requireNonNull(newId, "id"),
        type,
        title,
        content,
        tags,
        entities,
        priority,
        Objects.requireNonNull(created, "created"),
        Objects.requireNonNull(updated, "updated"));
  }

  /**
   * Builds {@link MemoryRecord}s; required fields are taken up front. A value builder: setting a
   * field again replaces it (the last value wins).
   */
  public static final class Builder {
    private @Nullable String id;
    private String type = DEFAULT_TYPE;
    private String title;
    private String content;
    private List<String> tags = List.of();
    private List<String> entities = List.of();
    private int priority = DEFAULT_PRIORITY;
    private @Nullable Instant createdAt;
    private @Nullable Instant updatedAt;

    private Builder(String title, String content) {
      this.title = title;
      this.content = content;
    }

    /** Id of an existing record: saving then updates that record in place. */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** Kind of memory; default {@value MemoryRecord#DEFAULT_TYPE}. */
    public Builder type(String type) {
      this.type = type;
      return this;
    }

    /** Replaces the title. */
    public Builder title(String title) {
      this.title = title;
      return this;
    }

    /** Replaces the content. */
    public Builder content(String content) {
      this.content = content;
      return this;
    }

    /** Labels for filtering recall. */
    public Builder tags(List<String> tags) {
      this.tags = tags == null ? List.of() : new ArrayList<>(tags);
      return this;
    }

    /** Labels for filtering recall. */
    public Builder tags(String... tags) {
      return tags(Arrays.asList(tags));
    }

    /** The apps or things the memory is about; part of the upsert identity. */
    public Builder entities(List<String> entities) {
      this.entities = entities == null ? List.of() : new ArrayList<>(entities);
      return this;
    }

    /** The apps or things the memory is about; part of the upsert identity. */
    public Builder entities(String... entities) {
      return entities(Arrays.asList(entities));
    }

    /** 0-100; default {@value MemoryRecord#DEFAULT_PRIORITY}. */
    public Builder priority(int priority) {
      this.priority = priority;
      return this;
    }

    /** Timestamps, normally set only by stores. */
    public Builder timestamps(Instant createdAt, Instant updatedAt) {
      this.createdAt = createdAt;
      this.updatedAt = updatedAt;
      return this;
    }

    /** Validates and builds; throws {@code invalid_argument} naming the bad field. */
    public MemoryRecord build() {
      return new MemoryRecord(
          id, type, title, content, tags, entities, priority, createdAt, updatedAt);
    }
  }
}
