/**
 * The consumer-application teaching traces under traces/saved replay to their verdict and render;
 * with their safeguard back on the same steps are impossible or hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../catalog/apps.js';
import type { Entry } from '../../catalog/entry.js';
import type { Keys } from '../../model/core/keys.js';
import type { AppAction } from '../../model/ctp/actions.js';
import type { AppState } from '../../model/ctp/state.js';
import { renderMermaid } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace, type Trace } from '../../traces/trace.js';

const dir = join(import.meta.dirname, '..', '..', 'traces', 'saved');

function load(name: string): Trace {
  const d = decodeTrace(readFileSync(join(dir, `${name}.json`), 'utf8'));
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

interface Saved<K extends Keys> {
  readonly name: string;
  readonly entry: Entry<AppState, AppAction, K>;
  readonly invariant: string;
  readonly step: number;
  readonly safe: Record<string, boolean>;
}

/** One saved trace's checks, over its own entry. */
function checks<K extends Keys>(t: Saved<K>): void {
  test(`${t.name}: replays to ${t.invariant} at step ${t.step + 1}, renders as text and mermaid, round-trips`, () => {
    const trace = load(t.name);
    expect(decodeTrace(encodeTrace(trace))).toEqual({ ok: true, trace });
    const r = replayTrace(t.entry, trace);
    if (!r.ok) throw new Error(r.error);
    const { states, steps, violations } = r.value;
    expect(violations[0]).toMatchObject({ invariant: t.invariant, step: t.step });
    const text = renderText(t.entry.model, t.entry.render, states, steps, violations);
    expect(text).toContain(`!! VIOLATED ${t.invariant}`);
    expect(text).toMatch(/^1\. i\d#1\.JoinGroup\(\)/);
    const mermaid = renderMermaid(t.entry.model, t.entry.render, states, steps, violations);
    expect(mermaid.startsWith('sequenceDiagram\n')).toBe(true);
    expect(mermaid).toContain(`VIOLATED ${t.invariant}`);
    expect(mermaid).not.toMatch(/: .*[#;]/);
  });
  test(`${t.name}: with the safeguard on the same steps are impossible or hold`, () => {
    const trace = load(t.name);
    const r = replayTrace(t.entry, { ...trace, config: { ...trace.config, ...t.safe } });
    if (r.ok) expect(r.value.violations).toEqual([]);
    else expect(r.error).toMatch(/^step \d+ \(.*\) is not enabled/);
  });
}

describe('saved consumer-application traces', () => {
  checks({
    name: 'ctp-unstable-offset-duplicate',
    entry: ctpEntry,
    invariant: 'no-duplicates',
    step: 19,
    safe: { 'safeguard.require-stable-offsets': true },
  });
  // The producer writes on after the coordinator aborted its timed-out transaction; the commit's offset passes v1.
  checks({
    name: 'ctp-unfenced-offsets-split',
    entry: ctpEntry,
    invariant: 'txn-atomicity',
    step: 10,
    safe: { 'safeguard.epoch-fencing': true },
  });
  checks({
    name: 'streams-zombie-thread-commits',
    entry: kafkaStreamsEntry,
    invariant: 'zombie-fenced',
    step: 14,
    safe: { 'safeguard.generation-fencing': true },
  });
});
