package dev.swipe.agent;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import java.util.Locale;
import java.util.Optional;

/**
 * The codes only the agent layer throws: those of the tools themselves and of the HTTP and MCP
 * transports. Every code an agent reads in {@code error.code} (HTTP, tool results) or {@code
 * error.data.code} (MCP) is one of these, one of core's and the leaves' ({@link
 * dev.swipe.core.Codes}), or one the WebDriver server answers too ({@code unknown_tool}, {@code
 * unauthorized}, the JSON reader's and the HTTP server's own refusals), which swipe-http defines
 * once for both. The {@link #id()} strings are part of the wire contract and never change once
 * released. ({@code unsupported_character} is core's, since {@link dev.swipe.core.Device#typeText}
 * types text too.)
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum AgentErrorCode implements Code {
  /**
   * The run already ended ({@code finished} or {@code failed_to_complete_task}); start a new run.
   */
  RUN_TERMINATED,
  /** HTTP: the Host header names neither a loopback name nor an allowed host. */
  HOST_NOT_ALLOWED,
  /** HTTP: the Origin header names a page that may not use the server. */
  ORIGIN_NOT_ALLOWED,
  /** HTTP: the path exists, but not with this method. */
  METHOD_NOT_ALLOWED,
  /** HTTP: no such path. */
  NOT_FOUND,
  /** HTTP: the body is not sent as JSON. */
  UNSUPPORTED_MEDIA_TYPE,
  /** HTTP: the connection's run was ended to make room for others. */
  RUN_EVICTED,
  /** HTTP: the named run belongs to another connection or token. */
  RUN_NOT_OWNED,
  /** MCP: a line longer than the server reads. */
  LINE_TOO_LONG,
  /** MCP: a JSON-RPC batch (one message per line is supported). */
  BATCH_NOT_SUPPORTED,
  /** MCP: a message that is not a JSON object. */
  NOT_AN_OBJECT,
  /** MCP: an id that is neither a string nor an integer. */
  INVALID_ID,
  /** MCP: {@code jsonrpc} is not {@code "2.0"}. */
  INVALID_JSONRPC,
  /** MCP: {@code method} is not a non-empty string. */
  INVALID_METHOD,
  /** MCP: a message that fits no JSON-RPC shape. */
  INVALID_REQUEST,
  /**
   * MCP: a request other than {@code initialize} or {@code ping} before {@code
   * notifications/initialized}.
   */
  NOT_INITIALIZED,
  /**
   * MCP over HTTP: the {@code mcp-session-id} names no live session (it ended: deleted, idle too
   * long, or the server restarted); send {@code initialize} again for a new one.
   */
  SESSION_NOT_FOUND,
  /** MCP over HTTP: the server holds as many sessions as it takes; retry after one ends. */
  TOO_MANY_SESSIONS;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case identifier on the wire, e.g. {@code run_terminated}. */
  @Override
  public String id() {
    return id;
  }

  /** The code with this snake_case id, if the agent layer has one (core's codes are not here). */
  public static Optional<AgentErrorCode> fromId(String id) {
    for (AgentErrorCode c : values()) {
      if (c.id.equals(id)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return id;
  }
}
