/**
 * The KafkaSink: its writer (buffer, flush, one Kafka transaction per checkpoint under
 * exactly-once, lingering-transaction abort, InitProducerId of `<prefix>-<subtask>-<checkpoint>`) and its
 * committer. Every Kafka call goes through the producer client and coordinator of
 * model/kafka. Job `no`'s sink (1, or the second job of `jobs=2`). Over an immer draft.
 */
import { castDraft, type Draft } from 'immer';
import { ctxOf, newTxn } from '../kafka/cluster.js';
import { beginTransaction, commitResumed, initTransactions, newProducer, send as produce } from '../kafka/producer.js';
import type { ErrorCode, Origin } from '../kafka/records.js';
import { timeoutsApply, transactionTimeoutRefusal } from '../kafka/timeouts.js';
import type { FlinkConfig } from './config.js';
import { failover } from './failure.js';
import { lowestFree, poll, recycle, track } from './pool.js';
import { extractSubtaskId, listing } from './pooling.js';
import {
  type FlinkState,
  heldAt,
  instanceOf,
  type JobNo,
  type JobSlot,
  nameSub,
  partitionOf,
  sinkTransactionalId,
  slotOf,
  writerOf,
  writersOf,
} from './state.js';
import { pooling as usesPooling } from './strategy.js';

type D = Draft<FlinkState>;

/** The prefix generation job `no` writes with. */
function genOf(d: D, no: JobNo): number {
  return slotOf(d, no).jm.prefixGen;
}

/** Job `no`'s sink subtask `sub`'s transactional.id for `name` under its current prefix. */
function idOf(d: D, name: number, no: JobNo, sub = 0): string {
  return sinkTransactionalId(d.config, name, no, genOf(d, no), sub);
}

/**
 * Index of job `no`'s `<prefix>-<sub>-<name>` in the coordinator, created (Empty, a new producer id) when `create`; -1
 * if unknown.
 */
export function txnIndex(d: D, name: number, create: boolean, no: JobNo = 1, gen = genOf(d, no), sub = 0): number {
  const id = sinkTransactionalId(d.config, name, no, gen, sub);
  const i = d.kafka.txns.findIndex((t) => t.transactionalId === id);
  if (i >= 0 || !create) return i;
  d.kafka.txns.push(castDraft(newTxn(id, -1)));
  return d.kafka.txns.length - 1;
}

/**
 * Sends the writer's buffer (the producer's sender, or a flush): plain records for none and
 * at-least-once, records of the open transaction for exactly-once (AddPartitionsToTxn from the
 * client with transaction.version=1, the leader's verification with 2). A rejected write fails
 * the task. Sink subtask `sub`'s writer. Returns false when it did.
 */
