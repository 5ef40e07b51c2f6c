package dev.swipe.sim.internal;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A contacts list: 240 sorted names under a search field. Typing into the search field filters the
 * list (the advice "prefer search over blind scrolling"). At its ends Android 12+ stretches the
 * rows (AOSP {@code EdgeEffect} TYPE_STRETCH) or, with {@code overscroll=glow}, glows. A tap on a
 * row of a list at rest opens that contact's page (a tap on a moving list only stops it); its back
 * link or the Back key returns to the list where it was.
 */
final class ListScene extends Scene {
  static final double TOP = 408;
  static final double ROW = 192;
  private static final String[] FIRST = {
    "Aaron", "Abigail", "Adrian", "Alice", "Amelia", "Andre", "Anna", "Arthur", "Beatrice",
        "Benjamin",
    "Bianca", "Caleb", "Camila", "Carlos", "Chloe", "Daniel", "Diana", "Dmitri", "Elena", "Ethan",
    "Fatima", "Felix", "Grace", "Hannah", "Hugo", "Isabel", "Ivan", "Jasmine", "Jonas", "Julia",
    "Kenji", "Laura", "Leo", "Lucia", "Mateo", "Maya", "Nadia", "Noah", "Olivia", "Oscar",
    "Priya", "Quentin", "Rafael", "Rosa", "Samuel", "Sofia", "Tomas", "Uma", "Victor", "Wendy",
    "Xavier", "Yara", "Yusuf", "Zoe"
  };
  private static final String[] LAST = {
    "Adams", "Baker", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jensen",
    "Kowalski", "Lopez", "Martin", "Nguyen", "Okafor", "Patel", "Quinn", "Rossi", "Schmidt",
        "Tanaka",
    "Ueda", "Varga", "Weber", "Xu", "Young", "Zimmer"
  };

  /** All contacts, sorted. */
  static final List<String> NAMES = names();

  private final TextField search = new TextField(36, 258, 1008, 126, "Search contacts");
  private final ScrollAxis axis;
  private List<String> rows = NAMES;
  private boolean inList;
  private boolean onField;
  private boolean tapOpens;
  private @Nullable String opened;

  ListScene(VirtualPhone phone) {
    super(phone);
    this.axis = new ScrollAxis(profile, profile.heightPx() - TOP, 0, maxOffset(NAMES.size()));
  }

  private static List<String> names() {
    TreeSet<String> set = new TreeSet<>();
    for (int i = 0; set.size() < 240; i++) {
      set.add(FIRST[i % FIRST.length] + " " + LAST[(i * 7 + i / FIRST.length) % LAST.length]);
    }
    return List.copyOf(set);
  }

  private double maxOffset(int rowCount) {
    return Math.max(0, rowCount * ROW - (profile.heightPx() - TOP));
  }

  @Override
  void down(Touch touch) {
    if (opened != null) {
      return;
    }
    tapOpens = !axis.moving(touch.downTime);
    inList = touch.downY >= TOP;
    onField = search.contains(touch.downX, touch.downY);
    if (inList) {
      axis.touchDown(touch.downTime);
    }
  }

  @Override
  void move(Touch touch, boolean crossedSlop) {
    if (!inList || !touch.dragging) {
      return;
    }
    if (crossedSlop) {
      double dist = Math.hypot(touch.slopX - touch.downX, touch.slopY - touch.downY);
      axis.beginDrag(touch.time, touch.downY + touch.slop * (touch.slopY - touch.downY) / dist);
    }
    axis.dragTo(touch.y);
  }

  @Override
  void up(Touch touch, double vx, double vy) {
    if (opened != null) {
      if (touch.withinSlop() && touch.downY >= 72 && touch.downY < TOP && touch.downX < 480) {
        opened = null;
      }
      return;
    }
    if (inList && touch.dragging) {
      axis.release(touch.time, vy, Math.abs(vy));
    } else if (inList) {
      axis.release(touch.time, 0, 0);
      if (tapOpens && touch.withinSlop()) {
        int row =
            (int) Math.floor((touch.downY - TOP + Math.floor(0.5 + axis.at(touch.time))) / ROW);
        if (row >= 0 && row < rows.size()) {
          opened = rows.get(row);
        }
      }
    } else if (onField && touch.withinSlop()) {
      phone.focus(search, touch.time);
    }
    inList = false;
    onField = false;
  }

  @Override
  boolean back(long t) {
    if (opened == null) {
      return false;
    }
    opened = null;
    return true;
  }

  @Override
  @Nullable String openedItem() {
    return opened;
  }

  @Override
  void textChanged(long t) {
    String q = search.text().toLowerCase(Locale.ROOT).strip();
    List<String> filtered = new ArrayList<>();
    for (String n : NAMES) {
      if (n.toLowerCase(Locale.ROOT).contains(q)) {
        filtered.add(n);
      }
    }
    rows = List.copyOf(filtered);
    axis.reset(0, maxOffset(rows.size()), 0);
  }

