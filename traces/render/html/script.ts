/**
 * The viewer page's script (inline in the page: it works from file:// with no network). It reads the
 * trace view from the page's JSON, draws the lanes and one row per step into SVG (the call as an arrow
 * from the lane that takes it to the lane it reaches, events as dots on their lanes, violations in
 * red), and shows the chosen step's events, violations, outputs and partition logs beside it; the
 * slider, the buttons, the arrow keys, Home and End move between steps. Written without template
 * literals so it can live in this string.
 */
export const VIEWER_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('trace-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var ROW_H = 30, GUTTER = 92, HEAD_H = 34, SPACER = 18;
  var lanes = data.lanes, steps = data.steps, last = steps.length - 1;
  // Lanes share the pane's width, between 100 and 150 pixels each (wider traces scroll).
  var paneWidth = document.getElementById('timeline-wrap').clientWidth || 900;
  var LANE_W = Math.max(100, Math.min(150, Math.floor((paneWidth - GUTTER - 16) / Math.max(1, lanes.length))));
  var drainAt = steps.findIndex(function (s) { return s.phase === 'drain'; });
  function yOf(i) { return i * ROW_H + (drainAt > 0 && i >= drainAt ? SPACER : 0); }
  var height = yOf(steps.length) + 8;
  var width = GUTTER + Math.max(1, lanes.length) * LANE_W + 16;
  var current = -1;

  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function h(name, attrs, parent, text) {
    var e = document.createElement(name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function laneX(name) {
    var i = lanes.indexOf(name);
    return GUTTER + (i < 0 ? 0 : i) * LANE_W + LANE_W / 2;
  }
  function clockText(ms) {
    if (ms === null) return '';
    return ms >= 1000 ? 't=' + (ms / 1000).toFixed(1) + ' s' : 't=' + ms + ' ms';
  }
  function shorten(text, max) {
    return text.length > max ? text.slice(0, max - 1) + '\u2026' : text;
  }

  // Lane heads (sticky above the rows).
  var heads = el('svg', { id: 'lane-heads', width: width, height: HEAD_H }, null);
  document.getElementById('timeline-wrap').appendChild(heads);
  el('text', { x: 8, y: 21, 'font-size': 11, fill: '#656d76' }, heads, data.steps.some(function (s) {
    return s.clockMs !== null;
  }) ? 'step / clock' : 'step');
  lanes.forEach(function (name, i) {
    var g = el('g', { class: 'lane-head' }, heads);
    el('rect', { x: GUTTER + i * LANE_W + 4, y: 5, width: LANE_W - 8, height: HEAD_H - 10, rx: 5 }, g);
    el('text', { x: GUTTER + i * LANE_W + LANE_W / 2, y: 21, 'text-anchor': 'middle' }, g, shorten(name, 18));
    el('title', {}, g, name);
  });

  // Rows: one per step, the initial state first.
  var svg = el('svg', { id: 'timeline', width: width, height: height }, null);
  document.getElementById('timeline-wrap').appendChild(svg);
  lanes.forEach(function (name) {
    el('line', { class: 'lifeline', x1: laneX(name), x2: laneX(name), y1: 0, y2: height }, svg);
  });
  var rows = [];
  steps.forEach(function (s, i) {
    var y = yOf(i);
    if (i === drainAt && i > 0) {
      var d = el('g', { class: 'drain' }, svg);
      el('line', { x1: 0, x2: width, y1: y - SPACER / 2, y2: y - SPACER / 2 }, d);
      el('text', { x: 6, y: y - SPACER / 2 - 3 }, d, 'final drain (fault-free): no more faults, the run is finished');
    }
    var g = el('g', { class: 'row' + (s.violations.length ? ' violated' : '') + (s.fault ? ' fault' : ''),
      'data-step': i }, svg);
    el('rect', { class: 'band', x: 0, y: y, width: width, height: ROW_H }, g);
    el('text', { class: 'num', x: 6, y: y + 13 }, g, i === 0 ? 'init' : i + '.');
    if (s.clockMs !== null) el('text', { class: 'clock', x: 6, y: y + 25 }, g, clockText(s.clockMs));
    var mid = y + ROW_H / 2 + 3;
    var label;
    if (s.call !== null) {
      var x1 = laneX(s.from);
      if (s.to !== null && s.to !== s.from) {
        var x2 = laneX(s.to);
        var tip = x2 + (x2 > x1 ? -4 : 4);
        el('line', { class: 'call', x1: x1, x2: tip, y1: mid, y2: mid, 'marker-end': 'url(#arrow)' }, g);
        label = el('text', { class: 'call', x: Math.min(x1, x2) + 6, y: mid - 4 }, g, shorten(s.call, 64));
      } else {
        el('circle', { class: 'self', cx: x1, cy: mid, r: 4 }, g);
        label = el('text', { class: 'call', x: x1 + 8, y: mid - 4 }, g, shorten(s.call, 64));
      }
      el('title', {}, g, (i + '. ') + s.call);
    } else {
      label = el('text', { class: 'call', x: GUTTER + 6, y: mid - 4 }, g, 'initial state');
    }
    s.events.forEach(function (e, k) {
      var c = el('circle', { class: 'event' + (e.refused ? ' refused' : ''), cx: laneX(e.lane) + (k % 3) * 5 - 5,
        cy: mid + 7, r: 3 }, g);
      el('title', {}, c, e.text);
    });
    if (s.violations.length) {
      var after = Number(label.getAttribute('x')) + label.getComputedTextLength() + 10;
      el('text', { class: 'violation-mark', x: after, y: mid - 4 }, g,
        '\u26a0 ' + s.violations.map(function (v) { return v.invariant; }).join(', '));
    }
    g.addEventListener('click', function () { show(i); });
    rows.push(g);
  });
  var defs = el('defs', {}, svg);
  var marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7,
    orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#0969da' }, marker);

  // The details of the chosen step.
  function runText(r) {
    if (r[0] === r[1]) return 'v' + r[0];
    return r[1] === r[0] + 1 ? 'v' + r[0] + ', v' + r[1] : 'v' + r[0] + '\u2013v' + r[1];
  }
  var HEAD_ROWS = 5, TAIL_ROWS = 40, expanded = {};
  function entriesOf(p) {
    var out = [];
    p.log.forEach(function (run) { for (var k = 0; k < run[1]; k++) out.push(data.entries[run[0] + k]); });
    return out;
  }
  function committedAt(p, offset) {
    for (var k = 0; k < p.committed.length; k++) {
      var r = p.committed[k];
      if (offset >= r[0] && offset <= r[1]) return r[2];
    }
    return '';
  }
  function uncommittedAt(p, offset) {
    return p.uncommitted.some(function (r) { return offset >= r[0] && offset <= r[1]; });
  }
  function partitionTable(p, changed, parent) {
    var head = h('div', { class: 'part-head' }, parent, p.name + ' ');
    h('span', { class: 'figures' }, head, '\u00b7 LSO ' + p.lso + ' \u00b7 high watermark ' + p.highWatermark);
    if (changed) h('span', { class: 'changed' }, head, 'changed by this step');
    var t = h('table', { class: 'log', 'data-partition': p.name }, parent);
    var tr = h('tr', {}, t);
    ['offset', 'producer', 'epoch', 'record', 'read_committed', 'read_uncommitted'].forEach(function (c) {
      h('th', {}, tr, c);
    });
    var es = entriesOf(p);
    if (es.length === 0) {
      var empty = h('tr', {}, t);
      h('td', { colspan: 6 }, empty, '(empty)');
    }
    // A long log shows its first and last rows; the rest on request.
    var cut = !expanded[p.name] && es.length > HEAD_ROWS + TAIL_ROWS + 1;
    es.forEach(function (e, k) {
      if (cut && k >= HEAD_ROWS && k < es.length - TAIL_ROWS) {
        if (k === HEAD_ROWS) {
          var more = h('tr', { class: 'more' }, t);
          var cell = h('td', { colspan: 6 }, more);
          var b = h('button', {}, cell, 'show ' + (es.length - HEAD_ROWS - TAIL_ROWS) + ' more rows');
          b.addEventListener('click', function () { expanded[p.name] = true; details(current); });
        }
        return;
      }
      var row = h('tr', { class: e.kind === 'control' ? 'marker' : 'data' }, t);
      h('td', {}, row, String(e.offset));
      h('td', {}, row, e.producerId < 0 ? '-' : String(e.producerId));
      h('td', {}, row, e.producerId < 0 ? '-' : String(e.epoch));
      h('td', {}, row, e.record);
      if (e.kind === 'control') {
        h('td', {}, row, '');
        h('td', {}, row, '');
      } else {
        var c = committedAt(p, e.offset);
        h('td', { class: c === 'yes' ? 'yes' : 'no' }, row, c);
        var u = uncommittedAt(p, e.offset);
        h('td', { class: u ? 'yes' : 'no' }, row, u ? 'yes' : 'no');
      }
    });
  }
  function details(i) {
    var s = steps[i];
    var box = document.getElementById('details');
    box.textContent = '';
    var drainNote = s.phase === 'drain' ? ' (final drain)' : '';
    h('h2', {}, box, i === 0 ? 'Initial state' : 'Step ' + i + ' of ' + last + drainNote +
      (s.clockMs !== null ? ' \u00b7 ' + clockText(s.clockMs) : ''));
    h('div', { class: 'call' }, box, s.call === null ? 'initial state' : s.call);
    s.violations.forEach(function (v) {
      h('div', { class: 'violation' }, box, 'VIOLATED ' + v.invariant + ': ' + v.message);
    });
    if (s.events.length) {
      h('h2', {}, box, 'What happened');
      var ul = h('ul', {}, box);
      s.events.forEach(function (e) { h('li', { class: e.refused ? 'refused' : '' }, ul, e.text); });
    }
    var topics = Object.keys(s.outputs);
    if (topics.length) {
      h('h2', {}, box, 'What readers see');
      var t = h('table', { class: 'outputs' }, box);
      topics.forEach(function (topic) {
        ['read_committed', 'read_uncommitted'].forEach(function (level) {
          var tr = h('tr', {}, t);
          h('td', {}, tr, topic + ' at ' + level);
          var runs = s.outputs[topic][level];
          h('td', {}, tr, runs.length ? runs.map(runText).join(', ') : '(nothing)');
        });
      });
    }
    if (s.partitions.length) {
      h('h2', {}, box, 'Partition logs');
      var order = s.partitions.slice().sort(function (a, b) {
        return (s.touched.indexOf(b.name) >= 0) - (s.touched.indexOf(a.name) >= 0);
      });
      order.forEach(function (p) { partitionTable(p, s.touched.indexOf(p.name) >= 0, box); });
    }
  }

  var slider = document.getElementById('slider');
  slider.max = String(last);
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === current) return;
    if (current >= 0) rows[current].classList.remove('current');
    current = i;
    rows[i].classList.add('current');
    slider.value = String(i);
    document.getElementById('position').textContent = (i === 0 ? 'initial state' : 'step ' + i) + ' of ' + last +
      (steps[i].clockMs !== null ? ' \u00b7 ' + clockText(steps[i].clockMs) : '');
    details(i);
    var wrap = document.getElementById('timeline-wrap');
    var top = yOf(i), bottom = top + 2 * ROW_H + HEAD_H;
    if (top < wrap.scrollTop) wrap.scrollTop = top;
    else if (bottom > wrap.scrollTop + wrap.clientHeight) wrap.scrollTop = bottom - wrap.clientHeight;
  }
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  var firstBad = steps.findIndex(function (s) { return s.violations.length > 0; });
  var jump = document.getElementById('to-violation');
  if (jump) jump.addEventListener('click', function () { show(firstBad); });
  document.addEventListener('keydown', function (e) {
    var moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    // The focused slider moves itself on arrows, Home and End (and reports it as input).
    if (e.target === slider && (e.key in moves || e.key === 'Home' || e.key === 'End')) return;
    if (e.key in moves) show(current + moves[e.key]);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(last);
    else if (e.key === 'v' && firstBad >= 0) show(firstBad);
    else return;
    e.preventDefault();
  });
  show(0);
})();
`;
