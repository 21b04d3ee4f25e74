/**
 * Partition replication (present only with `replication.factor` above 1): brokers 0..RF-1 each
 * hold a replica of every partition, the leader's log is the partition's `log` and each follower
 * keeps its own; followers fetch (ReplicaFetcherThread), the leader keeps the ISR
 * (Partition.maybeShrinkIsr / maybeExpandIsr) and the high watermark (the ISR's least log end,
 * Partition.maybeIncrementLeaderHW), the controller elects leaders from the ISR
 * (PartitionLeaderElectionAlgorithms, PartitionChangeBuilder), and a follower of a new leader
 * truncates by leader epoch (KIP-101, KIP-279: LeaderEpochFileCache.endOffsetFor,
 * AbstractFetcherThread.getOffsetTruncationState). Broker crashes are process crashes: the log in
 * the page cache survives. A power loss (faults.power-loss) also loses what the broker had not
 * flushed (log.flush.interval.messages; Kafka leaves flushing to the OS by default). Functions over
 * a draft (or an owned plain copy).
 */
import type { Draft } from 'immer';
import type { Cluster, Ctx } from './cluster.js';
import { effectiveMinIsr, raiseHighWatermark } from './high-watermark.js';
import { hasMissed, receivedCopy, settleMissed } from './missed-records.js';
import { afterMarker, type LogEntry, type ProducerEntry } from './records.js';
import type { Acked, EpochStart, Replica } from './replicas.js';

/** The log of broker `b`'s replica of partition `i` (the partition's log when `b` leads). Pure. */
export function replicaLog(k: Cluster, i: number, b: number): readonly LogEntry[] {
  const r = k.replication!.partitions[i]!;
  return r.leader === b ? k.partitions[i]!.log : r.replicas[b]!.log;
}

/**
 * LeaderEpochFileCache.endOffsetFor: the largest epoch at most `epoch` in `epochs` and where it
 * ends (the next epoch's start, or `leo` for the latest); an epoch older than every cached one ends
 * where the first cached epoch starts (the cache lost it, say to a power loss); [-1, -1] with no
 * cache (UNDEFINED_EPOCH_OFFSET). Pure.
 */
function endOffsetFor(epochs: readonly EpochStart[], leo: number, epoch: number): [number, number] {
  for (let j = epochs.length - 1; j >= 0; j--) {
    const e = epochs[j]!;
    if (e.epoch <= epoch) return [e.epoch, j + 1 < epochs.length ? epochs[j + 1]!.start : leo];
  }
  return epochs.length > 0 ? [epoch, epochs[0]!.start] : [-1, -1];
}

/**
 * Where a follower truncates to before it fetches from a new leader (KIP-101; KIP-279's rounds:
 * AbstractFetcherThread.getOffsetTruncationState): it asks for the end of its latest epoch, and
 * truncates to the least of the leader's answer and its own end of that epoch; an epoch it does
 * not know sends it one epoch further back. Without epochs, its high watermark. Pure.
 */
function truncationOffset(
  leader: readonly EpochStart[],
  leaderLeo: number,
  own: readonly EpochStart[],
  ownLeo: number,
  ownHw: number,
): number {
  let ask = own.length > 0 ? own[own.length - 1]!.epoch : -1;
  while (ask >= 0) {
    const [epoch, end] = endOffsetFor(leader, leaderLeo, ask);
    if (epoch < 0) return Math.min(ownHw, ownLeo);
    const [ownEpoch, ownEnd] = endOffsetFor(own, ownLeo, epoch);
    if (ownEpoch === epoch) return Math.min(end, ownEnd, ownLeo);
    ask = ownEpoch;
  }
  return Math.min(ownHw, ownLeo);
}

/** The epoch cache cut at `offset` (LeaderEpochFileCache.truncateFromEnd). Pure. */
function epochsBelow(epochs: readonly EpochStart[], offset: number): EpochStart[] {
  return epochs.filter((e) => e.start < offset);
}

