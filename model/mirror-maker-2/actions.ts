/**
 * The actions of `mirror-maker-2`, one table entry each: MirrorSourceTask copying a record (and its
 * offset sync) and committing (3.7+: the delayed sync), the checkpoint task reading syncs, emitting
 * a checkpoint and syncing the target group, the consumer group on either cluster, and the failover.
 */
import type { Draft } from 'immer';
import type { ActionTable } from '../core/model.js';
import { Part, reads, writes } from './access.js';
import { delayedSyncs, exactlyOnceSource, taskFaults } from './config.js';
import { isAborted, type MirrorMaker2State, nextCommitted, nextCopied, translationLag } from './state.js';
import { emits, readSyncs, syncDue, translate } from './sync.js';
import { abortable, flushDue, freshSync } from './tasks.js';

/** Actions of `mirror-maker-2`. One tag (`type`). */
export type MirrorMaker2Action =
  | { readonly type: 'Mirror' }
  | { readonly type: 'CommitSourceTask' }
  | { readonly type: 'ReadSyncs' }
  | { readonly type: 'Checkpoint' }
  | { readonly type: 'SyncGroupOffsets' }
  | { readonly type: 'Consume' }
  | { readonly type: 'CommitOffsets' }
  | { readonly type: 'SourceClusterLost' }
  | { readonly type: 'Switch' }
  | { readonly type: 'ConsumeTarget' }
  | { readonly type: 'SourceTransactionAborted'; readonly transaction: number }
  | { readonly type: 'TaskRestart' }
  | { readonly type: 'ZombieTask' }
  | { readonly type: 'ZombieMirror' };

type S = MirrorMaker2State;
type D = Draft<S>;

const MM2 = 'mirror-maker-2';
const GROUP = 'group';

/** The checkpoint the task would emit now: the translation of the group's committed offset, or null. */
function nextCheckpoint(s: S): { u: number; d: number } | null {
  const d = translate(s.config, s.syncs.slice(0, s.storeRead), s.store, s.group.committed);
  return d === null || !emits(s.config, s.checkpoint, s.group.committed, d) ? null : { u: s.group.committed, d };
}

/**
 * Where the group starts on the target: its synced offset there (sync.group.offsets.enabled), else
 * the last checkpoint (RemoteClusterUtils.translateOffsets reads `source.checkpoints.internal`),
 * else auto.offset.reset=earliest.
 */
function failoverPosition(s: S): number {
  if (s.config.syncGroupOffsets) return s.targetGroupOffset ?? 0;
  return s.checkpoint?.d ?? 0;
}

function moveGroup(d: D, why: string): void {
  const at = failoverPosition(d);
  d.group.cluster = 'target';
  d.group.position = at;
  d.events.push({ lane: GROUP, text: `group: ${why}; starts on source.topic at offset ${at}` });
}

/** Whether the planned switch may happen: replication drained, the group done, its final checkpoint read. */
function switchReady(s: S): boolean {
  const c = s.config;
  if (c.failover !== 'planned' || !s.sourceAlive || s.group.cluster !== 'source') return false;
  if (nextCopied(s, s.mirrored) !== null || nextCommitted(s, s.group.position) !== null) return false;
  if (s.group.committed !== s.group.position || s.sync.delayed !== null || s.storeRead < s.syncs.length) return false;
  if (nextCheckpoint(s) !== null) return false;
  return !c.syncGroupOffsets || s.checkpoint === null || s.targetGroupOffset === s.checkpoint.d;
}

