/**
 * The actions of the consumer applications, one table entry each: the instances' consumer and
 * producer calls, kafka-streams' restore, the coordinator's work (shared with every Kafka model),
 * the supervisor, time, and the faults.
 */

import type { ActionTable } from '../core/model.js';
import {
  type CoordinatorAction,
  coordinatorActions,
  embedded,
  type InstanceCall,
  type TransactionalCall,
} from '../kafka/actions.js';
import { reconciliation } from '../kafka/consumer-group.js';
import { processFaults } from '../kafka/faults.js';
import { type GroupCoordinatorAction, groupCoordinatorActions } from '../kafka/group-failover.js';
import { inFlightTo, landable, quiet } from '../kafka/inflight.js';
import { producesTo, type Request } from '../kafka/network.js';
import { type OffsetCompletionAction, offsetCompletionActions } from '../kafka/offset-completion.js';
import { offsetsLoading } from '../kafka/offsets-leader.js';
import { inTransaction } from '../kafka/producer.js';
import { nextDeadline } from '../kafka/transactions.js';
import {
  appOf,
  ctxOf,
  die,
  doAbortTxn,
  doBeginTxn,
  doCommitOffsets,
  doCommitTxn,
  doDeliver,
  doFetchOffset,
  doHeartbeat,
  doInitializeTask,
  doInitProducerId,
  doJoin,
  doLost,
  doPause,
  doProcess,
  doRejoin,
  doRestart,
  doRestoreStore,
  doResume,
  doSendOffsets,
  doTick,
} from './client.js';
import { doExpire, doLand } from './inflight.js';
import { nextRevocationDue } from './rebalance-timeout.js';
import {
  type AppInstance,
  type AppState,
  appName,
  canAct,
  GROUP,
  gone,
  heartbeatDue,
  inputValue,
  isTxnApp,
  latestOfSlot,
  lostDue,
  nextSessionExpiry,
  OUT,
  producerDue,
  rejoinDue,
  restoreReady,
  restoring,
  txnIdName,
  uncommitted,
  workable,
} from './state.js';

/** Actions of the consumer applications. One tag (`type`). */
export type AppAction =
  // an instance's consumer (group membership, offsets), kafka-streams' restore, and its loop
  | TransactionalCall
  | InstanceCall<'Join' | 'Rejoin' | 'InitializeTask' | 'RestoreStore' | 'CommitOffsets' | 'AutoCommit'>
  // group.protocol=consumer: a ConsumerGroupHeartbeat that reconciles the member's epoch and partitions
  | InstanceCall<'Heartbeat'>
  // a member the coordinator removed learns it from its heartbeat and gives up its partitions as lost in poll()
  | InstanceCall<'Lost'>
  | { readonly type: 'FetchOffset'; readonly instance: number; readonly partition: number }
  | { readonly type: 'Process'; readonly instance: number; readonly partition: number }
  | { readonly type: 'ProcessRetried'; readonly instance: number; readonly partition: number }
  | { readonly type: 'ProcessSlow'; readonly instance: number; readonly partition: number }
  // faults.produce-reorder: a record's writes left in flight, one of instance `instance`'s requests landing, or
  // expiring unanswered (with faults.network)
  | { readonly type: 'ProcessInFlight'; readonly instance: number; readonly partition: number }
  | { readonly type: 'Land'; readonly instance: number; readonly request: number }
  | { readonly type: 'ExpireInFlight'; readonly instance: number; readonly request: number }
  // faults.network: a request held in the network (its client timed out on it) and its late landing
  | { readonly type: 'ProcessDelayed'; readonly instance: number; readonly partition: number }
  | { readonly type: 'AddPartitionsDelayed'; readonly instance: number; readonly partition: number }
  | InstanceCall<'SendOffsetsDelayed' | 'CommitTxnDelayed' | 'AbortTxnDelayed'>
  // faults.late-requests: InitProducerId held or its answer lost, sendOffsetsToTransaction's AddOffsetsToTxn held
  | InstanceCall<'InitProducerIdDelayed' | 'InitProducerIdLost' | 'AddOffsetsDelayed'>
  | { readonly type: 'Deliver'; readonly request: number }
  // transaction coordinator, and the group coordinator's move
  | CoordinatorAction
  | GroupCoordinatorAction
  | OffsetCompletionAction
  // supervisor (slot: instance slot) and time
  | { readonly type: 'Restart'; readonly slot: number }
  | { readonly type: 'Tick' }
  // faults
  | InstanceCall<'Crash' | 'Pause' | 'Resume'>;