/** Whether follower `b` of partition `i` has something to fetch, to report, or to truncate. Pure. */
export function mayFetch(k: Cluster, i: number, b: number): boolean {
  const r = k.replication!.partitions[i]!;
  if (r.leader === null || r.leader === b || !k.replication!.alive[b]) return false;
  const f = r.replicas[b]!;
  const p = k.partitions[i]!;
  return f.follows !== r.epoch || f.log.length < p.log.length || f.known < f.log.length || f.hw < p.highWatermark;
}

/**
 * Follower `b` fetches partition `i` from its leader (ReplicaFetcherThread): first, under a new
 * leader epoch, it truncates; then the leader takes its fetch offset as its log end
 * (Replica.updateFetchStateOrThrow, lastCaughtUpTimeMs when it reached the leader's log end), adds
 * it to the ISR when it reached the high watermark (Partition.maybeExpandIsr: LEO >= HW and >= the
 * epoch's start), raises the high watermark, and answers with the records past the fetch offset and
 * its high watermark, which the follower appends (its HW the least of the leader's and its own end).
 */
export function fetch(x: Ctx, i: number, b: number): void {
  const k = x.k;
  const r = k.replication!.partitions[i]!;
  const p = k.partitions[i]!;
  const leader = r.replicas[r.leader!]!;
  const f = r.replicas[b]!;
  if (f.follows !== r.epoch) {
    const to = truncationOffset(leader.epochs, p.log.length, f.epochs, f.log.length, f.hw);
    if (to < f.log.length) truncateReplica(x, i, b, to);
    f.hw = Math.min(f.hw, to);
    f.follows = r.epoch;
  }
  // A fetch offset past the leader's log end (a leader that lost its tail to a power loss):
  // OFFSET_OUT_OF_RANGE, and the follower truncates to the leader's end (AbstractFetcherThread.fetchOffsetAndTruncate).
  if (f.log.length > p.log.length) {
    truncateReplica(x, i, b, p.log.length);
    f.hw = Math.min(f.hw, p.log.length);
  }
  const fetchOffset = f.log.length;
  f.known = fetchOffset;
  if (fetchOffset >= p.log.length) f.caughtUpMs = x.now;
  const epochStart = leader.epochs[leader.epochs.length - 1]!.start;
  if (!r.isr.includes(b) && fetchOffset >= p.highWatermark && fetchOffset >= epochStart)
    commitIsr(
      x,
      i,
      [...r.isr, b].sort((a, c) => a - c),
      `broker ${b} caught up`,
    );
  raiseHighWatermark(k, i);
  if (fetchOffset < p.log.length) {
    const copied = p.log.slice(fetchOffset).map(receivedCopy);
    f.log = [...f.log, ...copied];
    if (hasMissed(f.log)) settleMissed(f.log as LogEntry[]);
    f.epochs = leader.epochs.filter((e) => e.start < f.log.length);
    flushIfDue(x.k, f, f.log.length);
  }
  f.hw = Math.min(p.highWatermark, f.log.length);
}

/** Follower `b`'s replica of `i` truncated to `to` (UnifiedLog.truncateTo: the recovery point too). */
function truncateReplica(x: Ctx, i: number, b: number, to: number): void {
  const f = x.k.replication!.partitions[i]!.replicas[b]!;
  f.log = f.log.slice(0, to);
  f.epochs = epochsBelow(f.epochs, to);
  cutCheckpoint(f, to);
  f.flushed = Math.min(f.flushed, to);
  x.events.push({ type: 'truncated', partition: i, broker: b, offset: to });
}

/** A replica's cleaner checkpoint after its log was cut at `to` (LogCleanerManager.maybeTruncateCheckpoint). */
function cutCheckpoint(f: Draft<Replica>, to: number): void {
  if (f.firstDirtyOffset !== undefined && f.firstDirtyOffset > to) f.firstDirtyOffset = to;
}

/**
 * After an append that left the log `leo` long: flush once the unflushed records reach
 * log.flush.interval.messages (UnifiedLog.append: unflushedMessages >= flushInterval).
 */
function flushIfDue(k: Cluster, r: { flushed: number }, leo: number): void {
  if (leo - r.flushed >= k.rules.logFlushIntervalMessages) r.flushed = leo;
}