/** The action table of `mirror-maker-2`. */
export const mirrorMaker2Actions = {
  // MirrorSourceTask.poll/commitRecord: the next record reaches source.topic, acknowledged; maybe a sync.
  Mirror: {
    // Every drain mirrors each record, one at a time: drains that merged meet again at the next Mirror.
    meet: true,
    enabled(s, emit) {
      if (s.sourceAlive && nextCopied(s, s.mirrored) !== null) emit({ type: 'Mirror' });
    },
    // The next record, and a sync appended if one is due; under exactly-once its source offset too.
    access(s, _a, at) {
      reads(at, Part.sourceAlive, Part.aborted);
      writes(at, Part.target, Part.mirrored, Part.sync);
      if (exactlyOnceSource(s.config) && taskFaults(s.config)) at.write(Part.flushed);
      const u = nextCopied(s, s.mirrored);
      if (u !== null && syncDue(s.config, s.sync, u, s.target.length)) at.write(Part.syncs);
    },
    effect(d) {
      const u = nextCopied(d, d.mirrored)!;
      const down = d.target.length;
      d.target.push(d.source[u]!);
      d.mirrored = u + 1;
      // ExactlyOnceWorkerSourceTask (KIP-618): the records and their source offsets in one transaction.
      if (exactlyOnceSource(d.config) && taskFaults(d.config)) d.flushed = u + 1;
      const aborted = isAborted(d, u) ? ' (of an aborted transaction: read_uncommitted)' : '';
      const text = `source.topic: v${d.source[u]} (upstream ${u})${aborted} copied to offset ${down}`;
      if (syncDue(d.config, d.sync, u, down)) {
        d.syncs.push({ u, d: down });
        d.sync.lastSyncU = u;
        d.sync.lastSyncD = down;
        d.sync.delayed = null;
        d.events.push({ lane: MM2, text: `${text}; offset sync ${u} -> ${down}` });
      } else {
        if (delayedSyncs(d.config)) d.sync.delayed = { u, d: down };
        d.events.push({ lane: MM2, text });
      }
      d.sync.previousU = u;
    },
    describe: () => 'MirrorSourceTask.Mirror()',
    lanes: () => ({ from: MM2, to: 'target' }),
  },
  // WorkerSourceTask's offset flush (every offset.flush.interval.ms), then MirrorSourceTask.commit, 3.7+:
  // promoteDelayedOffsetSyncs.
  CommitSourceTask: {
    enabled(s, emit) {
      if (s.sourceAlive && (s.sync.delayed !== null || flushDue(s))) emit({ type: 'CommitSourceTask' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.mirrored);
      writes(at, Part.sync, Part.syncs, Part.flushed);
    },
    effect(d) {
      if (flushDue(d)) {
        d.flushed = d.mirrored;
        d.events.push({ lane: MM2, text: `source offset ${d.flushed} committed (offset flush)` });
      }
      const sync = d.sync.delayed;
      if (sync === null) return;
      d.syncs.push({ u: sync.u, d: sync.d });
      d.sync.lastSyncU = sync.u;
      d.sync.lastSyncD = sync.d;
      d.sync.delayed = null;
      d.events.push({ lane: MM2, text: `delayed offset sync ${sync.u} -> ${sync.d} written` });
    },
    describe: () => 'MirrorSourceTask.commit() (offset.flush.interval.ms)',
    lanes: () => ({ from: MM2 }),
  },
  // OffsetSyncStore's consumer reads `mm2-offset-syncs.source.internal` (on the source cluster).
  ReadSyncs: {
    enabled(s, emit) {
      if (s.sourceAlive && s.storeRead < s.syncs.length) emit({ type: 'ReadSyncs' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.syncs);
      writes(at, Part.storeRead);
    },
    effect(d) {
      const first = d.storeRead === 0;
      d.store = readSyncs(d.config, d);
      d.storeRead = d.syncs.length;
      const kept =
        d.store.length > 0 ? `; it keeps ${[...new Set(d.store.map((x) => `${x.u}->${x.d}`))].join(', ')}` : '';
      d.events.push({
        lane: 'checkpoint',
        text: `offset sync store: ${d.storeRead} syncs read${first ? ' (its first read to the end)' : ''}${kept}`,
      });
    },
    describe: () => 'OffsetSyncStore.ReadSyncs()',
    lanes: () => ({ from: 'checkpoint', to: MM2 }),
  },
  // MirrorCheckpointTask.poll, every emit.checkpoints.interval.seconds: the group's committed offset, translated.
  Checkpoint: {
    enabled(s, emit) {
      if (s.sourceAlive && nextCheckpoint(s) !== null) emit({ type: 'Checkpoint' });
    },
    // The translation of the group's committed offset through the syncs read (a prefix of the syncs that only
    // ReadSyncs moves: a sync appended after it is not read).
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.storeRead, Part.committed, Part.syncs, Part.target, Part.aborted);
      writes(at, Part.checkpoint);
    },
    effect(d) {
      const cp = nextCheckpoint(d)!;
      d.checkpoint = cp;
      // Kept only past offset.lag.max, all the invariant needs: a lag within it would split states for nothing.
      const lag = translationLag(d, cp);
      d.checkpointLag = lag !== null && lag > d.config.offsetLagMax ? lag : null;
      d.events.push({ lane: 'checkpoint', text: `checkpoint: upstream ${cp.u} -> downstream ${cp.d}` });
    },
    describe: (s) => `MirrorCheckpointTask.Checkpoint(upstream ${s.group.committed})`,
    lanes: () => ({ from: 'checkpoint', to: 'target' }),
  },
  // MirrorCheckpointTask.syncGroupOffset: only forward, only while the target group has no members.
  SyncGroupOffsets: {
    enabled(s, emit) {
      const cp = s.checkpoint;
      if (!s.config.syncGroupOffsets || cp === null || s.group.cluster !== 'source') return;
      if (s.targetGroupOffset === null || cp.d > s.targetGroupOffset) emit({ type: 'SyncGroupOffsets' });
    },
    access(_s, _a, at) {
      reads(at, Part.checkpoint, Part.cluster);
      writes(at, Part.targetGroupOffset);
    },
    effect(d) {
      d.targetGroupOffset = d.checkpoint!.d;
      d.events.push({ lane: 'checkpoint', text: `target group offset of source.topic -> ${d.targetGroupOffset}` });
    },
    describe: () => 'MirrorCheckpointTask.SyncGroupOffsets()',
    lanes: () => ({ from: 'checkpoint', to: 'target' }),
  },
  // The group processes the next record on the source (read_committed: markers and aborted records skipped).
  Consume: {
    enabled(s, emit) {
      if (s.sourceAlive && s.group.cluster === 'source' && nextCommitted(s, s.group.position) !== null)
        emit({ type: 'Consume' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.cluster, Part.aborted);
      writes(at, Part.position, Part.processed);
    },
    effect(d) {
      const o = nextCommitted(d, d.group.position)!;
      d.processed.push(d.source[o]!);
      d.group.position = nextCommitted(d, o + 1) ?? d.source.length;
      d.events.push({ lane: GROUP, text: `group: processed v${d.source[o]} (topic offset ${o})` });
    },
    describe: (s) => `group.Consume(topic@${s.group.position})`,
    lanes: () => ({ from: GROUP, to: 'source' }),
  },
  CommitOffsets: {
    enabled(s, emit) {
      if (s.sourceAlive && s.group.cluster === 'source' && s.group.position > s.group.committed)
        emit({ type: 'CommitOffsets' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.cluster, Part.position);
      writes(at, Part.committed);
    },
    effect(d) {
      d.group.committed = d.group.position;
      d.events.push({ lane: GROUP, text: `group: committed topic -> ${d.group.committed}` });
    },
    describe: (s) => `group.CommitOffsets(topic -> ${s.group.position})`,
    lanes: () => ({ from: GROUP, to: 'source' }),
  },
  // Unplanned failover: the source cluster is lost, with whatever MirrorMaker 2 had not copied yet.
  SourceClusterLost: {
    fault: true,
    enabled(s, emit) {
      if (s.config.failover === 'unplanned' && s.sourceAlive && s.group.cluster === 'source')
        emit({ type: 'SourceClusterLost' });
    },
    // The group moves to the target, where its synced offset or last checkpoint says.
    access(_s, _a, at) {
      reads(at, Part.checkpoint, Part.targetGroupOffset);
      writes(at, Part.sourceAlive, Part.cluster, Part.position);
    },
    effect(d) {
      d.sourceAlive = false;
      d.events.push({ lane: 'source', text: 'source cluster lost' });
      moveGroup(d, 'failed over');
    },
    describe: () => 'fault.SourceClusterLost()',
    lanes: () => ({ from: 'source' }),
  },
  // Planned failover: producers moved, replication drained, the final checkpoint read; the group switches.
  Switch: {
    enabled(s, emit) {
      if (switchReady(s)) emit({ type: 'Switch' });
    },
    // Ready once everything is drained, synced, read and checkpointed: it reads nearly every part.
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.mirrored, Part.sync, Part.syncs, Part.storeRead, Part.committed);
      reads(at, Part.checkpoint, Part.targetGroupOffset, Part.aborted);
      writes(at, Part.cluster, Part.position);
    },
    effect: (d) => moveGroup(d, 'switched (planned)'),
    describe: () => 'operator.Switch()',
    lanes: () => ({ from: GROUP, to: 'target' }),
  },
  ConsumeTarget: {
    enabled(s, emit) {
      if (s.group.cluster === 'target' && s.group.position < s.target.length) emit({ type: 'ConsumeTarget' });
    },
    access(_s, _a, at) {
      reads(at, Part.cluster, Part.target);
      writes(at, Part.position, Part.processed);
    },
    effect(d) {
      const o = d.group.position;
      d.processed.push(d.target[o]!);
      d.group.position = o + 1;
      d.events.push({ lane: GROUP, text: `group: processed v${d.target[o]} (source.topic offset ${o})` });
    },
    describe: (s) => `group.Consume(source.topic@${s.group.position})`,
    lanes: () => ({ from: GROUP, to: 'target' }),
  },
  // The source's producer aborts a transaction (an ABORT marker), decided before any reader reached it.
  SourceTransactionAborted: {
    fault: true,
    enabled(s, emit) {
      const t = abortable(s);
      if (t !== null) emit({ type: 'SourceTransactionAborted', transaction: t });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.target, Part.processed, Part.mirrored, Part.cluster, Part.position);
      reads(at, Part.zombie);
      writes(at, Part.aborted);
    },
    effect(d, a) {
      d.aborted.push(a.transaction);
      const n = d.config.sourceTransactionRecords;
      const first = a.transaction * n + 1;
      d.events.push({ lane: 'source', text: `source transaction of v${first}-v${first + n - 1} aborted` });
    },
    describe: (_s, a) => `fault.SourceTransactionAborted(v${a.transaction * _s.config.sourceTransactionRecords + 1})`,
    lanes: () => ({ from: 'source' }),
  },
  // The task crashes; Connect starts its next generation from the committed source offsets (loadOffsets), with a
  // fresh PartitionState (its first record gets an offset sync).
  TaskRestart: {
    fault: true,
    enabled(s, emit) {
      if (s.sourceAlive && s.restarts < s.config.taskRestarts && s.mirrored > 0) emit({ type: 'TaskRestart' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.flushed);
      writes(at, Part.mirrored, Part.sync, Part.generation);
    },
    effect(d) {
      d.restarts += 1;
      const again = d.mirrored - d.flushed;
      d.mirrored = d.flushed;
      d.sync = freshSync();
      d.events.push({
        lane: MM2,
        text:
          `MirrorSourceTask crashed; its next generation starts at committed source offset ${d.flushed}` +
          (again > 0 ? ` (${again} offsets copied again)` : ''),
      });
    },
    describe: () => 'fault.TaskRestart()',
    lanes: () => ({ from: MM2 }),
  },
  // A new task generation starts while the older one still runs (its worker cut off from the Connect group).
  // Exactly-once: the new generation's startup fences the older one's transactional ids (fenceZombieSourceTasks,
  // KIP-618), so the zombie commits nothing more; else the zombie copies on.
  ZombieTask: {
    fault: true,
    enabled(s, emit) {
      if (s.sourceAlive && s.zombies < s.config.zombieTasks && s.zombie === null && s.mirrored > 0)
        emit({ type: 'ZombieTask' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.flushed);
      writes(at, Part.mirrored, Part.sync, Part.generation, Part.zombie);
    },
    effect(d) {
      d.zombies += 1;
      const fenced = exactlyOnceSource(d.config);
      if (!fenced) d.zombie = d.mirrored;
      d.mirrored = d.flushed;
      d.sync = freshSync();
      d.events.push({
        lane: MM2,
        text:
          `a new MirrorSourceTask generation starts at committed source offset ${d.flushed}; ` +
          (fenced
            ? 'the older generation is fenced (its transactional id)'
            : `the older one copies on from ${d.zombie}`),
      });
    },
    describe: () => 'fault.ZombieTask()',
    lanes: () => ({ from: MM2 }),
  },
  // The zombie generation's poll and send: its records reach source.topic (no offset sync modelled for it).
  ZombieMirror: {
    enabled(s, emit) {
      if (s.sourceAlive && s.zombie !== null && nextCopied(s, s.zombie) !== null) emit({ type: 'ZombieMirror' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.aborted);
      writes(at, Part.target, Part.zombie);
    },
    effect(d) {
      const u = nextCopied(d, d.zombie!)!;
      const down = d.target.length;
      d.target.push(d.source[u]!);
      d.zombie = u + 1;
      d.events.push({ lane: MM2, text: `zombie task: v${d.source[u]} (upstream ${u}) copied to offset ${down}` });
    },
    describe: (s) => `zombie.Mirror(topic@${s.zombie})`,
    lanes: () => ({ from: MM2, to: 'target' }),
  },
} satisfies ActionTable<S, MirrorMaker2Action>;
