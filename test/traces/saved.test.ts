/**
 * The saved kafka-txn teaching traces under traces/saved replay to their verdict, and each is
 * impossible or harmless once its safeguard is back on: the trace shows why the safeguard exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, type Trace } from '../../traces/trace.js';

const dir = join(import.meta.dirname, '..', '..', 'traces', 'saved');

function load(name: string): Trace {
  const d = decodeTrace(readFileSync(join(dir, `${name}.json`), 'utf8'));
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

const saved = [
  { name: 'zombie-commits', invariant: 'zombie-fenced', step: 10, safe: { 'safeguard.epoch-fencing': true } },
  { name: 'retried-batch-lands-twice', invariant: 'no-duplicates', step: 2, safe: { 'enable.idempotence': true } },
  { name: 'aborted-record-read', invariant: 'no-aborted-read', step: 4, safe: { 'isolation.level': 'read_committed' } },
  { name: 'kip890-late-produce', invariant: 'zombie-fenced', step: 12, safe: { 'transaction.version': 2 } },
  {
    name: 'timed-out-producer-commits',
    invariant: 'txn-atomicity',
    step: 8,
    safe: { 'safeguard.epoch-bump-on-timeout': true },
  },
] as const;

describe('saved teaching traces', () => {
  for (const t of saved) {
    test(`${t.name}: replays to ${t.invariant} at step ${t.step + 1}`, () => {
      const trace = load(t.name);
      expect(trace.model).toBe('kafka-txn');
      const r = replayTrace(kafkaTxnEntry, trace);
      if (!r.ok) throw new Error(r.error);
      expect(r.value.violations[0]).toMatchObject({ invariant: t.invariant, step: t.step });
      expect(r.value.steps).toHaveLength(t.step + 1);
    });
    test(`${t.name}: with the safeguard on the same steps are impossible or hold`, () => {
      const trace = load(t.name);
      const r = replayTrace(kafkaTxnEntry, { ...trace, config: { ...trace.config, ...t.safe } });
      if (r.ok) expect(r.value.violations).toEqual([]);
      else expect(r.error).toMatch(/^step \d+ \(.*\) is not enabled/);
    });
  }
});