/** The leader of `i` appended to its log: its flush check (a no-op without replication). */
export function leaderAppended(x: Ctx, i: number): void {
  const r = x.k.replication?.partitions[i];
  if (!r || r.leader === null) return;
  flushIfDue(x.k, r.replicas[r.leader]!, x.k.partitions[i]!.log.length);
}

/**
 * Whether the leader of `i` may drop follower `b` from the ISR (Partition.getOutOfSyncReplicas): it
 * is behind the leader's log end. The lag test (replica.lag.time.max.ms since it last caught up)
 * is met by letting the clock pass it. Pure.
 */
export function mayShrink(k: Cluster, i: number, b: number): boolean {
  const r = k.replication!.partitions[i]!;
  return r.leader !== null && r.leader !== b && r.isr.includes(b) && r.replicas[b]!.known < k.partitions[i]!.log.length;
}

/** The clock at which follower `b` of `i` is out of sync (lastCaughtUpTimeMs + replica.lag.time.max.ms). Pure. */
export function outOfSyncAt(k: Cluster, i: number, b: number): number {
  return k.replication!.partitions[i]!.replicas[b]!.caughtUpMs + k.rules.replicaLagTimeMaxMs + 1;
}

/**
 * The controller commits ISR `target` for `i` (PartitionChangeBuilder). With eligible leader replicas
 * (maybePopulateTargetElr): an ISR at min.insync.replicas or above clears the ELR; below it, the members of the old
 * ISR and ELR outside the new ISR are eligible, but for a broker back from an unclean shutdown (`unclean`). The
 * leader when the ISR first becomes empty is remembered as the last known leader (maybeUpdateLastKnownLeader).
 */
function commitIsr(x: Ctx, i: number, target: readonly number[], reason: string, unclean: number | null = null): void {
  const k = x.k;
  const r = k.replication!.partitions[i]!;
  if (k.rules.eligibleLeaderReplicas) {
    if (target.length >= effectiveMinIsr(k)) r.elr = [];
    else
      r.elr = [...new Set([...r.elr, ...r.isr])]
        .filter((m) => !target.includes(m) && m !== unclean)
        .sort((a, c) => a - c);
    if (target.length === 0 && r.isr.length > 0 && r.leader !== null) r.lastKnownLeader = r.leader;
  }
  r.isr = [...target];
  const elr = r.elr.length > 0 ? `; eligible leaders [${r.elr.join(', ')}]` : '';
  x.events.push({ type: 'isr', partition: i, isr: [...r.isr], reason: `${reason}${elr}` });
}

/** The leader of `i` shrinks the ISR by follower `b` (Partition.maybeShrinkIsr, AlterPartition committed). */
export function shrinkIsr(x: Ctx, i: number, b: number): void {
  const r = x.k.replication!.partitions[i]!;
  commitIsr(
    x,
    i,
    r.isr.filter((m) => m !== b),
    `broker ${b} lagged`,
  );
  raiseHighWatermark(x.k, i);
}

/**
 * The producer state a new leader holds: what its replica built from its log (followers replay every
 * batch and marker into their ProducerStateManager, ProducerAppendInfo with origin REPLICATION; a
 * restarted broker loads its snapshot, which persists each producer's coordinator epoch, and replays
 * the rest, UnifiedLog.rebuildProducerState). A marker's coordinator epoch comes from its control
 * record (EndTransactionMarker). Pure.
 */
export function producersFrom(log: readonly LogEntry[]): ProducerEntry[] {
  const out: ProducerEntry[] = [];
  for (const e of log) {
    // An entry the replica missed (its leader's cleaner removed it first) never reached its producer state.
    if (e.producerId < 0 || e.missed === true) continue;
    let at = out.findIndex((x) => x.producerId === e.producerId);
    if (e.kind === 'control') {
      const marked = afterMarker(out[at], e.producerId, e.epoch, e.coordinatorEpoch);
      if (at < 0) out.push(marked);
      else out[at] = marked;
      continue;
    }
    if (at < 0) {
      out.push({
        producerId: e.producerId,
        epoch: e.epoch,
        lastSequence: -1,
        firstOpenOffset: null,
        batches: [],
        coordinatorEpoch: -1,
      });
      at = out.length - 1;
    }
    const p = out[at]!;
    const batches = e.epoch > p.epoch ? [] : p.batches;
    out[at] = {
      ...p,
      epoch: Math.max(p.epoch, e.epoch),
      lastSequence: e.sequence,
      batches: [...batches, { sequence: e.sequence, offset: e.offset }].slice(-5),
      firstOpenOffset: e.transactional && p.firstOpenOffset === null ? e.offset : p.firstOpenOffset,
    };
  }
  return out;
}

