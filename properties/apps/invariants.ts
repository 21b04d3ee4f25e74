/**
 * The invariants of the consumer applications, in report order: the Kafka checks on topic `out`
 * (or the external sink), KIP-447's generation rule beside the epoch rule, `offsets-atomic`, and
 * kafka-streams' `state-exactly-once`.
 */
import { type AppInstance, type AppState, appName, GROUP, inputValue, isTxnApp, OUT } from '../../model/ctp/state.js';
import { decidedOffset } from '../../model/kafka/read.js';
import { family, type Invariant, invariant } from '../invariant.js';
import { duplicateRead, hangingTransaction, staleGenerationEffect } from '../kafka/checks.js';
import { InstanceNames, judgeLogs, LOG_CHECKS, type Reader } from '../kafka/log-pass.js';
import { lossMessage } from '../view.js';
import { committedValues, judgedName, judgedView, readJudged } from './outputs.js';

type S = AppState;

/**
 * The Kafka checks judged in one pass over the logs (`judgeLogs`): `zombie-fenced` for consumer applications
 * is the epoch rule (nothing from an epoch older than its transaction's takes effect) and KIP-447's
 * generation rule (no offset commit sent by an instance outside the group's current generation takes
 * effect: with one transactional.id per instance, the generation is what fences a zombie); Streams EOS v1
 * fences a task's previous owner by the epoch of the task's transactional.id alone. `no-aborted-read` and
 * `no-duplicates` judge the reader of `out` (the changelog is read by the restore consumer, not by it), or
 * for `no-duplicates` the external sink the loop writes to instead.
 */
const names = new InstanceNames(appName);
const OUT_READER: Reader = { partition: OUT, where: 'in out ' };
const [zombieFenced, txnAtomicity, noAbortedRead, noDuplicates, lsoBound] = family({
  names: LOG_CHECKS,
  when: 'every-step',
  judge: (s: S, out) => {
    const name = names.at(s);
    judgeLogs(s.kafka, s.outcomes, name, s.config.isolationLevel, out, OUT_READER);
    if (out[0] === null && !s.config.txnIdPerTask) out[0] = staleGenerationEffect(s.kafka, name);
    if (s.config.sink !== 'kafka') {
      const r = readJudged(s, s.config.isolationLevel);
      out[3] = duplicateRead(r.values, r.offsets, s.config.isolationLevel, `in ${judgedName(s)} `, 'entries');
    }
  },
});

/**
 * `offsets-atomic`: for each input partition, every record below the group's committed offset has
 * committed output in `out`, and none at or above it does, both judged once the markers already
 * decided are written (they reach `out` and `__consumer_offsets` one at a time). Judged for the loops that claim it
 * (commit.strategy=transactional, kafka-streams EOS) writing to Kafka; the other strategies never
 * tie output and offsets together (their failures show as `no-loss` and `no-duplicates`).
 */
const offsetsAtomic = invariant('offsets-atomic', 'every-step', (s: S) => {
  const c = s.config;
  if (!isTxnApp(c) || c.sink !== 'kafka') return null;
  const done = committedValues(s);
  for (let p = 0; p < c.inputPartitions; p++) {
    const committed = decidedOffset(s.kafka, GROUP, p);
    for (let r = 0; r < c.inputRecords; r++) {
      const v = inputValue(c, p, r);
      if (r < committed && done[v] !== 1)
        return `in-${p}: the committed offset ${committed} passes record ${r} (v${v}) but its output is not committed`;
      if (r >= committed && done[v] === 1)
        return `in-${p}: the output of record ${r} (v${v}) is committed but the committed offset is ${committed}`;
    }
  }
  return null;
});

/**
 * `state-exactly-once` (kafka-streams): the instance that owns task 0_0 in the group's current
 * generation counts each input up to its position exactly once: its count store equals its input
 * position, from the moment it has restored the store and fetched the committed offset, and after
 * every record since.
 *
 * Only the owner the group coordinator knows is judged, and under EOS only while its producer is
 * not fenced (another instance's InitProducerId of the same transactional.id, EOS v1's per-task
 * fencing, bumped the epoch: its next write or commit fails and the task is migrated). A zombie (an instance removed
 * from the
 * group that still believes it owns the task) may restore and count whatever it likes: nothing it
 * does can take effect while the generation and epoch fencing hold, and when a safeguard is off
 * what it does take effect shows as `zombie-fenced`, `no-duplicates` or a wrong count restored by
 * the next owner. Real Kafka Streams restores the store before it fetches offsets
 * (StreamTask.completeRestoration) and, under EOS, only once its read_committed restore consumer
 * reached the changelog's log end offset (StoreChangelogReader, KAFKA-10167): a transaction left
 * open below that end, by a zombie say, holds the restore back until it is committed or aborted.
 */
/** Whether instance `i`'s producer was fenced: its transactional.id has moved past its producer id or epoch. */
function fenced(s: S, i: AppInstance): boolean {
  const t = s.kafka.txns[i.producer.txn];
  return t === undefined || t.producerId !== i.producer.producerId || t.epoch !== i.producer.epoch;
}

const stateExactlyOnce = invariant('state-exactly-once', 'every-step', (s: S) => {
  const g = s.kafka.groups[GROUP]!;
  const owner = g.owners[0];
  const i = owner === null || owner === undefined ? undefined : s.apps.find((x) => x.id === owner);
  const pos = i?.positions[0];
  if (!i || i.store === null || pos === null || pos === undefined || i.generation !== g.generation) return null;
  if (isTxnApp(s.config) && fenced(s, i)) return null;
  if (i.store === pos) return null;
  return (
    `i${i.slot}#${i.incarnation}, owner of task 0_0 in generation ${g.generation}: ` +
    `the count store holds ${i.store} at input position ${pos} of in-0 (it should count inputs 1..${pos} once: ${pos})`
  );
});

const common = {
  noLoss: invariant('no-loss', 'quiescence', (s: S) =>
    lossMessage(judgedView(s, s.config.isolationLevel), judgedName(s), s.config.isolationLevel),
  ),
  noHangingTransaction: invariant('no-hanging-transaction', 'quiescence', (s: S) => hangingTransaction(s.kafka)),
};

/** Every invariant of `consume-transform-produce`. */
export const ctpInvariants: readonly Invariant<S>[] = [
  zombieFenced,
  txnAtomicity,
  noAbortedRead,
  noDuplicates,
  offsetsAtomic,
  lsoBound,
  common.noLoss,
  common.noHangingTransaction,
];

/** Every invariant of `kafka-streams`. */
export const streamsInvariants: readonly Invariant<S>[] = [
  zombieFenced,
  txnAtomicity,
  noAbortedRead,
  noDuplicates,
  stateExactlyOnce,
  offsetsAtomic,
  lsoBound,
  common.noLoss,
  common.noHangingTransaction,
];
