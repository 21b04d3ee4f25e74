/**
 * The KafkaSink: its writer (buffer, flush, one Kafka transaction per checkpoint under
 * exactly-once, lingering-transaction abort, InitProducerId of `<prefix>-0-<checkpoint>`) and its
 * committer. Every Kafka call goes through the `kafka-txn` coordinator and partition rules on the
 * embedded Kafka state. Job `no`'s sink (1, or the second job of `jobs=2`). Over an immer draft.
 */
import { castDraft, type Draft } from 'immer';
import { append } from '../kafka/broker.js';
import { addToTxn, endTxn, initProducerId } from '../kafka/coordinator.js';
import type { TxnMeta } from '../kafka/state.js';
import { failover } from './failure.js';
import { instanceOf, partitionOf, sinkTransactionalId, slotOf, type FlinkState, type JobNo } from './state.js';

type D = Draft<FlinkState>;

/** Index of job `no`'s `<prefix>-0-<name>` in the coordinator, created (Empty, a new producer id) when `create`; -1 if unknown. */
export function txnIndex(d: D, name: number, create: boolean, no: JobNo = 1): number {
  const id = sinkTransactionalId(d.config, name, no);
  const i = d.kafka.txns.findIndex((t) => t.transactionalId === id);
  if (i >= 0 || !create) return i;
  const meta: TxnMeta = { transactionalId: id, producerId: d.kafka.txns.length + 1, epoch: -1, state: 'Empty', partitions: [], offsets: false, startMs: null, pending: null };
  d.kafka.txns.push(castDraft(meta));
  return d.kafka.txns.length - 1;
}

/**
 * Sends the writer's buffer (the producer's sender, or a flush): plain records for none and
 * at-least-once, records of the open transaction for exactly-once (AddPartitionsToTxn from the
 * client with transaction.version=1, the leader's verification with 2). A rejected write fails
 * the task. Returns false when it did.
 */
export function send(d: D, no: JobNo = 1): boolean {
  const t = slotOf(d, no).task!;
  const w = t.writer;
  const eos = d.config.deliveryGuarantee === 'exactly-once';
  while (w.buffer.length > 0) {
    const value = w.buffer[0]!;
    const partition = partitionOf(d.config, value);
    const origin = { instance: instanceOf(no, t.attempt), txn: w.txn ? w.txn.txn : null };
    if (!eos) {
      append(d.kafka, { partition, producerId: -1, epoch: -1, sequence: -1, value, transactional: false, origin });
      w.buffer.shift();
      continue;
    }
    const x = w.txn!;
    const id = sinkTransactionalId(d.config, x.name, no);
    if (d.config.transactionVersion === 2 || !x.partitions.includes(partition)) {
      const err = addToTxn(d.kafka, x.txn, x.epoch, partition);
      if (err) {
        d.kafka.events.push({ type: 'rejected', by: 'coordinator', error: err, request: `AddPartitionsToTxn(${id}, out-${partition})` });
        failover(d, `the sink's write of v${value} was rejected with ${err}: the task fails`, no);
        return false;
      }
    }
    const r = append(d.kafka, { partition, producerId: x.producerId, epoch: x.epoch, sequence: x.sequences[partition]!, value, transactional: true, origin });
    if (!r.ok) {
      d.kafka.events.push({ type: 'rejected', by: `out-${partition}`, error: r.error, request: `Produce(${id}, v${value})` });
      failover(d, `the sink's write of v${value} was rejected with ${r.error}: the task fails`, no);
      return false;
    }
    x.sequences[partition] = x.sequences[partition]! + 1;
    x.records += 1;
    if (!x.partitions.includes(partition)) x.partitions.push(partition);
    w.buffer.shift();
  }
  return true;
}

/**
 * The exactly-once writer at a barrier (after its flush): a transaction with records becomes the
 * checkpoint's committable; the writer moves to `<prefix>-0-<checkpoint + 1>` (InitProducerId next).
 */
export function precommit(d: D, checkpoint: number, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const x = t.writer.txn;
  if (x && x.records > 0) {
    t.committables.push({ checkpoint, txn: x.txn, name: x.name, producerId: x.producerId, epoch: x.epoch });
    d.events.push({ type: 'precommitted', checkpoint, transactionalId: sinkTransactionalId(d.config, x.name, no) });
  }
  t.writer.txn = null;
  t.writer.init = 'init';
  t.writer.name = checkpoint + 1;
}

/** InitProducerId for the writer's `<prefix>-0-<name>` (fencing and aborting an open transaction of it); retried on CONCURRENT_TRANSACTIONS. */
export function initSink(d: D, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const w = t.writer;
  const idx = txnIndex(d, w.name, true, no);
  const r = initProducerId(d.kafka, idx, instanceOf(no, t.attempt));
  const id = sinkTransactionalId(d.config, w.name, no);
  if ('error' in r) {
    d.kafka.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: `InitProducerId(${id})` });
    return;
  }
  const meta = d.kafka.txns[idx]!;
  w.txn = { txn: idx, name: w.name, producerId: meta.producerId, epoch: r.epoch, sequences: Array.from({ length: d.config.partitions }, () => 0), records: 0, partitions: [] };
  w.init = 'ready';
  d.events.push({ type: 'writer', transactionalId: id, epoch: r.epoch });
  if (t.status === 'initializing') t.status = 'running';
}

/**
 * One probe of the lingering-transaction abort: InitProducerId on `<prefix>-0-<probe>` fences and
 * aborts whatever it left open; an id never used (epoch 0 after the call in Flink) ends the probe.
 */
export function abortLingering(d: D, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const w = t.writer;
  const idx = txnIndex(d, w.probe, false, no);
  const id = sinkTransactionalId(d.config, w.probe, no);
  if (idx < 0) {
    d.events.push({ type: 'probed', transactionalId: id, used: false });
    w.init = 'init';
    return;
  }
  const r = initProducerId(d.kafka, idx, instanceOf(no, t.attempt));
  if ('error' in r) {
    d.kafka.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: `InitProducerId(${id})` });
    return;
  }
  d.events.push({ type: 'probed', transactionalId: id, used: true });
  w.probe += 1;
}

/**
 * The committer commits the committable of `checkpoint` (EndTxn COMMIT with the producer id and
 * epoch it saved, as Flink's resumed producer does). CONCURRENT_TRANSACTIONS is retried; any other
 * error (the coordinator aborted and fenced it after transaction.timeout.ms) drops it: Flink logs
 * the failure and goes on, the transaction's records are lost.
 */
export function commit(d: D, checkpoint: number, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const t = j.task!;
  const i = t.committables.findIndex((c) => c.checkpoint === checkpoint);
  const c = t.committables[i]!;
  const id = sinkTransactionalId(d.config, c.name, no);
  const r = endTxn(d.kafka, c.txn, c.epoch, 'COMMIT');
  if ('error' in r) {
    d.kafka.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: `EndTxn(COMMIT, ${id}, epoch=${c.epoch})` });
    if (r.error === 'CONCURRENT_TRANSACTIONS') return;
    t.committables.splice(i, 1);
    d.events.push({ type: 'commit-failed', checkpoint, transactionalId: id, error: r.error });
    return;
  }
  t.committables.splice(i, 1);
  d.ghost.commits.push(no === 2 ? { job: j.jm.job, checkpoint, name: c.name, flink: 2 } : { job: j.jm.job, checkpoint, name: c.name });
  d.events.push({ type: 'committed', checkpoint, transactionalId: id });
}
