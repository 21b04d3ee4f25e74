/** The README's "write your own property" example, verbatim but for the import path, and its failing twin. */
import { expect, test } from 'vitest';
import { checkModel, kafkaInvariants, kafkaTxnSubject, resolveConfig, type Invariant, type KafkaState } from '../index.js';

// A rule of your own: no partition ever holds more than 6 records (markers included).
const small: Invariant<KafkaState> = {
  name: 'partition-capacity',
  meaning: 'no partition holds more than 6 records',
  when: 'every-step',
  check: (s) => (s.partitions.some((p) => p.log.length > 6) ? 'a partition passed 6 records' : null),
};

test('the default kafka-txn config stays small', () => {
  const config = resolveConfig(kafkaTxnSubject.model.keys, [['producers', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const subject = { ...kafkaTxnSubject, invariants: [...kafkaInvariants, small] };
  const r = checkModel(subject, config.config, { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.violations.map((v) => v.message)).toEqual([]);
});

test('with more inputs the same property is violated, by name', () => {
  const config = resolveConfig(kafkaTxnSubject.model.keys, [['producers', '1'], ['input.records', '4'], ['partitions', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const subject = { ...kafkaTxnSubject, invariants: [...kafkaInvariants, small] };
  const r = checkModel(subject, config.config, { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.status).toBe('violation');
  expect(r.violations[0]).toMatchObject({ invariant: 'partition-capacity', message: 'a partition passed 6 records' });
});
