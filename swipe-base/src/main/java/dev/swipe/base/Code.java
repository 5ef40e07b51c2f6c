package dev.swipe.base;

/**
 * A stable, machine-readable error code that a {@link SwipeException} carries. Each module keeps
 * its codes in an enum implementing this interface, in the lowest module that throws them, so a
 * leaf throws the SDK's one exception without knowing the modules above it, and a module adds codes
 * without editing a central table.
 *
 * <p>The {@link #id()} is the contract: agents, HTTP, MCP and WebDriver clients branch on it, so it
 * never changes once released and is unique across all of the SDK's codes.
 */
@Api(status = Api.Status.STABLE)
public interface Code {
  /** The snake_case id on the wire, e.g. {@code invalid_argument}. */
  String id();
}
