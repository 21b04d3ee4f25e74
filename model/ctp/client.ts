/**
 * What one application instance does on each call and how it reacts to the answers: the
 * consumer's group membership and offsets, the producer (idempotent or transactional, through
 * the leader and coordinator rules of model/kafka), the loop of each `commit.strategy`, the
 * external sinks, and kafka-streams' count store with its changelog. Functions over a draft.
 */
import type { Draft } from 'immer';
import { append } from '../kafka/broker.js';
import { addToTxn, endTxn, initProducerId } from '../kafka/coordinator.js';
import { readPartition } from '../kafka/read.js';
import { addMember, offsetCommit, offsetFetch, rebalance, removeMember, txnOffsetCommit } from '../groups/coordinator.js';
import { note } from './notes.js';
import { CHANGELOG, inputValue, isTxnApp, OUT, restoreLevel, txnSlot, type AppError, type AppInstance, type AppLife, type AppState } from './state.js';

type D = Draft<AppState>;
type I = Draft<AppInstance>;

/** The draft of instance `id` (actions only name existing instances). */
export function appOf(d: D, id: number): I {
  const i = d.apps.find((x) => x.id === id);
  if (!i) throw new Error(`no instance ${id}`);
  return i;
}

function life(d: D, i: I, status: AppLife | 'paused' | 'resumed' | 'started'): void {
  if (status === 'paused' || status === 'resumed' || status === 'started') {
    note(d, { type: 'life', instance: i.id, status });
    return;
  }
  if (i.life !== status) note(d, { type: 'life', instance: i.id, status });
  i.life = status;
}

function reject(d: D, i: I, by: string, error: AppError, request: string): void {
  note(d, { type: 'rejected', instance: i.id, by, error, request });
}

/** SyncGroup: every member that is not stalled learns the new generation and its partitions. */
function sync(d: D): void {
  const c = d.config;
  for (const i of d.apps) {
    if (!d.group.members.includes(i.id) || i.paused) continue;
    i.generation = d.group.generation;
    const now = d.group.owners.flatMap((o, p) => (o === i.id ? [p] : []));
    for (const p of now) {
      if (i.owned.includes(p)) continue;
      i.positions[p] = null;
      if (c.stateful) forgetStore(i);
      if (c.txnIdPerTask && i.producer === 'none') i.producer = 'new';
    }
    for (const p of i.owned) if (!now.includes(p)) i.positions[p] = null;
    i.owned = now;
  }
}

/** The member leaves the group (if it was one) and the group rebalances. */
function leave(d: D, i: I, reason: string): void {
  if (removeMember(d, i.id)) {
    rebalance(d, reason);
    sync(d);
  }
}

/** The process ends: crashed, fenced or failed; it leaves the group. */
export function die(d: D, i: I, status: 'crashed' | 'fenced' | 'failed', name: string): void {
  life(d, i, status);
  i.paused = false;
  leave(d, i, `${name} ${status}`);
}

/** Back to an unjoined consumer: a rejected commit means the group moved on (CommitFailedException). */
function rejoinNeeded(d: D, i: I): void {
  i.owned = [];
  i.positions = i.positions.map(() => null);
  i.ahead = null;
  forgetStore(i);
  i.generation = -1;
  life(d, i, 'unjoined');
}

/** JoinGroup: the group rebalances with the new member. */
export function doJoin(d: D, i: I, name: string): void {
  addMember(d, i.id);
  life(d, i, 'member');
  rebalance(d, `${name} joined`);
  sync(d);
}

/** InitProducerId of the instance's transactional.id (KIP-360: also the epoch bump after UNKNOWN_PRODUCER_ID). */
export function doInitProducerId(d: D, i: I, name: string): void {
  const slot = txnSlot(d.config, i);
  const r = initProducerId(d, slot, i.id);
  if ('error' in r) {
    reject(d, i, 'coordinator', r.error, 'InitProducerId');
    if (r.error !== 'CONCURRENT_TRANSACTIONS') die(d, i, 'failed', name);
    return;
  }
  i.producerId = d.txns[slot]!.producerId;
  i.epoch = r.epoch;
  i.sequences = i.sequences.map(() => 0);
  i.producer = 'ready';
}

