/**
 * Compatibility kits: abstract JUnit 5 classes a provider's tests subclass to prove a HID
 * transport, frame source, memory store or text reader keeps the contract the SDK relies on. Open,
 * so JUnit reaches the kits' test methods on the module path too.
 */
@SuppressWarnings({"requires-automatic", "NotJavadoc"})
// QuickTheories ships as an automatic module; Error Prone misses that an open module takes Javadoc
open module dev.swipe.tck {
  requires transitive dev.swipe.core;
  requires transitive org.junit.jupiter.api;
  requires transitive org.assertj.core;
  requires quicktheories;

  exports dev.swipe.tck;
}