type S = AppState;

/** A live member whose producer is usable: it runs its loop. */
const ready = (i: AppInstance): boolean => canAct(i) && i.life === 'member' && i.producerStatus === 'ready';
/**
 * A transactional loop initializes its producer before it touches its task: Streams calls
 * initTransactions() in StreamTask.initializeIfNeeded, before restoring and before fetching the
 * committed offsets (completeRestoration), so the previous owner is fenced and its transaction
 * ended first.
 */
const producerReady = (c: AppState['config'], i: AppInstance): boolean => !isTxnApp(c) || i.producerStatus === 'ready';
/** A member of the group that may act. */
const member = (i: AppInstance): boolean => canAct(i) && i.life === 'member';

/**
 * The input partitions whose next record the loop may process now: a synchronous send waits for nothing in flight
 * (`faults.produce-reorder`'s sends are `ProcessInFlight`'s, whose window `inFlight` says).
 */
function processable(s: S, i: AppInstance, inFlight = false): number[] {
  const c = s.config;
  if (!ready(i) || rejoinDue(s, i) || (!inFlight && !quiet(i))) return [];
  const work = workable(c, i);
  if (!isTxnApp(c)) {
    if (c.autoCommit) return work;
    if (c.strategy === 'commit-then-process') return i.ahead !== null ? [i.ahead] : [];
    return uncommitted(i) < c.commitEvery ? work : [];
  }
  const t = i.producer.transaction;
  return t && t.error === null && !t.offsetsSent && t.records < c.commitEvery ? work : [];
}

/** Whether a plain loop commits its offsets now (commitSync). */
function commitsOffsets(s: S, i: AppInstance): boolean {
  const c = s.config;
  if (!ready(i) || isTxnApp(c) || rejoinDue(s, i)) return false;
  const pending = uncommitted(i);
  const work = workable(c, i);
  if (c.autoCommit) return pending > 0 && work.length === 0;
  if (c.strategy === 'commit-then-process') return i.ahead === null && work.length > 0;
  return pending > 0;
}

/**
 * The open transaction of a ready transactional loop that may still do more than abort, with nothing in flight:
 * its offsets and its commit follow its writes' answers (Streams flushes its producer before it commits).
 */
const working = (s: S, i: AppInstance) =>
  ready(i) && isTxnApp(s.config) && i.producer.transaction?.error === null && quiet(i) ? i.producer.transaction : null;

/**
 * Whether the loop may leave the writes of its next record in flight (faults.produce-reorder): fewer than
 * max.in.flight.requests.per.connection requests unanswered once they are sent (kafka-streams writes two a record).
 */
function mayProcessInFlight(s: S, i: AppInstance): boolean {
  const c = s.config;
  if (!c.produceReorder || !isTxnApp(c) || c.sink !== 'kafka' || i.draining !== undefined) return false;
  return (i.inflight?.length ?? 0) + (c.stateful ? 2 : 1) <= c.maxInFlight;
}

/** Calls `then(i)` for every instance where `when(i)` holds, in creation order. */
function each(s: S, when: (i: AppInstance) => boolean, then: (i: AppInstance) => void): void {
  for (const i of s.apps) if (when(i)) then(i);
}

/** Instance `a.instance`'s request `a.request` in flight. */
const inFlightOf = (s: S, a: { readonly instance: number; readonly request: number }) =>
  s.apps.find((x) => x.id === a.instance)?.inflight?.find((g) => g.request === a.request);

/** `i0#1.<text>`. */
const call = (s: S, id: number, text: string): string => `${appName(s, id)}.${text}`;
const instanceOf = (s: S, id: number): AppInstance | undefined => s.apps.find((x) => x.id === id);
const generation = (s: S, id: number): number => instanceOf(s, id)?.generation ?? -1;
/** `generation 2`, or under group.protocol=consumer `member epoch 2`: what the instance's commits carry. */
const carried = (s: S, id: number): string =>
  `${s.config.consumerProtocol ? 'member epoch' : 'generation'} ${generation(s, id)}`;
