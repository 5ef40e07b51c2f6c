package dev.swipe.agent.server.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.http.internal.HostPort;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Who may use a server of the agent jar ({@code serve}, {@code mcp --http}): the names a request's
 * {@code Host} and {@code Origin} may carry (loopback names, the bound address, the allowed hosts),
 * so a web page that rebinds its DNS name to this machine is refused, and the bearer tokens, each
 * compared in constant time. Shared by the agent servers and the trace collector; not API.
 */
public final class RequestGate {
  private final List<byte[]> tokens;
  private final List<HostPort> allowedHosts;

  public RequestGate(List<String> tokens, List<HostPort> allowedHosts, InetSocketAddress bound) {
    this.tokens = tokens.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    List<HostPort> allowed = new ArrayList<>(allowedHosts);
    if (bound.getAddress() != null && !bound.getAddress().isAnyLocalAddress()) {
      // the address the server is bound to is how its clients reach it; no DNS name is involved
      allowed.add(new HostPort(bound.getAddress().getHostAddress().toLowerCase(Locale.ROOT), -1));
    }
    this.allowedHosts = List.copyOf(allowed);
  }

  /** Whether the server asks for a bearer token. */
  public boolean hasTokens() {
    return !tokens.isEmpty();
  }

  /** How many tokens the server takes (each client may have its own). */
  public int tokenCount() {
    return tokens.size();
  }

  /**
   * The index of the token an {@code Authorization: Bearer T} header carries, or -1 for none or a
   * wrong one. Every token is compared, so the time taken does not tell which one came close.
   */
  public int token(@Nullable String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return -1;
    }
    byte[] given = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    int found = -1;
    for (int i = 0; i < tokens.size(); i++) {
      if (MessageDigest.isEqual(tokens.get(i), given) && found < 0) {
        found = i;
      }
    }
    return found;
  }

  /** Whether a {@code Host} header may reach the server (no header at all is HTTP/1.0's). */
  public boolean allowsHost(@Nullable String host) {
    return host == null || allows(HostPort.parse(host));
  }

  /** Whether a page with this {@code Origin} may use the server (no header: not a page). */
  public boolean allowsOrigin(@Nullable String origin) {
    return origin == null || allows(HostPort.ofOrigin(origin));
  }

  private boolean allows(@Nullable HostPort h) {
    if (h == null) {
      return false;
    }
    if (h.isLoopback()) {
      return true;
    }
    for (HostPort a : allowedHosts) {
      if (a.host().equals(h.host()) && (a.port() < 0 || a.port() == h.port())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Bearer tokens as a server's builder takes them: each stripped, none blank.
   *
   * @throws SwipeException {@code invalid_argument}, field "token", for a blank one
   */
  public static List<String> tokens(List<String> tokens) {
    List<String> out = new ArrayList<>();
    for (String t : SwipeException.requireArgument(tokens, "tokens")) {
      if (t == null || t.isBlank()) {
        throw SwipeException.invalidArgument("token", "must not be blank");
      }
      out.add(t.strip());
    }
    return List.copyOf(out);
  }

  /**
   * Allowed hosts as a server's builder takes them: {@code HOST} or {@code HOST:PORT}, IPv6 in
   * brackets.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code allow_host}) for anything else
   */
  public static List<HostPort> hosts(List<String> hosts) {
    List<HostPort> out = new ArrayList<>();
    for (String h : SwipeException.requireArgument(hosts, "allow_host")) {
      HostPort hp = h == null ? null : HostPort.parse(h);
      if (hp == null) {
        throw SwipeException.invalidArgument("allow_host", "'" + h + "' is not HOST or HOST:PORT");
      }
      out.add(hp);
    }
    return out;
  }

  /**
   * Refuses an address a server may not listen on as configured: one that does not resolve, or one
   * off loopback without a token ({@code tokenEnv} names the variable that can hold one).
   *
   * @throws SwipeException {@code invalid_argument}, field "http" or "token"
   */
  public static void checkAddress(InetSocketAddress address, List<String> tokens, String tokenEnv) {
    if (address.isUnresolved()) {
      throw SwipeException.invalidArgument(
          "http", "cannot resolve host '" + address.getHostString() + "'");
    }
    if (!address.getAddress().isLoopbackAddress() && tokens.isEmpty()) {
      throw SwipeException.invalidArgument(
          "token",
          "a bearer token is required to listen on "
              + address.getAddress().getHostAddress()
              + " (not loopback): pass --token or set "
              + tokenEnv);
    }
  }

  /** A header value cut for an error message. */
  public static String abbreviate(@Nullable String s) {
    if (s == null) {
      return "";
    }
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
