/**
 * What `mirror-maker-2` judges: the records the group processed, on either cluster, against the
 * inputs that survived (every record copied to the target, and every record processed before the
 * source was lost: records MirrorMaker 2 never copied go down with an unplanned loss of the source
 * cluster, its recovery point, and are not the group's to process). Pure.
 */
import type { Report } from '../../catalog/entry.js';
import { type MirrorMaker2State, transactionOf } from '../../model/mirror-maker-2/state.js';
import { type Invariant, invariant } from '../invariant.js';
import { firstRepeat, lossMessage, makeView, type View } from '../view.js';

/** The inputs the group must process: copied to the target, or processed already. */
export function survivingInputs(s: MirrorMaker2State): number[] {
  return [...new Set([...s.target, ...s.processed])].sort((a, b) => a - b);
}

/** The processed records as a view (offsets: the order of processing). */
export function processedView(s: MirrorMaker2State): View {
  return makeView(
    s.processed,
    s.processed.map((_, i) => i),
    survivingInputs(s),
  );
}

/** Every invariant of `mirror-maker-2`. */
export const mirrorMaker2Invariants: readonly Invariant<MirrorMaker2State>[] = [
  invariant('no-duplicates', 'every-step', (s) => {
    const r = firstRepeat(
      s.processed,
      s.processed.map((_, i) => i),
    );
    return r ? `v${r.value} is processed twice by the group (records #${r.first + 1} and #${r.second + 1})` : null;
  }),
  // The copies are the committed source records, each once: none of an aborted transaction (the source consumer's
  // isolation.level), none twice (a task generation starting from source offsets older than its copies).
  invariant('copied-committed', 'every-step', (s) => {
    const n = s.config.sourceTransactionRecords;
    const at = s.target.findIndex((v) => n > 0 && s.aborted.includes(transactionOf(v, n)));
    return at < 0
      ? null
      : `v${s.target[at]} of an aborted source transaction is copied to source.topic at offset ${at}: the ` +
          "target's readers see a record the source never committed";
  }),
  invariant('copied-once', 'every-step', (s) => {
    const r = firstRepeat(
      s.target,
      s.target.map((_, i) => i),
    );
    return r ? `v${r.value} is copied to source.topic twice (offsets ${r.first} and ${r.second})` : null;
  }),
  invariant('no-loss', 'quiescence', (s) => lossMessage(processedView(s), 'the group', 'either cluster')),
  // KAFKA-14666's store (3.4.1, 3.5) keeps older syncs ever farther apart: a group far behind replication repeats
  // more than offset.lag.max records after a failover, by design (memory bounded per partition).
  invariant('translation-within-lag', 'every-step', (s) => {
    const cp = s.checkpoint;
    const lag = s.checkpointLag;
    if (cp === null || lag === null || lag <= s.config.offsetLagMax) return null;
    return (
      `the checkpoint translates upstream ${cp.u} to downstream ${cp.d}, ${lag} records before the group's ` +
      `position there, more than offset.lag.max=${s.config.offsetLagMax}: the offset sync store dropped the syncs ` +
      'in between'
    );
  }),
];

/** The report's projection: what the group processed (one view at both levels), and no Kafka log rows. */
export const mirrorMaker2Report: Report<MirrorMaker2State> = {
  outputs: (s) => ({ processed: { read_committed: processedView(s), read_uncommitted: processedView(s) } }),
  logs: () => ({}),
};