const position = (s: S, id: number, p: number): number => instanceOf(s, id)?.positions[p] ?? 0;
const own = (s: S, a: { readonly instance: number }) => ({ from: appName(s, a.instance) });
const to = (target: string) => (s: S, a: { readonly instance: number }) => ({
  from: appName(s, a.instance),
  to: target,
});
const outName = (s: S): string =>
  s.config.sink === 'kafka' ? (s.kafka.partitions[0]?.name ?? 'out-0') : `${s.config.sink} sink`;

/** `Process(in-0@1 = v2)`: the record the loop processes next on input partition `a.partition`. */
const processCall = (s: S, a: { readonly instance: number; readonly partition: number }): string =>
  `Process(in-${a.partition}@${position(s, a.instance, a.partition)} = ` +
  `v${inputValue(s.config, a.partition, position(s, a.instance, a.partition))})`;

/**
 * faults.network may hold a request of a transactional loop writing to Kafka in the network now: one per run
 * (`faults.delays`), which bounds the requests in flight to one.
 */
const delays = (s: S): boolean =>
  s.config.network && isTxnApp(s.config) && s.config.sink === 'kafka' && s.faults.delays < 1;

/**
 * faults.late-requests may hold a coordinator request of a transactional loop writing to Kafka, or lose its answer:
 * one per run, counted with faults.network's (`faults.delays`).
 */
const lateDelays = (s: S): boolean =>
  s.config.lateRequests && isTxnApp(s.config) && s.config.sink === 'kafka' && s.faults.delays < 1;

/** `ConsumerGroupHeartbeat(epoch 1 -> 2, revokes in-1)`: what the member's heartbeat reconciles. */
function heartbeatCall(s: S, id: number): string {
  const r = reconciliation(s.kafka.groups[GROUP]!, id);
  if (!r) return 'ConsumerGroupHeartbeat()';
  const what = [
    `epoch ${generation(s, id)}${r.revoke.length > 0 || r.epoch === generation(s, id) ? '' : ` -> ${r.epoch}`}`,
    ...r.revoke.map((p) => `revokes in-${p} in poll(), then epoch ${r.epoch}`),
    ...r.assign.map((p) => `gets in-${p}`),
  ];
  return `ConsumerGroupHeartbeat(${what.join(', ')})`;
}

/**
 * `Heartbeat(generation 1) -> UNKNOWN_MEMBER_ID; poll(): onPartitionsLost(in-0), JoinGroup(member.id "")`: a removed
 * member's heartbeat and the rejoin that follows.
 */
function lostCall(s: S, id: number): string {
  const i = instanceOf(s, id);
  const lost = (i?.owned ?? []).map((p) => `in-${p}`).join(', ');
  const hb = s.config.consumerProtocol ? 'ConsumerGroupHeartbeat' : 'Heartbeat';
  const join = s.config.consumerProtocol ? 'ConsumerGroupHeartbeat(member epoch 0)' : 'JoinGroup(member.id "")';
  return `${hb}(${carried(s, id)}) -> UNKNOWN_MEMBER_ID; poll(): onPartitionsLost(${lost}), ${join}`;
}

/** `InitProducerId(ctp-0)`: the instance's InitProducerId call. */
function initCall(s: S, id: number): string {
  const i = instanceOf(s, id);
  return `InitProducerId(${i ? txnIdName(s.config, i.producer.txn) : ''})`;
}

/** A request held in the network, as a call: `Produce(out-0, v1, epoch=0, seq=0)`. Pure. */
function describeRequest(s: S, r: Request): string {
  const name = (p: number): string => s.kafka.partitions[p]?.name ?? `partition ${p}`;
  switch (r.type) {
    case 'Produce':
      return `Produce(${name(r.req.partition)}, v${r.req.value}, epoch=${r.req.epoch}, seq=${r.req.sequence})`;
    case 'EndTxn':
      return `EndTxn(${r.result}, epoch=${r.epoch})`;
    case 'AddPartitionsToTxn':
      return `AddPartitionsToTxn(${name(r.partition)}, epoch=${r.epoch})`;
    case 'TxnOffsetCommit': {
      const to = r.offsets.map((o) => `in-${o.partition} -> ${o.offset}`).join(', ');
      return `TxnOffsetCommit(${to}, epoch=${r.epoch}${r.generation >= 0 ? `, generation ${r.generation}` : ''})`;
    }
    case 'AddOffsetsToTxn':
      return `AddOffsetsToTxn(__consumer_offsets, epoch=${r.epoch})`;
    case 'InitProducerId':
      return `InitProducerId(${txnIdName(s.config, r.txn)}${r.expected ? `, epoch=${r.expected.epoch}` : ''})`;
  }
}

