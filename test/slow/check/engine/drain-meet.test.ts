/**
 * Why this test? The drain memo keeps the drain states taken from by an action a model marks `meet`
 * (`ActionSpec.meet`), else one in about eight by a hash of the next action. It is a cache the search keeps for
 * speed: which states it keeps must never change what the search finds, only how many drain steps it takes.
 * Each Kafka-speaking model is searched with its marks and with them taken away, on a safe configuration and
 * an unsafe one, and the two must agree on every state count, verdict and counterexample step.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../../catalog/apps.js';
import type { Entry } from '../../../../catalog/entry.js';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { mirrorMaker2Entry } from '../../../../catalog/mirror-maker-2.js';
import type { Keys } from '../../../../model/core/keys.js';
import type { AnyAction } from '../../../../model/core/model.js';
import { check } from '../../../helpers/check.js';

/** The entry with its model's `meet` marks taken away: the memo samples by hash. */
function unmarked<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>): Entry<S, A, K> {
  return { ...e, model: { ...e.model, meetTypes: null } };
}

/** Searches `e` at `pairs` to `depth` on this thread, with and without its marks. */
function both<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, pairs: string[], depth: number) {
  const opts = { mode: 'exhaustive', depth, maxStates: 10_000_000 } as const;
  const figures = (r: ReturnType<typeof check<S, A, K>>) => ({
    status: r.status,
    distinct: r.distinct,
    generated: r.generated,
    violations: r.violations,
    trace: r.trace,
    shortest: r.shortest,
  });
  const marked = check(e, pairs, opts);
  const hashed = check(unmarked(e), pairs, opts);
  return {
    marked: figures(marked),
    hashed: figures(hashed),
    drains: { marked: marked.drainSteps, hashed: hashed.drainSteps },
  };
}

const cases: [string, Entry<never, AnyAction, Keys>, string[], number, 'ok' | 'violation'][] = [
  ['kafka-txn', kafkaTxnEntry as never, [], 8, 'ok'],
  ['kafka-txn', kafkaTxnEntry as never, ['isolation.level=read_uncommitted'], 8, 'violation'],
  ['kafka-txn', kafkaTxnEntry as never, ['transaction.version=1', 'safeguard.epoch-fencing=false'], 8, 'violation'],
  ['consume-transform-produce', ctpEntry as never, [], 8, 'ok'],
  ['consume-transform-produce', ctpEntry as never, ['commit.strategy=process-then-commit'], 8, 'violation'],
  ['kafka-streams', kafkaStreamsEntry as never, [], 8, 'ok'],
  ['kafka-streams', kafkaStreamsEntry as never, ['isolation.level=read_uncommitted'], 8, 'violation'],
  ['flink-kafka', flinkKafkaEntry as never, [], 20, 'ok'],
  ['flink-kafka', flinkKafkaEntry as never, ['sink.delivery-guarantee=at-least-once'], 24, 'violation'],
  ['mirror-maker-2', mirrorMaker2Entry as never, [], 12, 'ok'],
  ['mirror-maker-2', mirrorMaker2Entry as never, ['source.transaction.records=2'], 12, 'ok'],
];

describe('the drain memo keeps states where the model marks, and the search finds the same', () => {
  test('each Kafka-speaking model marks one action', () => {
    expect(cases.map(([name, e]) => [name, [...(e.model.meetTypes ?? [])]])).toEqual([
      ['kafka-txn', ['BeginTxn']],
      ['kafka-txn', ['BeginTxn']],
      ['kafka-txn', ['BeginTxn']],
      ['consume-transform-produce', ['BeginTxn']],
      ['consume-transform-produce', ['BeginTxn']],
      ['kafka-streams', ['BeginTxn']],
      ['kafka-streams', ['BeginTxn']],
      ['flink-kafka', ['Process']],
      ['flink-kafka', ['Process']],
      ['mirror-maker-2', ['Mirror']],
      ['mirror-maker-2', ['Mirror']],
    ]);
  });
  for (const [name, e, pairs, depth, status] of cases) {
    test(`${name} ${pairs.join(' ') || 'defaults'}, depth ${depth}: ${status}`, () => {
      const r = both(e, pairs, depth);
      expect(r.marked.status).toBe(status);
      expect(r.marked).toEqual(r.hashed);
      // A search that ran on to its bound takes fewer drain steps at the marks (one that stopped at a violation
      // may have judged too few states to tell).
      if (status === 'ok') expect(r.drains.marked).toBeLessThan(r.drains.hashed!);
    });
  }
});
