/**
 * Replication in the Kafka core, through kafka-txn: follower fetches and the high
 * watermark (Partition.maybeIncrementLeaderHW: the leader learns a follower's log end from its
 * next fetch), acks=all answered once the HW passes the write (DelayedProduce), NOT_ENOUGH_REPLICAS
 * below min.insync.replicas, clean and unclean elections, truncation by leader epoch (KIP-101 /
 * KIP-279), markers waiting for the HW, and `acked-durable` both ways on the same bounds.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { cfg, check, exhaustive, only, random, scripted } from '../../helpers/check.js';

/**
 * One app, one partition, one record: the smallest replicated run, on a controller without eligible leader
 * replicas (4.0's default, and a cluster upgraded to 4.1); KIP-966's controller has its own section below.
 */
const small = [
  'producers=1',
  'partitions=1',
  'input.records=1',
  'faults.crashes=0',
  'faults.zombies=false',
  'replication.factor=3',
  'eligible.leader.replicas.version=0',
];
const i1 = 1;
const plain = [...small, 'enable.idempotence=false'];

const config = (...extra: string[]) => cfg(entry.model.keys, ...small, ...extra);

describe('fetches, the high watermark and acks=all', () => {
  const write: KafkaTxnAction[] = [
    { type: 'InitProducerId', instance: i1 },
    { type: 'BeginTxn', instance: i1 },
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'Append', instance: i1 },
  ];

  test('the write waits: the HW moves only once every ISR follower reported it in a second fetch', () => {
    const r = scripted(entry, config(), [
      ...write,
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 2 },
    ]);
    // Both followers have the record; the leader does not know yet.
    expect(r.last.kafka.partitions[0]!.highWatermark).toBe(0);
    expect(r.last.instances[0]!.acking).toEqual({ partition: 0, offset: 0, sequence: 0, epoch: 0 });
    expect(entry.model.enabled(r.last).some((a) => a.type === 'AckProduce')).toBe(false);
    const r2 = scripted(entry, config(), [
      ...write,
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 2 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 2 },
      { type: 'AckProduce', instance: i1 },
    ]);
    expect(r2.last.kafka.partitions[0]!.highWatermark).toBe(1);
    expect(r2.last.kafka.replication!.acked).toEqual([{ partition: 0, offset: 0, value: 1 }]);
    expect(r2.last.instances[0]!.acking).toBeUndefined();
  });

  test('an ISR below min.insync.replicas refuses an acks=all write before appending (NOT_ENOUGH_REPLICAS)', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plain, 'faults.broker=2'), [
      { type: 'BrokerCrash', broker: 1 },
      { type: 'BrokerCrash', broker: 2 },
      { type: 'Produce', instance: i1, partition: 0 },
    ]);
    expect(r.last.kafka.replication!.partitions[0]!.isr).toEqual([0]);
    expect(r.last.kafka.partitions[0]!.log).toEqual([]);
    expect(r.last.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'NOT_ENOUGH_REPLICAS',
      request: 'Produce(v1)',
    });
  });
});

