/**
 * What one application instance does on each call and how it reacts to the answers: the
 * consumer's group membership and offsets, the producer (the Kafka client of model/kafka),
 * the loop of each `commit.strategy`, the external sinks, and kafka-streams' count store with its
 * changelog. Functions over a draft (or the search's owned copy).
 */
import { castDraft, type Draft } from 'immer';
import { ctxOf, newTxn } from '../kafka/cluster.js';
import { joinConsumerGroup, reconcile, removeConsumerMember } from '../kafka/consumer-group.js';
import { addMember, offsetCommit, offsetFetch, rebalance, removeMember } from '../kafka/groups.js';
import { sendInFlight } from '../kafka/inflight.js';
import {
  addOffsetsRequest,
  addPartitionsRequest,
  deliverLate,
  endTxnRequest,
  initProducerIdRequest,
  txnOffsetCommitRequest,
} from '../kafka/network.js';
import {
  abortTransaction,
  beginTransaction,
  react as clientReaction,
  commitTransaction,
  initAnswerLost,
  initTransactions,
  newProducer,
  produceRequest,
  type Refused,
  type Reply,
  send,
  sendOffsetsToTransaction,
  sent,
} from '../kafka/producer.js';
import { readPartition } from '../kafka/read.js';
import type { Origin } from '../kafka/records.js';
import type { AppSettings } from './config.js';
import { carriesGeneration, freshIdPerStart, perTaskProducer } from './eos-layout.js';
import { heartbeatTimers, revocationsTimedOut } from './rebalance-timeout.js';
import {
  type AppInstance,
  type AppLife,
  type AppState,
  appInstanceId,
  appName,
  CHANGELOG,
  GROUP,
  inputValue,
  isTxnApp,
  OUT,
  restoreLevel,
  txnIdName,
  txnSlot,
  uncommitted,
} from './state.js';

type D = Draft<AppState>;
type I = Draft<AppInstance>;

export { ctxOf };

/** The draft of instance `id` (actions only name existing instances). */
export function appOf(d: D, id: number): I {
  const i = d.apps.find((x) => x.id === id);
  if (!i) throw new Error(`internal: no instance ${id}`);
  return i;
}

/** A fresh, unjoined instance of slot `slot`. Pure. */
export function newAppInstance(c: AppSettings, slot: number, incarnation: number): AppInstance {
  const id = appInstanceId(c, slot, incarnation);
  const txnl = isTxnApp(c);
  // EOS v1 creates a producer per task once it owns one; a plain idempotent producer gets a fresh
  // producer id per process (100 + instance id), no InitProducerId of a transactional.id.
  const producer = txnl
    ? newProducer(txnSlot(c, slot), c.partitions)
    : newProducer(-1, c.partitions, c.enableIdempotence ? 100 + id : -1, 0);
  return {
    id,
    slot,
    incarnation,
    life: 'unjoined',
    paused: false,
    generation: -1,
    owned: [],
    positions: Array.from({ length: c.inputPartitions }, () => null),
    committed: Array.from({ length: c.inputPartitions }, () => 0),
    ahead: null,
    producerStatus: txnl ? (perTaskProducer(c, slot) ? 'none' : 'new') : 'ready',
    producer,
    txnCount: 0,
    store: null,
    restoreEnd: null,
    lastAutoCommitMs: 0,
  };
}

function life(d: D, i: I, status: AppLife | 'paused' | 'resumed' | 'started'): void {
  if (status === 'paused' || status === 'resumed' || status === 'started') {
    d.events.push({ type: 'life', instance: i.id, status });
    return;
  }
  if (i.life !== status) d.events.push({ type: 'life', instance: i.id, status });
  i.life = status;
}

/** The count store is gone (a new assignment, a dirty close): the task restores it again. */
function forgetStore(i: I): void {
  i.store = null;
  i.restoreEnd = null;
}

