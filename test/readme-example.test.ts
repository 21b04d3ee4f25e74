/** The README's "write your own property" example, verbatim but for the import path, and its failing twin. */
import { expect, test } from 'vitest';
import { checkModel, kafkaInvariants, kafkaTxnSubject, resolveConfig, type Invariant, type KafkaState } from '../index.js';

// A rule of your own: a committed input offset never passes the end of its input partition.
const offsetsInRange: Invariant<KafkaState> = {
  name: 'offsets-in-range',
  meaning: 'no committed input offset is beyond its input partition',
  when: 'every-step',
  check: (s) => (s.offsets.committed.some((c) => c.offset > s.config.inputRecords) ? 'a committed offset passed the input' : null),
};

test('the default kafka-txn config keeps offsets in range', () => {
  const config = resolveConfig(kafkaTxnSubject.model.keys, [['producers', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const subject = { ...kafkaTxnSubject, invariants: [...kafkaInvariants, offsetsInRange] };
  const r = checkModel(subject, config.config, { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.violations.map((v) => v.message)).toEqual([]);
});

// A claim that is false: an open transaction holds the LSO below the high watermark.
const lsoAlwaysAtEnd: Invariant<KafkaState> = {
  name: 'lso-at-end',
  meaning: 'every partition is fully readable at read_committed',
  when: 'every-step',
  check: (s) => (s.partitions.some((p) => p.lastStableOffset < p.highWatermark) ? 'a partition has records past its LSO' : null),
};

test('a false claim is violated, by name', () => {
  const config = resolveConfig(kafkaTxnSubject.model.keys, [['producers', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const subject = { ...kafkaTxnSubject, invariants: [...kafkaInvariants, lsoAlwaysAtEnd] };
  const r = checkModel(subject, config.config, { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.status).toBe('violation');
  expect(r.violations[0]).toMatchObject({ invariant: 'lso-at-end', message: 'a partition has records past its LSO' });
});
