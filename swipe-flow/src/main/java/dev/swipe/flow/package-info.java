/**
 * Record a run once, replay it without a model: a {@link dev.swipe.flow.Flow} is a list of {@link
 * dev.swipe.flow.FlowStep}s at the level of intent (tap this text, scroll until that text, set this
 * wheel), each with the {@link dev.swipe.flow.FlowStep.Anchor} it found on the recorded screen and
 * the verdict it got. {@link dev.swipe.flow.FlowRecorder} writes one from any run on a {@link
 * dev.swipe.core.Device}; {@link dev.swipe.flow.Flow#replay} plays it on another device, finding
 * each anchor again from pixels and judging each outcome as the SDK always does. A step whose
 * anchor is gone or whose verdict differs stops the replay with a coded {@link
 * dev.swipe.flow.FlowCode}.
 */
@NullMarked
package dev.swipe.flow;

import org.jspecify.annotations.NullMarked;