/** SyncGroup: every member that is not stalled learns the new generation and its partitions. */
function sync(d: D): void {
  const c = d.config;
  const g = d.kafka.groups[GROUP]!;
  for (const i of d.apps) {
    // A stalled member and a crashed one still in the group (its session not yet timed out) learn nothing.
    if (!g.members.includes(i.id) || i.paused || i.life === 'crashed') continue;
    i.generation = g.generation;
    const now = g.owners.flatMap((o, p) => (o === i.id ? [p] : []));
    for (const p of now) {
      if (i.owned.includes(p)) continue;
      i.positions[p] = null;
      if (c.stateful) forgetStore(i);
      if (perTaskProducer(c, i.slot) && i.producerStatus === 'none') i.producerStatus = 'new';
    }
    for (const p of i.owned) if (!now.includes(p)) i.positions[p] = null;
    i.owned = now;
  }
}

/**
 * The member leaves the group (if it was one) and the group rebalances; under group.protocol=consumer the group
 * epoch moves and its partitions are free, the other members reconciling at their own heartbeats (`doHeartbeat`).
 */
function leave(d: D, i: I, reason: string): void {
  const x = ctxOf(d);
  if (d.config.consumerProtocol) {
    delete i.revokeDueMs;
    removeConsumerMember(x, GROUP, i.id, reason);
    heartbeatTimers(d);
    return;
  }
  if (removeMember(x, GROUP, i.id)) {
    rebalance(x, GROUP, reason);
    sync(d);
  }
}

/**
 * The process ends: crashed, fenced or failed. A fenced or failed one closes its consumer, which sends
 * LeaveGroup (AbstractCoordinator.close / maybeLeaveGroup): it leaves at once. A crashed one sends nothing; with the
 * clock running (record.processing.ms) it stays a member, owning its partitions, until its session times out
 * (`expireSessions`); without it, the session is taken to time out before anything else happens.
 */
export function die(d: D, i: I, status: 'crashed' | 'fenced' | 'failed'): void {
  if (status !== 'crashed' && d.config.autoCommit && i.life === 'member') closeCommit(d, i);
  life(d, i, status);
  i.paused = false;
  if (status === 'crashed' && d.config.pollTimer && d.kafka.groups[GROUP]!.members.includes(i.id)) {
    i.silentMs = d.now;
    return;
  }
  leave(d, i, `${appName(d, i.id)} ${status}`);
}

/**
 * The group coordinator removes every member whose last heartbeat is session.timeout.ms old
 * (GroupCoordinator.onExpireHeartbeat -> removeMemberAndUpdateGroup) and rebalances: its partitions
 * go to the others, from the last committed offsets. A paused member removed this way is a zombie
 * when it resumes. Runs whenever the clock moves.
 */
function expireSessions(d: D): void {
  const g = d.kafka.groups[GROUP]!;
  for (const i of d.apps) {
    if (i.silentMs === undefined || d.now < i.silentMs + d.config.sessionTimeoutMs) continue;
    delete i.silentMs;
    if (!g.members.includes(i.id)) continue;
    d.events.push({ type: 'life', instance: i.id, status: 'session timed out (session.timeout.ms): removed' });
    leave(d, i, `${appName(d, i.id)} sent no heartbeat for session.timeout.ms`);
  }
}

/**
 * group.protocol=consumer: the coordinator fences every member whose rebalance timeout ran out before it
 * acknowledged its revocation (model/ctp/rebalance-timeout.ts): removed, its partitions free. Runs whenever the
 * clock moves.
 */
function expireRevocations(d: D): void {
  for (const t of revocationsTimedOut(d)) {
    const i = appOf(d, t.id);
    d.events.push({
      type: 'life',
      instance: i.id,
      status: 'revocation not acknowledged within its rebalance timeout (max.poll.interval.ms): fenced',
    });
    leave(d, i, `${appName(d, i.id)} did not revoke within its rebalance timeout`);
  }
}

/** Back to an unjoined consumer: a rejected commit means the group moved on (CommitFailedException). */
function rejoinNeeded(d: D, i: I): void {
  i.owned = [];
  i.positions = i.positions.map(() => null);
  i.ahead = null;
  forgetStore(i);
  i.generation = -1;
  delete i.revokeDueMs;
  life(d, i, 'unjoined');
}

