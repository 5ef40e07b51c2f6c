package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import java.util.Base64;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a step found on the recorded screen, kept so a replay can find it again on another screen:
 * the text it read there, where it stood, and a small image of it for when reading fails.
 *
 * @param text the text read there, or null where the step acted on no text
 * @param region where it stood, in 0-1000 of the recorded screen
 * @param crop a grey PNG of that region at the recorded screen's pixels, in base64, or null when
 *     the region was too plain to find again by its look
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record Anchor(@Nullable String text, NormRegion region, @Nullable String crop) {

  /** Checks the values. */
  public Anchor {
    SwipeException.requireArgument(region, "region");
    if (crop != null) {
      try {
        Base64.getDecoder().decode(crop);
      } catch (IllegalArgumentException e) {
        throw SwipeException.invalidArgument("crop", "must be base64 (a PNG)");
      }
    }
  }

  /** An anchor with the crop's PNG bytes. */
  public static Anchor of(@Nullable String text, NormRegion region, byte @Nullable [] png) {
    return new Anchor(text, region, png == null ? null : Base64.getEncoder().encodeToString(png));
  }

  /** The text, when the anchor has one. */
  public Optional<String> textRead() {
    return Optional.ofNullable(text);
  }

  /** The crop's PNG bytes, when there is one. */
  public Optional<byte[]> cropPng() {
    return Optional.ofNullable(crop).map(c -> Base64.getDecoder().decode(c));
  }
}