describe('a batch refused with a retriable error goes to its partition again (Sender.reenqueueBatch)', () => {
  // Two partitions, so the app could pick another one for its next send. Kafka 3.6 raises the high watermark
  // when the ISR shrinks to the leader alone (3.7 freezes it under min.insync.replicas, KAFKA-15583), so the
  // acks=all answer is NOT_ENOUGH_REPLICAS_AFTER_APPEND with the record already in the log; then both
  // followers catch up (a fetch for the data, one to report it: the ISR grows back) before the retry.
  const catchUp: KafkaTxnAction[] = [1, 1, 2, 2].map((broker) => ({ type: 'Fetch', partition: 1, broker }));
  const retry: KafkaTxnAction = { type: 'Produce', instance: i1, partition: 1 };
  const refusedAfterAppend = (idempotent: boolean) => {
    const steps: KafkaTxnAction[] = [
      ...(idempotent
        ? ([
            { type: 'InitProducerId', instance: i1 },
            { type: 'BeginTxn', instance: i1 },
          ] as const)
        : []),
      { type: 'Produce', instance: i1, partition: 1 },
      // transaction.version=1 with verification (3.6): the produce waits at the leader for the coordinator's yes.
      ...(idempotent ? ([{ type: 'Append', instance: i1 }] as const) : []),
      { type: 'ShrinkIsr', partition: 1, broker: 1 },
      { type: 'ShrinkIsr', partition: 1, broker: 2 },
      { type: 'AckProduce', instance: i1 },
    ];
    const extra = idempotent ? [] : ['enable.idempotence=false'];
    return scripted(entry, config('partitions=2', 'kafka.version=3.6', ...extra), steps);
  };
  type State = ReturnType<typeof refusedAfterAppend>['last'];
  const sends = (s: State): number[] =>
    entry.model.enabled(s).flatMap((a) => (a.type === 'Produce' ? [a.partition] : []));
  const values = (s: State, p: number): number[] =>
    s.kafka.partitions[p]!.log.flatMap((r) => (r.kind === 'data' ? [r.value] : []));
  const stepped = (s: State, steps: readonly KafkaTxnAction[]): State =>
    steps.reduce((x, a) => entry.model.step(x, a), s);

  test('idempotent: the retry may only go to out-1, and the leader acknowledges it as a duplicate', () => {
    const r = refusedAfterAppend(true);
    expect(r.last.events).toEqual([
      { type: 'rejected', by: 'out-1', error: 'NOT_ENOUGH_REPLICAS_AFTER_APPEND', request: 'Produce (acks=all)' },
    ]);
    expect(r.last.instances[0]!.requeued).toBe(1);
    expect(r.last.instances[0]!.position).toBe(0);
    // The false alarm this replaces (kafka-txn replication.factor=3 input.records=3): the same record sent to
    // out-0 as a new one, both copies committed in the one transaction.
    expect(sends(r.last)).toEqual([1]);
    // Committing waits for the batch: commitTransaction() flushes it first.
    expect(entry.model.enabled(r.last).map((a) => a.type)).not.toContain('TxnOffsetCommit');
    const s = stepped(r.last, [...catchUp, retry]);
    expect(s.events).toEqual([{ type: 'duplicate', partition: 1, sequence: 0, offset: 0 }]);
    expect(values(s, 1)).toEqual([1]);
    expect(s.instances[0]!.requeued).toBeUndefined();
    expect(s.instances[0]!.position).toBe(1);
  });

  test('without idempotence the same retry writes the record a second time (what enable.idempotence prevents)', () => {
    const r = refusedAfterAppend(false);
    expect(r.last.instances[0]!.requeued).toBe(1);
    expect(sends(r.last)).toEqual([1]);
    const s = stepped(r.last, [...catchUp, retry]);
    expect(values(s, 1)).toEqual([1, 1]);
  });

  test('an abort waits for the re-enqueued batch, which keeps its sequence (abortUndrainedBatches keeps it)', () => {
    const r = refusedAfterAppend(true);
    expect(entry.model.enabled(r.last).map((a) => a.type)).not.toContain('AbortTxn');
    const sent = stepped(r.last, [...catchUp, retry]);
    const s = entry.model.step(sent, { type: 'AbortTxn', instance: i1 });
    expect(s.instances[0]!.status).toBe('ready');
    // The next transaction's first write to out-1 takes sequence 1: reusing 0, the aborted record's, would be
    // acknowledged as its duplicate and never written (the no-loss false alarm of dropping the batch at the abort).
    expect(s.instances[0]!.producer.sequences[1]).toBe(1);
  });
});