/** The client's reaction to a refused request (model/kafka; KIP-360 under EOS v2): a fatal one ends the process. */
export function react(d: D, i: I, r: Refused): void {
  const fate = clientReaction(i.producer, r, d.kafka.rules);
  if (fate) die(d, i, fate);
}

/**
 * JoinGroup: the group rebalances with the new member. Under group.protocol=consumer its first
 * ConsumerGroupHeartbeat (member epoch 0) instead: it starts at the new group epoch with the free partitions of its
 * target, and no other member stops (AsyncKafkaConsumer, ConsumerMembershipManager).
 */
export function doJoin(d: D, i: I): void {
  life(d, i, 'member');
  polled(d, i);
  if (d.config.consumerProtocol) {
    const got = joinConsumerGroup(ctxOf(d), GROUP, i.id, `${appName(d, i.id)} joined`);
    i.generation = d.kafka.groups[GROUP]!.generation;
    assign(d, i, got);
    heartbeatTimers(d);
    return;
  }
  // A TxnOffsetCommit it sent before (faults.network) may still land, under the member.id it had then.
  const sentBefore = d.network.some((r) => r.type === 'TxnOffsetCommit' && r.instance === i.id);
  addMember(ctxOf(d), GROUP, i.id, sentBefore);
  rebalance(ctxOf(d), GROUP, `${appName(d, i.id)} joined`);
  sync(d);
}

/** The member starts owning `partitions`: positions from OffsetFetch, a task's store restored, EOS v1's producer. */
function assign(d: D, i: I, partitions: readonly number[]): void {
  const c = d.config;
  for (const p of partitions) {
    if (i.owned.includes(p)) continue;
    i.positions[p] = null;
    if (c.stateful) forgetStore(i);
    if (perTaskProducer(c, i.slot) && i.producerStatus === 'none') i.producerStatus = 'new';
    i.owned.push(p);
  }
  i.owned.sort((a, b) => a - b);
}

/**
 * group.protocol=consumer: a ConsumerGroupHeartbeat of the member reconciles its assignment (model/kafka's
 * consumer-group.ts). Partitions it owes are revoked in its poll() (onPartitionsRevoked: the loop is between
 * transactions, its offsets committed) and acknowledged; then its epoch reaches the group epoch and it gets the free
 * partitions of its target, fetching their offsets. The consumer's group metadata takes the new epoch at once
 * (AsyncKafkaConsumer.updateGroupMetadata, called from the background thread).
 */
export function doHeartbeat(d: D, i: I): void {
  const r = reconcile(ctxOf(d), GROUP, i.id);
  if (!r) return;
  const from = i.generation;
  for (const p of r.revoke) {
    i.owned = i.owned.filter((q) => q !== p);
    i.positions[p] = null;
  }
  i.generation = r.epoch;
  assign(d, i, r.assign);
  const what = [
    ...(from !== r.epoch ? [`member epoch ${from} -> ${r.epoch}`] : []),
    ...r.revoke.map((p) => `revoked in-${p}`),
    ...r.assign.map((p) => `assigned in-${p}`),
  ];
  d.events.push({ type: 'life', instance: i.id, status: `heartbeat: ${what.join(', ')}` });
  heartbeatTimers(d);
}

/**
 * poll() of a member whose heartbeat found its generation not current (`rejoinDue`): the consumer gives up its
 * partitions (ConsumerCoordinator.onJoinPrepare) and joins again (AbstractCoordinator.ensureActiveGroup).
 */
export function doRejoin(d: D, i: I): void {
  d.events.push({ type: 'life', instance: i.id, status: `generation ${i.generation} not current: rejoins` });
  rejoinNeeded(d, i);
  doJoin(d, i);
}

/**
 * poll() of a member whose heartbeat got UNKNOWN_MEMBER_ID (`lostDue`): it gives up its partitions as lost and joins
 * again. Classic: the heartbeat reset its generation and member.id (AbstractCoordinator.resetStateAndGeneration),
 * onJoinPrepare calls onPartitionsLost, and the JoinGroup with an empty member.id is handed a new one (`addMember`).
 * Consumer: the member is FENCED (AbstractMembershipManager.transitionToFenced), onPartitionsLost runs, and it joins
 * again at member epoch 0 under the same member id. Kafka Streams closes its tasks dirty on the loss
 * (TaskManager.handleLostAll, 3.x to 4.0): the count store is gone, under exactly_once_v2 the thread's producer is
 * closed and replaced by a new one (StreamsProducer.resetProducer), which initializes its transactions again, and
 * under exactly_once the task's producer closes with its task.
 */
