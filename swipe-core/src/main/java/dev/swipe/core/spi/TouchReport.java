package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.TouchContact;
import java.util.List;

/**
 * Several fingers at once: every finger that touches, and those this report lifts. Only a link
 * whose {@link HidCapabilities#contacts()} covers the fingers is sent one; a single-pointer link
 * never sees it.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record TouchReport(List<TouchContact> contacts) implements HidReport {
  /** Copies the contacts. */
  public TouchReport {
    contacts = List.copyOf(SwipeException.requireArgument(contacts, "contacts"));
  }
}
