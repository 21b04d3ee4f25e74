/**
 * The log cleaner of `kafka-txn`'s output topic (`faults.log-cleaner` passes, cleanup.policy=compact): the `Clean`
 * step over one partition, and the clock's next stop, which takes the markers' delete horizons while a pass is
 * left to use them.
 */
import { castDraft, current, type Draft, isDraft } from 'immer';
import type { Access, ActionSpec } from '../core/model.js';
import type { Cluster } from '../kafka/cluster.js';
import { clean, cleanableBound, cleanedEvent, mapEnds, nextHorizon } from '../kafka/log-cleaner.js';
import type { Partition } from '../kafka/records.js';
import { cleaningBrokers, replicaView, storeCleaned } from '../kafka/replica-cleaner.js';
import { nextDeadline } from '../kafka/transactions.js';
import { Part } from './access.js';
import { doTick } from './client.js';
import { type KafkaTxnState, partitionName } from './state.js';

type S = KafkaTxnState;

/**
 * A cleaner pass over output partition `partition`, its offset map ending at `mapEnd`; with replication, over
 * broker `broker`'s replica of it (each broker cleans its own).
 */
export interface CleanAction {
  readonly type: 'Clean';
  readonly partition: number;
  readonly mapEnd: number;
  readonly broker?: number;
}

/** Passes the cleaner has made so far. */
const passes = (s: S): number => s.faults.cleanings ?? 0;

/** Whether the cleaner may still make a pass. Pure. */
function cleanerLeft(s: S): boolean {
  return s.config.cleanupPolicy === 'compact' && passes(s) < s.config.logCleaner;
}

/** Every replica of every output partition a cleaner may pass over, with its broker (null: one replica). Pure. */
function replicaViews(s: S): { partition: number; broker: number | null; view: Partition }[] {
  const out: { partition: number; broker: number | null; view: Partition }[] = [];
  s.kafka.partitions.forEach((_, partition) => {
    for (const broker of cleaningBrokers(s.kafka, partition))
      out.push({ partition, broker, view: replicaView(s.kafka, partition, broker) });
  });
  return out;
}

/** The earliest delete horizon past the clock of a marker in any replica, or null. Pure. */
function earliestHorizon(s: S): number | null {
  let best: number | null = null;
  for (const { view } of replicaViews(s)) {
    const h = nextHorizon(view, s.now);
    if (h !== null && (best === null || h < best)) best = h;
  }
  return best;
}

/** The clock's next stop: the earliest transaction deadline, or delete horizon while a pass is left. Pure. */
export function nextTick(s: S): number | null {
  const deadline = nextDeadline(s.kafka, s.now);
  if (!cleanerLeft(s)) return deadline;
  const h = earliestHorizon(s);
  return h !== null && (deadline === null || h < deadline) ? h : deadline;
}

/** Whether a marker of the output waits for its delete horizon (Tick then reads the logs). Pure. */
export function horizonPending(s: S): boolean {
  return cleanerLeft(s) && earliestHorizon(s) !== null;
}

/** The partition (or replica) a `Clean` passes over. Pure. */
const viewOf = (s: S, a: CleanAction): Partition => replicaView(s.kafka, a.partition, a.broker ?? null);

/** `Clean`: a pass of the log cleaner, up to the replica's last stable offset. */
export const cleanAction: ActionSpec<S, CleanAction> & {
  access(s: S, a: CleanAction, at: Access): void;
} = {
  fault: true,
  enabled(s, emit) {
    if (!cleanerLeft(s)) return;
    for (const { partition, broker, view } of replicaViews(s))
      for (const mapEnd of mapEnds(view))
        emit(broker === null ? { type: 'Clean', partition, mapEnd } : { type: 'Clean', partition, mapEnd, broker });
  },
  effect(d, a) {
    const k = isDraft(d.kafka) ? current(d.kafka) : (d.kafka as Cluster);
    const p = replicaView(k, a.partition, a.broker ?? null);
    const r = d.kafka.rules.release;
    const cleaned = clean(p, {
      mapEnd: a.mapEnd,
      now: d.now,
      deleteRetentionMs: d.config.deleteRetentionMs,
      wholeSegment: r.cleanerIndexesWholeSegment,
    });
    storeCleaned(d.kafka, a.partition, a.broker ?? null, castDraft(cleaned));
    (d.faults as Draft<S['faults']>).cleanings = passes(d as S) + 1;
    d.events.push(castDraft(cleanedEvent(a.partition, p, cleaned, a.broker)));
  },
  describe(s, a) {
    const p = viewOf(s, a);
    const bound = cleanableBound(p);
    const full = a.mapEnd < mapEnds(p).at(-1)! ? `, offset map full after ${a.mapEnd}` : '';
    const on = a.broker === undefined ? '' : ` on broker ${a.broker}`;
    return `cleaner.Clean(${partitionName(a.partition)}${on} below ${bound}${full})`;
  },
  lanes: (_s, a) => ({ from: 'cleaner', to: partitionName(a.partition) }),
  access(_s, _a, at) {
    at.read(Part.clock);
    at.write(Part.logs);
    at.write(Part.cleanings);
  },
};

/** Tick's rule: the clock moves to its next stop. */
export function tickEffect(d: Draft<S>): void {
  doTick(d, nextTick(d as S) ?? d.now);
}