export function doLost(d: D, i: I): void {
  const lost = i.owned.map((p) => `in-${p}`).join(', ');
  const fate = d.config.consumerProtocol ? 'fenced' : 'generation and member.id reset';
  d.events.push({
    type: 'life',
    instance: i.id,
    status: `heartbeat: UNKNOWN_MEMBER_ID (${fate}); poll(): onPartitionsLost(${lost}), joins again`,
  });
  if (d.config.app === 'kafka-streams' && isTxnApp(d.config)) {
    i.producer = castDraft(newProducer(i.producer.txn, d.config.partitions));
    i.producerStatus = perTaskProducer(d.config, i.slot) ? 'none' : 'new';
  }
  rejoinNeeded(d, i);
  doJoin(d, i);
}

/**
 * InitProducerId of the instance's transactional.id (KIP-360: also the epoch bump after UNKNOWN_PRODUCER_ID).
 * faults.late-requests: `delayed` holds the first copy in the network and the retry lands now; `lost` lands it now
 * and loses its answer, so the instance sends it again (the next InitProducerId, naming the same epoch).
 */
export function doInitProducerId(d: D, i: I, net: 'acked' | 'delayed' | 'lost' = 'acked'): void {
  if (net === 'lost') {
    delayId(d);
    initAnswerLost(ctxOf(d), i.producer);
    return;
  }
  if (net === 'delayed') {
    const id = delayId(d);
    d.network.push(castDraft(initProducerIdRequest(id, i.id, i.producer)));
    d.events.push({ type: 'delayed', request: id, what: `InitProducerId(${txnIdName(d.config, i.producer.txn)})` });
  }
  const r = initTransactions(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') die(d, i, 'failed');
    return;
  }
  i.producerStatus = 'ready';
}

/**
 * OffsetFetch of an assigned partition (kafka-streams: once its store is restored, as
 * StreamTask.completeRestoration fetches the committed offsets after restoration).
 */
export function doFetchOffset(d: D, i: I, p: number): void {
  const r = offsetFetch(d.kafka, GROUP, p);
  if ('error' in r) {
    d.events.push({ type: 'rejected', by: 'group coordinator', error: r.error, request: `OffsetFetch(in-${p})` });
    return;
  }
  i.positions[p] = r.offset;
  i.committed[p] = r.offset;
  d.events.push({ type: 'fetched', instance: i.id, partition: p, offset: r.offset });
}

/**
 * kafka-streams: the task registers its changelog and lists its end offset at read_uncommitted,
 * the log end (StoreChangelogReader.endOffsetForChangelogs, KAFKA-10167).
 */
export function doInitializeTask(d: D, i: I): void {
  i.restoreEnd = d.kafka.partitions[CHANGELOG]!.highWatermark;
  d.events.push({ type: 'restoring', instance: i.id, end: i.restoreEnd });
}

/**
 * kafka-streams: the restore consumer has reached the listed end offset (enabled only then, see
 * `restoreReady`) and the count store holds the last changelog value below it, read_committed
 * under EOS (aborted writes skipped), everything otherwise.
 */
export function doRestoreStore(d: D, i: I): void {
  const end = i.restoreEnd!;
  const records = readPartition(d.kafka.partitions[CHANGELOG]!, restoreLevel(d.config)).filter((e) => e.offset < end);
  const count = records.length === 0 ? 0 : records[records.length - 1]!.value;
  i.store = count;
  i.restoreEnd = null;
  d.events.push({ type: 'restored', instance: i.id, count, records: records.length });
}

/** beginTransaction(): client-local. */
export function doBeginTxn(i: I): void {
  i.txnCount += 1;
  beginTransaction(i.producer, i.txnCount);
}