export function send(d: D, no: JobNo = 1, sub = 0): boolean {
  const t = slotOf(d, no).task!;
  const w = writerOf(t, sub);
  const x = ctxOf(d);
  const plain = castDraft(newProducer(-1, d.config.partitions));
  while (w.buffer.length > 0) {
    const value = w.buffer[0]!;
    const txn = w.txn;
    const origin = { instance: instanceOf(no, t.attempt), txn: txn ? txn.seq : null };
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
 * checkAsyncException: a send of job `no`'s writer failed since the last check, so `where` throws it and the task
 * fails (KafkaWriter.checkAsyncException, from write, flush and the mailbox action of FLINK-31305). Returns whether it
 * did. Sink subtask `sub`'s writer.
 */
export function asyncError(d: D, where: string, no: JobNo = 1, sub = 0): boolean {
  const v = writerOf(slotOf(d, no).task!, sub).error;
  if (v === null) return false;
  failover(d, `the send of v${v} failed; ${where} throws it: the task fails`, no);
  return true;
}

/**
 * The mailbox action the writer callback queued runs checkAsyncException. With safeguard.propagate-send-errors
 * (connector 3.3+, `mailboxExecutor.execute`, FLINK-35749) it fails the task; without (3.0.0 to 3.2.0,
 * `mailboxExecutor.submit`), checkAsyncException clears the error and throws into the Future `submit` returned, which
 * nobody reads: the task goes on and the next flush finds no error. Sink subtask `sub`'s writer.
 */
export function mailboxCheck(d: D, no: JobNo = 1, sub = 0): void {
  if (d.config.propagateSendErrors) {
    asyncError(d, "the writer's mailbox action", no, sub);
    return;
  }
  const w = writerOf(slotOf(d, no).task!, sub);
  d.events.push({ type: 'send-error-swallowed', value: w.error! });
  w.error = null;
}

/**
 * One asynchronous send fails (delivery.timeout.ms passed, say): the head record of job `no`'s producer buffer is
 * dropped and its callback keeps the error for the writer's next check.
 */
export function sendError(d: D, no: JobNo = 1, sub = 0): void {
  const w = writerOf(slotOf(d, no).task!, sub);
  const v = w.buffer.shift()!;
  w.error = v;
  d.faults.sendErrors += 1;
  d.events.push({ type: 'send-failed', value: v });
}

/**
 * The exactly-once writer at a barrier (after its flush): a transaction with records becomes the
 * checkpoint's committable; the writer moves to `<prefix>-0-<checkpoint + 1>` (InitProducerId next),
 * first initialising every id skipped since its last one (checkpoints aborted before their barrier
 * reached the sink): connector 3.x `KafkaWriter.getTransactionalProducer` loops from
 * `lastCheckpointId + 1`, "this loop ensures that all gaps are filled with initialized (empty) transactions".
 */
export function precommit(d: D, checkpoint: number, no: JobNo = 1, sub = 0): void {
  const t = slotOf(d, no).task!;
  const w = writerOf(t, sub);
  // POOLING names ids under its first owned subtask id.
  const ns = nameSub(w, sub);
  const x = w.txn;
  if (x && x.producer.transaction!.records > 0) {
    t.committables.push({
      checkpoint,
      txn: x.producer.txn,
      name: x.name,
      producerId: x.producer.producerId,
      epoch: x.producer.epoch,
      origin: { instance: instanceOf(no, t.attempt), txn: x.seq },
      ...(sub > 0 ? { subtask: sub } : {}),
    });
    d.events.push({ type: 'precommitted', checkpoint, transactionalId: idOf(d, x.name, no, ns) });
  }
  // POOLING: the producer goes back to the pool (recycled once its committable is finished, or at once when empty).
  if (x && usesPooling(d, no)) w.pool.push({ name: x.name, producer: x.producer });
  w.txn = null;
  w.init = 'init';
  if (usesPooling(d, no)) {
    // prepareCommit recycles an empty transaction at once; snapshotState polls the backchannel, then
    // startTransaction(checkpoint + 1) takes the lowest id not in flight (no gaps to fill).
    if (x && x.producer.transaction!.records === 0) w.ongoing = recycle(w.ongoing, idOf(d, x.name, no, ns));
    w.ongoing = castDraft(poll(w.ongoing, w.backchannel));
    w.backchannel = [];
    w.name = lowestFree(w.ongoing, (n) => idOf(d, n, no, ns));
    w.fill = w.name;
    w.ongoing = castDraft(track(w.ongoing, { id: idOf(d, w.name, no, ns), checkpoint: checkpoint + 1 }));
    return;
  }
  // Without safeguard.fill-transactional-id-gaps the ids a skipped checkpoint left unused stay unknown to Kafka.
  w.fill = d.config.fillGaps ? w.name + 1 : checkpoint + 1;
  w.name = checkpoint + 1;
}

/**
 * Whether the broker refuses the sink's InitProducerId for `id` outright (a transaction timeout above
 * transaction.max.timeout.ms): the task fails, at every start alike, so the job never runs. Records the failure.
 */
function refused(d: D, id: string, no: JobNo): boolean {
  if (!timeoutsApply(d.config.twoPhaseCommit)) return false;
  const r = transactionTimeoutRefusal(d.config.transactionTimeoutMs, d.config.transactionMaxTimeoutMs);
  if (r === null) return false;
  failover(d, `InitProducerId(${id}) refused with ${r}: the task fails`, no);
  return true;
}

/**
 * InitProducerId for the writer's next id (fencing and aborting an open transaction of it); retried on
 * CONCURRENT_TRANSACTIONS. An id of a gap (`fill < name`) is initialised and left empty; `<prefix>-0-<name>` opens
 * the writer's transaction. Sink subtask `sub`'s writer; the task runs once every writer is ready.
 */
export function initSink(d: D, no: JobNo = 1, sub = 0): void {
  const t = slotOf(d, no).task!;
  const w = writerOf(t, sub);
  // POOLING names ids under its first owned subtask id.
  const ns = nameSub(w, sub);
  if (refused(d, idOf(d, Math.min(w.fill, w.name), no, ns), no)) return;
  if (w.fill < w.name) {
    const gen = genOf(d, no);
    const gap = castDraft(newProducer(txnIndex(d, w.fill, true, no, gen, ns), d.config.partitions));
    if (!initTransactions(ctxOf(d), gap).ok) return;
    d.events.push({ type: 'writer', transactionalId: idOf(d, w.fill, no, ns), epoch: gap.epoch });
    w.fill += 1;
    return;
  }
  const pooling = usesPooling(d, no);
  const idx = txnIndex(d, w.name, true, no, genOf(d, no), ns);
  const meta = d.kafka.txns[idx]!;
  const pooled = pooling ? w.pool.findIndex((p) => p.name === w.name) : -1;
  // POOLING without the safeguard: the recycled producer of a finished id starts its next transaction as it is.
  const recycled =
    pooled >= 0 &&
    !d.config.reinitPooled &&
    (meta.state === 'Empty' || meta.state === 'CompleteCommit' || meta.state === 'CompleteAbort');
  const producer = recycled ? w.pool[pooled]!.producer : castDraft(newProducer(idx, d.config.partitions));
  if (!recycled && !initTransactions(ctxOf(d), producer).ok) return;
  if (recycled && producer.epoch !== meta.epoch) {
    // Committed through this producer (chained committer): it learnt the epoch the end bumped (transaction.version=2)
    // and restarts its sequences, as the client does on a new epoch.
    producer.epoch = meta.epoch;
    producer.sequences = producer.sequences.map(() => 0);
  }
  if (pooled >= 0) w.pool.splice(pooled, 1);
  if (recycled) d.events.push({ type: 'recycled', transactionalId: idOf(d, w.name, no, ns), epoch: meta.epoch });
  beginTransaction(producer, w.name);
  if (pooling) w.opened += 1;
  // POOLING: 1000 + the pool's use count for subtask 0, 2000 + for subtask 1 (one ghost origin per transaction).
  w.txn = { name: w.name, producer, seq: pooling ? 1000 * (sub + 1) + w.opened : idx };
  w.init = 'ready';
  d.events.push({ type: 'writer', transactionalId: idOf(d, w.name, no, ns), epoch: producer.epoch });
  if (t.status === 'initializing' && writersOf(t).every((x) => x.init === 'ready')) t.status = 'running';
}

/**
 * One probe of sink subtask `sub`'s lingering-transaction abort: InitProducerId on `<prefix>-<probeSub>-<probe>`
 * fences and aborts whatever it left open. Every probed id is initialised, the first unused one included (so Kafka
 * knows it from then on), and an epoch of 0 after the call says it was never used before
 * (TransactionAbortStrategyImpl.PROBING.abortTransactionOfSubtask, 3.x TransactionAborter: `getEpoch() == 0`): that
 * ends the walk of that subtask id, and one unused at its first id (restored + 1) ends the walk over subtask ids.
 */
export function abortLingering(d: D, no: JobNo = 1, sub = 0): void {
  const t = slotOf(d, no).task!;
  const w = writerOf(t, sub);
  if (usesPooling(d, no)) {
    listingAbort(d, no, sub);
    return;
  }
  const id = sinkTransactionalId(d.config, w.probe, no, w.probeGen, w.probeSub);
  if (refused(d, id, no)) return;
  const producer = castDraft(newProducer(txnIndex(d, w.probe, true, no, w.probeGen, w.probeSub), d.config.partitions));
  if (!initTransactions(ctxOf(d), producer).ok) return;
  // "An epoch of 0 indicates that the id was unused before" (a transactional.id Kafka expired counts as unused too).
  const used = producer.epoch !== 0;
  d.events.push({ type: 'probed', transactionalId: id, used });
  if (used) {
    w.probe += 1;
    return;
  }
  // abortTransactionsWithPrefix: `for (subtaskId = ownSubtaskId; ; subtaskId += parallelism)`, until a subtask id
  // aborted nothing. At parallelism 1 all along no other subtask id was ever used: that last probe would only
  // initialise an id nobody uses, and the model leaves it out.
  if (walksSubtasks(d.config) && w.probe > w.name) {
    w.probeSub += slotOf(d, no).jm.parallelism;
    w.probe = w.name;
    return;
  }
  if (w.oldGen !== null) {
    // Then the restored writer state's prefix, from the same id (3.x TransactionAborter, 4.x PROBING).
    w.probeGen = w.oldGen;
    w.oldGen = null;
    w.probe = w.name;
    w.probeSub = sub;
    return;
  }
  w.init = 'init';
}

/** Whether the probe walks subtask ids beyond the writer's own: some run of the job has parallelism 2 or 3. Pure. */
function walksSubtasks(c: FlinkConfig): boolean {
  return c.parallelism > 1 || c.rescale;
}

/**
 * One step of POOLING's LISTING abort: InitProducerId on the first transaction LISTING takes (`listingTarget`), which
 * fences and aborts it; with none left the writer initialises. A transaction whose prefix is not this job's own but
 * starts with it (another job's `<prefix>-job2`) is taken all the same.
 */
function listingAbort(d: D, no: JobNo, sub: number): void {
  const j = slotOf(d, no);
  const w = writerOf(j.task!, sub);
  const idx = listing(d.config, d.kafka, j.jm, w, no).next;
  if (idx < 0) {
    d.events.push({ type: 'listed', kept: w.precommitted.map((i) => d.kafka.txns[i]!.transactionalId) });
    w.init = 'init';
    return;
  }
  const id = d.kafka.txns[idx]!.transactionalId;
  if (refused(d, id, no)) return;
  if (!initTransactions(ctxOf(d), castDraft(newProducer(idx, d.config.partitions))).ok) return;
  d.events.push({ type: 'probed', transactionalId: id, used: true });
}

/** What KafkaCommitter drops a committable for (ProducerFenced, InvalidTxnState, UnknownProducerId exceptions). */
const KNOWN_COMMIT_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'PRODUCER_FENCED',
  'INVALID_PRODUCER_EPOCH',
  'INVALID_TXN_STATE',
  'UNKNOWN_PRODUCER_ID',
]);