describe('a timed-out batch under replication (faults.network)', () => {
  const start: KafkaTxnAction[] = [
    { type: 'InitProducerId', instance: i1 },
    { type: 'BeginTxn', instance: i1 },
    { type: 'ProduceDelayed', instance: i1, partition: 0 },
  ];
  const fetches: KafkaTxnAction[] = [1, 1].map((broker) => ({ type: 'Fetch', partition: 0, broker }));
  const types = (s: KafkaTxnState): string[] => entry.model.enabled(s).map((a) => a.type);

  test('acks=all: the retry is answered once the high watermark passes it; nothing ends the transaction before', () => {
    const c = config('replication.factor=2', 'faults.network=true');
    const r = scripted(entry, c, [...start, { type: 'Retry', instance: i1 }]);
    const i = r.last.instances[0]!;
    expect(i.acking).toEqual({ partition: 0, offset: 0, sequence: 0, epoch: 0 });
    expect(i.unacked.map((u) => u.value)).toEqual([1]);
    expect(i.position).toBe(1);
    // The false alarm this replaces: the client moved on at the append, committed, and a leader crash before
    // the follower's fetch lost the record of a committed transaction (no-loss). EndTxn waits for every batch.
    const t = types(r.last);
    for (const no of ['TxnOffsetCommit', 'CommitTxn', 'AbortTxn', 'AbortTxnDelayed', 'Retry'])
      expect(t).not.toContain(no);
    const done = scripted(entry, c, [
      ...start,
      { type: 'Retry', instance: i1 },
      ...fetches,
      { type: 'AckProduce', instance: i1 },
    ]);
    const j = done.last.instances[0]!;
    expect(j.unacked).toEqual([]);
    expect(j.acking).toBeUndefined();
    expect(j.position).toBe(1);
    expect(done.last.kafka.replication!.acked).toEqual([{ partition: 0, offset: 0, value: 1 }]);
  });

  test('an acks=all write waiting for its answer blocks an abort whose EndTxn is delayed too (as AbortTxn)', () => {
    const c = config('replication.factor=2', 'faults.network=true');
    const r = scripted(entry, c, [
      { type: 'InitProducerId', instance: i1 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Append', instance: i1 },
    ]);
    expect(r.last.instances[0]!.acking).toBeDefined();
    expect(types(r.last)).not.toContain('AbortTxnDelayed');
  });

  test('acks=0 waits for no answer: a delayed send is done, never retried (one copy, or none if it is lost)', () => {
    for (const rf of ['1', '2']) {
      const c = config(`replication.factor=${rf}`, 'faults.network=true', 'enable.idempotence=false', 'acks=0');
      const r = scripted(entry, c, [{ type: 'ProduceDelayed', instance: i1, partition: 0 }]);
      expect(r.last.instances[0]!.unacked).toEqual([]);
      expect(r.last.instances[0]!.position).toBe(1);
      expect(r.last.network.map((q) => q.type)).toEqual(['Produce']);
      expect(types(r.last)).not.toContain('Retry');
    }
  });
});

describe('elections and truncation', () => {
  test('acks=1: the leader acknowledges, dies before a fetch; the successor lacks it, the old leader truncates', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plain, 'acks=1', 'faults.broker=1'), [
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'BrokerCrash', broker: 0 },
      { type: 'BrokerRestart', broker: 0 },
      { type: 'Fetch', partition: 0, broker: 0 },
    ]);
    const rep = r.last.kafka.replication!;
    expect(rep.partitions[0]!.leader).toBe(1);
    expect(rep.partitions[0]!.epoch).toBe(1);
    expect(rep.partitions[0]!.replicas[0]!.log).toEqual([]);
    expect(r.last.events).toContainEqual({ type: 'truncated', partition: 0, broker: 0, offset: 0 });
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      ['acked-durable', 1, "v1 was acknowledged at out-0 offset 0; the leader's log now ends before offset 0"],
    ]);
  });

  test('a follower keeps what the new leader has from its own epoch and drops only the rest (KIP-101)', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plain, 'acks=1', 'input.records=2', 'faults.broker=1'), [
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'BrokerCrash', broker: 0 },
      { type: 'BrokerRestart', broker: 0 },
      { type: 'Fetch', partition: 0, broker: 0 },
    ]);
    const rep = r.last.kafka.replication!;
    expect(rep.partitions[0]!.leader).toBe(1);
    expect(rep.partitions[0]!.replicas[0]!.log.map((e) => (e.kind === 'data' ? e.value : 0))).toEqual([1]);
    expect(r.last.events).toContainEqual({ type: 'truncated', partition: 0, broker: 0, offset: 1 });
    expect(rep.partitions[0]!.replicas[1]!.epochs).toEqual([
      { epoch: 0, start: 0 },
      { epoch: 1, start: 1 },
    ]);
  });

  test('with no live ISR member the partition waits; unclean election elects a replica without the write', () => {
    const steps: KafkaTxnAction[] = [
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'ShrinkIsr', partition: 0, broker: 1 },
      { type: 'ShrinkIsr', partition: 0, broker: 2 },
      { type: 'AckProduce', instance: i1 },
      { type: 'BrokerCrash', broker: 0 },
    ];
    const pairs = [...plain, 'min.insync.replicas=1', 'faults.broker=1'];
    const clean = scripted(entry, cfg(entry.model.keys, ...pairs), steps);
    expect(clean.last.kafka.replication!.partitions[0]!.leader).toBeNull();
    expect(clean.last.kafka.replication!.partitions[0]!.isr).toEqual([0]);
    expect(clean.violations).toEqual([]);
    const unclean = scripted(entry, cfg(entry.model.keys, ...pairs, 'unclean.leader.election.enable=true'), steps);
    expect(unclean.last.kafka.replication!.partitions[0]!.leader).toBe(1);
    expect(unclean.last.kafka.replication!.partitions[0]!.isr).toEqual([1]);
    expect(unclean.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
  });

  test('a produce parked at a leader that loses its leadership: NOT_LEADER_OR_FOLLOWER, sent again', () => {
    const r = scripted(entry, config('faults.broker=1'), [
      { type: 'InitProducerId', instance: i1 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'BrokerCrash', broker: 0 },
      { type: 'Append', instance: i1 },
    ]);
    expect(r.last.kafka.partitions[0]!.log).toEqual([]);
    expect(r.last.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'NOT_LEADER_OR_FOLLOWER',
      request: 'Produce(v1)',
    });
    expect(r.last.instances[0]!.status).toBe('in-txn');
    expect(entry.model.enabled(r.last)).toContainEqual({ type: 'Produce', instance: i1, partition: 0 });
  });

  test('a marker waits for the high watermark: a leader change makes the coordinator send it again', () => {
    const r = scripted(entry, config('faults.broker=1'), [
      { type: 'InitProducerId', instance: i1 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Append', instance: i1 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 2 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 2 },
      { type: 'AckProduce', instance: i1 },
      { type: 'TxnOffsetCommit', instance: i1 },
      { type: 'CommitTxn', instance: i1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    const pend = r.last.kafka.txns[0]!.pending!;
    expect(pend.written).toEqual([{ partition: 0, offset: 1, epoch: 0 }]);
    expect(pend.partitions).toEqual([0]);
    // Not answered yet, so not enabled again until the HW passes it or the leader changes.
    expect(entry.model.enabled(r.last)).not.toContainEqual({ type: 'WriteTxnMarker', txn: 0, partition: 0 });
    const moved = entry.model.step(r.last, { type: 'BrokerCrash', broker: 0 });
    expect(entry.model.enabled(moved)).toContainEqual({ type: 'WriteTxnMarker', txn: 0, partition: 0 });
  });
});

describe('acked-durable both ways on the same bounds', () => {
  const twoCrashes = [...small, 'faults.broker=2'];

  test('acks=all, min.insync.replicas=2, clean elections: holds exhaustively at depth 10, two broker crashes', () => {
    const r = check(entry, twoCrashes, exhaustive(10));
    expect(r.status).toBe('ok');
    // 3.7+ keeps the HW while the ISR is below min.insync.replicas (KAFKA-15583): fewer states than 3.6's.
    // A produce parked at a leader that lost its leadership is retried (NOT_LEADER_OR_FOLLOWER).
    expect(r.distinct).toBe(8840);
  });

  test('unclean.leader.election.enable=true breaks it at the same bound (10 steps)', () => {
    const r = check(entry, [...twoCrashes, 'unclean.leader.election.enable=true'], exhaustive(10));
    expect(r.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    expect(r.trace?.length).toBe(10);
  });

  test('acks=1 (enable.idempotence=false) breaks it in 2 steps exhaustively and randomly (seed 1)', () => {
    const pairs = [...twoCrashes, 'acks=1', 'enable.idempotence=false'];
    const e = check(only(entry, 'acked-durable'), pairs, exhaustive(10));
    expect(e.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    expect(e.trace?.map((s) => s.action.type)).toEqual(['Produce', 'BrokerCrash']);
    const rnd = check(only(entry, 'acked-durable'), pairs, random(200, 1));
    expect(rnd.status).toBe('violation');
  });

  test('min.insync.replicas=1 with unclean elections loses a write after one crash; =2 needs two', () => {
    const one = [...small, 'faults.broker=1', 'unclean.leader.election.enable=true'];
    const r1 = check(entry, [...one, 'min.insync.replicas=1'], exhaustive(10));
    expect(r1.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    const r2 = check(entry, one, exhaustive(10));
    expect(r2.status).toBe('ok');
  });

  test('broker crashes need replicas', () => {
    expect(entry.model.validate(cfg(entry.model.keys, 'faults.broker=1'))).toBe(
      'faults.broker=1 needs replication.factor 2 or 3 (broker crashes are modelled for replicated partitions); ' +
        'replication.factor=1 accepts faults.broker=0',
    );
  });

  test('acks other than all with idempotence is refused as the Java producer refuses it', () => {
    expect(entry.model.validate(config('acks=1'))).toBe(
      'acks=1 with enable.idempotence=true: Must set acks to all in order to use the idempotent producer. ' +
        'Otherwise we cannot guarantee idempotence. (set acks=all, or enable.idempotence=false)',
    );
  });
});

describe('power loss: the unflushed log is gone (faults.power-loss, log.flush.interval.messages)', () => {
  /** min.insync.replicas=1: both followers leave the ISR, the leader acknowledges alone, then loses power. */
  const lonely: KafkaTxnAction[] = [
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'ShrinkIsr', partition: 0, broker: 1 },
    { type: 'ShrinkIsr', partition: 0, broker: 2 },
    { type: 'AckProduce', instance: i1 },
    { type: 'BrokerCrash', broker: 0, cause: 'power-loss' },
    { type: 'BrokerRestart', broker: 0 },
  ];
  const plainPower = [...plain, 'min.insync.replicas=1', 'faults.power-loss=1'];

  test('the last ISR member comes back as leader without its unflushed tail (KIP-966 "last replica standing")', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plainPower), lonely);
    const at = (n: number) => r.states[n]!.kafka.replication!;
    // The power loss: broker 0 is down, still the ISR's only member, its replica recovered to offset 0.
    expect(at(5).alive).toEqual([false, true, true]);
    expect(at(5).partitions[0]!.isr).toEqual([0]);
    expect(at(5).partitions[0]!.leader).toBeNull();
    expect(at(5).partitions[0]!.replicas[0]!.log).toEqual([]);
    expect(r.states[5]!.events).toContainEqual({ type: 'recovered', partition: 0, broker: 0, offset: 0 });
    // The restart: a clean election of the ISR member, which lacks v1.
    expect(at(6).partitions[0]!.leader).toBe(0);
    expect(r.last.events).toContainEqual({ type: 'leader', partition: 0, broker: 0, epoch: 1, how: 'clean' });
    expect(r.last.kafka.partitions[0]!.log).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      ['acked-durable', 5, "v1 was acknowledged at out-0 offset 0; the leader's log now ends before offset 0"],
    ]);
  });

  test('log.flush.interval.messages=1: the leader flushed v1 before it answered, so it comes back with it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plainPower, 'log.flush.interval.messages=1'), lonely);
    expect(r.states[5]!.kafka.replication!.partitions[0]!.replicas[0]!.flushed).toBe(1);
    expect(r.last.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.value : 0))).toEqual([1]);
    expect(r.violations).toEqual([]);
  });

  test('a follower that lost power truncates to the new leader, fetches again and rejoins the ISR', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...plainPower), [
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'BrokerCrash', broker: 1, cause: 'power-loss' },
      { type: 'BrokerRestart', broker: 1 },
      { type: 'Fetch', partition: 0, broker: 1 },
      { type: 'Fetch', partition: 0, broker: 1 },
    ]);
    const rep = r.last.kafka.replication!;
    expect(r.states[3]!.kafka.replication!.partitions[0]!.isr).toEqual([0, 2]);
    expect(r.states[3]!.kafka.replication!.partitions[0]!.replicas[1]!.log).toEqual([]);
    expect(rep.partitions[0]!.replicas[1]!.log.map((e) => (e.kind === 'data' ? e.value : 0))).toEqual([1]);
    expect(rep.partitions[0]!.isr).toEqual([0, 1, 2]);
    expect(r.violations).toEqual([]);
  });

  const power = [...small, 'faults.power-loss=1'];

  test('min.insync.replicas=1: acked-durable breaks in 9 steps exhaustively, 6 randomly (seed 1, plain)', () => {
    const e = check(entry, [...power, 'min.insync.replicas=1'], exhaustive(10));
    expect(e.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    expect(e.trace?.map((s) => s.action.type)).toEqual([
      'InitProducerId',
      'BeginTxn',
      'Produce',
      'Append',
      'ShrinkIsr',
      'ShrinkIsr',
      'AckProduce',
      'BrokerCrash',
      'BrokerRestart',
    ]);
    const rnd = check(only(entry, 'acked-durable'), plainPower, random(200, 1));
    expect(rnd.violations.map((v) => v.invariant)).toEqual(['acked-durable']);
    expect(rnd.trace?.map((s) => s.action.type)).toEqual([
      'Produce',
      'ShrinkIsr',
      'ShrinkIsr',
      'AckProduce',
      'BrokerCrash',
      'BrokerRestart',
    ]);
  });

  test('log.flush.interval.messages=1 holds on the same bounds', () => {
    const e = check(entry, [...power, 'min.insync.replicas=1', 'log.flush.interval.messages=1'], exhaustive(10));
    expect(e.status).toBe('ok');
    expect(e.distinct).toBe(4651);
    const rnd = check(only(entry, 'acked-durable'), [...plainPower, 'log.flush.interval.messages=1'], random(200, 1));
    expect(rnd.status).toBe('ok');
  });

  test('min.insync.replicas=2 holds at depth 10 (two replicas have the write; the slow suite loses it at 14)', () => {
    const e = check(entry, power, exhaustive(10));
    expect(e.status).toBe('ok');
    expect(e.distinct).toBe(3548);
  });

  test('power losses need replicas; the flush interval is at least 1', () => {
    expect(entry.model.validate(cfg(entry.model.keys, 'faults.power-loss=1'))).toBe(
      'faults.power-loss=1 needs replication.factor 2 or 3 (power losses are modelled for replicated partitions); ' +
        'replication.factor=1 accepts faults.power-loss=0',
    );
    expect(() => cfg(entry.model.keys, 'log.flush.interval.messages=0')).toThrow(
      "bad value '0' for --set log.flush.interval.messages: accepted an integer from 1 to 9007199254740991",
    );
  });
});