/** The next request id: one delayed request per run (`faults.delays`), so the id counts them. */
function delayId(d: D): number {
  d.faults.delays += 1;
  return d.faults.delays;
}

/**
 * The record's write to `out-0` is stuck in the network: the client times out on it (request.timeout.ms) and
 * retries until delivery.timeout.ms, then fails the batch (Sender.failBatch with a TimeoutException). In a
 * transactional producer that makes the transaction abortable (TransactionManager.handleFailedBatch ->
 * maybeTransitionToErrorState), and with KIP-360 under transaction.version=1 the client bumps its own epoch after
 * the abort, since the batch's sequence number may or may not have been written; before 2.5 it cannot, and
 * fails. The stuck copy, with the transaction's epoch and sequence, lands later (`Deliver`).
 */
function delayOutput(d: D, i: I, value: number, origin: Origin): Reply {
  const x = ctxOf(d);
  const r = produceRequest(x, i.producer, OUT, value, origin);
  if (!('request' in r)) return r;
  const id = delayId(d);
  sent(i.producer, r.request);
  d.network.push(castDraft({ type: 'Produce', id, instance: i.id, txn: i.producer.txn, req: r.request }));
  d.events.push({ type: 'delayed', request: id, what: `Produce(v${value})` });
  const t = i.producer.transaction;
  if (t) {
    t.error = 'REQUEST_TIMED_OUT';
    const rules = d.kafka.rules;
    if (rules.release.kip360 && rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  }
  return { ok: true };
}

/** The smallest request id no instance has in flight and the network does not hold. */
function freeId(d: D): number {
  let id = 1;
  while (d.network.some((r) => r.id === id) || d.apps.some((a) => a.inflight?.some((f) => f.request === id))) id++;
  return id;
}

/**
 * faults.produce-reorder: the write of `value` to `partition` is sent and left in flight (model/kafka/inflight.ts),
 * the loop going on without its answer; it lands when a `Land` picks it.
 */
function sendLeft(d: D, i: I, partition: number, value: number, origin: Origin): Reply {
  const r = produceRequest(ctxOf(d), i.producer, partition, value, origin);
  if (!('request' in r)) return r;
  sendInFlight(i, freeId(d), r.request);
  return { ok: true };
}

/**
 * The AddPartitionsToTxn(out-0) of the transaction's first write to it (transaction.version=1) is stuck in the
 * network: the client times out and sends it again, and that copy lands now (in `send`); the first lands later,
 * with the producer id and epoch of now.
 */
function delayAdd(d: D, i: I): void {
  const p = i.producer;
  const id = delayId(d);
  d.network.push(castDraft(addPartitionsRequest(id, i.id, p, OUT)));
  d.events.push({ type: 'delayed', request: id, what: `AddPartitionsToTxn(${d.kafka.partitions[OUT]!.name})` });
}

/** The first EndTxn of a commit or abort is stuck in the network (the client timed out on it; its retry lands). */
function delayEndTxn(d: D, i: I, result: 'COMMIT' | 'ABORT'): void {
  const p = i.producer;
  const id = delayId(d);
  d.network.push(castDraft(endTxnRequest(id, i.id, p, result, { instance: i.id, txn: p.transaction?.no ?? null })));
  d.events.push({ type: 'delayed', request: id, what: `EndTxn(${result})` });
}

/** The first TxnOffsetCommit of `offsets` is stuck in the network; it lands later with the epoch of now. */
function delayOffsets(
  d: D,
  i: I,
  offsets: readonly { readonly partition: number; readonly offset: number }[],
  generation: number,
): void {
  const id = delayId(d);
  d.network.push(castDraft(txnOffsetCommitRequest(id, i.id, i.producer, GROUP, offsets, generation)));
  const to = offsets.map((o) => `in-${o.partition} -> ${o.offset}`).join(', ');
  d.events.push({ type: 'delayed', request: id, what: `TxnOffsetCommit(${to})` });
}

/** The AddOffsetsToTxn of sendOffsetsToTransaction() is stuck in the network; it lands later with the epoch of now. */
function delayAddOffsets(d: D, i: I): void {
  const id = delayId(d);
  d.network.push(castDraft(addOffsetsRequest(id, i.id, i.producer, GROUP)));
  d.events.push({ type: 'delayed', request: id, what: 'AddOffsetsToTxn(__consumer_offsets)' });
}

/** The request held in the network lands; its answer goes to nobody (the client gave up on it). */
export function doDeliver(d: D, request: number): void {
  const idx = d.network.findIndex((r) => r.id === request);
  const [req] = d.network.splice(idx, 1);
  if (req) deliverLate(ctxOf(d), req);
}

/**
 * How the network treats one record's writes (faults.network): `acked` reaches the leader and is answered;
 * `retried` has its first acknowledgement lost and each batch is sent twice, the copy landing at once; `delayed`
 * leaves the output write in the network until its batch expires (`delayOutput`); `add-delayed` leaves the first
 * copy of the output partition's AddPartitionsToTxn there (`delayAdd`); `inflight` (faults.produce-reorder) leaves
 * every write of the record in flight, its answer to come (`sendLeft`).
 */
export type Network = 'acked' | 'retried' | 'delayed' | 'add-delayed' | 'inflight';

/**
 * Processes the next record of input partition `p`: kafka-streams' changelog write of the new
 * count, the output to `out` (or the external sink), then the store and position move on; `net` says what the
 * network does to its writes.
 */
export function doProcess(d: D, i: I, p: number, net: Network, slow = false): void {
  const c = d.config;
  // poll() returned the batch just before its first record (an idle loop keeps polling): the poll timer restarts.
  const batchStart = i.producer.transaction ? i.producer.transaction.records === 0 : uncommitted(i) === 0;
  if (batchStart) polled(d, i);
  const x = ctxOf(d);
  const pos = i.positions[p]!;
  const value = inputValue(c, p, pos);
  const origin = { instance: i.id, txn: i.producer.transaction?.no ?? null };
  const copies = net === 'retried' ? 2 : 1;
  if (c.stateful) {
    const count = (i.store ?? 0) + 1;
    const r =
      net === 'inflight'
        ? sendLeft(d, i, CHANGELOG, count, origin)
        : send(x, i.producer, CHANGELOG, count, origin, copies);
    if (!r.ok) {
      react(d, i, r);
      return;
    }
  }
  if (c.sink === 'kafka') {
    if (net === 'add-delayed') delayAdd(d, i);
    const r =
      net === 'delayed'
        ? delayOutput(d, i, value, origin)
        : net === 'inflight'
          ? sendLeft(d, i, OUT, value, origin)
          : send(x, i.producer, OUT, value, origin, copies);
    if (!r.ok) {
      react(d, i, r);
      return;
    }
  } else if (c.sink === 'upsert') {
    const had = d.sink.table.includes(value);
    if (!had) {
      d.sink.table.push(value);
      d.sink.table.sort((a, b) => a - b);
    }
    d.events.push({ type: 'sink', value, effect: had ? 'upsert-no-change' : 'inserted' });
  } else {
    d.sink.calls.push(value);
    d.events.push({ type: 'sink', value, effect: 'called' });
  }
  if (c.stateful) i.store = (i.store ?? 0) + 1;
  i.positions[p] = pos + 1;
  if (i.producer.transaction) i.producer.transaction.records += 1;
  if (i.ahead === p) i.ahead = null;
  if (c.autoCommit || c.pollTimer) d.now += c.recordMs + (slow ? c.maxPollIntervalMs : 0);
  expireSessions(d);
  pollTimeout(d, i);
  expireRevocations(d);
}

/** The loop polls again (after joining, or after its commit): the poll timer restarts (Heartbeat.poll). */
function polled(d: D, i: I): void {
  if (d.config.pollTimer) i.polledMs = d.now;
}

/**
 * The heartbeat thread finds the poll timer expired (AbstractCoordinator.HeartbeatThread,
 * handlePollTimeoutExpiry): a dynamic member sends LeaveGroup and the group rebalances without it;
 * the application, still processing its batch, learns of it only when its commit fails.
 */
function pollTimeout(d: D, i: I): void {
  if (!d.config.pollTimer || i.polledMs === undefined || d.now - i.polledMs <= d.config.maxPollIntervalMs) return;
  if (!d.kafka.groups[GROUP]!.members.includes(i.id)) return;
  d.events.push({ type: 'life', instance: i.id, status: 'poll timeout (max.poll.interval.ms): left the group' });
  leave(d, i, `${appName(d, i.id)} exceeded max.poll.interval.ms`);
}

/**
 * commitSync() / the auto commit: commit-then-process commits the offset after the record it is
 * about to process; the others commit their positions. An old generation is refused.
 */
export function doCommitOffsets(d: D, i: I, auto: boolean): void {
  const c = d.config;
  const ahead = c.strategy === 'commit-then-process' && !c.autoCommit && !auto;
  if (!commitPositions(d, i, ahead)) {
    rejoinNeeded(d, i);
    return;
  }
  i.lastAutoCommitMs = d.now;
  polled(d, i);
}

/**
 * consumer.close() with enable.auto.commit=true commits the positions before the consumer leaves
 * (ConsumerCoordinator.close -> maybeAutoCommitOffsetsSync; AsyncKafkaConsumer.autoCommitOnClose likewise): whatever
 * the application's producer did with those records. Beside a transactional producer (which
 * KafkaProducer.sendOffsetsToTransaction's javadoc warns against: "the consumer should have
 * enable.auto.commit=false") a process that ends on a fatal error (ProducerFencedException after its
 * transaction timed out, say) commits past the records of its aborted transaction: the next owner of the
 * partition starts after them. A refusal (an old generation) is only logged by close().
 */
function closeCommit(d: D, i: I): void {
  if (uncommitted(i) === 0) return;
  d.events.push({ type: 'life', instance: i.id, status: 'consumer.close(): auto commit of its positions' });
  commitPositions(d, i, false);
}

/**
 * OffsetCommit of `i`'s positions (with `ahead`: the offset after the record it is about to process, of the first
 * partition with one), in partition order. False when the group coordinator refuses one (it stops there).
 */
function commitPositions(d: D, i: I, ahead: boolean): boolean {
  const targets: [number, number][] = [];
  for (const p of [...i.owned].sort((a, b) => a - b)) {
    const pos = i.positions[p];
    if (pos === null || pos === undefined) continue;
    if (ahead) {
      if (pos < d.config.inputRecords) {
        targets.push([p, pos + 1]);
        break;
      }
    } else if (pos > i.committed[p]!) targets.push([p, pos]);
  }
  for (const [p, offset] of targets) {
    const err = offsetCommit(ctxOf(d), GROUP, p, offset, i.generation, { instance: i.id, txn: null });
    if (err) {
      d.events.push({
        type: 'rejected',
        by: 'group coordinator',
        error: err,
        request: `OffsetCommit(in-${p} -> ${offset}, generation ${i.generation})`,
      });
      return false;
    }
    i.committed[p] = offset;
    if (ahead) i.ahead = p;
  }
  return true;
}

/**
 * sendOffsetsToTransaction(): AddOffsetsToTxn, then TxnOffsetCommit with the consumer's group
 * metadata (KIP-447: the generation is checked). `delayed` names the request whose first copy is stuck in the
 * network (the client timed out on it); its retry lands now.
 */
export function doSendOffsets(d: D, i: I, delayed: 'TxnOffsetCommit' | 'AddOffsetsToTxn' | null = null): void {
  const offsets = [...i.owned]
    .sort((a, b) => a - b)
    .flatMap((p) => {
      const pos = i.positions[p];
      return pos === null || pos === undefined ? [] : [{ partition: p, offset: pos }];
    });
  const generation = carriesGeneration(d.config, i.slot) ? i.generation : -1;
  if (delayed === 'TxnOffsetCommit') delayOffsets(d, i, offsets, generation);
  else if (delayed === 'AddOffsetsToTxn') delayAddOffsets(d, i);
  const r = sendOffsetsToTransaction(ctxOf(d), i.producer, GROUP, offsets, generation, {
    instance: i.id,
    txn: i.producer.transaction!.no,
  });
  if (!r.ok) react(d, i, r);
}

/** commitTransaction(); `delayed`: its first EndTxn is stuck in the network, the retry lands now. */
export function doCommitTxn(d: D, i: I, delayed = false): void {
  const no = i.producer.transaction!.no;
  if (delayed) delayEndTxn(d, i, 'COMMIT');
  const r = commitTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    react(d, i, r);
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'COMMIT' });
  for (const p of i.owned) {
    const pos = i.positions[p];
    if (pos !== null && pos !== undefined) i.committed[p] = pos;
  }
  polled(d, i);
}