/** The count store is gone (a new assignment, a dirty close): the task restores it again. */
function forgetStore(i: I): void {
  i.store = null;
  i.restoreEnd = null;
}

/**
 * OffsetFetch of an assigned partition (kafka-streams: once its store is restored, as
 * StreamTask.completeRestoration fetches the committed offsets after restoration).
 */
export function doFetchOffset(d: D, i: I, p: number): void {
  const r = offsetFetch(d, p);
  if ('error' in r) return reject(d, i, 'group coordinator', r.error, `OffsetFetch(in-${p})`);
  i.positions[p] = r.offset;
  i.committed[p] = r.offset;
  note(d, { type: 'fetched', instance: i.id, partition: p, offset: r.offset });
}

/**
 * kafka-streams: the task registers its changelog and lists its end offset at read_uncommitted,
 * the log end (StoreChangelogReader.endOffsetForChangelogs, KAFKA-10167).
 */
export function doInitializeTask(d: D, i: I): void {
  i.restoreEnd = d.partitions[CHANGELOG]!.highWatermark;
  note(d, { type: 'restoring', instance: i.id, end: i.restoreEnd });
}

/**
 * kafka-streams: the restore consumer has reached the listed end offset (enabled only then, see
 * `restoreReady`) and the count store holds the last changelog value below it, read_committed
 * under EOS (aborted writes skipped), everything otherwise.
 */
export function doRestoreStore(d: D, i: I): void {
  const end = i.restoreEnd!;
  const records = readPartition(d.partitions[CHANGELOG]!, restoreLevel(d.config)).filter((e) => e.offset < end);
  const count = records.length === 0 ? 0 : records[records.length - 1]!.value;
  i.store = count;
  i.restoreEnd = null;
  note(d, { type: 'restored', instance: i.id, count, records: records.length });
}

/** beginTransaction(): client-local. */
export function doBeginTxn(i: I): void {
  i.txnCount += 1;
  i.txn = { no: i.txnCount, partitions: [], records: 0, offsetsSent: false, error: null };
}

/** How the producer reacts to a refused write or call; true when the instance may go on. */
function react(d: D, i: I, error: AppError, name: string): void {
  switch (error) {
    case 'PRODUCER_FENCED':
    case 'INVALID_PRODUCER_EPOCH':
      return die(d, i, 'fenced', name);
    case 'CONCURRENT_TRANSACTIONS':
    case 'DUPLICATE_SEQUENCE_NUMBER':
    case 'UNSTABLE_OFFSET_COMMIT':
      return;
    case 'UNKNOWN_PRODUCER_ID':
      // KIP-360 (EOS v2): abortable, recovered by an epoch bump; before it (EOS v1): fatal.
      if (d.config.kip360 && i.txn) i.txn.error = error;
      else die(d, i, 'failed', name);
      return;
    case 'ILLEGAL_GENERATION':
    case 'OUT_OF_ORDER_SEQUENCE_NUMBER':
    case 'INVALID_TXN_STATE':
      if (i.txn) i.txn.error = error;
      else die(d, i, 'failed', name);
      return;
  }
}