const lens = {
  ...embedded<S>(
    ctxOf,
    (s) => ({
      network: s.config.network,
      coordinatorMoves: s.config.coordinatorFailover,
      txnLogIsrShrink: s.config.txnLogIsrShrink,
      txnLogUncleanElection: s.config.txnLogUncleanElection,
      txnLogCleanElection: s.config.txnLogCleanElection,
      producerStateLoss: s.config.producerStateLoss,
      lateOffsetCompletion: s.config.lateOffsetCompletion,
    }),
    // The applications send synchronously: nothing of theirs is in flight between steps but a request held in the
    // network (faults.network). A live member inside a transaction writes or commits within it.
    (s, partition, producerId) =>
      producesTo(s.network, partition, producerId) ||
      s.apps.some((i) => (canAct(i) && inTransaction(i.producer, producerId)) || inFlightTo(i, partition, producerId)),
    doTick,
  ),
};
const coordinator = coordinatorActions(lens);
const groupCoordinator = groupCoordinatorActions(lens, (s) => s.config.groupCoordinatorFailover, GROUP);
const offsetCompletion = offsetCompletionActions(lens);

/**
 * Whether the group coordinator answers now: while a new leader of the group's `__consumer_offsets` loads it
 * (faults.group-coordinator-failover), JoinGroup, OffsetFetch, OffsetCommit and TxnOffsetCommit are refused with
 * COORDINATOR_LOAD_IN_PROGRESS (the old leader: NOT_COORDINATOR) and the client retries them: ConsumerCoordinator
 * and AbstractCoordinator mark the coordinator unknown or back off and send again, the producer's
 * TxnOffsetCommitHandler retries both (KAFKA-7296, 2.1). A refusal changes nothing, so the call is taken once the
 * load is done. Pure.
 */
const groupAnswers = (s: S): boolean => !offsetsLoading(s.kafka, GROUP);

/**
 * When time next matters: a transaction deadline, a silent member's session expiry (session.timeout.ms), or a
 * member's rebalance timeout (group.protocol=consumer). Pure.
 */
export function nextDue(s: S): number | null {
  const dues = [nextDeadline(s.kafka, s.now), nextSessionExpiry(s), nextRevocationDue(s)].filter((t) => t !== null);
  return dues.length === 0 ? null : Math.min(...dues);
}

