/**
 * The consumer-application teaching traces under traces/saved replay to their verdict and render;
 * with their safeguard back on the same steps are impossible or hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { AppAction } from '../../model/ctp/actions.js';
import type { AppState } from '../../model/ctp/state.js';
import { ctpSubject } from '../../properties/ctp/subject.js';
import { kafkaStreamsSubject } from '../../properties/streams/subject.js';
import type { Subject } from '../../properties/subject.js';
import { renderCtpMermaid } from '../../traces/ctp/mermaid.js';
import { renderCtpText } from '../../traces/ctp/text.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace, type Trace } from '../../traces/trace.js';

const dir = join(import.meta.dirname, '..', '..', 'traces', 'saved');

function load(name: string): Trace {
  const d = decodeTrace(readFileSync(join(dir, `${name}.json`), 'utf8'));
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

const saved: { name: string; subject: Subject<AppState, AppAction>; invariant: string; step: number; safe: Record<string, boolean> }[] = [
  { name: 'ctp-unstable-offset-duplicate', subject: ctpSubject, invariant: 'no-duplicates', step: 18, safe: { 'safeguard.require-stable-offsets': true } },
  { name: 'streams-zombie-thread-commits', subject: kafkaStreamsSubject, invariant: 'zombie-fenced', step: 12, safe: { 'safeguard.generation-fencing': true } },
];

describe('saved consumer-application traces', () => {
  for (const t of saved) {
    test(`${t.name}: replays to ${t.invariant} at step ${t.step + 1}, renders as text and mermaid, round-trips`, () => {
      const trace = load(t.name);
      expect(decodeTrace(encodeTrace(trace))).toEqual({ ok: true, trace });
      const r = replayTrace(t.subject, trace);
      if (!r.ok) throw new Error(r.error);
      expect(r.execution.violations[0]).toMatchObject({ invariant: t.invariant, step: t.step });
      const text = renderCtpText(r.execution.states, r.execution.steps, r.execution.violations);
      expect(text).toContain(`!! VIOLATED ${t.invariant}`);
      expect(text).toMatch(/^1\. i\d#1\.JoinGroup\(\)/);
      const mermaid = renderCtpMermaid(r.execution.states, r.execution.steps, r.execution.violations);
      expect(mermaid.startsWith('sequenceDiagram\n')).toBe(true);
      expect(mermaid).toContain(`VIOLATED ${t.invariant}`);
      expect(mermaid).not.toMatch(/: .*[#;]/);
    });
    test(`${t.name}: with the safeguard on the same steps are impossible or hold`, () => {
      const trace = load(t.name);
      const r = replayTrace(t.subject, { ...trace, config: { ...trace.config, ...t.safe } });
      if (r.ok) expect(r.execution.violations).toEqual([]);
      else expect(r.error).toMatch(/^step \d+ \(.*\) is not enabled/);
    });
  }
});
