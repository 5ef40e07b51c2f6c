package dev.swipe.agent.server;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** A page of 80 numbered rows for {@code chrome:} devices, as a data: URL (no server needed). */
final class RowsPage {
  private RowsPage() {}

  /** A {@code chrome:} device URI showing the rows on the named phone preset. */
  static String chromeDevice(String preset) {
    StringBuilder html =
        new StringBuilder(
            "<!doctype html><meta name=viewport content='width=device-width,initial-scale=1'>"
                + "<style>body{margin:0;font-family:sans-serif}div{height:64px;line-height:64px;"
                + "padding:0 20px;border-bottom:1px solid silver;font-size:22px}</style>");
    for (int i = 1; i <= 80; i++) {
      html.append("<div>Row ").append(i).append("</div>");
    }
    // a data: URL without a '#', which would end its content
    return "chrome:?device="
        + preset
        + "&url="
        + URLEncoder.encode("data:text/html;charset=utf-8," + html, StandardCharsets.UTF_8)
            .replace("+", "%20");
  }
}
