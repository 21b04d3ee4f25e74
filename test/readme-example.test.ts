/**
 * The README's "write your own property" example, verbatim but for the import path (the same code
 * is in the README, importing 'eoscheck'), and its failing twin: a false claim the search breaks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { checkHere, type Invariant, type KafkaTxnState, kafkaTxnEntry, kafkaTxnInvariants, resolve } from '../index.js';

// A rule of your own: a committed input offset never passes the end of its input partition.
const offsetsInRange: Invariant<KafkaTxnState> = {
  name: 'offsets-in-range',
  meaning: 'no committed input offset is beyond its input partition',
  when: 'every-step',
  check: (s) =>
    s.kafka.groups.some((g) => g.committed.some((c) => c.offset > s.config.inputRecords))
      ? 'a committed offset passed the input'
      : null,
};

test('the default kafka-txn config keeps offsets in range', () => {
  const model = kafkaTxnEntry.model;
  const config = resolve(model.keys, [['producers', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const checked = { model, invariants: [...kafkaTxnInvariants, offsetsInRange] };
  const r = checkHere(checked, model.init(config.value.config), { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.found?.violations.map((v) => v.message) ?? []).toEqual([]);
});

// A claim that is false: an open transaction holds the LSO below the high watermark.
const lsoAlwaysAtEnd: Invariant<KafkaTxnState> = {
  name: 'lso-at-end',
  meaning: 'every partition is fully readable at read_committed',
  when: 'every-step',
  check: (s) =>
    s.kafka.partitions.some((p) => p.lastStableOffset < p.highWatermark)
      ? 'a partition has records past its LSO'
      : null,
};

test('a false claim is violated, by name', () => {
  const model = kafkaTxnEntry.model;
  const config = resolve(model.keys, [['producers', '1']], 'kafka-txn');
  if (!config.ok) throw new Error(config.error);
  const checked = { model, invariants: [...kafkaTxnInvariants, lsoAlwaysAtEnd] };
  const r = checkHere(checked, model.init(config.value.config), { mode: 'random', runs: 200, seed: 1, maxSteps: 30 });
  expect(r.status).toBe('violation');
  expect(r.found?.violations[0]).toMatchObject({
    invariant: 'lso-at-end',
    message: 'a partition has records past its LSO',
  });
});

test("the README's example is this file's first test, importing 'eoscheck'", () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Writing your own property with vitest'));
  const block = section.slice(section.indexOf('```ts\n') + 6, section.indexOf('\n```\n'));
  const here = readFileSync(import.meta.filename, 'utf8');
  expect(block.length).toBeGreaterThan(500);
  expect(here).toContain(block.replace("from 'eoscheck'", "from '../index.js'"));
});
