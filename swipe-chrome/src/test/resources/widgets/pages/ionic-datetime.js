// Shared by ionic-datetime-ios.html and ionic-datetime-md.html: truth hook for the
// <ion-datetime prefer-wheel presentation="date"> on the page.
(function () {
  'use strict';
  var dt = document.getElementById('birthday');
  var changes = 0;
  dt.addEventListener('ionChange', function () {
    changes++;
    updateSummary();
  });

  function updateSummary() {
    var el = document.getElementById('summary');
    var v = dt.value || dt.getAttribute('value');
    if (!el || !v) return;
    var p = String(v).slice(0, 10).split('-').map(Number);
    var d = new Date(Date.UTC(p[0], p[1] - 1, p[2]));
    el.textContent = 'Birthday: ' + d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  }
  updateSummary();

  // The wheels live in the datetime's shadow root as <ion-picker-column>s; report
  // each one's value and the text of its selected option, left to right.
  function columns() {
    var root = dt.shadowRoot;
    if (!root) return [];
    return Array.prototype.map.call(root.querySelectorAll('ion-picker-column'), function (col) {
      var label = null;
      var opts = col.querySelectorAll('ion-picker-column-option');
      for (var i = 0; i < opts.length; i++) {
        if (opts[i].value === col.value) { label = opts[i].textContent.trim(); break; }
      }
      return { name: col.getAttribute('aria-label') || col.className || null, value: col.value === undefined ? null : col.value, label: label };
    });
  }

  // Test-only truth hook: what the datetime currently holds. The SDK never reads it.
  window.swipeTruth = function () {
    return {
      ready: !!(window.customElements && customElements.get('ion-datetime')) && !!dt.shadowRoot,
      mode: document.documentElement.getAttribute('mode'),
      value: dt.value === undefined ? null : dt.value,
      changes: changes,
      columns: columns()
    };
  };
})();
