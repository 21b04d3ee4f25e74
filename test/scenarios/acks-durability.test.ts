/**
 * `acks-durability` (seed 003's table): for each acks value, what the producer was told and what
 * survives a leader crash at the worst moment, exactly.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { readPartition } from '../../model/kafka/read.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import { acksDurability } from '../../scenarios/acks-durability.js';
import { runScenario } from '../../scenarios/run.js';

function play(...pairs: [string, string][]) {
  const r = runScenario(kafkaTxnEntry, acksDurability, pairs);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const committed = (s: KafkaTxnState) => readPartition(s.kafka.partitions[0]!, 'read_committed').map((e) => e.value);
const rejections = (ex: ReturnType<typeof play>) =>
  ex.states.flatMap((s) => s.events.flatMap((e) => (e.type === 'rejected' ? [e.error] : [])));
const verdicts = (ex: ReturnType<typeof play>) => ex.violations.map((v) => [v.invariant, v.step]);

describe('acks-durability (seed 003)', () => {
  test.each(['0', '1'])(
    'acks=%s: answered at the leader, lost to the clean successor (acked-durable, no-loss)',
    (a) => {
      const ex = play(['acks', a]);
      expect(verdicts(ex)).toEqual([
        ['acked-durable', 1],
        ['no-loss', 5],
      ]);
      expect(committed(ex.states.at(-1)!)).toEqual([]);
      expect(ex.quiescent).toBe(true);
    },
  );

  // 4.1: no answer while the ISR is below min.insync.replicas (the HW stays put, KAFKA-15583), then a new leader.
  test('acks=all, min.insync.replicas=2, 4.1: told NOT_LEADER_OR_FOLLOWER, retried, survives once', () => {
    const ex = play(['acks', 'all']);
    expect(rejections(ex)).toEqual(['NOT_LEADER_OR_FOLLOWER']);
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });

  test('acks=all, min.insync.replicas=2, 3.6: the HW passes the shrunk ISR: NOT_ENOUGH_REPLICAS_AFTER_APPEND', () => {
    const ex = play(['acks', 'all'], ['kafka.version', '3.6']);
    expect(rejections(ex)).toEqual(['NOT_ENOUGH_REPLICAS_AFTER_APPEND']);
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });

  test('acks=all, min.insync.replicas=1: told written; the clean election waits for the leader, it survives', () => {
    const ex = play(['acks', 'all'], ['min.insync.replicas', '1']);
    expect(rejections(ex)).toEqual([]);
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });

  test('acks=all, min.insync.replicas=1, unclean election: told written, then lost', () => {
    const ex = play(['acks', 'all'], ['min.insync.replicas', '1'], ['unclean.leader.election.enable', 'true']);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['acked-durable', 'no-loss']);
    expect(ex.violations[0]!.step).toBe(7);
    expect(committed(ex.states.at(-1)!)).toEqual([]);
  });

  test('acks=all, min.insync.replicas=2, unclean election: never told written, so nothing acknowledged is lost', () => {
    const ex = play(['acks', 'all'], ['unclean.leader.election.enable', 'true']);
    expect(rejections(ex)).toEqual(['NOT_LEADER_OR_FOLLOWER']);
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });

  test('acks=all, min.insync.replicas=1, the leader loses power: told written, elected again without it', () => {
    const ex = play(['acks', 'all'], ['min.insync.replicas', '1'], ['broker.failure', 'power-loss']);
    expect(rejections(ex)).toEqual([]);
    expect(ex.states[8]!.events).toContainEqual({ type: 'recovered', partition: 0, broker: 0, offset: 0 });
    // The drain restarts broker 0 (step 8), the ISR's last member, which the clean election picks.
    expect(verdicts(ex)).toEqual([
      ['acked-durable', 8],
      ['no-loss', 20],
    ]);
    expect(committed(ex.states.at(-1)!)).toEqual([]);
  });

  test('the same with log.flush.interval.messages=1: the leader flushed v1 before it answered; it survives', () => {
    const ex = play(
      ['acks', 'all'],
      ['min.insync.replicas', '1'],
      ['broker.failure', 'power-loss'],
      ['log.flush.interval.messages', '1'],
    );
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });

  test('acks=all, min.insync.replicas=2, power loss: never told written (4.1), retried, survives once', () => {
    const ex = play(['acks', 'all'], ['broker.failure', 'power-loss']);
    expect(rejections(ex)).toEqual(['NOT_LEADER_OR_FOLLOWER']);
    expect(ex.violations).toEqual([]);
    expect(committed(ex.states.at(-1)!)).toEqual([1]);
  });
});
