package dev.swipe.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP client for protocol-level checks: the raw status and JSON of each answer. */
final class W3cHttp {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(10))
          .version(HttpClient.Version.HTTP_1_1)
          .build();

  /** An answer. */
  record Answer(int status, JsonNode json) {
    JsonNode value() {
      return json.get("value");
    }

    String error() {
      return json.path("value").path("error").asText(null);
    }
  }

  private final URI base;

  W3cHttp(URI base) {
    this.base = base;
  }

  Answer get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  Answer delete(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).DELETE());
  }

  Answer post(String path, String json) {
    return send(
        HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  Answer send(HttpRequest.Builder b) {
    try {
      HttpResponse<String> r =
          CLIENT.send(
              b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(r.statusCode(), JSON.readTree(r.body()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Creates a session with {@code alwaysMatch} and returns its id. */
  String newSession(String alwaysMatch) {
    Answer a = post("/session", "{\"capabilities\":{\"alwaysMatch\":" + alwaysMatch + "}}");
    if (a.status() != 200) {
      throw new AssertionError("session not created: " + a.json());
    }
    return a.value().get("sessionId").asText();
  }

  String newSession() {
    return newSession("{\"platformName\":\"android\",\"appium:automationName\":\"Swipe\"}");
  }
}
