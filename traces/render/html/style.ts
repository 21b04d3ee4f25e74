/** The viewer page's style sheet (inline in the page: it works from file:// with no network). */
export const VIEWER_STYLE = `
:root { --bg: #ffffff; --ink: #1f2328; --dim: #656d76; --line: #d0d7de; --band: #f6f8fa; --cur: #fff4c2;
  --bad: #cf222e; --bad-bg: #ffebe9; --ok: #1a7f37; --ok-bg: #dafbe1; --arrow: #0969da; --refused: #bc4c00; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
  background: var(--bg); display: flex; flex-direction: column; height: 100vh; }
header { padding: 10px 16px 6px; border-bottom: 1px solid var(--line); }
h1 { font-size: 17px; margin: 0 0 2px; }
.meta { color: var(--dim); font-size: 12px; }
.verdict { margin-top: 6px; padding: 5px 10px; border-radius: 6px; font-size: 13px; display: inline-block; }
.verdict.bad { background: var(--bad-bg); color: var(--bad); border: 1px solid #ffcecb; }
.verdict.ok { background: var(--ok-bg); color: var(--ok); border: 1px solid #aceebb; }
.verdict button { margin-left: 8px; }
nav.controls { display: flex; align-items: center; gap: 10px; padding: 6px 16px; border-bottom: 1px solid var(--line);
  background: var(--band); }
nav.controls input[type=range] { flex: 1; }
nav.controls button, .verdict button {
  font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px;
  background: #fff; cursor: pointer;
}
#position { min-width: 15em; font-variant-numeric: tabular-nums; color: var(--dim); }
.hint { color: var(--dim); font-size: 12px; }
main { flex: 1; display: flex; min-height: 0; }
#timeline-wrap { flex: 1 1 60%; overflow: auto; position: relative; border-right: 1px solid var(--line); }
#lane-heads { position: sticky; top: 0; z-index: 2; background: var(--bg); }
#details { flex: 0 0 40%; overflow: auto; padding: 10px 14px; font-size: 13px; }
svg text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.lane-head rect { fill: #eaeef2; stroke: var(--line); }
.lane-head text { font-size: 11px; font-weight: 600; fill: var(--ink); }
.lifeline { stroke: var(--line); stroke-dasharray: 3 3; }
.row { cursor: pointer; }
.row rect.band { fill: transparent; }
.row:hover rect.band { fill: var(--band); }
.row.violated rect.band { fill: var(--bad-bg); }
.row.current rect.band { fill: var(--cur); }
.row.current.violated rect.band { fill: #ffd8d3; }
.row text.num { font-size: 11px; fill: var(--dim); }
.row text.clock { font-size: 10px; fill: var(--dim); }
.row text.call { font-size: 11px; fill: var(--ink); }
.row line.call { stroke: var(--arrow); stroke-width: 1.5; }
.row circle.self { fill: var(--arrow); }
.row.fault line.call { stroke: var(--refused); stroke-dasharray: 5 3; }
.row.fault circle.self { fill: var(--refused); }
.row.fault text.call { fill: var(--refused); }
.row circle.event { fill: #8c959f; }
.row circle.event.refused { fill: var(--refused); }
.row text.violation-mark { font-size: 11px; font-weight: 700; fill: var(--bad); }
.drain line { stroke: var(--dim); stroke-dasharray: 6 4; }
.drain text { font-size: 10px; fill: var(--dim); }
#details h2 { font-size: 14px; margin: 12px 0 4px; }
#details .call { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; padding: 6px 8px;
  background: var(--band); border: 1px solid var(--line); border-radius: 6px; }
#details ul { margin: 4px 0; padding-left: 18px; }
#details li.refused { color: var(--refused); }
#details .violation { background: var(--bad-bg); color: var(--bad); border: 1px solid #ffcecb; border-radius: 6px;
  padding: 6px 8px; margin: 6px 0; }
#details .outputs td { padding: 1px 8px 1px 0; vertical-align: top; }
table.log { border-collapse: collapse; margin: 4px 0 10px; font-family: ui-monospace, Menlo, Consolas, monospace;
  font-size: 12px; }
table.log th, table.log td { border: 1px solid var(--line); padding: 1px 6px; text-align: left; }
table.log th { background: var(--band); font-weight: 600; }
table.log tr.marker td { color: var(--dim); font-style: italic; }
table.log td.yes { color: var(--ok); }
table.log td.no { color: var(--bad); }
.part-head { font-weight: 600; }
.part-head .changed { color: var(--arrow); font-weight: 400; margin-left: 6px; }
.part-head .figures { color: var(--dim); font-weight: 400; }
`;
