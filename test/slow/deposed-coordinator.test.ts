/**
 * A deposed transaction coordinator's marker after partition leadership moved (faults.broker with
 * faults.coordinator-failover), at safe settings: acks=all, no unclean election. Kafka's new leader
 * fences it by the coordinator epoch its producer state kept (EndTransactionMarker.coordinatorEpoch,
 * replayed by followers, persisted in snapshots: ProducerAppendInfo.appendEndTxnMarker). The model
 * once rebuilt that state without it and reported txn-atomicity here (24 steps with two replicas,
 * 15 of them explored; test/model/kafka/failover.test.ts keeps the trace). The slow suite searches 3.9 to depth 15;
 * the deep suite (`npm run test:deep`) every release, three replicas and the swarm too.
 */
import { describe, expect, test } from 'vitest';
import { deepTest } from '../helpers/tier.js';
import { checkNamed } from './safeguards.js';

const common = [
  'acks=all',
  'unclean.leader.election.enable=false',
  'faults.broker=1',
  'faults.coordinator-failover=1',
  'producers=1',
  'partitions=1',
];
const twoReplicas = ['replication.factor=2', 'min.insync.replicas=1', ...common];
const threeReplicas = ['replication.factor=3', 'min.insync.replicas=2', ...common];

/**
 * Distinct states of the two-replica search to depth 15, by release (transaction.version 1 on 3.9; 4.1 a cluster
 * created with it, with eligible leader replicas: a fenced last ISR member empties the ISR).
 */
const statesToDepth15: Record<string, number> = { '3.9': 1240623, '4.0': 1327129, '4.1': 1342382 };

describe('a deposed coordinator after a leader change, at safe settings', () => {
  for (const version of ['3.9', '4.0', '4.1']) {
    (version === '3.9' ? test : deepTest)(
      `kafka.version=${version}, two replicas, min ISR 1: no violation in any state to depth 15`,
      () => {
        const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...twoReplicas], {
          mode: 'exhaustive',
          depth: 15,
          maxStates: 3_000_000,
        });
        expect(r.violations).toEqual([]);
        expect(r.depthCompleted).toBe(15);
        expect(r.distinct).toBe(statesToDepth15[version]);
      },
    );

    deepTest(`kafka.version=${version}, three replicas, min ISR 2: no violation in the first 2000000 states`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...threeReplicas], {
        mode: 'exhaustive',
        depth: 30,
        maxStates: 2_000_000,
      });
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('max-states');
      expect(r.distinct).toBe(2_000_000);
    });

    deepTest(`kafka.version=${version}, three replicas: no violation in 100000 swarm runs (seed 1, 40 steps)`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...threeReplicas], {
        mode: 'swarm',
        runs: 100_000,
        seed: 1,
        maxSteps: 40,
      });
      expect(r.violations).toEqual([]);
      expect(r.runs).toBe(100_000);
    });
  }
});
