/**
 * The log cleaner of `kafka-txn`'s output topic (`faults.log-cleaner` passes, cleanup.policy=compact): the `Clean`
 * step over one partition, and the clock's next stop, which takes the markers' delete horizons while a pass is
 * left to use them.
 */
import { castDraft, current, type Draft, isDraft } from 'immer';
import type { Access, ActionSpec } from '../core/model.js';
import { clean, cleanableBound, cleanedEvent, mapEnds, nextHorizon } from '../kafka/log-cleaner.js';
import type { Partition } from '../kafka/records.js';
import { nextDeadline } from '../kafka/transactions.js';
import { Part } from './access.js';
import { doTick } from './client.js';
import { type KafkaTxnState, partitionName } from './state.js';

type S = KafkaTxnState;

/** A cleaner pass over output partition `partition`, its offset map ending at `mapEnd`. */
export interface CleanAction {
  readonly type: 'Clean';
  readonly partition: number;
  readonly mapEnd: number;
}

/** Passes the cleaner has made so far. */
const passes = (s: S): number => s.faults.cleanings ?? 0;

/** Whether the cleaner may still make a pass. Pure. */
function cleanerLeft(s: S): boolean {
  return s.config.cleanupPolicy === 'compact' && passes(s) < s.config.logCleaner;
}

/** The clock's next stop: the earliest transaction deadline, or delete horizon while a pass is left. Pure. */
export function nextTick(s: S): number | null {
  const deadline = nextDeadline(s.kafka, s.now);
  if (!cleanerLeft(s)) return deadline;
  let best = deadline;
  for (const p of s.kafka.partitions) {
    const h = nextHorizon(p, s.now);
    if (h !== null && (best === null || h < best)) best = h;
  }
  return best;
}

/** Whether a marker of the output waits for its delete horizon (Tick then reads the logs). Pure. */
export function horizonPending(s: S): boolean {
  return cleanerLeft(s) && s.kafka.partitions.some((p) => nextHorizon(p, s.now) !== null);
}

/** `Clean`: a pass of the log cleaner, up to the partition's last stable offset. */
export const cleanAction: ActionSpec<S, CleanAction> & {
  access(s: S, a: CleanAction, at: Access): void;
} = {
  fault: true,
  enabled(s, emit) {
    if (!cleanerLeft(s)) return;
    s.kafka.partitions.forEach((p, partition) => {
      for (const mapEnd of mapEnds(p)) emit({ type: 'Clean', partition, mapEnd });
    });
  },
  effect(d, a) {
    const draft = d.kafka.partitions[a.partition]!;
    const p: Partition = isDraft(draft) ? current(draft) : (draft as Partition);
    const r = d.kafka.rules.release;
    const cleaned = clean(p, {
      mapEnd: a.mapEnd,
      now: d.now,
      deleteRetentionMs: d.config.deleteRetentionMs,
      wholeSegment: r.cleanerIndexesWholeSegment,
    });
    d.kafka.partitions[a.partition] = castDraft(cleaned);
    (d.faults as Draft<S['faults']>).cleanings = passes(d as S) + 1;
    d.events.push(castDraft(cleanedEvent(a.partition, p, cleaned)));
  },
  describe(s, a) {
    const p = s.kafka.partitions[a.partition]!;
    const bound = cleanableBound(p);
    const full = a.mapEnd < mapEnds(p).at(-1)! ? `, offset map full after ${a.mapEnd}` : '';
    return `cleaner.Clean(${partitionName(a.partition)} below ${bound}${full})`;
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
