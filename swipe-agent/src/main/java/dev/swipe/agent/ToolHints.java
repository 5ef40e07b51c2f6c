package dev.swipe.agent;

import dev.swipe.base.Api;

/**
 * What a tool may do to the world, as MCP tool annotations state it, so a host can ask before a
 * tool that changes the phone and run read-only ones freely. The meanings follow MCP: {@code
 * destructive} and {@code idempotent} only matter when a tool is not read-only.
 *
 * @param readOnly the tool changes nothing (it looks, compares or recalls)
 * @param destructive it may undo or replace something (a tap can press Delete; a save replaces a
 *     memory of the same title)
 * @param idempotent calling it again with the same arguments changes nothing more
 * @param openWorld it reaches beyond the SDK: the phone and whatever the phone's apps do
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ToolHints(
    boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {
  /** MCP's defaults for a tool that says nothing: it may do anything, anywhere. */
  public static final ToolHints UNKNOWN = new ToolHints(false, true, false, true);

  /** Looks at the phone and changes nothing (screenshot, find_text). */
  static final ToolHints OBSERVES_PHONE = new ToolHints(true, false, true, true);

  /** Works on data the SDK holds and changes nothing (image_diff, recall_memory). */
  static final ToolHints READS_LOCAL = new ToolHints(true, false, true, false);

  /** Input that can press anything the screen offers, Delete included. */
  static final ToolHints ANY_INPUT = new ToolHints(false, true, false, true);

  /** Input that moves a view but presses nothing (scroll, a wheel drag). */
  static final ToolHints MOVES_VIEW = new ToolHints(false, false, false, true);
}
