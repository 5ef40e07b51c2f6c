/**
 * Accuracy and speed of reading text on simulator screens whose drawn words are known, beside naive
 * Tesseract anchors.
 */
@NullMarked
package dev.swipe.bench.text;

import org.jspecify.annotations.NullMarked;
