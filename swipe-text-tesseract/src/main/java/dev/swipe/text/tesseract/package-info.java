/**
 * The {@code tesseract:} {@link dev.swipe.text.TextReader}: Tesseract through JavaCPP, tuned for
 * phone screens. Its classes are not API; a reader is opened by its URI.
 */
@NullMarked
package dev.swipe.text.tesseract;

import org.jspecify.annotations.NullMarked;
