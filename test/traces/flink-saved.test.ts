/**
 * The saved `flink-kafka` teaching traces replay to their verdict, and are impossible or harmless with the safe setting
 * back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace, type Trace } from '../../traces/trace.js';

const dir = join(import.meta.dirname, '..', '..', 'traces', 'saved');

function load(name: string): Trace {
  const d = decodeTrace(readFileSync(join(dir, `${name}.json`), 'utf8'));
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

const saved = [
  {
    name: 'flink-lingering-transaction',
    invariant: 'no-hanging-transaction',
    step: 35,
    safe: { 'safeguard.abort-lingering-transactions': true },
  },
  {
    name: 'flink-at-least-once-double-count',
    invariant: 'state-exactly-once',
    step: 13,
    safe: { 'execution.checkpointing.mode': 'EXACTLY_ONCE' },
  },
  {
    name: 'flink-none-loses-buffer',
    invariant: 'no-loss',
    step: 12,
    safe: { 'sink.delivery-guarantee': 'at-least-once' },
  },
  { name: 'flink-timeout-loses-commit', invariant: 'no-loss', step: 26, safe: { 'transaction.timeout.ms': 60000 } },
] as const;

describe('saved flink-kafka teaching traces', () => {
  for (const t of saved) {
    test(`${t.name}: replays to ${t.invariant} at step ${t.step + 1}`, () => {
      const trace = load(t.name);
      expect(decodeTrace(encodeTrace(trace))).toEqual({ ok: true, trace });
      const r = replayTrace(flinkKafkaEntry, trace);
      if (!r.ok) throw new Error(r.error);
      expect(r.value.violations).toContainEqual(expect.objectContaining({ invariant: t.invariant, step: t.step }));
      expect(r.value.steps).toHaveLength(t.step + 1);
    });
    test(`${t.name}: with the safe setting the same steps are impossible or hold`, () => {
      const trace = load(t.name);
      const r = replayTrace(flinkKafkaEntry, { ...trace, config: { ...trace.config, ...t.safe } });
      if (r.ok) expect(r.value.violations.filter((v) => v.invariant === t.invariant)).toEqual([]);
      else expect(r.error).toMatch(/^step \d+ \(.*\) is not enabled/);
    });
  }
});