/**
 * Sink subtask `sub`'s committer commits its committable of `checkpoint` (EndTxn COMMIT with the producer id and
 * epoch it saved, as Flink's resumed producer does). CONCURRENT_TRANSACTIONS is retried; any other
 * error (the coordinator aborted and fenced it after transaction.timeout.ms) drops it: Flink logs
 * the failure and goes on, the transaction's records are lost.
 */
export function commit(d: D, checkpoint: number, no: JobNo = 1, sub = 0): void {
  const j = slotOf(d, no);
  const t = j.task!;
  // Sink subtask `sub`'s committer: each CommitterOperator commits the committables it holds.
  const i = heldAt(t.committables, checkpoint, sub, j.jm.parallelism);
  const c = t.committables[i]!;
  const id = d.kafka.txns[c.txn]!.transactionalId;
  // Ghost: which transaction the EndTxn ends is the coordinator's open one, not necessarily the committable's.
  const open = openOrigin(d, c.txn);
  const r = commitResumed(ctxOf(d), c.txn, c.producerId, c.epoch);
  if (!r.ok) {
    if (r.error === 'CONCURRENT_TRANSACTIONS') return;
    // KafkaCommitter.commit: fenced, invalid state and unknown producer are known reasons (logged, dropped); any
    // other error is signalFailedWithUnknownReason and fails the task (connector 3.x sink/KafkaCommitter,
    // 4.x/5.0.0 sink/internal/KafkaCommitter).
    if (!KNOWN_COMMIT_FAILURES.has(r.error) || !d.config.committerKnownFailures) {
      const why = KNOWN_COMMIT_FAILURES.has(r.error) ? 'not dropped (the safeguard is off)' : 'an unknown reason';
      failover(d, `the commit of ${id} failed with ${r.error}, ${why}: the task fails`, no);
      return;
    }
    finished(d, id, false, no);
    t.committables.splice(i, 1);
    // Ghost, for the renderers: a re-commit after a restore of a transaction that did end committed loses nothing.
    const done = d.ghost.commits.some(
      (x) => x.job === j.jm.job && x.checkpoint === checkpoint && x.via === undefined && (x.flink === 2) === (no === 2),
    );
    d.events.push({
      type: 'commit-failed',
      checkpoint,
      transactionalId: id,
      error: r.error,
      ...(done ? { committed: true as const } : {}),
    });
    return;
  }
  finished(d, id, true, no);
  t.committables.splice(i, 1);
  // The broker committed the committable's transaction, or (a reused id at the same epoch) the id's newer one: the
  // checkpoint that pre-committed that one, if any.
  const own = open === null || sameOrigin(open, c.origin);
  const of = own ? checkpoint : (precommittedBy(j, open) ?? null);
  d.ghost.commits.push({
    job: j.jm.job,
    checkpoint: of,
    name: c.name,
    ...(no === 2 ? { flink: 2 as const } : {}),
    ...(own ? {} : { via: checkpoint }),
  });
  d.events.push({ type: 'committed', checkpoint, transactionalId: id });
}