/**
 * abortTransaction(), then the app seeks back to the committed offsets (kafka-streams closes the
 * task dirty and restores its store). After ILLEGAL_GENERATION the consumer rejoins; after
 * UNKNOWN_PRODUCER_ID the producer bumps its epoch first (KIP-360).
 */
export function doAbortTxn(d: D, i: I, delayed = false): void {
  const t = i.producer.transaction!;
  const { no, records, error } = t;
  if (delayed) delayEndTxn(d, i, 'ABORT');
  const r = abortTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') react(d, i, r);
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'ABORT' });
  if (records > 0 && d.config.rewindOnAbort) {
    // Something to undo: seek back to the committed offsets (OffsetFetch again), restore the store.
    for (const p of i.owned) i.positions[p] = null;
    if (d.config.stateful) forgetStore(i);
  }
  if (error === 'ILLEGAL_GENERATION' || error === 'UNKNOWN_MEMBER_ID') rejoinNeeded(d, i);
  // A batch that expired: without KIP-360 (before 2.5) the client cannot recover its sequence numbers.
  if (error === 'REQUEST_TIMED_OUT' && !d.kafka.rules.release.kip360) {
    die(d, i, 'failed');
    return;
  }
  // KIP-360 (transaction.version=1): the producer bumps its own epoch before it goes on.
  if (i.producer.bumpEpoch) i.producerStatus = 'new';
}

