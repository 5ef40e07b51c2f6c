package dev.swipe.hid.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A HID report descriptor read the way a host reads it (HID 1.11, section 6.2.2): short items,
 * global state carried from item to item, local usages consumed by each main item, collections
 * nested. Written here so the tests check the gadget's descriptor against the spec's rules rather
 * than against the transport's own idea of its layout.
 */
final class ReportDescriptor {
  static final int PAGE_GENERIC_DESKTOP = 0x01;
  static final int PAGE_DIGITIZER = 0x0D;
  static final int TOUCH_SCREEN = usage(PAGE_DIGITIZER, 0x04);
  static final int FINGER = usage(PAGE_DIGITIZER, 0x22);
  static final int TIP_SWITCH = usage(PAGE_DIGITIZER, 0x42);
  static final int CONTACT_ID = usage(PAGE_DIGITIZER, 0x51);
  static final int CONTACT_COUNT = usage(PAGE_DIGITIZER, 0x54);
  static final int CONTACT_COUNT_MAX = usage(PAGE_DIGITIZER, 0x55);
  static final int X = usage(PAGE_GENERIC_DESKTOP, 0x30);
  static final int Y = usage(PAGE_GENERIC_DESKTOP, 0x31);

  static int usage(int page, int id) {
    return page << 16 | id;
  }

  /** A collection: its type (0 physical, 1 application, 2 logical), usage and parent (-1: none). */
  record Collection(int index, int type, int usage, int parent) {}

  /**
   * One report field: a main item's {@code count} values of {@code size} bits from {@code
   * bitOffset} of its report, inside collection {@code collection}.
   */
  record Field(
      String kind,
      int reportId,
      int bitOffset,
      int size,
      int count,
      boolean constant,
      List<Integer> usages,
      long logicalMin,
      long logicalMax,
      int collection) {
    /** The usage of value {@code i}: a variable field's usages pair with its values in order. */
    int usageOf(int i) {
      return usages.isEmpty() ? 0 : usages.get(Math.min(i, usages.size() - 1));
    }
  }

  final List<Collection> collections = new ArrayList<>();
  final List<Field> fields = new ArrayList<>();
  boolean usesReportIds;
  private int inputBits;
  private int featureBits;

  private ReportDescriptor() {}

  static ReportDescriptor parse(byte[] d) {
    ReportDescriptor r = new ReportDescriptor();
    int page = 0;
    long logicalMin = 0;
    long logicalMax = 0;
    int size = 0;
    int count = 0;
    int reportId = 0;
    List<Integer> usages = new ArrayList<>();
    List<Integer> open = new ArrayList<>();
    int at = 0;
    while (at < d.length) {
      int prefix = d[at] & 0xFF;
      if (prefix == 0xFE) {
        throw new AssertionError("long item at " + at + ": the gadget descriptors use none");
      }
      int bytes = new int[] {0, 1, 2, 4}[prefix & 0x03];
      int type = (prefix >> 2) & 0x03;
      int tag = (prefix >> 4) & 0x0F;
      if (at + bytes >= d.length) {
        throw new AssertionError("item at " + at + " runs past the end");
      }
      long unsigned = 0;
      for (int i = 0; i < bytes; i++) {
        unsigned |= (long) (d[at + 1 + i] & 0xFF) << (8 * i);
      }
      long signed = bytes == 0 ? 0 : unsigned << (64 - 8 * bytes) >> (64 - 8 * bytes);
      at += 1 + bytes;
      switch (type) {
        case 0 -> { // main
          int parent = open.isEmpty() ? -1 : open.get(open.size() - 1);
          switch (tag) {
            case 0x8, 0x9, 0xB -> {
              String kind = tag == 0x8 ? "input" : tag == 0x9 ? "output" : "feature";
              int offset = tag == 0x8 ? r.inputBits : tag == 0xB ? r.featureBits : 0;
              r.fields.add(
                  new Field(
                      kind,
                      reportId,
                      offset,
                      size,
                      count,
                      (unsigned & 0x01) != 0,
                      List.copyOf(usages),
                      logicalMin,
                      logicalMax,
                      parent));
              if (tag == 0x8) {
                r.inputBits += size * count;
              } else if (tag == 0xB) {
                r.featureBits += size * count;
              }
            }
            case 0xA -> {
              int index = r.collections.size();
              r.collections.add(
                  new Collection(
                      index, (int) unsigned, usages.isEmpty() ? 0 : usages.get(0), parent));
              open.add(index);
            }
            case 0xC -> {
              if (open.isEmpty()) {
                throw new AssertionError("End Collection without a collection");
              }
              open.remove(open.size() - 1);
            }
            default -> throw new AssertionError("unknown main item tag " + tag);
          }
          usages.clear();
        }
        case 1 -> { // global
          switch (tag) {
            case 0x0 -> page = (int) unsigned;
            case 0x1 -> logicalMin = signed;
            case 0x2 -> logicalMax = logicalMin < 0 ? signed : unsigned;
            case 0x7 -> size = (int) unsigned;
            case 0x8 -> {
              reportId = (int) unsigned;
              r.usesReportIds = true;
            }
            case 0x9 -> count = (int) unsigned;
            default -> {
              // physical extents, unit, exponent: not used by these descriptors' checks
            }
          }
        }
        case 2 -> { // local
          if (tag == 0x0) {
            usages.add(bytes == 4 ? (int) unsigned : usage(page, (int) unsigned));
          }
        }
        default -> throw new AssertionError("reserved item type at " + (at - 1 - bytes));
      }
    }
    if (!open.isEmpty()) {
      throw new AssertionError(open.size() + " collection(s) left open");
    }
    return r;
  }

  /** Bits of the input report (no report IDs): what the device must write per report. */
  int inputBits() {
    return inputBits;
  }

  int featureBits() {
    return featureBits;
  }

  List<Collection> collections(int type, int usage) {
    return collections.stream().filter(c -> c.type() == type && c.usage() == usage).toList();
  }

  /** The input or feature field carrying {@code usage} directly inside {@code collection}. */
  List<Field> fieldsWith(String kind, int usage, int collection) {
    return fields.stream()
        .filter(f -> f.kind().equals(kind) && f.collection() == collection && !f.constant())
        .filter(f -> f.usages().contains(usage))
        .toList();
  }

  /** Where one usage's value sits in the input report. */
  record Slot(int bitOffset, int size) {
    long read(byte[] report) {
      long v = 0;
      for (int i = 0; i < size; i++) {
        int bit = bitOffset + i;
        if ((report[bit / 8] >> (bit % 8) & 1) != 0) {
          v |= 1L << i;
        }
      }
      return v;
    }
  }

  /** The input-report position of {@code usage} inside {@code collection}. */
  Slot inputSlot(int usage, int collection) {
    for (Field f : fields) {
      if (!f.kind().equals("input") || f.collection() != collection || f.constant()) {
        continue;
      }
      for (int i = 0; i < f.count(); i++) {
        if (f.usageOf(i) == usage) {
          return new Slot(f.bitOffset() + i * f.size(), f.size());
        }
      }
    }
    throw new AssertionError(
        "no input of usage " + Integer.toHexString(usage) + " in collection " + collection);
  }
}