  @Override
  void paint(Graphics2D g, Look look, long t) {
    if (opened != null) {
      paintContact(g, look, opened);
      return;
    }
    // Phones draw content at whole device pixels.
    double offset = Math.floor(0.5 + axis.at(t));
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    g.setColor(profile.ios() ? look.surface : look.background);
    g.fill(new Rectangle2D.Double(0, TOP, DeviceProfile.WIDTH, profile.heightPx() - TOP));
    int first = (int) Math.floor(offset / ROW);
    java.awt.geom.AffineTransform unstretched = g.getTransform();
    int stretchPx = stretchPx(t);
    if (stretchPx != 0) {
      // The stretch scales the content away from the pulled edge, which stays in place.
      double anchor = stretchPx > 0 ? profile.heightPx() : TOP;
      double factor = 1 + Math.abs(stretchPx) / (profile.heightPx() - TOP);
      g.translate(0, anchor);
      g.scale(1, factor);
      g.translate(0, -anchor);
    }
    for (int i = Math.max(0, first - 1); i < rows.size(); i++) {
      double top = TOP + i * ROW - offset;
      if (top > profile.heightPx()) {
        break;
      }
      paintRow(g, look, rows.get(i), top);
    }
    g.setTransform(unstretched);
    if (rows.isEmpty()) {
      look.centred(
          g, "No contacts", DeviceProfile.WIDTH / 2.0, TOP + 300, 48, false, look.secondaryText);
    }
    paintGlow(g, look, axis.edgeGlow(t));
    g.setClip(clip);
    // App bar and search field stay put above the list.
    g.setColor(look.background);
    g.fill(new Rectangle2D.Double(0, 72, DeviceProfile.WIDTH, TOP - 72));
    look.text(g, "Contacts", 48, 196, profile.ios() ? 96 : 66, profile.ios(), look.text);
    search.paint(g, look, phone.caret(search), 0);
    g.setColor(look.divider);
    g.fill(new Rectangle2D.Double(0, TOP - 3, DeviceProfile.WIDTH, 3));
  }

  /** A contact's page: back link, avatar, name, number and the actions a contacts app offers. */
  private void paintContact(Graphics2D g, Look look, String name) {
    look.text(g, profile.ios() ? "< Contacts" : "< Back", 48, 196, 54, false, look.accent);
    int h = name.hashCode();
    g.setColor(Color.getHSBColor(((h >>> 8) & 0xFF) / 255f, 0.35f, 0.85f));
    g.fill(new Ellipse2D.Double(DeviceProfile.WIDTH / 2.0 - 150, 480, 300, 300));
    look.centred(g, name.substring(0, 1), DeviceProfile.WIDTH / 2.0, 630, 130, true, Color.WHITE);
    look.centred(g, name, DeviceProfile.WIDTH / 2.0, 900, 66, true, look.text);
    look.centred(
        g,
        "mobile " + phoneNumber(name),
        DeviceProfile.WIDTH / 2.0,
        1000,
        44,
        false,
        look.secondaryText);
    String[] actions = {"Call", "Message", "Email"};
    for (int i = 0; i < actions.length; i++) {
      double cx = DeviceProfile.WIDTH / 2.0 + (i - 1) * 300;
      g.setColor(look.divider);
      g.fill(new java.awt.geom.RoundRectangle2D.Double(cx - 130, 1120, 260, 150, 40, 40));
      look.centred(g, actions[i], cx, 1195, 44, false, look.accent);
    }
  }

  private static String phoneNumber(String name) {
    return String.format("+1 555-%04d", Math.floorMod(name.hashCode(), 10000));
  }

  /** How far the stretch moves the far edge of the content, in whole pixels (signed by edge). */
  private int stretchPx(long t) {
    return (int) Math.round(axis.stretchFraction(t) * (profile.heightPx() - TOP));
  }

  private void paintGlow(Graphics2D g, Look look, double glow) {
    if (glow == 0) {
      return;
    }
    double h = 60 + 260 * Math.abs(glow);
    double y = glow < 0 ? TOP - h : profile.heightPx() - h;
    Color a = look.accent;
    g.setColor(
        new Color(
            a.getRed(), a.getGreen(), a.getBlue(), (int) Math.round(40 + 60 * Math.abs(glow))));
    g.fill(new Ellipse2D.Double(-200, y, DeviceProfile.WIDTH + 400, 2 * h));
  }

  private void paintRow(Graphics2D g, Look look, String name, double top) {
    int h = name.hashCode();
    Color avatar = Color.getHSBColor(((h >>> 8) & 0xFF) / 255f, 0.35f, 0.85f);
    g.setColor(avatar);
    g.fill(new Ellipse2D.Double(48, top + 36, 120, 120));
    look.centred(g, name.substring(0, 1), 108, top + 96, 54, true, Color.WHITE);
    look.text(g, name, 216, top + 86, 50, false, look.text);
    look.text(g, phoneNumber(name), 216, top + 146, 38, false, look.secondaryText);
    g.setColor(look.divider);
    g.fill(new Rectangle2D.Double(216, top + ROW - 2, DeviceProfile.WIDTH - 216, 2));
  }

  @Override
  Object viewKey(long t) {
    return List.of(
        Math.floor(0.5 + axis.at(t)),
        Math.round(axis.edgeGlow(t) * 1000),
        stretchPx(t),
        search.text(),
        search.focused(),
        phone.caret(search),
        String.valueOf(opened));
  }

  @Override
  boolean animating(long t) {
    return axis.moving(t) || axis.glowing(t);
  }

  @Override
  double listOffset(long t) {
    return axis.at(t);
  }

  @Override
  double listMaxOffset() {
    return axis.max();
  }

  @Override
  int firstVisibleRow(long t) {
    return Math.max(0, (int) Math.floor(axis.at(t) / ROW));
  }

  @Override
  List<String> visibleRows(long t, double bottom) {
    if (opened != null) {
      return List.of();
    }
    double offset = Math.floor(0.5 + axis.at(t));
    List<String> out = new ArrayList<>();
    for (int i = Math.max(0, (int) Math.floor(offset / ROW)); i < rows.size(); i++) {
      double top = TOP + i * ROW - offset;
      if (top + ROW > bottom) {
        break;
      }
      if (top >= TOP) {
        out.add(rows.get(i));
      }
    }
    return out;
  }

  @Override
  double listRowHeight() {
    return ROW;
  }
}