/**
 * Broker `b` becomes the leader of `i` (Partition.makeLeader): a new leader epoch starting at its log
 * end, its log the partition's, its producer state rebuilt from it, its own high watermark; it
 * knows no follower's log end until they fetch, and every follower truncates before it fetches.
 */
function makeLeader(x: Ctx, i: number, b: number, unclean: boolean): void {
  const k = x.k;
  const r = k.replication!.partitions[i]!;
  const p = k.partitions[i]!;
  const nl = r.replicas[b]!;
  r.epoch += 1;
  r.leader = b;
  p.log = nl.log as Draft<LogEntry>[];
  nl.log = [];
  // The broker's cleaner checkpoint goes with its log.
  if (nl.firstDirtyOffset !== undefined) {
    p.firstDirtyOffset = nl.firstDirtyOffset;
    delete nl.firstDirtyOffset;
  } else if (p.firstDirtyOffset !== undefined) delete p.firstDirtyOffset;
  nl.epochs = [...nl.epochs, { epoch: r.epoch, start: p.log.length }];
  nl.follows = r.epoch;
  p.highWatermark = Math.min(nl.hw, p.log.length);
  p.producers = producersFrom(p.log) as Draft<ProducerEntry>[];
  p.guards = [];
  for (const f of r.replicas) f.known = 0;
  // An unclean election (or the last known leader's) sets the ISR to the new leader and clears the ELR fields
  // (PartitionChangeBuilder.tryElection, maybeUpdateRecordElr); a partition with a leader forgets its last one.
  if (unclean) {
    r.isr = [b];
    r.elr = [];
  }
  r.lastKnownLeader = null;
  raiseHighWatermark(k, i);
  x.events.push({
    type: 'leader',
    partition: i,
    broker: b,
    epoch: r.epoch,
    how: unclean ? 'unclean' : 'clean',
  });
}

/**
 * The controller elects a leader for an offline partition (offlinePartitionLeaderElection): the
 * first live ISR member; else, with unclean.leader.election.enable, the first live replica (the
 * ISR reset to it: "This can result in data loss!", PartitionChangeBuilder); else none.
 */
function elect(x: Ctx, i: number): void {
  const k = x.k;
  const rep = k.replication!;
  const r = rep.partitions[i]!;
  const clean = r.isr.find((m) => rep.alive[m]);
  if (clean !== undefined) {
    makeLeader(x, i, clean, false);
    return;
  }
  // KIP-966 (PartitionChangeBuilder.isValidNewLeader): with an empty ISR, a live eligible leader replica; it
  // becomes the ISR alone. Then the last known leader (canElectLastKnownLeader), as an unclean election would.
  const eligible = r.isr.length === 0 ? r.elr.find((m) => rep.alive[m]) : undefined;
  if (eligible !== undefined) {
    r.isr = [eligible];
    r.elr = r.elr.filter((m) => m !== eligible);
    makeLeader(x, i, eligible, false);
    return;
  }
  const last = r.isr.length === 0 && r.elr.length === 0 ? r.lastKnownLeader : null;
  if (last !== null && rep.alive[last]) makeLeader(x, i, last, true);
  else if (k.rules.uncleanLeaderElection) {
    const any = r.replicas.findIndex((_, m) => rep.alive[m]);
    if (any >= 0) makeLeader(x, i, any, true);
  }
}

/**
 * Broker `b` stops: the controller drops it from every ISR that has another member
 * (ReplicationControlManager.handleBrokerFenced; an ISR never becomes empty) and moves the
 * leadership of the partitions it led.
 */
