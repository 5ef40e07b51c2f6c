// Our own CSS scroll-snap wheel (no library), shared by the snap-wheel-*.html pages.
//
// A column is a scroll container with scroll-snap-type: y mandatory, two padding rows
// above and below the values, and five rows visible; the row centred in the middle
// band is the selection. Row i is centred exactly when scrollTop == i * rowHeight.
//
// A looping column repeats its values COPIES times, starts in the middle copy and,
// whenever scrolling has ended, silently jumps back to the same value in the middle
// copy, so a finger never reaches either end.
(function () {
  'use strict';
  var COPIES = 41;
  var wheels = [];

  function SnapColumn(el, opts) {
    this.el = el;
    this.name = opts.name;
    this.values = opts.values; // [{value, label}]
    this.loop = !!opts.loop;
    this.copies = this.loop ? COPIES : 1;
    this.lastScrollAt = 0;
    this.selRow = null;
    var n = this.values.length, frag = document.createDocumentFragment(), self = this;
    frag.appendChild(pad());
    for (var c = 0; c < this.copies; c++) {
      for (var i = 0; i < n; i++) {
        var row = document.createElement('div');
        row.className = 'row';
        row.textContent = this.values[i].label;
        row.dataset.row = String(c * n + i);
        frag.appendChild(row);
      }
    }
    frag.appendChild(pad());
    el.appendChild(frag);
    this.rows = el.querySelectorAll('.row');
    el.setAttribute('role', 'listbox');
    el.setAttribute('aria-label', opts.name);

    el.addEventListener('scroll', function () { self.lastScrollAt = performance.now(); self.schedule(); }, { passive: true });
    el.addEventListener('scrollend', function () { self.settle(); });
    // A tap on a row scrolls it into the band, as on a phone's wheel.
    el.addEventListener('click', function (ev) {
      var r = ev.target.closest && ev.target.closest('.row');
      if (r) el.scrollTo({ top: Number(r.dataset.row) * self.rowHeight(), behavior: 'smooth' });
    });
    this.jumpTo(opts.initial || 0);
  }
  function pad() { var d = document.createElement('div'); d.className = 'pad'; return d; }

  SnapColumn.prototype.rowHeight = function () {
    return this.rows[0].getBoundingClientRect().height;
  };
  SnapColumn.prototype.rawRow = function () {
    var r = Math.round(this.el.scrollTop / this.rowHeight());
    return Math.max(0, Math.min(this.rows.length - 1, r));
  };
  SnapColumn.prototype.index = function () {
    return this.rawRow() % this.values.length;
  };
  SnapColumn.prototype.jumpTo = function (index) {
    var mid = Math.floor(this.copies / 2);
    this.el.scrollTop = (mid * this.values.length + index) * this.rowHeight();
    this.paint();
  };
  SnapColumn.prototype.schedule = function () {
    var self = this;
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(function () { self.pending = false; self.paint(); });
  };
  SnapColumn.prototype.paint = function () {
    var row = this.rows[this.rawRow()];
    if (row === this.selRow) return;
    if (this.selRow) this.selRow.classList.remove('sel');
    row.classList.add('sel');
    this.selRow = row;
    this.el.dispatchEvent(new CustomEvent('wheelchange', { bubbles: true }));
  };
  SnapColumn.prototype.settle = function () {
    if (this.loop) {
      var n = this.values.length, mid = Math.floor(this.copies / 2), raw = this.rawRow();
      if (Math.floor(raw / n) !== mid) this.jumpTo(raw % n); // silent re-centre
    }
    this.paint();
  };
  SnapColumn.prototype.truth = function () {
    var i = this.index(), h = this.rowHeight(), raw = this.rawRow();
    return {
      name: this.name,
      value: this.values[i].value,
      label: this.values[i].label,
      index: i,
      loop: this.loop,
      // aligned on a row and no scroll event for 200 ms
      settled: Math.abs(this.el.scrollTop - raw * h) < 1.5 && performance.now() - this.lastScrollAt > 200
    };
  };

  window.SnapWheel = {
    column: function (el, opts) { var c = new SnapColumn(el, opts); wheels.push(c); return c; },
    numbers: function (from, to, pad2) {
      var out = [];
      for (var v = from; v <= to; v++) out.push({ value: v, label: pad2 && v < 10 ? '0' + v : String(v) });
      return out;
    }
  };

  // Test-only truth hook: the row nearest the band in each column, left to right,
  // computed from scroll positions. The SDK never reads it.
  window.swipeTruth = function () {
    return { columns: wheels.map(function (c) { return c.truth(); }) };
  };
  // Test-only set-up: puts column `column` on value index `index` without a gesture, so a test or a
  // benchmark can start a wheel anywhere (at its ends too). The SDK never calls it.
  window.swipeJump = function (column, index) {
    wheels[column].jumpTo(index);
    return wheels[column].truth();
  };
})();
