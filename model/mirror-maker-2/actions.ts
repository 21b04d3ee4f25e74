/**
 * The actions of `mirror-maker-2`, one table entry each: MirrorSourceTask copying a record (and its
 * offset sync) and committing (3.7+: the delayed sync), the checkpoint task reading syncs, emitting
 * a checkpoint and syncing the target group, the consumer group on either cluster, and the failover.
 */
import type { Draft } from 'immer';
import type { ActionTable } from '../core/model.js';
import { Part, reads, writes } from './access.js';
import { delayedSyncs } from './config.js';
import { type MirrorMaker2State, nextRecord, translationLag } from './state.js';
import { emits, readSyncs, syncDue, translate } from './sync.js';

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
  | { readonly type: 'ConsumeTarget' };

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
  if (nextRecord(s.source, s.mirrored) !== null || nextRecord(s.source, s.group.position) !== null) return false;
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
      if (s.sourceAlive && nextRecord(s.source, s.mirrored) !== null) emit({ type: 'Mirror' });
    },
    // The next record, and a sync appended if one is due.
    access(s, _a, at) {
      reads(at, Part.sourceAlive);
      writes(at, Part.target, Part.mirrored, Part.sync);
      const u = nextRecord(s.source, s.mirrored);
      if (u !== null && syncDue(s.config, s.sync, u, s.target.length)) at.write(Part.syncs);
    },
    effect(d) {
      const u = nextRecord(d.source, d.mirrored)!;
      const down = d.target.length;
      d.target.push(d.source[u]!);
      d.mirrored = u + 1;
      const text = `source.topic: v${d.source[u]} (upstream ${u}) copied to offset ${down}`;
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
  // MirrorSourceTask.commit (every offset.flush.interval.ms), 3.7+: promoteDelayedOffsetSyncs.
  CommitSourceTask: {
    enabled(s, emit) {
      if (s.sourceAlive && s.sync.delayed !== null) emit({ type: 'CommitSourceTask' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive);
      writes(at, Part.sync, Part.syncs);
    },
    effect(d) {
      const sync = d.sync.delayed!;
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
      reads(at, Part.sourceAlive, Part.storeRead, Part.committed, Part.syncs, Part.target);
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
  // The group processes the next record on the source (read_committed: markers skipped).
  Consume: {
    enabled(s, emit) {
      if (s.sourceAlive && s.group.cluster === 'source' && nextRecord(s.source, s.group.position) !== null)
        emit({ type: 'Consume' });
    },
    access(_s, _a, at) {
      reads(at, Part.sourceAlive, Part.cluster);
      writes(at, Part.position, Part.processed);
    },
    effect(d) {
      const o = nextRecord(d.source, d.group.position)!;
      d.processed.push(d.source[o]!);
      d.group.position = nextRecord(d.source, o + 1) ?? d.source.length;
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
      reads(at, Part.checkpoint, Part.targetGroupOffset);
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
} satisfies ActionTable<S, MirrorMaker2Action>;
