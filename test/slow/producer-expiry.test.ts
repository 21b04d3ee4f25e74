/**
 * A leader's expiry of an idle producer (faults.producer-state-loss) at safe settings, to the depth of the
 * counterexamples the model reported while the loss had no clock: with a coordinator move, the old coordinator's
 * marker after the expiry ended the producer's next transaction (kafka-txn, txn-atomicity: 15 steps on 3.9, 13
 * explored; 14 on 4.1 with one producer, 13 explored); in kafka-streams a live member lost its state 10 s into its
 * transaction and its next write hung (no-loss, 17 steps on 2.7). Kafka expires a producer with no transaction open
 * there after producer.id.expiration.ms of its silence (ProducerStateManager.isProducerExpired), a day in which no
 * old coordinator's request survives and no live member stays inside a transaction. The traces are kept in
 * test/fixtures/traces and replayed by test/model/kafka/lifecycle.test.ts and test/model/streams/streams.test.ts.
 * The slow suite searches one producer on every release and kafka-streams on 4.1; the deep suite
 * (`npm run test:deep`) two producers and kafka-streams on every release too.
 */
import { describe, expect, test } from 'vitest';
import { deepTest } from '../helpers/tier.js';
import { checkNamed } from './safeguards.js';

const VERSIONS = ['3.9', '4.0', '4.1'] as const;
const loss = ['faults.coordinator-failover=1', 'faults.producer-state-loss=true'];

/** Distinct states to depth 13 by release: two producers (transaction.version 1 on 3.9), and one. */
const kafkaTxnStates: Record<(typeof VERSIONS)[number], { two: number; one: number }> = {
  '3.9': { two: 2201047, one: 189762 },
  '4.0': { two: 2582037, one: 235523 },
  '4.1': { two: 2582037, one: 235523 },
};
/** Distinct states of kafka-streams with faults.producer-state-loss to depth 17, by release. */
const streamsStates: Record<(typeof VERSIONS)[number], number> = { '3.9': 768341, '4.0': 769609, '4.1': 769609 };

describe('kafka-txn: a coordinator move and a producer expiry, every state to depth 13', () => {
  for (const version of VERSIONS) {
    deepTest(`kafka.version=${version}, two producers: no violation in any state to depth 13`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...loss], {
        mode: 'exhaustive',
        depth: 13,
        maxStates: 4_000_000,
      });
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(13);
      expect(r.distinct).toBe(kafkaTxnStates[version].two);
    });

    test(`kafka.version=${version}, one producer: no violation in any state to depth 13`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...loss, 'producers=1'], {
        mode: 'exhaustive',
        depth: 13,
        maxStates: 4_000_000,
      });
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(13);
      expect(r.distinct).toBe(kafkaTxnStates[version].one);
    });
  }
});

describe('kafka-streams: a producer expiry, every state to depth 17 (the 2.7 trace, drain included)', () => {
  for (const version of VERSIONS)
    (version === '4.1' ? test : deepTest)(`kafka.version=${version}: no violation in any state to depth 17`, () => {
      const r = checkNamed('kafka-streams', [`kafka.version=${version}`, 'faults.producer-state-loss=true'], {
        mode: 'exhaustive',
        depth: 17,
        maxStates: 4_000_000,
      });
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(17);
      expect(r.distinct).toBe(streamsStates[version]);
    });
});