/**
 * Pause: the whole process stalls (a long GC, a frozen VM), heartbeat thread included. With the clock
 * running it stays a member until its session times out (`expireSessions`), and a resume before that
 * is harmless; without it, the stall outlasts the session and the group removes it at once.
 */
export function doPause(d: D, i: I): void {
  d.faults.pauses += 1;
  i.paused = true;
  life(d, i, 'paused');
  if (d.config.pollTimer) {
    i.silentMs = d.now;
    return;
  }
  leave(d, i, `${appName(d, i.id)} exceeded max.poll.interval.ms`);
}

/**
 * Resume: the stalled instance goes on, still believing in its old generation and partitions; its
 * heartbeats resume, and its heartbeat thread leaves the group if its poll timer ran out meanwhile.
 */
export function doResume(d: D, i: I): void {
  i.paused = false;
  delete i.silentMs;
  life(d, i, 'resumed');
  pollTimeout(d, i);
  heartbeatTimers(d);
}

/** A new incarnation of instance slot `slot`: unjoined, it joins the group and fetches offsets. */
export function doRestart(d: D, slot: number): void {
  const incarnation = d.apps.reduce((m, i) => (i.slot === slot ? Math.max(m, i.incarnation) : m), 0) + 1;
  const inst = newAppInstance(d.config, slot, incarnation);
  if (freshIdPerStart(d.config, slot)) {
    // A new process id, hence a new transactional.id: the coordinator has never seen it.
    const txn = d.kafka.txns.length;
    d.kafka.txns.push(castDraft(newTxn(`${txnIdName(d.config, txnSlot(d.config, slot))}.${incarnation}`, -1)));
    d.apps.push(castDraft({ ...inst, producer: { ...inst.producer, txn } }));
  } else d.apps.push(castDraft(inst));
  life(d, d.apps[d.apps.length - 1]!, 'started');
}

/** The clock moves to `now` (the next transaction deadline or session expiry). */
export function doTick(d: D, now: number): void {
  d.now = now;
  d.events.push({ type: 'clock', now });
  expireSessions(d);
  expireRevocations(d);
}
