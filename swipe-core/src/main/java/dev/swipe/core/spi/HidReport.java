package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.gesture.MultiTouch;
import java.util.List;
import java.util.Set;

/** One report for a HID transport to send. */
@Api(status = Api.Status.STABLE)
public sealed interface HidReport {
  /**
   * The finger's state: position in normalized space and whether it touches. Transports turn it
   * into their own frames (absolute position, touch contact, or relative counts).
   */
  record Pointer(NormPoint at, boolean pressed) implements HidReport {}

  /**
   * A key going down (with modifiers held) or up. Transports without a keyboard refuse it with
   * {@code unsupported_input}.
   */
  record Keyboard(Key key, Set<Modifier> modifiers, boolean down) implements HidReport {
    /** Copies the modifiers. */
    public Keyboard {
      modifiers = Set.copyOf(modifiers);
    }
  }

  /**
   * Several fingers at once: every finger that touches, and those this report lifts. Only a link
   * whose {@link HidCapabilities#contacts()} covers the fingers is sent one; a single-pointer link
   * never sees it.
   */
  record Touch(List<Contact> contacts) implements HidReport {
    /** Copies the contacts. */
    public Touch {
      contacts = List.copyOf(SwipeException.requireArgument(contacts, "contacts"));
    }
  }

  /**
   * One finger of a multi-touch report: which finger, where, and whether it touches. A finger keeps
   * its {@code id} from the report that puts it down to the one that lifts it, so the phone can
   * tell two fingers apart while they move.
   *
   * @param id the finger, 0 to {@link #MAX_ID}
   * @param at where it is, in normalized space
   * @param touching false in the one report that lifts it
   */
  record Contact(int id, NormPoint at, boolean touching) {
    /** The highest finger id: ten fingers, as multi-touch digitizers count them. */
    public static final int MAX_ID = MultiTouch.MAX_FINGERS - 1;

    /** Validates the id and the point. */
    public Contact {
      if (id < 0 || id > MAX_ID) {
        throw SwipeException.invalidArgument(
            "contact_id", "must be in [0, " + MAX_ID + "], was " + id);
      }
      SwipeException.requireArgument(at, "at");
    }
  }
}
