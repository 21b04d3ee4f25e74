/**
 * Every trace in traces/saved (the teaching traces the docs link) replays through its model from its
 * own config, every step enabled where it stands, and breaks at least one invariant: a saved trace that
 * no longer fits its model, or no longer shows what it was saved for, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace } from '../../traces/trace.js';

const dir = join(import.meta.dirname, '..', '..', 'traces', 'saved');

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
  test(`traces/saved/${file} replays and breaks an invariant`, () => {
    const d = decodeTrace(readFileSync(join(dir, file), 'utf8'));
    if (!d.ok) throw new Error(d.error);
    const m = catalog.get(d.trace.model);
    expect(m, `model ${d.trace.model}`).toBeDefined();
    const violated = m!.open((e) => {
      const r = replayTrace(e, d.trace);
      if (!r.ok) throw new Error(r.error);
      expect(r.value.steps).toHaveLength(d.trace.steps.length);
      return r.value.violations.map((v) => v.invariant);
    });
    expect(violated.length).toBeGreaterThan(0);
  });