/**
 * POOLING: the committer sends TransactionFinished for `id` through the backchannel of its subtask (successful after
 * the commit, erroneously from handleFailedTransaction: KafkaCommitter, connector 4.0.0 to 5.0.0), to the writer of
 * the same subtask, which reads it at its next snapshotState. The committer state is split over a new parallelism as
 * the writer state is, so the committable lands with the subtask owning its id's subtask id (subtask 0 when none
 * does). Else its message is unmatched there, "expected during rescale".
 */
function finished(d: D, id: string, success: boolean, no: JobNo): void {
  if (d.config.namingStrategy !== 'POOLING') return;
  const t = slotOf(d, no).task!;
  const owner = writersOf(t).findIndex((w) => w.owned.includes(extractSubtaskId(id)));
  writerOf(t, Math.max(owner, 0)).backchannel.push({ id, success });
}

/**
 * Ghost, before the coordinator aborts transaction `txn` for its timeout: each partition whose LSO it held, from its
 * first open offset (`no-hanging-transaction` reports what only the timeout ended).
 */
export function noteTimeout(d: D, txn: number): void {
  const t = d.kafka.txns[txn]!;
  for (const partition of t.partitions) {
    const e = d.kafka.partitions[partition]!.producers.find((p) => p.producerId === t.producerId);
    if (e?.firstOpenOffset == null) continue;
    d.ghost.timedOut.push({
      transactionalId: t.transactionalId,
      partition,
      offset: e.firstOpenOffset,
      from: t.startMs ?? d.now,
      at: d.now,
    });
  }
}

