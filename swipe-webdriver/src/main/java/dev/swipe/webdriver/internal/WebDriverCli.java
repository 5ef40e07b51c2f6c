package dev.swipe.webdriver.internal;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.DeviceBuilder;
import dev.swipe.webdriver.SessionTools;
import dev.swipe.webdriver.WebDriverServer;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code webdriver} command: one rig as a W3C WebDriver remote end until the process is
 * stopped. The agent jar runs it as {@code java -jar swipe-agent.jar webdriver ...} with its tool
 * layer plugged in; {@link #main} runs it without tools.
 *
 * <pre>
 * webdriver [--address HOST] [--port N] [--device URI | --hid URI --capture URI] [--settle-ms N]
 *           [--memory URI|none] [--rig NAME] [--platform-name NAME] [--token T] [--idle-timeout-s N]
 *           [--max-idle-timeout-s N] [--max-request-bytes N] [--print-relay-config]
 * webdriver --rig NAME[@PLATFORM]=DEVICE_URI --rig ... [the same options]
 * </pre>
 *
 * <p>{@code --rig NAME[@PLATFORM]=DEVICE_URI} (or {@code =HID_URI + CAPTURE_URI}), given once per
 * phone, serves several rigs from one process and one port (in place of {@code --device}, {@code
 * --hid} and {@code --capture}); a rig without {@code @PLATFORM} is {@code --platform-name}'s.
 * {@code --print-relay-config} prints the {@code [relay]} section of a Grid node's TOML for the
 * rigs on stdout once listening. {@code --memory URI} gives every rig's device that memory store
 * (each device opens its own connection to it): what the rig learns of its pointer is kept there,
 * and a tool layer gives it to its sessions; a {@code postgresql://} store is one memory for a
 * whole farm. Default: none.
 *
 * <p>Once listening it prints {@code swipe webdriver: rig NAME listening on http://HOST:PORT} on
 * stderr (the real port when {@code --port 0} was given; {@code rigs A, B, ...} for several).
 */
@Api(status = Api.Status.INTERNAL)
public final class WebDriverCli {
  /** The command's usage text. */
  public static final String USAGE =
      """
      usage:
        webdriver [--address HOST] [--port N] [--device URI | --hid URI --capture URI] [--settle-ms N]
                  [--memory URI|none] [--rig NAME] [--platform-name NAME] [--token TOKEN] [--idle-timeout-s N]
                  [--max-idle-timeout-s N] [--max-request-bytes N] [--print-relay-config]
        webdriver --rig NAME[@PLATFORM]=DEVICE_URI --rig NAME[@PLATFORM]=DEVICE_URI ... [options above]
      several --rig NAME=DEVICE_URI (or NAME=HID_URI + CAPTURE_URI): one process and one port for several phones (one relay node);
      --print-relay-config: print the [relay] section of a Grid node's TOML for the rigs on stdout.
      --memory URI: every rig's memory store (sqlite:PATH, mem:, postgresql://...; one store for a farm).
      defaults: --address 127.0.0.1  --port 4723  --device sim:  --memory none  --rig rig  --platform-name android
                --idle-timeout-s 60  --max-idle-timeout-s 3600
      a non-loopback --address needs --token (or SWIPE_AGENT_TOKEN); clients send Authorization: Bearer TOKEN.
      """;

  private static final String PRINT_RELAY = "--print-relay-config";

  private static final List<String> KNOWN =
      List.of(
          "--address",
          "--port",
          "--device",
          "--hid",
          "--capture",
          "--settle-ms",
          "--memory",
          "--rig",
          "--platform-name",
          "--token",
          "--idle-timeout-s",
          "--max-idle-timeout-s",
          "--max-request-bytes",
          PRINT_RELAY);

  /** A {@code --rig NAME[@PLATFORM]=DEVICE_URI} value. */
  private static final java.util.regex.Pattern RIG_SPEC =
      java.util.regex.Pattern.compile(
          "([A-Za-z0-9._-]{1,64})(?:@([A-Za-z][A-Za-z0-9]{0,31}))?=(.+)");

  private WebDriverCli() {}

  /** Runs a rig without tools; exits 2 on a usage error, 1 on a failure. */
  public static void main(String[] args) {
    System.exit(run(args, SessionTools.none(), System.err));
  }

  /**
   * Runs the command until the process is stopped (a shutdown hook then ends the session, releases
   * the finger and closes the device).
   *
   * @param args the options, without the command name
   * @param tools opens each session's run and tools
   * @param err where messages go
   * @return 0 after {@code --help}, 2 for a usage error, 1 when the rig cannot start
   */
  public static int run(String[] args, SessionTools.Factory tools, PrintStream err) {
    if (args.length == 1 && (args[0].equals("--help") || args[0].equals("help"))) {
      err.print(USAGE);
      return 0;
    }
    Map<String, String> o;
    try {
      o = parse(args);
    } catch (IllegalArgumentException e) {
      err.println("swipe webdriver: " + e.getMessage());
      err.print(USAGE);
      return 2;
    }
    List<String[]> specs = new ArrayList<>();
    for (String r : rigs(o)) {
      java.util.regex.Matcher m = RIG_SPEC.matcher(r);
      m.matches();
      specs.add(new String[] {m.group(1), m.group(2), m.group(3)});
    }
    if (!specs.isEmpty()) {
      return runRigs(o, specs, tools, err);
    }
    Device device;
    WebDriverServer server;
    try {
      DeviceBuilder b = Device.builder();
      if (o.containsKey("--hid")) {
        // parse() refuses --hid without --capture
        b.hid(o.get("--hid"))
            .capture(Objects.requireNonNull(o.get("--capture"), "--capture, given with --hid"));
      } else {
        b.device(o.getOrDefault("--device", "sim:"));
      }
      if (o.containsKey("--settle-ms")) {
        b.settleBound(Duration.ofMillis(number(o, "--settle-ms", 0, 60_000, 0)));
      }
      memory(b, o);
      device = b.open();
    } catch (IllegalArgumentException e) {
      err.println("swipe webdriver: " + e.getMessage());
      return 2;
    } catch (SwipeException e) {
      err.println("swipe webdriver: cannot open the device: " + e.getMessage());
      return 1;
    }
    try {
      String token =
          o.containsKey("--token") ? o.get("--token") : System.getenv("SWIPE_AGENT_TOKEN");
      server =
          WebDriverServer.builder(device)
              .address(
                  new InetSocketAddress(
                      o.getOrDefault("--address", "127.0.0.1"),
                      (int) number(o, "--port", 0, 65535, WebDriverServer.DEFAULT_PORT)))
              .token(token)
              .rigName(o.getOrDefault("--rig", "rig"))
              .platformName(o.getOrDefault("--platform-name", "android"))
              .idleTimeout(Duration.ofSeconds(number(o, "--idle-timeout-s", 1, 86_400, 60)))
              .maxIdleTimeout(
                  Duration.ofSeconds(number(o, "--max-idle-timeout-s", 1, 86_400, 3600)))
              .maxRequestBytes(
                  (int)
                      number(
                          o,
                          "--max-request-bytes",
                          1024,
                          256L * 1024 * 1024,
                          WebDriverServer.DEFAULT_MAX_REQUEST_BYTES))
              .tools(tools)
              .start();
    } catch (IllegalArgumentException | SwipeException e) {
      err.println("swipe webdriver: " + e.getMessage());
      device.close();
      return e instanceof SwipeException ? 1 : 2;
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  device.close();
                },
                "swipe-webdriver-stop"));
    err.println(
        "swipe webdriver: rig "
            + o.getOrDefault("--rig", "rig")
            + " listening on "
            + server.uri()
            + ", device "
            + (o.containsKey("--hid")
                ? o.get("--hid") + " + " + o.get("--capture")
                : o.getOrDefault("--device", "sim:")));
    err.flush();
    printRelay(o, server);
    try {
      Thread.currentThread().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  private static void printRelay(Map<String, String> o, WebDriverServer server) {
    if (o.containsKey(PRINT_RELAY)) {
      System.out.print(server.relayConfig());
      System.out.flush();
    }
  }

  /** The {@code --rig NAME=DEVICE_URI} values, in order (none for one rig). */
  private static List<String> rigs(Map<String, String> o) {
    String all = o.get(RIGS);
    return all == null ? List.of() : List.of(all.split("\n"));
  }

  /** Several rigs, one port: each {@code --rig NAME[@PLATFORM]=DEVICE_URI} a phone. */
  private static int runRigs(
      Map<String, String> o, List<String[]> specs, SessionTools.Factory tools, PrintStream err) {
    List<Device> devices = new ArrayList<>();
    WebDriverServer server;
    try {
      for (String[] spec : specs) {
        int plus = spec[2].indexOf(" + ");
        DeviceBuilder b =
            plus < 0
                ? Device.builder().device(spec[2])
                : Device.builder()
                    .hid(spec[2].substring(0, plus).strip())
                    .capture(spec[2].substring(plus + 3).strip());
        if (o.containsKey("--settle-ms")) {
          b.settleBound(Duration.ofMillis(number(o, "--settle-ms", 0, 60_000, 0)));
        }
        memory(b, o);
        try {
          devices.add(b.open());
        } catch (SwipeException e) {
          err.println(
              "swipe webdriver: cannot open rig " + spec[0] + "'s device: " + e.getMessage());
          devices.forEach(Device::close);
          return 1;
        }
      }
      String platform = o.getOrDefault("--platform-name", "android");
      WebDriverServer.Builder b =
          configure(WebDriverServer.builder(devices.get(0)), o, tools)
              .rigName(specs.get(0)[0])
              .platformName(specs.get(0)[1] == null ? platform : specs.get(0)[1]);
      for (int i = 1; i < specs.size(); i++) {
        String[] spec = specs.get(i);
        b.rig(spec[0], devices.get(i), spec[1] == null ? platform : spec[1]);
      }
      server = b.start();
    } catch (IllegalArgumentException | SwipeException e) {
      err.println("swipe webdriver: " + e.getMessage());
      devices.forEach(Device::close);
      return e instanceof SwipeException ? 1 : 2;
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  devices.forEach(Device::close);
                },
                "swipe-webdriver-stop"));
    err.println(
        "swipe webdriver: rigs "
            + String.join(", ", server.rigNames())
            + " listening on "
            + server.uri());
    err.flush();
    printRelay(o, server);
    try {
      Thread.currentThread().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  /** Gives the device {@code --memory}'s store, unless it is {@code none} or absent. */
  private static void memory(DeviceBuilder b, Map<String, String> o) {
    String uri = o.getOrDefault("--memory", "none");
    if (!uri.equals("none")) {
      b.memory(uri);
    }
  }

  /** The options every rig of the server shares. */
  private static WebDriverServer.Builder configure(
      WebDriverServer.Builder b, Map<String, String> o, SessionTools.Factory tools) {
    String token = o.containsKey("--token") ? o.get("--token") : System.getenv("SWIPE_AGENT_TOKEN");
    return b.address(
            new InetSocketAddress(
                o.getOrDefault("--address", "127.0.0.1"),
                (int) number(o, "--port", 0, 65535, WebDriverServer.DEFAULT_PORT)))
        .token(token)
        .idleTimeout(Duration.ofSeconds(number(o, "--idle-timeout-s", 1, 86_400, 60)))
        .maxIdleTimeout(Duration.ofSeconds(number(o, "--max-idle-timeout-s", 1, 86_400, 3600)))
        .maxRequestBytes(
            (int)
                number(
                    o,
                    "--max-request-bytes",
                    1024,
                    256L * 1024 * 1024,
                    WebDriverServer.DEFAULT_MAX_REQUEST_BYTES))
        .tools(tools);
  }

  /** Where {@link #parse} keeps the {@code --rig NAME=DEVICE_URI} values, one a line. */
  private static final String RIGS = "rigs";

  private static Map<String, String> parse(String[] args) {
    Map<String, String> v = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals(PRINT_RELAY)) {
        if (v.put(PRINT_RELAY, "") != null) {
          throw new IllegalArgumentException(PRINT_RELAY + " given twice");
        }
        continue;
      }
      String key = a;
      String value;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        key = a.substring(0, eq);
        value = a.substring(eq + 1);
      } else {
        if (!a.startsWith("--")) {
          throw new IllegalArgumentException("unexpected argument '" + a + "'");
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(a + " needs a value");
        }
        value = args[++i];
      }
      if (!KNOWN.contains(key) || key.equals(PRINT_RELAY)) {
        throw new IllegalArgumentException("unknown option '" + key + "'");
      }
      if (key.equals("--rig") && value.contains("=")) {
        if (!RIG_SPEC.matcher(value).matches() || value.contains("\n")) {
          throw new IllegalArgumentException(
              "--rig must be NAME or NAME[@PLATFORM]=DEVICE_URI (NAME 1-64 of A-Z a-z 0-9 . _ -),"
                  + " was '"
                  + value
                  + "'");
        }
        v.merge(RIGS, value, (x, y) -> x + "\n" + y);
        continue;
      }
      if (v.put(key, value) != null) {
        throw new IllegalArgumentException(key + " given twice");
      }
    }
    if (v.containsKey("--device") && (v.containsKey("--hid") || v.containsKey("--capture"))) {
      throw new IllegalArgumentException("give either --device or --hid and --capture, not both");
    }
    if (v.containsKey(RIGS)) {
      if (v.containsKey("--rig")) {
        throw new IllegalArgumentException(
            "give every rig as --rig NAME=DEVICE_URI, or one --rig NAME with --device");
      }
      if (v.containsKey("--device") || v.containsKey("--hid") || v.containsKey("--capture")) {
        throw new IllegalArgumentException(
            "--rig NAME=DEVICE_URI names each rig's device: no --device, --hid or --capture");
      }
    }
    if (v.containsKey("--hid") != v.containsKey("--capture")) {
      throw new IllegalArgumentException("--hid and --capture go together");
    }
    for (String k :
        List.of(
            "--port",
            "--settle-ms",
            "--idle-timeout-s",
            "--max-idle-timeout-s",
            "--max-request-bytes")) {
      if (v.containsKey(k)) {
        number(v, k, Long.MIN_VALUE, Long.MAX_VALUE, 0);
      }
    }
    return v;
  }

  private static long number(Map<String, String> o, String key, long min, long max, long dflt) {
    String s = o.get(key);
    if (s == null) {
      return dflt;
    }
    long n;
    try {
      n = Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, was '" + s + "'");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(key + " must be in [" + min + ", " + max + "], was " + n);
    }
    return n;
  }
}
