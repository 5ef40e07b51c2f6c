/**
 * Flows as JUnit 5 tests: a method annotated {@link dev.swipe.flow.junit.FlowTest} replays a flow
 * file on one or more devices, one invocation each, and fails with the replay's coded divergence.
 *
 * <pre>{@code
 * class ContactsTest {
 *   @FlowTest(value = "flows/open-contact.flow.yaml",
 *       devices = {"sim:?scene=list", "sim:?scene=list&platform=ios"})
 *   void opensAContact(ReplayResult replay, Device phone) {
 *     assertThat(replay.steps()).noneMatch(s -> s.found() == ReplayResult.Found.CROP);
 *     phone.text().tap(TextQuery.of("Message"));
 *   }
 * }
 * }</pre>
 *
 * <p>Only for tests: this package needs {@code junit-jupiter-api}, an optional dependency of this
 * module that every JUnit 5 test already has.
 */
@NullMarked
package dev.swipe.flow.junit;

import org.jspecify.annotations.NullMarked;
