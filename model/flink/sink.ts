/**
 * The KafkaSink: its writer (buffer, flush, one Kafka transaction per checkpoint under
 * exactly-once, lingering-transaction abort, InitProducerId of `<prefix>-0-<checkpoint>`) and its
 * committer. Every Kafka call goes through the producer client and coordinator of
 * model/kafka. Job `no`'s sink (1, or the second job of `jobs=2`). Over an immer draft.
 */
import { castDraft, type Draft } from 'immer';
import { newTxn } from '../kafka/cluster.js';
import { beginTransaction, commitResumed, initTransactions, newProducer, send as produce } from '../kafka/producer.js';
import { failover } from './failure.js';
import { ctxOf } from './job.js';
import { type FlinkState, instanceOf, type JobNo, partitionOf, sinkTransactionalId, slotOf } from './state.js';

type D = Draft<FlinkState>;

/**
 * Index of job `no`'s `<prefix>-0-<name>` in the coordinator, created (Empty, a new producer id) when `create`; -1 if
 * unknown.
 */
export function txnIndex(d: D, name: number, create: boolean, no: JobNo = 1): number {
  const id = sinkTransactionalId(d.config, name, no);
  const i = d.kafka.txns.findIndex((t) => t.transactionalId === id);
  if (i >= 0 || !create) return i;
  d.kafka.txns.push(castDraft(newTxn(id, -1)));
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
  const x = ctxOf(d);
  const plain = castDraft(newProducer(-1, d.config.partitions));
  while (w.buffer.length > 0) {
    const value = w.buffer[0]!;
    const txn = w.txn;
    const origin = { instance: instanceOf(no, t.attempt), txn: txn ? txn.producer.txn : null };
    const r = produce(x, txn ? txn.producer : plain, partitionOf(d.config, value), value, origin);
    if (!r.ok) {
      failover(d, `the sink's write of v${value} was rejected with ${r.error}: the task fails`, no);
      return false;
    }
    if (txn) txn.producer.transaction!.records += 1;
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
  if (x && x.producer.transaction!.records > 0) {
    t.committables.push({
      checkpoint,
      txn: x.producer.txn,
      name: x.name,
      producerId: x.producer.producerId,
      epoch: x.producer.epoch,
    });
    d.events.push({ type: 'precommitted', checkpoint, transactionalId: sinkTransactionalId(d.config, x.name, no) });
  }
  t.writer.txn = null;
  t.writer.init = 'init';
  t.writer.name = checkpoint + 1;
}

/**
 * InitProducerId for the writer's `<prefix>-0-<name>` (fencing and aborting an open transaction of it); retried on
 * CONCURRENT_TRANSACTIONS.
 */
export function initSink(d: D, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const w = t.writer;
  const idx = txnIndex(d, w.name, true, no);
  const producer = castDraft(newProducer(idx, d.config.partitions));
  if (!initTransactions(ctxOf(d), producer).ok) return;
  beginTransaction(producer, w.name);
  w.txn = { name: w.name, producer };
  w.init = 'ready';
  d.events.push({ type: 'writer', transactionalId: sinkTransactionalId(d.config, w.name, no), epoch: producer.epoch });
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
  if (!initTransactions(ctxOf(d), castDraft(newProducer(idx, d.config.partitions))).ok) return;
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
  const r = commitResumed(ctxOf(d), c.txn, c.producerId, c.epoch);
  if (!r.ok) {
    if (r.error === 'CONCURRENT_TRANSACTIONS') return;
    t.committables.splice(i, 1);
    d.events.push({ type: 'commit-failed', checkpoint, transactionalId: id, error: r.error });
    return;
  }
  t.committables.splice(i, 1);
  d.ghost.commits.push(
    no === 2 ? { job: j.jm.job, checkpoint, name: c.name, flink: 2 } : { job: j.jm.job, checkpoint, name: c.name },
  );
  d.events.push({ type: 'committed', checkpoint, transactionalId: id });
}
