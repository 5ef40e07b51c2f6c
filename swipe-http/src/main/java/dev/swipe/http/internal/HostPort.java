package dev.swipe.http.internal;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A host and port as a {@code Host} header or a web page's {@code Origin} names them: how the
 * servers bound to loopback tell their own clients from a page elsewhere or a rebound name.
 *
 * @param host lower case, an IPv6 literal without brackets
 * @param port the port, or -1 for none given
 */
public record HostPort(String host, int port) {
  private static final Pattern HOST_NAME = Pattern.compile("[a-z0-9._-]{1,253}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]{2,45}");

  /**
   * {@code name}, {@code name:port}, {@code [v6]} or {@code [v6]:port}; null when it is none of
   * those.
   */
  public static @Nullable HostPort parse(String s) {
    String v = s.strip().toLowerCase(Locale.ROOT);
    String host;
    String port = null;
    if (v.startsWith("[")) {
      int close = v.indexOf(']');
      if (close < 0) {
        return null;
      }
      host = v.substring(1, close);
      String rest = v.substring(close + 1);
      if (!rest.isEmpty()) {
        if (!rest.startsWith(":")) {
          return null;
        }
        port = rest.substring(1);
      }
      if (!IPV6.matcher(host).matches()) {
        return null;
      }
    } else {
      int colon = v.indexOf(':');
      if (colon >= 0) {
        if (v.indexOf(':', colon + 1) >= 0) {
          return null;
        }
        host = v.substring(0, colon);
        port = v.substring(colon + 1);
      } else {
        host = v;
      }
      if (!HOST_NAME.matcher(host).matches()) {
        return null;
      }
    }
    int p = -1;
    if (port != null) {
      if (port.isEmpty()
          || port.length() > 5
          || !port.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
        return null;
      }
      p = Integer.parseInt(port);
      if (p > 65535) {
        return null;
      }
    }
    return new HostPort(host, p);
  }

  /**
   * The host and port of an {@code Origin} header ({@code http} or {@code https}, default ports
   * filled in); null for {@code null} (a sandboxed page, a file) and anything that is not a web
   * origin. An origin is only {@code scheme://host[:port]}: user info ({@code
   * http://evil.example@127.0.0.1}), a path, a query or a fragment make it none, since a browser
   * never sends them and a checker that read past them would trust the wrong host.
   */
  public static @Nullable HostPort ofOrigin(String origin) {
    try {
      URI u = new URI(origin.strip());
      String scheme = u.getScheme();
      if (u.getHost() == null
          || scheme == null
          || (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https"))) {
        return null;
      }
      if (u.getRawUserInfo() != null
          || u.getRawAuthority() == null
          || u.getRawAuthority().indexOf('@') >= 0
          || (u.getRawPath() != null && !u.getRawPath().isEmpty())
          || u.getRawQuery() != null
          || u.getRawFragment() != null) {
        return null;
      }
      int port = u.getPort() >= 0 ? u.getPort() : scheme.equalsIgnoreCase("https") ? 443 : 80;
      return parse(
          (u.getHost().contains(":") && !u.getHost().startsWith("[")
                  ? "[" + u.getHost() + "]"
                  : u.getHost())
              + ":"
              + port);
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** Whether the host is {@code localhost} or a loopback address literal; no name is resolved. */
  public boolean isLoopback() {
    if (host.equals("localhost")) {
      return true;
    }
    if (!host.matches("[0-9.]+|[0-9a-f:]+")) {
      return false;
    }
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
