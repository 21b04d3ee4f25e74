/**
 * The `mirror-maker-2` state: a source cluster's topic `topic` (written before the run, its COMMIT
 * markers taking offsets), MirrorSourceTask copying its records to `source.topic` on the target
 * cluster with its offset syncs, MirrorCheckpointTask's store and checkpoints, and one consumer
 * group that processes the topic on the source and, after a failover, `source.topic` on the target.
 */
import type { MirrorMaker2Config } from './config.js';

/** An offset sync (MirrorSourceTask, `mm2-offset-syncs.source.internal`): upstream offset u is downstream d. */
export interface OffsetSync {
  readonly u: number;
  readonly d: number;
}

/** MirrorSourceTask's per-partition sync state (PartitionState): -1 before its first record. */
export interface SyncState {
  readonly lastSyncU: number;
  readonly lastSyncD: number;
  readonly previousU: number;
  /** 3.7+: the latest replicated record without a sync, promoted at the next task commit. */
  readonly delayed: OffsetSync | null;
}

/** The consumer group: where it reads, its position and its committed upstream offset. */
export interface ConsumerGroup {
  readonly cluster: 'source' | 'target';
  /** Next offset to read on the cluster it reads. */
  readonly position: number;
  /** Its committed offset on the source cluster (what the checkpoint task translates). */
  readonly committed: number;
}

/** What a step did, as a line on a lane, for the renderer. */
export interface Mm2Event {
  readonly lane: string;
  readonly text: string;
}

/** The whole state. Frozen; every change goes through `step`. */
export interface MirrorMaker2State {
  readonly config: MirrorMaker2Config;
  /** Static: the source topic, a value per offset (0: a COMMIT marker). */
  readonly source: readonly number[];
  readonly sourceAlive: boolean;
  /** `source.topic` on the target: values, the downstream offset is the index. */
  readonly target: readonly number[];
  /** MirrorSourceTask's next upstream offset. */
  readonly mirrored: number;
  /** The source transactions aborted (faults.source-aborts), by index from 0, ascending: ABORT markers. */
  readonly aborted: readonly number[];
  /**
   * The source offset committed for the task (Connect's offsets topic), where its next generation starts: the
   * offset flush (exactly.once.source.support=disabled) or each transaction (enabled). Kept only with a task
   * fault (faults.task-restarts, faults.zombie-tasks), the one reader; 0 otherwise.
   */
  readonly flushed: number;
  /** Task restarts and zombie generations so far. */
  readonly restarts: number;
  readonly zombies: number;
  /** The older task generation's next upstream offset while it still copies (a zombie), or null. */
  readonly zombie: number | null;
  readonly sync: SyncState;
  /** Offset syncs written, oldest first. */
  readonly syncs: readonly OffsetSync[];
  /** How many of them the checkpoint task's OffsetSyncStore has read. */
  readonly storeRead: number;
  /**
   * What the OffsetSyncStore keeps of them (3.4.1 and 3.5+: the 64-slot array without its tail, `store.ts`);
   * empty before its first read and on releases that translate from the latest sync alone.
   */
  readonly store: readonly OffsetSync[];
  /** The latest checkpoint emitted for the group (`source.checkpoints.internal` on the target), or null. */
  readonly checkpoint: OffsetSync | null;
  /**
   * Ghost: when the latest checkpoint was emitted with its store past the checkpointed offset (a sync read beyond
   * it) and put the group more than offset.lag.max records before its position on the target, how many; null
   * otherwise.
   */
  readonly checkpointLag: number | null;
  /** The group's offset in the target cluster's `__consumer_offsets` (sync.group.offsets.enabled), or null. */
  readonly targetGroupOffset: number | null;
  readonly group: ConsumerGroup;
  /** Ghost: the values the group processed, in order, on either cluster. */
  readonly processed: readonly number[];
  readonly events: readonly Mm2Event[];
}

/** The source topic of `c`: values 1..input.records, a COMMIT marker (0) after each transaction. Pure. */
export function sourceTopic(c: MirrorMaker2Config): number[] {
  const out: number[] = [];
  for (let v = 1; v <= c.inputRecords; v++) {
    out.push(v);
    if (c.sourceTransactionRecords > 0 && v % c.sourceTransactionRecords === 0) out.push(0);
  }
  return out;
}

/** The transaction of record value `v` (values from 1, `n` records a transaction). */
export function transactionOf(v: number, n: number): number {
  return Math.floor((v - 1) / n);
}

/** Whether offset `o` holds a record of an aborted source transaction. Pure. */
export function isAborted(s: MirrorMaker2State, o: number): boolean {
  const v = s.source[o]!;
  return v !== 0 && s.aborted.includes(transactionOf(v, s.config.sourceTransactionRecords));
}

/** The first offset at or after `from` a read_committed consumer returns (no marker, no aborted record), or null. */
export function nextCommitted(s: MirrorMaker2State, from: number): number | null {
  for (let o = from; o < s.source.length; o++) if (s.source[o] !== 0 && !isAborted(s, o)) return o;
  return null;
}

/**
 * The next offset at or after `from` MirrorSourceTask's consumer returns, or null: read_uncommitted (the
 * default) returns the records of aborted transactions too; markers never.
 */
export function nextCopied(s: MirrorMaker2State, from: number): number | null {
  return s.config.sourceIsolation === 'read_committed' ? nextCommitted(s, from) : nextRecord(s.source, from);
}

/** The first offset at or after `from` holding a record (not a marker), or null. Pure. */
export function nextRecord(log: readonly number[], from: number): number | null {
  for (let o = from; o < log.length; o++) if (log[o] !== 0) return o;
  return null;
}

/**
 * How many records before the group's position on the target checkpoint `cp` puts it, when the store had read a
 * sync past `cp.u` (syncs at most offset.lag.max + 1 apart could then translate it that closely); else null. The
 * position of upstream offset u is where its next record was copied (the end of `source.topic` if not yet). Pure.
 */
export function translationLag(s: MirrorMaker2State, cp: OffsetSync): number | null {
  if (!s.syncs.slice(0, s.storeRead).some((x) => x.u > cp.u)) return null;
  const next = nextCopied(s, cp.u);
  const copied = next === null ? -1 : s.target.indexOf(s.source[next]!);
  return (copied === -1 ? s.target.length : copied) - cp.d;
}

/** The initial state (plain; the compiled model freezes it). Pure. */
export function initialState(config: MirrorMaker2Config): MirrorMaker2State {
  return {
    config,
    source: sourceTopic(config),
    sourceAlive: true,
    target: [],
    mirrored: 0,
    aborted: [],
    flushed: 0,
    restarts: 0,
    zombies: 0,
    zombie: null,
    sync: { lastSyncU: -1, lastSyncD: -1, previousU: -1, delayed: null },
    syncs: [],
    storeRead: 0,
    store: [],
    checkpoint: null,
    checkpointLag: null,
    targetGroupOffset: null,
    group: { cluster: 'source', position: 0, committed: 0 },
    processed: [],
    events: [],
  };
}
