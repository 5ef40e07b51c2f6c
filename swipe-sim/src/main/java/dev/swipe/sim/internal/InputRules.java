package dev.swipe.sim.internal;

import dev.swipe.sim.IosPointerCurve;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimConfig.AbsoluteMouse;
import dev.swipe.sim.SimConfig.CursorShape;
import dev.swipe.sim.SimConfig.InputModel;
import dev.swipe.sim.SimConfig.Platform;
import java.util.SplittableRandom;

/**
 * What one virtual phone does with HID input: the configuration's explicit choices, and for {@code
 * input=rig} the rest drawn per device. Lengths are in the units of their sources: cursor sizes and
 * the tap offset in pixels of a 1080-line capture, the corner radius in points.
 *
 * @param model the input model
 * @param absoluteMouse what an absolute mouse does
 * @param iosRig whether the iOS rig rules apply (digitizer ignored, accelerated and drawn pointer,
 *     rounded corners, system UI at the edges)
 * @param composeLists whether the app's scrollables ignore mouse drags (Android, Jetpack Compose)
 * @param curve the relative pointer's gain on iOS
 * @param cursor the drawn pointer's shape
 * @param cursorSize its size (a circle's diameter, an arrow's height), 1080-line capture pixels
 * @param cursorAlpha its opacity
 * @param cursorHideNanos how long after the last move it hides
 * @param tapOffset how far above the drawn tip a tap lands, 1080-line capture pixels
 * @param cornerRadiusPt the display corners' radius, points
 */
record InputRules(
    InputModel model,
    AbsoluteMouse absoluteMouse,
    boolean iosRig,
    boolean composeLists,
    IosPointerCurve curve,
    CursorShape cursor,
    double cursorSize,
    double cursorAlpha,
    long cursorHideNanos,
    double tapOffset,
    double cornerRadiusPt) {

  /** Keeps the input draws apart from the physics draws of the same device number. */
  private static final long STREAM = 0x51A7_1E5E_1D0C_0FFEL;

  /** The rules for a configuration. */
  static InputRules of(SimConfig config) {
    boolean rig = config.input() == InputModel.RIG;
    Platform platform = config.platform();
    IosPointerCurve curve = IosPointerCurve.nominal();
    AbsoluteMouse drawnMouse = AbsoluteMouse.IGNORE;
    CursorShape shape = CursorShape.CIRCLE;
    double size = 30;
    double alpha = 0.6;
    long hideNanos = 5_000_000_000L;
    double tapOffset = 6;
    double radius = 47;
    if (config.seed().isPresent()) {
      SplittableRandom r = new SplittableRandom(config.seed().getAsLong() ^ STREAM);
      curve = IosPointerCurve.draw(r);
      AbsoluteMouse[] outcomes = AbsoluteMouse.values();
      drawnMouse =
          platform == Platform.IOS
              ? outcomes[r.nextInt(outcomes.length)]
              : (r.nextBoolean() ? AbsoluteMouse.IGNORE : AbsoluteMouse.ACCEPT);
      shape = r.nextBoolean() ? CursorShape.CIRCLE : CursorShape.ARROW;
      size = 15 + 30 * r.nextDouble();
      alpha = 0.3 + 0.7 * r.nextDouble();
      hideNanos = 1_000_000_000L + r.nextLong(14_000_000_001L);
      tapOffset = Math.max(0, Math.min(8, 6 + 1.5 * gaussian(r)));
      radius = 39 + 16 * r.nextDouble();
    }
    shape = config.cursor().orElse(shape);
    AbsoluteMouse mouse;
    if (rig) {
      mouse = config.absoluteMouse().orElse(drawnMouse);
    } else if (platform == Platform.ANDROID) {
      mouse = config.absoluteMouse().orElse(AbsoluteMouse.IGNORE);
    } else {
      mouse = AbsoluteMouse.ACCEPT;
    }
    return new InputRules(
        config.input(),
        mouse,
        rig && platform == Platform.IOS,
        platform == Platform.ANDROID && config.list() == SimConfig.ListToolkit.COMPOSE,
        curve,
        shape,
        size,
        alpha,
        hideNanos,
        tapOffset,
        radius);
  }

  private static double gaussian(SplittableRandom r) {
    double u = Math.max(r.nextDouble(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
  }
}
