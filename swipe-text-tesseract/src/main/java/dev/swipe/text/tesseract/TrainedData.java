package dev.swipe.text.tesseract;

import dev.swipe.base.SwipeException;
import dev.swipe.text.TextCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The English trained data shipped inside this jar, copied once per JVM to a temporary directory
 * (Tesseract reads data from files), and the directory a reader uses for its languages.
 */
final class TrainedData {
  static final String RESOURCE = "/dev/swipe/text/tesseract/tessdata/eng.traineddata";
  private static @Nullable Path shipped;

  private TrainedData() {}

  /** The directory holding every language of {@code options}; checks each file is there. */
  static Path directoryFor(ReaderOptions options) {
    Path dir = options.tessdata().orElseGet(TrainedData::shipped);
    // the languages matched ReaderOptions.LANGS: codes joined by +, none empty
    for (String lang : options.languages().split("\\+", -1)) {
      Path f = dir.resolve(lang + ".traineddata");
      if (!Files.isRegularFile(f)) {
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE,
            "Tesseract trained data for '"
                + lang
                + "' is missing: no "
                + f
                + (options.tessdata().isEmpty()
                    ? " (this jar ships eng only; pass tessdata=<directory> with "
                        + lang
                        + ".traineddata)"
                    : ""),
            Map.of("missing", f.toString(), "language", lang, "platform", Natives.platform()),
            null);
      }
    }
    return dir;
  }

  private static synchronized Path shipped() {
    if (shipped != null && Files.isRegularFile(shipped.resolve("eng.traineddata"))) {
      return shipped;
    }
    try (InputStream in = TrainedData.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE,
            "the English trained data is missing from the class path (" + RESOURCE + ")",
            Map.of("missing", RESOURCE, "platform", Natives.platform()),
            null);
      }
      Path dir = Files.createTempDirectory("swipe-tessdata-");
      Path file = dir.resolve("eng.traineddata");
      Path part = dir.resolve("eng.traineddata.part");
      Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
      Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
      // Deleted in reverse order of registration: the file, then its directory.
      dir.toFile().deleteOnExit();
      file.toFile().deleteOnExit();
      shipped = dir;
      return dir;
    } catch (IOException e) {
      throw new SwipeException(
          TextCode.TEXT_READER_UNAVAILABLE,
          "cannot copy the English trained data to a temporary directory: " + e.getMessage(),
          Map.of(
              "missing",
              "a writable temporary directory (java.io.tmpdir)",
              "platform",
              Natives.platform()),
          e);
    }
  }
}
