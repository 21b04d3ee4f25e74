/**
 * The log cleaner on a replicated output (faults.log-cleaner with replication.factor 2): each broker cleans its own
 * replica, and a follower out of the ISR that held an aborted transaction's record fetches past its ABORT marker
 * after the leader's cleaner removed it. The follower's producer state keeps the transaction open, the producer's
 * next COMMIT ends it, and once it leads, a read_committed reader returns the aborted record. Exact traces, both
 * ways.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import { checkHere } from '../../../check/check.js';
import type { Cluster } from '../../../model/kafka/cluster.js';
import { receivedCopy, settleMissed } from '../../../model/kafka/missed-records.js';
import { readPartition } from '../../../model/kafka/read.js';
import type { DataEntry, LogEntry, Partition } from '../../../model/kafka/records.js';
import { release } from '../../../model/kafka/releases.js';
import { KAFKA_LINES } from '../../../model/kafka/versions.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { hangingTransaction } from '../../../properties/kafka/checks.js';
import { cfg, exhaustive, flatten, scripted } from '../../helpers/check.js';
import { txnMarker, txnRecord } from '../../helpers/log-entries.js';

const data = txnRecord;
const marker = (offset: number, m: 'COMMIT' | 'ABORT') => txnMarker(offset, m, 1);
const removed = <E extends LogEntry>(e: E): E => ({ ...e, removed: true });

/** The follower's log: v1 it held, then the leader's entries from offset 1 on, as a fetch copies them. */
const followerAfter = (leaderTail: readonly LogEntry[]): LogEntry[] => {
  const log: LogEntry[] = [data(0, 1), ...leaderTail.map(receivedCopy)];
  settleMissed(log);
  return log;
};
const asPartition = (log: readonly LogEntry[]): Partition => ({
  name: 'out-0',
  log,
  producers: [],
  guards: [],
  highWatermark: log.length,
  lastStableOffset: log.length,
});
const committedValues = (log: readonly LogEntry[]): number[] =>
  readPartition(asPartition(log), 'read_committed').map((e) => e.value);

describe('what a follower copies from a cleaned leader', () => {
  test('a removed marker is missed; the next COMMIT it receives ends the aborted record with it', () => {
    const log = followerAfter([removed(marker(1, 'ABORT')), data(2, 2, 1), marker(3, 'COMMIT')]);
    expect(log[1]).toEqual({ ...marker(1, 'ABORT'), removed: true, missed: true });
    expect(log[0]).toEqual({ ...data(0, 1), unindexed: true });
    expect(committedValues(log)).toEqual([1, 2]);
  });

  test('the next marker an ABORT: the old record stays skipped (the index runs from its offset)', () => {
    const log = followerAfter([removed(marker(1, 'ABORT')), data(2, 2, 1), marker(3, 'ABORT')]);
    expect(log[0]).toEqual(data(0, 1));
    expect(committedValues(log)).toEqual([]);
  });

  test('a marker still there, dated by the leader, is received and stays in the follower index', () => {
    const dated = { ...marker(1, 'ABORT'), deleteHorizonMs: 0 };
    const log = followerAfter([dated, data(2, 2, 1), marker(3, 'COMMIT')]);
    expect(log[1]).toEqual({ ...dated, stillIndexed: true });
    expect(log[0]).toEqual(data(0, 1));
    expect(committedValues(log)).toEqual([2]);
  });
});

const keys = (retention: number): string[] => [
  'replication.factor=2',
  'min.insync.replicas=1',
  'cleanup.policy=compact',
  'faults.log-cleaner=3',
  `delete.retention.ms=${retention}`,
  'producers=1',
  'partitions=1',
  'input.records=3',
  'faults.zombies=false',
  'faults.broker=1',
];

const clean = (mapEnd: number, broker: number): KafkaTxnAction => ({ type: 'Clean', partition: 0, mapEnd, broker });
const fetch: KafkaTxnAction = { type: 'Fetch', partition: 0, broker: 1 };

/** v1 aborted while broker 1, which fetched it, is out of the ISR; then v1 and v2 produced again and committed. */
const prefix: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: 1 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'Append', instance: 1 },
  fetch,
  { type: 'ShrinkIsr', partition: 0, broker: 1 },
  { type: 'AckProduce', instance: 1 },
  { type: 'AbortTxn', instance: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'Append', instance: 1 },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'TxnOffsetCommit', instance: 1 },
  { type: 'CommitTxn', instance: 1 },
];

/** The shortest way on: three passes of broker 0's cleaner remove v1, date its marker, remove it; broker 1 leads. */
const rest: KafkaTxnAction[] = [
  clean(1, 0),
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  clean(2, 0),
  clean(4, 0),
  fetch,
  fetch,
  { type: 'BrokerCrash', broker: 0 },
];

/** A breadth-first search from the state `prefix` leaves, `depth` steps deep. */
const searchOn = (retention: number, depth: number) => {
  const at = scripted(entry, cfg(entry.model.keys, ...keys(retention)), prefix).last;
  return flatten(checkHere({ model: entry.model, invariants: entry.invariants }, at, exhaustive(depth)));
};