function stopBroker(x: Ctx, b: number): void {
  const rep = x.k.replication!;
  rep.alive[b] = false;
  x.events.push({ type: 'broker', broker: b, up: false });
  rep.partitions.forEach((r, i) => {
    // With eligible leader replicas the ISR may become empty (ReplicationControlManager.handleBrokerFenced).
    if (r.isr.includes(b) && (r.isr.length > 1 || x.k.rules.eligibleLeaderReplicas))
      commitIsr(
        x,
        i,
        r.isr.filter((m) => m !== b),
        `broker ${b} fenced`,
      );
    if (r.leader === b) {
      const old = r.replicas[b]!;
      const p = x.k.partitions[i]!;
      old.log = p.log;
      old.hw = p.highWatermark;
      if (p.firstDirtyOffset !== undefined) old.firstDirtyOffset = p.firstDirtyOffset;
      old.follows = -1;
      r.leader = null;
      elect(x, i);
    } else r.replicas[b]!.follows = -1;
  });
}

/** Broker `b` crashes (its process: the page cache keeps its log). */
export function crashBroker(x: Ctx, b: number): void {
  x.k.replication!.crashes += 1;
  stopBroker(x, b);
}

/**
 * Broker `b` loses power (an unclean shutdown that loses the page cache): it stops as in a crash,
 * and each of its replicas keeps only the log below its recovery point (LogLoader recovers to the
 * last flush), its leader-epoch cache cut there (LeaderEpochFileCache.truncateFromEnd). A broker that
 * was the last ISR member stays in the ISR and is elected again when it restarts, without the tail
 * it lost: the "last replica standing" of KIP-966.
 */
export function powerLoss(x: Ctx, b: number): void {
  const rep = x.k.replication!;
  rep.powerLosses += 1;
  stopBroker(x, b);
  rep.partitions.forEach((r, i) => {
    const f = r.replicas[b]!;
    if (f.flushed >= f.log.length) return;
    f.log = f.log.slice(0, f.flushed);
    f.epochs = epochsBelow(f.epochs, f.flushed);
    cutCheckpoint(f, f.flushed);
    f.hw = Math.min(f.hw, f.flushed);
    x.events.push({ type: 'recovered', partition: i, broker: b, offset: f.flushed });
  });
}

/** Broker `b` restarts with its log; an offline partition it can lead gets a leader. */
export function restartBroker(x: Ctx, b: number): void {
  const rep = x.k.replication!;
  rep.alive[b] = true;
  x.events.push({ type: 'broker', broker: b, up: true });
  rep.partitions.forEach((r, i) => {
    // KIP-966: a broker that registers after an unclean shutdown (every crash here: no controlled shutdown wrote
    // its clean-shutdown file) leaves every ISR and ELR first (ReplicationControlManager.handleBrokerUncleanShutdown).
    if (x.k.rules.eligibleLeaderReplicas && (r.isr.includes(b) || r.elr.includes(b)))
      commitIsr(
        x,
        i,
        r.isr.filter((m) => m !== b),
        `broker ${b} back from an unclean shutdown`,
        b,
      );
    if (r.leader === null) elect(x, i);
  });
}

/** Ghost: the write at `offset` of `i` was acknowledged to its producer. */
export function recordAck(x: Ctx, i: number, offset: number): void {
  const e = x.k.partitions[i]!.log[offset];
  if (e?.kind === 'data') x.k.replication!.acked.push({ partition: i, offset, value: e.value });
}

/** Whether the partition's ISR is at least min.insync.replicas (an acks=all write is accepted). Pure. */
export function enoughReplicas(k: Cluster, i: number): boolean {
  return k.replication!.partitions[i]!.isr.length >= effectiveMinIsr(k);
}

/**
 * The first acknowledged write lost or changed (not in the current, or last, leader's log as acknowledged), or
 * null: allocates nothing, as `acked-durable` asks it after every step. Pure.
 */
export function firstLostAck(k: Cluster): Acked | null {
  const rep = k.replication;
  if (!rep) return null;
  for (const a of rep.acked) {
    const e = k.partitions[a.partition]!.log[a.offset];
    if (e?.kind !== 'data' || e.value !== a.value) return a;
  }
  return null;
}
