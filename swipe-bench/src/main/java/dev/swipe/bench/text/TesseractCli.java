package dev.swipe.bench.text;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/**
 * The anchor "command line": Debian's {@code tesseract} program with its defaults, one process per
 * image (PNG written beforehand, outside the timed part), words from its TSV output.
 */
final class TesseractCli {
  private TesseractCli() {}

  /** The program's version line, or null when it is not installed. */
  static @Nullable String version() {
    try {
      Process p = new ProcessBuilder("tesseract", "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return null;
      }
      return out.lines().findFirst().orElse("tesseract").strip();
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  static Path png(BufferedImage img) throws IOException {
    File f = File.createTempFile("ocr-bench-", ".png");
    f.deleteOnExit();
    ImageIO.write(img, "png", f);
    return f.toPath();
  }

  /** Runs the program on {@code png}; returns the words and sets {@code ms[0]} to the wall time. */
  static List<TextScore.ReadWord> read(Path png, double[] ms)
      throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    Process p =
        new ProcessBuilder("tesseract", png.toString(), "stdout", "tsv")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("tesseract took over 120 s");
    }
    ms[0] = (System.nanoTime() - t0) / 1e6;
    List<TextScore.ReadWord> words = new ArrayList<>();
    // the empty last line -1 keeps has too few columns, skipped as before
    for (String line : new String(out, StandardCharsets.UTF_8).split("\n", -1)) {
      String[] c = line.split("\t", -1);
      if (c.length < 12 || !c[0].equals("5")) {
        continue;
      }
      String text = c[11].strip();
      if (text.isEmpty()) {
        continue;
      }
      words.add(
          new TextScore.ReadWord(
              text,
              new Rectangle(
                  Integer.parseInt(c[6]),
                  Integer.parseInt(c[7]),
                  Integer.parseInt(c[8]),
                  Integer.parseInt(c[9]))));
    }
    Files.deleteIfExists(png);
    return words;
  }
}
