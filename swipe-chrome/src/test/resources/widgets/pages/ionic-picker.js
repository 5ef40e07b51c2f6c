// Shared by ionic-picker-ios.html and ionic-picker-md.html: fills the three
// <ion-picker-column>s of an alarm-time picker and exposes the truth hook.
// Runs as a classic script before Ionic's module loader, so the options are in
// the DOM when the columns upgrade.
(function () {
  'use strict';
  function pad2(n) { return (n < 10 ? '0' : '') + n; }
  var columns = {
    hour: { values: [], initial: 7 },
    minute: { values: [], initial: 30 },
    ampm: { values: [], initial: 'am' }
  };
  for (var h = 1; h <= 12; h++) columns.hour.values.push({ value: h, label: String(h) });
  for (var m = 0; m < 60; m++) columns.minute.values.push({ value: m, label: pad2(m) });
  columns.ampm.values.push({ value: 'am', label: 'AM' }, { value: 'pm', label: 'PM' });

  Object.keys(columns).forEach(function (name) {
    var col = document.querySelector('ion-picker-column[data-name="' + name + '"]');
    columns[name].values.forEach(function (v) {
      var opt = document.createElement('ion-picker-column-option');
      opt.value = v.value;
      opt.textContent = v.label;
      col.appendChild(opt);
    });
    col.value = columns[name].initial;
    col.addEventListener('ionChange', function (ev) {
      col.dataset.changes = String(Number(col.dataset.changes || 0) + 1);
      updateSummary();
    });
  });

  function labelOf(name, value) {
    var vs = columns[name].values;
    for (var i = 0; i < vs.length; i++) if (vs[i].value === value) return vs[i].label;
    return null;
  }

  function current() {
    return Object.keys(columns).map(function (name) {
      var col = document.querySelector('ion-picker-column[data-name="' + name + '"]');
      var value = col.value === undefined ? null : col.value;
      return { name: name, value: value, label: labelOf(name, value) };
    });
  }

  function updateSummary() {
    var c = current();
    var el = document.getElementById('summary');
    if (el) el.textContent = 'Alarm set for ' + c[0].label + ':' + c[1].label + ' ' + c[2].label;
  }
  updateSummary();

  // Test-only truth hook: what the picker currently selects. The SDK never reads it.
  window.swipeTruth = function () {
    return {
      ready: !!(window.customElements && customElements.get('ion-picker-column')),
      mode: document.documentElement.getAttribute('mode'),
      columns: current()
    };
  };
})();
