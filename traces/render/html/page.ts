/**
 * The trace viewer: one self-contained HTML page (style, script and the trace's data inline; no
 * network, so it opens from file://). The page is generated from the trace view's data, which it
 * carries as JSON; the script draws it. Pure: returns the page.
 */
import type { TraceView } from '../view.js';
import { VIEWER_SCRIPT } from './script.js';
import { VIEWER_STYLE } from './style.js';

/** Text safe in HTML. Pure. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`). Pure. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page of a trace view. Pure. */
export function renderHtml(view: TraceView): string {
  const config = Object.entries(view.config)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  const bad = view.violations[0];
  const verdict = bad
    ? `<div id="verdict" class="verdict bad">VIOLATION of ${escapeHtml(
        [...new Set(view.violations.map((v) => v.invariant))].join(', '),
      )} at step ${bad.step + 1}: ${escapeHtml(bad.message)} <button id="to-violation">show it (v)</button></div>`
    : '<div id="verdict" class="verdict ok">every invariant holds on this trace</div>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="eoscheck">
<title>eoscheck: ${escapeHtml(view.title)}</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(view.title)}</h1>
<div class="meta">model ${escapeHtml(view.model)}${
    view.scenario ? `, scenario ${escapeHtml(view.scenario)}` : ''
  } \u00b7 ${view.steps.length - 1} steps \u00b7 config: ${escapeHtml(config || 'defaults')}</div>
${verdict}
</header>
<nav class="controls">
<button id="prev" title="previous step (\u2190)">\u25c0</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="step">
<button id="next" title="next step (\u2192)">\u25b6</button>
<span id="position"></span>
<span class="hint">\u2190 \u2192 keys, Home, End${bad ? ', v: the violation' : ''}; click a row;
 dots: what a step did on that lane (hover); orange: a fault</span>
</nav>
<main>
<section id="timeline-wrap"></section>
<aside id="details"></aside>
</main>
<script type="application/json" id="trace-data">${scriptJson(view)}</script>
<script>${VIEWER_SCRIPT}</script>
</body>
</html>
`;
}
