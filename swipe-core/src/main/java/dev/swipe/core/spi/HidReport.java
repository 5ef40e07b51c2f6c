package dev.swipe.core.spi;

import dev.swipe.base.Api;

/** One report for a HID transport to send. */
@Api(status = Api.Status.STABLE)
public sealed interface HidReport permits PointerReport, TouchReport, KeyReport {}