// KIP-966 part 1 (eligible.leader.replicas.version=1, on clusters created with 4.1): a replica that leaves an ISR
// below min.insync.replicas stays an eligible leader (PartitionChangeBuilder.maybePopulateTargetElr), the ISR may
// become empty (handleBrokerFenced), an empty ISR elects a live eligible replica (isValidNewLeader) and then the
// last known leader; a broker back from an unclean shutdown leaves the ISR and ELR (handleBrokerUncleanShutdown).
describe('eligible leader replicas (KIP-966), both ways', () => {
  const elr = (on: 0 | 1, ...extra: string[]) =>
    cfg(
      entry.model.keys,
      ...small.slice(0, -1),
      `eligible.leader.replicas.version=${on}`,
      'faults.power-loss=1',
      ...extra,
    );
  /** KIP-966's example: acked at ISR [0, 1]; the marker leaves broker 1 behind, the ISR shrinks to 0, power lost. */
  const kip966: KafkaTxnAction[] = [
    { type: 'InitProducerId', instance: i1 },
    { type: 'BeginTxn', instance: i1 },
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'Append', instance: i1 },
    { type: 'Fetch', partition: 0, broker: 1 },
    { type: 'Fetch', partition: 0, broker: 1 },
    { type: 'ShrinkIsr', partition: 0, broker: 2 },
    { type: 'AckProduce', instance: i1 },
    { type: 'AbortTxn', instance: i1 },
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    { type: 'ShrinkIsr', partition: 0, broker: 1 },
    { type: 'BrokerCrash', broker: 0, cause: 'power-loss' },
    { type: 'BrokerRestart', broker: 0 },
  ];

  test('min.insync.replicas=2, ELR off: broker 0 is the last ISR member and comes back as leader without v1', () => {
    const r = scripted(entry, elr(0), kip966);
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['acked-durable', 12]]);
  });

  test('ELR on: broker 1 left the ISR below min.insync.replicas, so it is eligible and leads with v1', () => {
    const r = scripted(entry, elr(1), kip966);
    const p = (n: number) => r.states[n]!.kafka.replication!.partitions[0]!;
    // Broker 2 left at ISR [0, 1], still at min.insync.replicas: not eligible (the HW moved on without it).
    expect([p(11).isr, p(11).elr]).toEqual([[0], [1]]);
    // Broker 0 fenced: the ISR empties, and the controller elects the live eligible broker 1 alone.
    expect([p(12).leader, p(12).isr, p(12).elr, p(12).lastKnownLeader]).toEqual([1, [1], [0], null]);
    // Broker 0 registers after an unclean shutdown: out of the ELR.
    expect([p(13).leader, p(13).isr, p(13).elr]).toEqual([1, [1], []]);
    // v1 survives on broker 1 (the ABORT marker had not reached it: the coordinator writes it again there).
    expect(r.last.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.value : 'marker'))).toEqual([1]);
    expect(r.violations).toEqual([]);
  });

  test('min.insync.replicas=1: the ELR stays empty, so the last known leader comes back without v1 either way', () => {
    const lonely: KafkaTxnAction[] = [
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'ShrinkIsr', partition: 0, broker: 1 },
      { type: 'ShrinkIsr', partition: 0, broker: 2 },
      { type: 'AckProduce', instance: i1 },
      { type: 'BrokerCrash', broker: 0, cause: 'power-loss' },
      { type: 'BrokerRestart', broker: 0 },
    ];
    const r = scripted(entry, elr(1, 'enable.idempotence=false', 'min.insync.replicas=1'), lonely);
    const p = (n: number) => r.states[n]!.kafka.replication!.partitions[0]!;
    expect([p(5).leader, p(5).isr, p(5).elr, p(5).lastKnownLeader]).toEqual([null, [], [0], 0]);
    expect(r.last.events).toContainEqual({ type: 'leader', partition: 0, broker: 0, epoch: 1, how: 'unclean' });
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['acked-durable', 5]]);
  });

  test('the default follows the release: 1 on 4.1 (a cluster created with it), 0 on 4.0; 1 before 4.0 refused', () => {
    expect(cfg(entry.model.keys).eligibleLeaderReplicas).toBe(1);
    expect(cfg(entry.model.keys, 'kafka.version=4.0').eligibleLeaderReplicas).toBe(0);
    expect(entry.model.validate(cfg(entry.model.keys, 'kafka.version=3.9', 'eligible.leader.replicas.version=1'))).toBe(
      'eligible.leader.replicas.version=1 needs kafka.version 4.0 or later (KIP-966 part 1 shipped in 4.0); ' +
        'kafka.version=3.9 accepts eligible.leader.replicas.version=0',
    );
    expect(entry.model.notes(cfg(entry.model.keys, 'replication.factor=3'))).toEqual([
      'eligible.leader.replicas.version=1: a cluster created with 4.1 or later (KIP-966); one upgraded from an ' +
        'earlier release keeps 0 (--set eligible.leader.replicas.version=0)',
    ]);
  });
});