/** One produce request to written partition `partition`, retried once after a lost ack when `retried`. */
function send(d: D, i: I, partition: number, value: number, retried: boolean): AppError | null {
  const c = d.config;
  const txnl = isTxnApp(c);
  const slot = txnSlot(c, i);
  const pname = d.partitions[partition]!.name;
  if (txnl && i.txn && (c.transactionVersion === 2 || !i.txn.partitions.includes(partition))) {
    // v1: AddPartitionsToTxn from the client; v2 (KIP-890): the leader verifies with the coordinator.
    const err = addToTxn(d, slot, i.epoch, partition);
    if (err) {
      reject(d, i, 'coordinator', err, `AddPartitionsToTxn(${pname}${c.transactionVersion === 2 ? ', verify' : ''})`);
      return err;
    }
    if (!i.txn.partitions.includes(partition)) i.txn.partitions.push(partition);
  }
  const sequence = c.enableIdempotence ? i.sequences[partition]! : -1;
  const producerId = c.enableIdempotence ? i.producerId : -1;
  const part = d.partitions[partition]!;
  if (producerId >= 0 && sequence > 0 && !part.producers.some((e) => e.producerId === producerId)) {
    reject(d, i, pname, 'UNKNOWN_PRODUCER_ID', `Produce(v${value}, seq=${sequence})`);
    return 'UNKNOWN_PRODUCER_ID';
  }
  const req = { partition, value, producerId, epoch: i.epoch, sequence, transactional: txnl, origin: { instance: i.id, txn: i.txn?.no ?? null } };
  for (let k = 0; k < (retried ? 2 : 1); k++) {
    const r = append(d, req);
    if (!r.ok) {
      reject(d, i, pname, r.error, `Produce(v${value})`);
      return r.error;
    }
  }
  if (c.enableIdempotence) i.sequences[partition] = sequence + 1;
  return null;
}

/**
 * Processes the next record of input partition `p`: the output to `out` (or the external sink),
 * kafka-streams' count store update and its changelog write, then the position moves on.
 */
export function doProcess(d: D, i: I, p: number, retried: boolean, name: string): void {
  const c = d.config;
  const pos = i.positions[p]!;
  const value = inputValue(c, p, pos);
  if (c.stateful) {
    const err = send(d, i, CHANGELOG, (i.store ?? 0) + 1, retried);
    if (err) return react(d, i, err, name);
  }
  if (c.sink === 'kafka') {
    const err = send(d, i, OUT, value, retried);
    if (err) return react(d, i, err, name);
  } else if (c.sink === 'upsert') {
    const had = d.sink.table.includes(value);
    if (!had) {
      d.sink.table.push(value);
      d.sink.table.sort((a, b) => a - b);
    }
    note(d, { type: 'sink', value, effect: had ? 'upsert-no-change' : 'inserted' });
  } else {
    d.sink.calls.push(value);
    note(d, { type: 'sink', value, effect: 'called' });
  }
  if (c.stateful) i.store = (i.store ?? 0) + 1;
  i.positions[p] = pos + 1;
  if (i.txn) i.txn.records += 1;
  if (i.ahead === p) i.ahead = null;
  if (c.autoCommit) d.now += c.recordMs;
}

/**
 * commitSync() / the auto commit: commit-then-process commits the offset after the record it is
 * about to process; the others commit their positions. An old generation is refused.
 */
export function doCommitOffsets(d: D, i: I, auto: boolean): void {
  const c = d.config;
  const ahead = c.strategy === 'commit-then-process' && !c.autoCommit && !auto;
  const targets: [number, number][] = [];
  for (const p of [...i.owned].sort((a, b) => a - b)) {
    const pos = i.positions[p];
    if (pos === null || pos === undefined) continue;
    if (ahead) {
      if (pos < c.inputRecords) {
        targets.push([p, pos + 1]);
        break;
      }
    } else if (pos > i.committed[p]!) targets.push([p, pos]);
  }
  for (const [p, offset] of targets) {
    const err = offsetCommit(d, i.id, i.generation, p, offset);
    if (err) {
      reject(d, i, 'group coordinator', err, `OffsetCommit(in-${p} -> ${offset}, generation ${i.generation})`);
      return rejoinNeeded(d, i);
    }
    i.committed[p] = offset;
    if (ahead) i.ahead = p;
  }
  i.lastAutoCommitMs = d.now;
}

