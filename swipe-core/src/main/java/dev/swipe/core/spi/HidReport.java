package dev.swipe.core.spi;

/** One report for a HID transport to send. */
public sealed interface HidReport permits PointerReport, KeyReport {}
