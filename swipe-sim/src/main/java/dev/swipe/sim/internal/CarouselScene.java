package dev.swipe.sim.internal;

/** Placeholder until the scene is written. */
final class CarouselScene extends Scene {
  private final ListScene list;

  CarouselScene(VirtualPhone phone) {
    super(phone);
    list = new ListScene(phone);
  }

  @Override
  void down(Touch touch) {
    list.down(touch);
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    list.move(touch, crossedSlop);
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    list.up(touch, vx, vy);
  }

  @Override
  void paint(java.awt.Graphics2D g, Look look, long t) {
    list.paint(g, look, t);
  }

  @Override
  Object viewKey(long t) {
    return list.viewKey(t);
  }

  @Override
  boolean animating(long t) {
    return list.animating(t);
  }
}
