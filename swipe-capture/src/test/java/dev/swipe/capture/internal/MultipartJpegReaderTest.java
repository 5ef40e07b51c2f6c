package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.swipe.diff.internal.JpegHeader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class MultipartJpegReaderTest {
  private static final byte[][] FRAMES = {
    PhoneScreens.jpeg(PhoneScreens.screen(40, 80, 1), 0.8f),
    PhoneScreens.jpeg(PhoneScreens.screen(40, 80, 2), 0.8f),
    PhoneScreens.jpeg(PhoneScreens.screen(48, 96, 3), 0.8f),
  };

  private static List<byte[]> readAll(byte[] stream, String boundary, int max) {
    MultipartJpegReader reader =
        new MultipartJpegReader(new ByteArrayInputStream(stream), boundary, max, () -> 0L);
    List<byte[]> out = new ArrayList<>();
    try {
      MultipartJpegReader.Part p;
      while ((p = reader.next()) != null) {
        out.add(p.jpeg());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static void part(
      ByteArrayOutputStream out, String delimiter, byte[] body, Integer length) {
    String head =
        delimiter
            + "\r\nContent-Type: image/jpeg\r\n"
            + (length == null ? "" : "Content-Length: " + length + "\r\n")
            + "\r\n";
    out.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(body);
    out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void readsPartsWithAndWithoutContentLength() {
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    part(s, "--b0undary", FRAMES[0], FRAMES[0].length);
    part(s, "--b0undary", FRAMES[1], null);
    part(s, "--b0undary", FRAMES[2], FRAMES[2].length);
    s.writeBytes("--b0undary--\r\n".getBytes(StandardCharsets.ISO_8859_1));
    List<byte[]> parts = readAll(s.toByteArray(), "b0undary", 1 << 20);
    assertThat(parts).hasSize(3);
    for (int i = 0; i < 3; i++) {
      assertThat(parts.get(i)).isEqualTo(FRAMES[i]);
    }
  }

  @Test
  void learnsTheBoundaryFromTheFirstDelimiterAndToleratesDeclaredDashes() {
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    part(s, "--myboundary", FRAMES[0], FRAMES[0].length);
    part(s, "--myboundary", FRAMES[1], null);
    assertThat(readAll(s.toByteArray(), null, 1 << 20)).hasSize(2);
    assertThat(readAll(s.toByteArray(), "--myboundary", 1 << 20)).hasSize(2);
    assertThat(readAll(s.toByteArray(), "\"myboundary\"".replace("\"", ""), 1 << 20)).hasSize(2);
  }

  @Test
  void truncatedAndLyingPartsAreCountedNotReturned() throws IOException {
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    byte[] cut = Arrays.copyOf(FRAMES[0], FRAMES[0].length - 10);
    part(s, "--bb8", cut, cut.length);
    part(s, "--bb8", FRAMES[1], FRAMES[1].length - 7);
    part(s, "--bb8", FRAMES[2], FRAMES[2].length);
    part(s, "--bb8", cut, null);
    part(s, "--bb8", FRAMES[0], null);
    MultipartJpegReader reader =
        new MultipartJpegReader(
            new ByteArrayInputStream(s.toByteArray()), "bb8", 1 << 20, () -> 0L);
    assertThat(reader.next().jpeg()).isEqualTo(FRAMES[2]);
    assertThat(reader.next().jpeg()).isEqualTo(FRAMES[0]);
    assertThat(reader.next()).isNull();
    assertThat(reader.corruptParts()).isEqualTo(3);
  }

  @Test
  void stampsEachPartWhenItsHeadersArrive() throws IOException {
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    part(s, "--bb8", FRAMES[0], FRAMES[0].length);
    part(s, "--bb8", FRAMES[1], FRAMES[1].length);
    long[] clock = {100};
    MultipartJpegReader reader =
        new MultipartJpegReader(
            new ByteArrayInputStream(s.toByteArray()), "bb8", 1 << 20, () -> clock[0]++);
    assertThat(reader.next().arrivalNanos()).isEqualTo(100);
    MultipartJpegReader.Part second = reader.next();
    assertThat(second.arrivalNanos()).isEqualTo(101);
    assertThat(second.width()).isEqualTo(40);
    assertThat(second.height()).isEqualTo(80);
  }

  @Test
  void arbitraryBytesNeverThrowAndNeverYieldNonJpegs() {
    qt().withExamples(300)
        .forAll(lists().of(integers().between(0, 265)).ofSizeBetween(0, 300))
        .checkAssert(
            tokens -> {
              byte[] bytes = streamOf(tokens);
              for (byte[] p : readAll(bytes, "bb8", 2000)) {
                assertThat(JpegHeader.readComplete(p, p.length)).isNotNull();
              }
              for (byte[] p : readAll(bytes, null, 2000)) {
                assertThat(JpegHeader.readComplete(p, p.length)).isNotNull();
              }
            });
  }

  /**
   * Raw bytes mixed with the pieces a multipart parser reacts to, so the tries hit its branches.
   */
  private static byte[] streamOf(List<Integer> tokens) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int t : tokens) {
      String text =
          switch (t) {
            case 256 -> "--bb8\r\n";
            case 257 -> "\r\n";
            case 258 -> "Content-Length: 10\r\n";
            case 259 -> "\u00ff\u00d8";
            case 260 -> "\u00ff\u00d9";
            case 261 -> "Content-Length: 99999999999\r\n";
            case 264 -> "--bb8--\r\n";
            case 265 -> ": x\r\n";
            default -> null;
          };
      if (text != null) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
      } else if (t == 262) {
        out.writeBytes(Arrays.copyOf(FRAMES[0], FRAMES[0].length / 3));
      } else if (t == 263) {
        out.writeBytes(FRAMES[1]);
      } else {
        out.write(t);
      }
    }
    return out.toByteArray();
  }

  /**
   * A part plan: 0 good with length, 1 good without, 2 truncated, 3 short length, 4 a junk part.
   */
  private static Gen<List<Integer>> plans() {
    return lists().of(integers().between(0, 4)).ofSizeBetween(1, 12);
  }

  @Test
  void everyGoodPartSurvivesAnyMixOfBadOnesInOrder() {
    qt().withExamples(200)
        .forAll(plans(), integers().between(0, 2))
        .checkAssert(
            (plan, which) -> {
              ByteArrayOutputStream s = new ByteArrayOutputStream();
              List<byte[]> expected = new ArrayList<>();
              for (int i = 0; i < plan.size(); i++) {
                byte[] f = FRAMES[(which + i) % FRAMES.length];
                switch (plan.get(i)) {
                  case 0 -> {
                    part(s, "--bnd", f, f.length);
                    expected.add(f);
                  }
                  case 1 -> {
                    part(s, "--bnd", f, null);
                    expected.add(f);
                  }
                  case 2 -> part(s, "--bnd", Arrays.copyOf(f, f.length / 2), f.length / 2);
                  case 3 -> part(s, "--bnd", f, f.length - 20);
                  default ->
                      s.writeBytes(
                          "--bnd\r\ngarbage\r\n\r\n\u00ff\u00d8junk\r\n"
                              .getBytes(StandardCharsets.ISO_8859_1));
                }
              }
              List<byte[]> got = readAll(s.toByteArray(), "bnd", 1 << 20);
              assertThat(got.size()).isEqualTo(expected.size());
              for (int i = 0; i < got.size(); i++) {
                assertThat(Arrays.equals(got.get(i), expected.get(i))).as("part %d", i).isTrue();
              }
            });
  }
}