/** The action table of the consumer applications. */
export const appActions = {
  Join: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => groupAnswers(s) && canAct(i) && i.life === 'unjoined',
        (i) => emit({ type: 'Join', instance: i.id }),
      ),
    effect: (d, a) => doJoin(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, 'JoinGroup()'),
    lanes: to('group coordinator'),
  },
  Rejoin: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => groupAnswers(s) && rejoinDue(s, i),
        (i) => emit({ type: 'Rejoin', instance: i.id }),
      ),
    effect: (d, a) => doRejoin(d, appOf(d, a.instance)),
    describe: (s, a) =>
      call(s, a.instance, `poll() (generation ${generation(s, a.instance)} not current: JoinGroup())`),
    lanes: to('group coordinator'),
  },
  Heartbeat: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => groupAnswers(s) && heartbeatDue(s, i),
        (i) => emit({ type: 'Heartbeat', instance: i.id }),
      ),
    effect: (d, a) => doHeartbeat(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, heartbeatCall(s, a.instance)),
    lanes: to('group coordinator'),
  },
  Lost: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => groupAnswers(s) && lostDue(s, i),
        (i) => emit({ type: 'Lost', instance: i.id }),
      ),
    effect: (d, a) => doLost(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, lostCall(s, a.instance)),
    lanes: to('group coordinator'),
  },
  InitProducerId: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => member(i) && producerDue(s, i),
        (i) => emit({ type: 'InitProducerId', instance: i.id }),
      ),
    effect: (d, a) => doInitProducerId(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, initCall(s, a.instance)),
    lanes: to('coordinator'),
  },
  // faults.late-requests: the first InitProducerId is stuck in the network, its retry lands.
  InitProducerIdDelayed: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => lateDelays(s) && member(i) && producerDue(s, i),
        (i) => emit({ type: 'InitProducerIdDelayed', instance: i.id }),
      ),
    effect: (d, a) => doInitProducerId(d, appOf(d, a.instance), 'delayed'),
    describe: (s, a) =>
      call(s, a.instance, `${initCall(s, a.instance)} (first copy delayed in the network, the retry lands)`),
    lanes: to('coordinator'),
  },
  // faults.late-requests: the coordinator answers InitProducerId, the answer is lost; the instance sends it again.
  InitProducerIdLost: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => lateDelays(s) && member(i) && producerDue(s, i),
        (i) => emit({ type: 'InitProducerIdLost', instance: i.id }),
      ),
    effect: (d, a) => doInitProducerId(d, appOf(d, a.instance), 'lost'),
    describe: (s, a) => call(s, a.instance, `${initCall(s, a.instance)} (its answer lost: request.timeout.ms)`),
    lanes: to('coordinator'),
  },
  InitializeTask: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => member(i) && producerReady(s.config, i) && restoring(s.config, i) && i.restoreEnd === null,
        (i) => emit({ type: 'InitializeTask', instance: i.id }),
      ),
    effect: (d, a) => doInitializeTask(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, 'InitializeTask(0_0) (lists the end offset of changelog-0)'),
    lanes: to('changelog-0'),
  },
  RestoreStore: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => member(i) && restoring(s.config, i) && restoreReady(s, i),
        (i) => emit({ type: 'RestoreStore', instance: i.id }),
      ),
    effect: (d, a) => doRestoreStore(d, appOf(d, a.instance)),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `RestoreStore(0_0) (the restore consumer reached offset ${instanceOf(s, a.instance)?.restoreEnd ?? '?'})`,
      ),
    lanes: to('changelog-0'),
  },
  FetchOffset: {
    enabled(s, emit) {
      if (!groupAnswers(s)) return;
      for (const i of s.apps) {
        if (!member(i) || !producerReady(s.config, i) || restoring(s.config, i) || rejoinDue(s, i)) continue;
        for (const p of [...i.owned].sort((x, y) => x - y))
          if (i.positions[p] === null) emit({ type: 'FetchOffset', instance: i.id, partition: p });
      }
    },
    effect: (d, a) => doFetchOffset(d, appOf(d, a.instance), a.partition),
    describe: (s, a) => call(s, a.instance, `OffsetFetch(in-${a.partition})`),
    lanes: to('group coordinator'),
  },
  BeginTxn: {
    // Every drain begins each transaction of each app: drains that merged meet again at the next BeginTxn.
    meet: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) =>
          ready(i) &&
          isTxnApp(s.config) &&
          !i.producer.transaction &&
          workable(s.config, i).length > 0 &&
          !rejoinDue(s, i),
        (i) => emit({ type: 'BeginTxn', instance: i.id }),
      ),
    effect: (d, a) => doBeginTxn(appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, 'BeginTxn()'),
    lanes: own,
  },
  Process: {
    enabled(s, emit) {
      for (const i of s.apps)
        for (const partition of processable(s, i)) emit({ type: 'Process', instance: i.id, partition });
    },
    effect: (d, a) => doProcess(d, appOf(d, a.instance), a.partition, 'acked'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `Process(in-${a.partition}@${position(s, a.instance, a.partition)} = ` +
          `v${inputValue(s.config, a.partition, position(s, a.instance, a.partition))})`,
      ),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: outName(s) }),
  },
  ProcessRetried: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.network || s.config.sink !== 'kafka') return;
      for (const i of s.apps)
        for (const partition of processable(s, i)) emit({ type: 'ProcessRetried', instance: i.id, partition });
    },
    effect: (d, a) => doProcess(d, appOf(d, a.instance), a.partition, 'retried'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `Process(in-${a.partition}@${position(s, a.instance, a.partition)} = ` +
          `v${inputValue(s.config, a.partition, position(s, a.instance, a.partition))}) ` +
          '(ack lost, the batch is retried)',
      ),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: outName(s) }),
  },
  // faults.network: the record's output write stuck in the network until its batch expires, the transaction abortable.
  ProcessDelayed: {
    fault: true,
    enabled(s, emit) {
      // The held batch is given up at delivery.timeout.ms; where batches never expire (Streams under EOS) the
      // client sends it again until answered, and ends no transaction before (Sender: EndTxn waits for every
      // incomplete batch), so a late copy is a duplicate of an appended batch.
      if (!delays(s) || !s.config.batchesExpire) return;
      for (const i of s.apps)
        for (const partition of processable(s, i)) emit({ type: 'ProcessDelayed', instance: i.id, partition });
    },
    effect: (d, a) => doProcess(d, appOf(d, a.instance), a.partition, 'delayed'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `${processCall(s, a)} (its Produce to ${outName(s)} delayed in the network; the batch expires: ` +
          'delivery.timeout.ms)',
      ),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: 'network' }),
  },
  // faults.network, transaction.version=1: the first AddPartitionsToTxn(out-0) of the transaction is stuck, its
  // retry lands.
  AddPartitionsDelayed: {
    fault: true,
    enabled(s, emit) {
      if (!delays(s) || s.kafka.rules.transactionVersion !== 1) return;
      for (const i of s.apps) {
        const t = i.producer.transaction;
        if (t && !t.partitions.includes(OUT))
          for (const partition of processable(s, i)) emit({ type: 'AddPartitionsDelayed', instance: i.id, partition });
      }
    },
    effect: (d, a) => doProcess(d, appOf(d, a.instance), a.partition, 'add-delayed'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `${processCall(s, a)} (its AddPartitionsToTxn(${outName(s)}) delayed in the network, the retry lands)`,
      ),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: outName(s) }),
  },
  // faults.produce-reorder: the record's writes left in flight, the loop going on without their answers.
  ProcessInFlight: {
    fault: true,
    enabled(s, emit) {
      for (const i of s.apps)
        if (mayProcessInFlight(s, i))
          for (const partition of processable(s, i, true)) emit({ type: 'ProcessInFlight', instance: i.id, partition });
    },
    effect: (d, a) => doProcess(d, appOf(d, a.instance), a.partition, 'inflight'),
    describe: (s, a) => call(s, a.instance, `${processCall(s, a)} (its writes left in flight, the loop does not wait)`),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: 'network' }),
  },
  // A request in flight reaches its leader, in any order among the instance's; the answer comes back.
  Land: {
    enabled(s, emit) {
      for (const i of s.apps)
        for (const f of i.inflight ?? [])
          if (landable(s.kafka, f)) emit({ type: 'Land', instance: i.id, request: f.request });
    },
    effect: (d, a) => doLand(d, a.instance, a.request),
    describe(s, a) {
      const f = inFlightOf(s, a);
      if (!f) return `leader.Land(#${a.request})`;
      const q = f.req;
      const to = s.kafka.partitions[q.partition]?.name ?? 'leader';
      return `${to}.Land(#${a.request} v${q.value} of ${appName(s, a.instance)}, epoch=${q.epoch}, seq=${q.sequence})`;
    },
    lanes(s, a) {
      const f = inFlightOf(s, a);
      return { from: (f && s.kafka.partitions[f.req.partition]?.name) ?? 'leader', to: appName(s, a.instance) };
    },
  },
  // faults.network: a request in flight expires unanswered (delivery.timeout.ms), one held request per run; never
  // under Kafka Streams' EOS, whose producer's delivery.timeout.ms is Integer.MAX_VALUE.
  ExpireInFlight: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.network || !s.config.batchesExpire || !delays(s)) return;
      for (const i of s.apps)
        if (canAct(i))
          for (const f of i.inflight ?? [])
            if (!f.held) emit({ type: 'ExpireInFlight', instance: i.id, request: f.request });
    },
    effect: (d, a) => doExpire(d, a.instance, a.request),
    describe(s, a) {
      const f = inFlightOf(s, a);
      const what = f ? `#${a.request} Produce(v${f.req.value}, seq=${f.req.sequence})` : `#${a.request}`;
      return `${appName(s, a.instance)}.ExpireInFlight(${what}) (delivery.timeout.ms passes unanswered)`;
    },
    lanes: (s, a) => ({ from: appName(s, a.instance), to: 'network' }),
  },
  // A record whose processing outlasts max.poll.interval.ms (a slow external call, a long GC): one per run, as a stall.
  ProcessSlow: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.pollTimer || !s.config.zombies || s.faults.pauses >= 1) return;
      for (const i of s.apps)
        for (const partition of processable(s, i)) emit({ type: 'ProcessSlow', instance: i.id, partition });
    },
    effect(d, a) {
      d.faults.pauses += 1;
      doProcess(d, appOf(d, a.instance), a.partition, 'acked', true);
    },
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `Process(in-${a.partition}@${position(s, a.instance, a.partition)} = ` +
          `v${inputValue(s.config, a.partition, position(s, a.instance, a.partition))}) ` +
          `(slow: ${s.config.maxPollIntervalMs} ms more)`,
      ),
    lanes: (s, a) => ({ from: appName(s, a.instance), to: outName(s) }),
  },
  CommitOffsets: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => groupAnswers(s) && commitsOffsets(s, i),
        (i) => emit({ type: 'CommitOffsets', instance: i.id }),
      ),
    effect: (d, a) => doCommitOffsets(d, appOf(d, a.instance), false),
    describe: (s, a) => call(s, a.instance, `CommitOffsets(${carried(s, a.instance)})`),
    lanes: to('group coordinator'),
  },
  // The consumer's timer in poll() (ConsumerCoordinator.maybeAutoCommitOffsetsAsync, every auto.commit.interval.ms).
  // A transactional loop polls between transactions, where its positions are its committed offsets: its timer
  // commits nothing new; what it commits on close() is `closeCommit`'s.
  AutoCommit: {
    enabled: (s, emit) =>
      each(
        s,
        (i) =>
          groupAnswers(s) &&
          ready(i) &&
          !isTxnApp(s.config) &&
          s.config.autoCommit &&
          uncommitted(i) > 0 &&
          s.now - i.lastAutoCommitMs >= s.config.autoCommitIntervalMs,
        (i) => emit({ type: 'AutoCommit', instance: i.id }),
      ),
    effect: (d, a) => doCommitOffsets(d, appOf(d, a.instance), true),
    describe: (s, a) => call(s, a.instance, `AutoCommit(${carried(s, a.instance)})`),
    lanes: to('group coordinator'),
  },
  SendOffsets: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => {
          const t = working(s, i);
          return groupAnswers(s) && t !== null && t.records > 0 && !t.offsetsSent;
        },
        (i) => emit({ type: 'SendOffsets', instance: i.id }),
      ),
    effect: (d, a) => doSendOffsets(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, `SendOffsetsToTransaction(${carried(s, a.instance)})`),
    lanes: to('coordinator'),
  },
  // faults.network: the first TxnOffsetCommit is stuck in the network, its retry lands.
  SendOffsetsDelayed: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => {
          const t = working(s, i);
          return groupAnswers(s) && delays(s) && t !== null && t.records > 0 && !t.offsetsSent;
        },
        (i) => emit({ type: 'SendOffsetsDelayed', instance: i.id }),
      ),
    effect: (d, a) => doSendOffsets(d, appOf(d, a.instance), 'TxnOffsetCommit'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `SendOffsetsToTransaction(${carried(s, a.instance)}) ` +
          '(first TxnOffsetCommit delayed in the network, the retry lands)',
      ),
    lanes: to('coordinator'),
  },
  // faults.late-requests, transaction.version=1: sendOffsetsToTransaction's AddOffsetsToTxn is stuck, its retry lands.
  AddOffsetsDelayed: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => {
          const t = working(s, i);
          return (
            groupAnswers(s) &&
            lateDelays(s) &&
            s.kafka.rules.transactionVersion === 1 &&
            t !== null &&
            t.records > 0 &&
            !t.offsetsSent &&
            !t.offsetsAdded
          );
        },
        (i) => emit({ type: 'AddOffsetsDelayed', instance: i.id }),
      ),
    effect: (d, a) => doSendOffsets(d, appOf(d, a.instance), 'AddOffsetsToTxn'),
    describe: (s, a) =>
      call(
        s,
        a.instance,
        `SendOffsetsToTransaction(${carried(s, a.instance)}) ` +
          '(first AddOffsetsToTxn delayed in the network, the retry lands)',
      ),
    lanes: to('coordinator'),
  },
  CommitTxn: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => working(s, i)?.offsetsSent === true,
        (i) => emit({ type: 'CommitTxn', instance: i.id }),
      ),
    effect: (d, a) => doCommitTxn(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, 'CommitTxn()'),
    lanes: to('coordinator'),
  },
  CommitTxnDelayed: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => delays(s) && working(s, i)?.offsetsSent === true,
        (i) => emit({ type: 'CommitTxnDelayed', instance: i.id }),
      ),
    effect: (d, a) => doCommitTxn(d, appOf(d, a.instance), true),
    describe: (s, a) =>
      call(s, a.instance, 'CommitTxnDelayed() (first EndTxn delayed in the network, the retry lands)'),
    lanes: to('coordinator'),
  },
  AbortTxn: {
    enabled: (s, emit) =>
      each(
        s,
        (i) => ready(i) && isTxnApp(s.config) && i.producer.transaction !== null && quiet(i),
        (i) => emit({ type: 'AbortTxn', instance: i.id }),
      ),
    effect: (d, a) => doAbortTxn(d, appOf(d, a.instance)),
    describe: (s, a) => call(s, a.instance, 'AbortTxn()'),
    lanes: to('coordinator'),
  },
  // Only a transaction the coordinator may know of sends EndTxn (abortTransaction).
  AbortTxnDelayed: {
    fault: true,
    enabled: (s, emit) =>
      each(
        s,
        (i) => delays(s) && ready(i) && isTxnApp(s.config) && i.producer.transaction?.started === true && quiet(i),
        (i) => emit({ type: 'AbortTxnDelayed', instance: i.id }),
      ),
    effect: (d, a) => doAbortTxn(d, appOf(d, a.instance), true),
    describe: (s, a) => call(s, a.instance, 'AbortTxnDelayed() (first EndTxn delayed in the network, the retry lands)'),
    lanes: to('coordinator'),
  },
  ...coordinator,
  ...groupCoordinator,
  ...offsetCompletion,
  Restart: {
    enabled(s, emit) {
      for (let slot = 0; slot < s.config.instances; slot++) {
        const last = latestOfSlot(s, slot);
        if (last && gone(last)) emit({ type: 'Restart', slot });
      }
    },
    effect: (d, a) => doRestart(d, a.slot),
    describe: (_s, a) => `supervisor.Restart(i${a.slot})`,
    lanes: () => ({ from: 'supervisor' }),
  },
  // The request held in the network lands (model/kafka/network.ts), answered to nobody.
  Deliver: {
    fault: true,
    enabled(s, emit) {
      // A late TxnOffsetCommit landing at a loading coordinator would be refused: it lands once the load is done.
      for (const r of s.network)
        if (r.type !== 'TxnOffsetCommit' || groupAnswers(s)) emit({ type: 'Deliver', request: r.id });
    },
    effect: (d, a) => doDeliver(d, a.request),
    describe(s, a) {
      const r = s.network.find((x) => x.id === a.request);
      return `network.Deliver(#${a.request}${r ? ` ${describeRequest(s, r)}` : ''})`;
    },
    lanes(s, a) {
      const r = s.network.find((x) => x.id === a.request);
      const to = r?.type === 'Produce' ? (s.kafka.partitions[r.req.partition]?.name ?? 'leader') : 'coordinator';
      return { from: 'network', to };
    },
  },
  // Time jumps to the next transaction deadline, session expiry or rebalance timeout.
  Tick: {
    enabled(s, emit) {
      if (nextDue(s) !== null) emit({ type: 'Tick' });
    },
    effect: (d) => doTick(d, nextDue(d) ?? d.now),
    describe(s) {
      const due = nextDue(s);
      return `clock.Tick(${due === null ? '' : `-> ${due} ms`})`;
    },
    lanes: () => ({ from: 'clock' }),
  },
  ...processFaults<S, AppInstance>({
    instances: (s) => s.apps,
    name: appName,
    canCrash: (s, i) => s.faults.crashes < s.config.crashes && canAct(i),
    canPause: (s, i) =>
      s.config.zombies &&
      s.faults.pauses < 1 &&
      !i.paused &&
      i.life === 'member' &&
      s.kafka.groups[0]!.members.includes(i.id) &&
      s.apps.some((o) => o.id !== i.id && canAct(o)),
    canResume: (_s, i) => i.paused,
    crash(d, id) {
      d.faults.crashes += 1;
      die(d, appOf(d, id), 'crashed');
    },
    pause: (d, id) => doPause(d, appOf(d, id)),
    resume: (d, id) => doResume(d, appOf(d, id)),
  }),
} satisfies ActionTable<S, AppAction>;