/** sendOffsetsToTransaction(): AddOffsetsToTxn, then TxnOffsetCommit with the group metadata (KIP-447). */
export function doSendOffsets(d: D, i: I, name: string): void {
  const slot = txnSlot(d.config, i);
  const err = addToTxn(d, slot, i.epoch, 'offsets');
  if (err) {
    reject(d, i, 'coordinator', err, 'AddOffsetsToTxn');
    return react(d, i, err, name);
  }
  for (const p of [...i.owned].sort((a, b) => a - b)) {
    const pos = i.positions[p];
    if (pos === null || pos === undefined) continue;
    const e2 = txnOffsetCommit(d, p, pos, i.producerId, i.epoch, i.generation, { instance: i.id, txn: i.txn!.no });
    if (e2) {
      reject(d, i, 'group coordinator', e2, `TxnOffsetCommit(in-${p} -> ${pos}, generation ${i.generation})`);
      return react(d, i, e2, name);
    }
  }
  i.txn!.offsetsSent = true;
}

function adoptEpoch(i: I, epoch: number): void {
  if (epoch !== i.epoch) i.sequences = i.sequences.map(() => 0);
  i.epoch = epoch;
}

/** commitTransaction(). */
export function doCommitTxn(d: D, i: I, name: string): void {
  const r = endTxn(d, txnSlot(d.config, i), i.epoch, 'COMMIT');
  if ('error' in r) {
    reject(d, i, 'coordinator', r.error, 'EndTxn(COMMIT)');
    return react(d, i, r.error, name);
  }
  d.outcomes.push({ instance: i.id, txn: i.txn!.no, result: 'COMMIT' });
  adoptEpoch(i, r.epoch);
  for (const p of i.owned) {
    const pos = i.positions[p];
    if (pos !== null && pos !== undefined) i.committed[p] = pos;
  }
  i.txn = null;
}

/**
 * abortTransaction(), then the app seeks back to the committed offsets (kafka-streams closes the
 * task dirty and restores its store). After ILLEGAL_GENERATION the consumer rejoins; after
 * UNKNOWN_PRODUCER_ID the producer bumps its epoch first (KIP-360).
 */
export function doAbortTxn(d: D, i: I, name: string): void {
  const t = i.txn!;
  if (t.partitions.length > 0 || t.offsetsSent) {
    const r = endTxn(d, txnSlot(d.config, i), i.epoch, 'ABORT');
    if ('error' in r) {
      reject(d, i, 'coordinator', r.error, 'EndTxn(ABORT)');
      if (r.error !== 'CONCURRENT_TRANSACTIONS') die(d, i, r.error === 'PRODUCER_FENCED' ? 'fenced' : 'failed', name);
      return;
    }
    adoptEpoch(i, r.epoch);
  }
  d.outcomes.push({ instance: i.id, txn: t.no, result: 'ABORT' });
  i.txn = null;
  if (t.records > 0) {
    // Something to undo: seek back to the committed offsets (OffsetFetch again), restore the store.
    for (const p of i.owned) i.positions[p] = null;
    if (d.config.stateful) forgetStore(i);
  }
  if (t.error === 'ILLEGAL_GENERATION') rejoinNeeded(d, i);
  if (t.error === 'UNKNOWN_PRODUCER_ID') i.producer = 'new';
}

/** Pause: the instance stalls past max.poll.interval.ms; the group removes it and rebalances. */
export function doPause(d: D, i: I, name: string): void {
  i.paused = true;
  life(d, i, 'paused');
  leave(d, i, `${name} exceeded max.poll.interval.ms`);
}

/** Resume: the stalled instance goes on, still believing in its old generation and partitions. */
export function doResume(d: D, i: I): void {
  i.paused = false;
  life(d, i, 'resumed');
}

/** Announces a started instance. */
export function started(d: D, i: I): void {
  life(d, i, 'started');
}
