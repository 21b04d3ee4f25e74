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
  {
    name: 'zombie-commits',
    release: '4.1',
    invariant: 'zombie-fenced',
    step: 13,
    safe: { 'safeguard.epoch-fencing': true },
  },
  { name: 'retried-batch-lands-twice', invariant: 'no-duplicates', step: 2, safe: { 'enable.idempotence': true } },
  {
    name: 'aborted-record-read',
    release: '4.1',
    invariant: 'no-aborted-read',
    step: 5,
    safe: { 'isolation.level': 'read_committed' },
  },
  // 3.5: transaction.version=1 and no partition verification; KIP-890 part 1 (3.6) verifies the late write.
  {
    name: 'kip890-late-produce',
    release: '3.5',
    invariant: 'zombie-fenced',
    step: 13,
    safe: { 'kafka.version': '3.6', 'transaction.partition.verification.enable': true },
  },
  // safeguard.epoch-bump-on-timeout is a transaction.version=1 switch: 3.9, the last release whose
  // default is version 1 (with partition verification, which does not help here).
  {
    name: 'timed-out-producer-commits',
    release: '3.9',
    invariant: 'txn-atomicity',
    step: 11,
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
    if ('release' in t)
      test(`${t.name}: its config names the release it is about (kafka.version=${t.release})`, () => {
        expect(load(t.name).config['kafka.version']).toBe(t.release);
      });
    test(`${t.name}: with the safeguard on the same steps are impossible or hold`, () => {
      const trace = load(t.name);
      const r = replayTrace(kafkaTxnEntry, { ...trace, config: { ...trace.config, ...t.safe } });
      if (r.ok) expect(r.value.violations).toEqual([]);
      else expect(r.error).toMatch(/^step \d+ \(.*\) is not enabled/);
    });
  }
});

// Why this test? The trace teaches KAFKA-12671: a produce delayed in the network lands after its
// transaction's ABORT marker and opens a transaction the coordinator never hears of.
test('kip890-late-produce: the delayed produce lands after the ABORT marker', () => {
  const trace = load('kip890-late-produce');
  const r = replayTrace(kafkaTxnEntry, trace);
  if (!r.ok) throw new Error(r.error);
  const types = trace.steps.map((st) => st.action.type);
  const marker = types.indexOf('WriteTxnMarker');
  const deliver = types.indexOf('Deliver');
  expect(types.slice(0, marker)).toContain('ProduceDelayed');
  expect(types.slice(0, marker)).toContain('AbortTxn');
  expect(deliver).toBeGreaterThan(marker);
  const log = r.value.states[deliver + 1]!.kafka.partitions[0]!.log;
  expect(log.map((e) => (e.kind === 'data' ? `v${e.value}@${e.epoch}` : e.marker))).toEqual(['ABORT', 'v1@0']);
});
