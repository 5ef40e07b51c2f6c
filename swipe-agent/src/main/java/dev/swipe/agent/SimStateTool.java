package dev.swipe.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.SimState;
import java.util.Optional;

/**
 * {@code sim_state}: the simulator's truth, for demos and tests that check outcomes. swipe-sim is
 * an optional dependency of this library, so every reference to it lives here and is reached only
 * after {@link #simulatorPresent()}: a host without the simulator never loads this class's
 * simulator types.
 */
final class SimStateTool {
  private SimStateTool() {}

  /** Whether swipe-sim is on the class or module path. */
  static boolean simulatorPresent() {
    try {
      Class.forName("dev.swipe.sim.SimPhone", false, SimStateTool.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** The tool, when {@code device} is the simulator. */
  static Optional<Tool> of(Device device) {
    return SimPhone.of(device).map(sim -> simState(sim.oracle()));
  }

  private static Tool simState(SimOracle oracle) {
    ToolSpec spec =
        new ToolSpec(
                "sim_state",
                "Simulator only: the virtual phone's true state (picker wheel values, list offset, carousel"
                    + " page, keyboard shown, editor opened). For demos and tests that check outcomes; a real"
                    + " phone has no such tool, so judge from screenshots when acting.",
                Schema.object(null).build(),
                Schema.result("The simulator's state.")
                    .prop("scene", Schema.string("list, picker, carousel or map."))
                    .prop("platform", Schema.string("android, ios or flutter."))
                    .prop("animating", Schema.bool("Whether anything still moves."))
                    .prop(
                        "wheels",
                        Schema.array("Picker columns, left to right.", Schema.result(null).build()))
                    .prop("keyboard_visible", Schema.bool("Whether the on-screen keyboard is up."))
                    .prop("editor_open", Schema.bool("Whether a picker's inline editor is open."))
                    .required("scene", "platform", "wheels", "keyboard_visible", "editor_open")
                    .build())
            .withCompact("Simulator only: its true state, for checking outcomes.")
            .withHints(ToolSpec.Hints.READS_LOCAL);
    return new Tool(spec, a -> simStateJson(oracle.state()), false);
  }

  static ObjectNode simStateJson(SimState s) {
    ObjectNode o = Results.object();
    o.put("scene", s.scene().id());
    o.put("platform", s.platform().id());
    o.put("animating", s.animating());
    o.put("frame_width", s.frameWidth());
    o.put("frame_height", s.frameHeight());
    putFinite(o, "list_offset_px", s.listOffsetPx());
    putFinite(o, "list_max_offset_px", s.listMaxOffsetPx());
    o.put("first_visible_row", s.firstVisibleRow());
    o.put("page", s.page());
    o.put("page_count", s.pageCount());
    putFinite(o, "map_offset_x_px", s.mapOffsetXPx());
    putFinite(o, "map_offset_y_px", s.mapOffsetYPx());
    ArrayNode wheels = o.putArray("wheels");
    for (SimState.Wheel w : s.wheels()) {
      ObjectNode n = wheels.addObject();
      n.put("column", w.column());
      n.put("value", w.value());
      n.put("label", w.label());
      n.put("index", w.index());
      n.put("row_count", w.rowCount());
      n.put("value_step", w.valueStep());
      if (w.cycleSize().isPresent()) {
        n.put("cycle_size", w.cycleSize().getAsInt());
      }
      n.put("moving", w.moving());
      n.put("column_x", w.columnXNorm());
      n.put("center_y", w.selectedCenterYNorm());
      n.put("row_spacing", w.rowPitchNorm());
    }
    o.put("keyboard_visible", s.keyboardVisible());
    o.put("editor_open", s.editorOpen());
    o.put("focused_text", s.focusedText());
    return o;
  }

  private static void putFinite(ObjectNode o, String f, double v) {
    if (Double.isFinite(v)) {
      o.put(f, v);
    } else {
      o.putNull(f);
    }
  }
}
