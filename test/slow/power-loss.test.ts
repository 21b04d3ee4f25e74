/**
 * min.insync.replicas=2 under one power loss: two replicas hold every acknowledged write,
 * so the loss needs the ISR to shrink to the broker that then loses power (KIP-966's own example).
 * Both directions at depth 14: the loss in 13 steps on a controller without eligible leader replicas, and
 * log.flush.interval.messages=1 holding; with them (KIP-966, a cluster created with 4.1) the same bound holds.
 */
import { describe, expect, test } from 'vitest';
import { checkNamed } from './safeguards.js';

const power = [
  'replication.factor=3',
  'producers=1',
  'partitions=1',
  'input.records=1',
  'faults.crashes=0',
  'faults.zombies=false',
  'faults.power-loss=1',
];
const withoutElr = [...power, 'eligible.leader.replicas.version=0'];

describe('min.insync.replicas=2 and one power loss, depth 14', () => {
  test('acked at ISR [0, 1]; the abort marker leaves broker 1 behind, the ISR shrinks to 0, which loses power', () => {
    const r = checkNamed('kafka-txn', withoutElr, { mode: 'exhaustive', depth: 14, maxStates: 2_000_000 });
    expect(r.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    // Fetch and the first ShrinkIsr commute; the fewest steps are 13 either way.
    const types = r.trace?.map((s) => s.action.type) ?? [];
    expect(types).toHaveLength(13);
    expect(types.slice(7)).toEqual([
      'AckProduce',
      'AbortTxn',
      'WriteTxnMarker',
      'ShrinkIsr',
      'BrokerCrash',
      'BrokerRestart',
    ]);
    expect(types.filter((t) => t === 'Fetch')).toHaveLength(2);
  });

  test('log.flush.interval.messages=1 holds on the same bound', () => {
    const r = checkNamed('kafka-txn', [...withoutElr, 'log.flush.interval.messages=1'], {
      mode: 'exhaustive',
      depth: 14,
      maxStates: 2_000_000,
    });
    expect(r.status).toBe('ok');
    expect(r.distinct).toBe(69368);
  });

  test('eligible leader replicas (the 4.1 default) hold on the same bound: broker 1 is eligible and elected', () => {
    const r = checkNamed('kafka-txn', power, { mode: 'exhaustive', depth: 14, maxStates: 2_000_000 });
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 14, 61726]);
  });
});