describe('kafka-txn: the cleaner on two replicas', () => {
  test('delete.retention.ms=0: no-aborted-read in 22 steps, the last 7 the shortest way on from the prefix', () => {
    const r = searchOn(0, 7);
    expect(r.trace?.map((s) => s.action)).toEqual(rest);
    expect([...prefix, ...rest]).toHaveLength(22);
    expect(r.violations.map((v) => `${v.invariant}: ${v.message}`)).toEqual([
      'no-aborted-read: a read_committed reader returns v1 at out-0 offset 0, a record of an aborted transaction',
      'no-duplicates: v1 is read twice at read_committed (offsets 0 and 2)',
    ]);
  });

  test('delete.retention.ms a day: none at the same depth (the clock must first reach the horizon)', () => {
    const r = searchOn(86400000, 7);
    expect(r.violations).toEqual([]);
    expect(r.trace).toBeNull();
  });

  test("the trace names each broker's cleaner; the new leader's log holds v1 as committed", () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys(0)), [...prefix, ...rest]);
    const lines = (i: number) => entry.render.events(r.states[i + 1]!, r.states[i]!).map((e) => e.text);
    expect(lines(15)).toEqual(["out-0: broker 0's cleaner cleaned below offset 2: removed offset 0"]);
    expect(lines(18)).toEqual(["out-0: broker 0's cleaner cleaned below offset 5: removed offset 1"]);
    const out = r.last.kafka.partitions[0]!;
    expect(r.last.kafka.replication?.partitions[0]?.leader).toBe(1);
    expect(out.log[0]).toMatchObject({ value: 1, unindexed: true });
    expect(out.log[1]).toMatchObject({ marker: 'ABORT', removed: true, missed: true });
    expect(readPartition(out, 'read_committed').map((e) => e.offset)).toEqual([0, 2, 3]);
  });

  test('the follower fetches the dated marker before the leader removes it: no violation, v1 skipped', () => {
    const inTime = [...prefix, ...rest.slice(0, 3), fetch, clean(4, 0), fetch, { type: 'BrokerCrash', broker: 0 }];
    const r = scripted(entry, cfg(entry.model.keys, ...keys(0)), inTime);
    expect(r.violations).toEqual([]);
    const out = r.last.kafka.partitions[0]!;
    expect(r.last.kafka.replication?.partitions[0]?.leader).toBe(1);
    expect(out.log[1]).toMatchObject({ marker: 'ABORT', stillIndexed: true });
    expect(readPartition(out, 'read_committed').map((e) => e.offset)).toEqual([2, 3]);
    // Its own cleaner, as leader, then removes v1 and keeps the marker it met v1 under.
    const more = scripted(entry, cfg(entry.model.keys, ...keys(0), 'faults.log-cleaner=4'), [...inTime, clean(4, 1)]);
    expect(more.violations).toEqual([]);
    expect(more.last.kafka.partitions[0]!.log.slice(0, 2)).toMatchObject([
      { value: 1, removed: true },
      { marker: 'ABORT', stillIndexed: true },
    ]);
  });

  test('a follower cleans its own replica, below its own LSO and high watermark', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys(0)), [...prefix, ...rest.slice(0, 2)]);
    const cleans = entry.model.enabled(r.last).filter((a) => a.type === 'Clean');
    // Broker 1 holds v1 of a transaction still open on its replica: its LSO is 0, nothing to clean.
    expect(cleans).toEqual([clean(2, 0), clean(4, 0)]);
  });
});

/**
 * The 22 steps as release `version` takes them: before 3.6 the leader appends a transactional write at its produce
 * (no verification step, KIP-890 part 1), and under transaction.version=1 the client sends AddOffsetsToTxn before
 * its TxnOffsetCommit.
 */
function stepsAt(version: string): KafkaTxnAction[] {
  const r = release(version);
  return [...prefix, ...rest].flatMap((a): KafkaTxnAction[] => {
    if (a.type === 'Append' && !r.verification) return [];
    if (a.type === 'TxnOffsetCommit' && r.transactionVersion === 1)
      return [{ type: 'AddOffsetsToTxn', instance: 1 }, a];
    return [a];
  });
}

// Every release with transactions: LogCleaner keeps a marker delete.retention.ms after its transaction's records went,
// whoever has not fetched it; a follower's ProducerAppendInfo.appendEndTxnMarker ends the open transaction at the
// producer's next marker, and LogSegment.updateTxnIndex indexes aborted transactions only (read at 3.8.0).
describe('the missed ABORT marker on every release line', () => {
  test.each(KAFKA_LINES.map(([line]) => line))('kafka.version=%s: the aborted v1 read as committed', (version) => {
    const steps = stepsAt(version);
    const r = scripted(entry, cfg(entry.model.keys, ...keys(0), `kafka.version=${version}`), steps);
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['no-aborted-read', steps.length - 1],
      ['no-duplicates', steps.length - 1],
    ]);
  });
});

describe('no-hanging-transaction on a leader that missed a marker', () => {
  // Another producer's committed record after the removed ABORT: producer 1 sends nothing more, so nothing ends its
  // transaction on this replica. Its log says the transaction ended; its producer state keeps it open.
  const other: DataEntry = { ...data(2, 7), producerId: 2, transactional: false };
  const log = followerAfter([removed(marker(1, 'ABORT')), other]);
  const held = (firstOpenOffset: number | null): Cluster =>
    ({
      partitions: [
        {
          ...asPartition(log),
          lastStableOffset: firstOpenOffset ?? log.length,
          producers: [{ producerId: 1, epoch: 0, lastSequence: 0, firstOpenOffset, batches: [], coordinatorEpoch: 0 }],
        },
      ],
      txns: [],
    }) as unknown as Cluster;

  test('the leader keeps the transaction open: its LSO is stuck, a hanging transaction', () => {
    expect(hangingTransaction(held(0))).toBe(
      'out-0: the transaction of producer 1 from offset 0 is never ended (LSO stuck at 0)',
    );
  });

  test('ended in its producer state too: none', () => {
    expect(hangingTransaction(held(null))).toBeNull();
  });
});