/** Whether two ghost origins name the same client transaction. Pure. */
function sameOrigin(a: Origin, b: Origin): boolean {
  return a.instance === b.instance && a.txn === b.txn;
}

/**
 * Ghost: the origin of the records of coordinator transaction `txn`'s open transaction (its producer's first open
 * record on a partition it added), or null when it has none written.
 */
function openOrigin(d: D, txn: number): Origin | null {
  const t = d.kafka.txns[txn]!;
  for (const partition of t.partitions) {
    const p = d.kafka.partitions[partition]!;
    const at = p.producers.find((e) => e.producerId === t.producerId)?.firstOpenOffset;
    const e = at == null ? undefined : p.log.find((x) => x.offset === at);
    if (e?.kind === 'data') return e.origin;
  }
  return null;
}

/**
 * Ghost: the checkpoint of job `j` whose committable carries `origin` (pending, restored, or in a checkpoint the
 * JobManager keeps), or undefined when no barrier pre-committed that transaction. Pure.
 */
function precommittedBy(j: Draft<JobSlot>, origin: Origin): number | undefined {
  const all = [
    ...(j.task?.committables ?? []),
    ...j.jm.pending.flatMap((p) => p.snapshot?.committables ?? []),
    ...(j.jm.latest?.committables ?? []),
    ...(j.jm.previous?.committables ?? []),
  ];
  return all.find((c) => sameOrigin(c.origin, origin))?.checkpoint;
}
