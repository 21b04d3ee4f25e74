/**
 * Test helpers for `kafka-txn`: states are built only through the compiled model (initial state,
 * then `step` with actions that `enabled` lists), so a test can never start from an unreachable
 * state. The shared Kafka rules (model/kafka) are exercised through this model.
 *
 * Besides the model's own actions a script may hold three shorthands, expanded against the state
 * they meet (each expanded step is still checked against `enabled`): `write` (a send: Produce, then
 * the leader's Append when the produce was parked for the coordinator's check, KIP-890),
 * `sendOffsets` (sendOffsetsToTransaction: AddOffsetsToTxn under transaction.version=1, then
 * TxnOffsetCommit) and `markers` (every pending WriteTxnMarker of a transaction, in enabled order).
 */
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { sameAction } from '../../../model/core/model.js';
import type { Group } from '../../../model/kafka/cluster.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { type KafkaTxnConfig, kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { GROUP, type Instance, type KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { cfg } from '../../helpers/check.js';

/** The compiled `kafka-txn` model. */
export const model = kafkaTxnEntry.model;

/** A shorthand of several model actions, expanded against the state it meets. */
export type Macro =
  | { readonly macro: 'write'; readonly instance: number; readonly partition: number }
  | { readonly macro: 'sendOffsets'; readonly instance: number }
  | { readonly macro: 'markers'; readonly txn: number };

/** A script step: a model action or a shorthand. */
export type Step = KafkaTxnAction | Macro;

/** The typed config of `kafka-txn` for `--set` pairs (defaults for the rest). Throws on a bad pair. */
export function config(pairs: Readonly<Record<string, string>> = {}): KafkaTxnConfig {
  return cfg(kafkaTxnKeys, ...Object.entries(pairs).map(([k, v]) => `${k}=${v}`));
}

/** The initial state of `kafka-txn` for `--set` pairs (defaults for the rest). Throws on a bad pair. */
export function init(pairs: Readonly<Record<string, string>> = {}): KafkaTxnState {
  return model.init(config(pairs));
}

/** `Produce(instance=1, partition=0)`: an action as a call, for messages. */
export function show(a: Step): string {
  const name = 'macro' in a ? a.macro : a.type;
  const fields = Object.entries(a)
    .filter(([k]) => k !== 'type' && k !== 'macro')
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${name}(${fields.join(', ')})`;
}

/** Whether `a` is among the actions enabled in `s`. Pure. */
export function isEnabled(s: KafkaTxnState, a: KafkaTxnAction): boolean {
  return model.enabled(s).some((e) => sameAction(e, a));
}

/** The instance with id `id` (throws if there is none). */
export function inst(s: KafkaTxnState, id: number): Instance {
  const i = s.instances.find((x) => x.id === id);
  if (!i) throw new Error(`no instance #${id} in state (instances: ${s.instances.map((x) => x.id).join(', ')})`);
  return i;
}

/** An instance whose process ended (it makes no more calls). */
const ended = (i: Instance): boolean => i.status === 'fenced' || i.status === 'failed' || i.status === 'crashed';

/**
 * Steps `a` from `s` after checking it is enabled; `label` names the script step for the message.
 * Returns the next state.
 */
function stepChecked(s: KafkaTxnState, a: KafkaTxnAction, label: string): KafkaTxnState {
  const en = model.enabled(s);
  if (!en.some((e) => sameAction(e, a)))
    throw new Error(`${label}: ${show(a)} is not enabled; enabled: ${en.map(show).join(', ') || '(nothing)'}`);
  return model.step(s, a);
}

/**
 * Applies `steps` in order, shorthands expanded where they stand; every model action is first
 * checked against `enabled`. Returns every state after a model action and the actions taken. Pure.
 */
export function trace(
  state: KafkaTxnState,
  steps: readonly Step[],
): { readonly states: KafkaTxnState[]; readonly actions: KafkaTxnAction[] } {
  let s = state;
  const states: KafkaTxnState[] = [];
  const actions: KafkaTxnAction[] = [];
  const take = (a: KafkaTxnAction, label: string): void => {
    s = stepChecked(s, a, label);
    states.push(s);
    actions.push(a);
  };
  steps.forEach((st, n) => {
    const label = `step ${n + 1}`;
    if (!('macro' in st)) {
      take(st, label);
      return;
    }
    switch (st.macro) {
      case 'write':
        take({ type: 'Produce', instance: st.instance, partition: st.partition }, `${label} (write)`);
        if (inst(s, st.instance).awaiting !== null) take({ type: 'Append', instance: st.instance }, `${label} (write)`);
        return;
      case 'sendOffsets':
        if (s.kafka.rules.transactionVersion === 1) {
          take({ type: 'AddOffsetsToTxn', instance: st.instance }, `${label} (sendOffsets)`);
          if (ended(inst(s, st.instance))) return;
        }
        take({ type: 'TxnOffsetCommit', instance: st.instance }, `${label} (sendOffsets)`);
        return;
      case 'markers': {
        const next = (): KafkaTxnAction | undefined =>
          model.enabled(s).find((a) => a.type === 'WriteTxnMarker' && a.txn === st.txn);
        let a = next();
        if (!a) throw new Error(`${label}: no WriteTxnMarker of txn ${st.txn} is enabled`);
        for (; a; a = next()) take(a, `${label} (markers)`);
        return;
      }
    }
  });
  return { states, actions };
}

/**
 * Applies `steps` in order (shorthands expanded), each model action first checked against
 * `enabled`; a disabled one fails with its step number, the action and what was enabled instead.
 * Returns the final state. Pure.
 */
export function run(state: KafkaTxnState, ...steps: readonly Step[]): KafkaTxnState {
  const { states } = trace(state, steps);
  return states.at(-1) ?? state;
}

/** The model actions `steps` expand to from `state` (for the generic `scripted` helper). Pure. */
export function expand(state: KafkaTxnState, ...steps: readonly Step[]): KafkaTxnAction[] {
  return trace(state, steps).actions;
}

/** Action constructors that read like the calls in a timeline. `txn` is the transactional.id's index (app-0 is 0). */
export const act = {
  init: (instance: number): KafkaTxnAction => ({ type: 'InitProducerId', instance }),
  begin: (instance: number): KafkaTxnAction => ({ type: 'BeginTxn', instance }),
  /** The produce request alone (it may park at the leader for the coordinator's check). */
  produce: (instance: number, partition = 0): KafkaTxnAction => ({ type: 'Produce', instance, partition }),
  /** The leader appends the instance's parked produce. */
  append: (instance: number): KafkaTxnAction => ({ type: 'Append', instance }),
  /** A send: Produce, and the Append when the produce was parked. */
  write: (instance: number, partition = 0): Macro => ({ macro: 'write', instance, partition }),
  produceDelayed: (instance: number, partition = 0): KafkaTxnAction => ({
    type: 'ProduceDelayed',
    instance,
    partition,
  }),
  addPartitionsDelayed: (instance: number, partition = 0): KafkaTxnAction => ({
    type: 'AddPartitionsDelayed',
    instance,
    partition,
  }),
  retry: (instance: number): KafkaTxnAction => ({ type: 'Retry', instance }),
  addOffsets: (instance: number): KafkaTxnAction => ({ type: 'AddOffsetsToTxn', instance }),
  txnOffsetCommit: (instance: number): KafkaTxnAction => ({ type: 'TxnOffsetCommit', instance }),
  /** sendOffsetsToTransaction(): AddOffsetsToTxn (transaction.version=1), then TxnOffsetCommit. */
  sendOffsets: (instance: number): Macro => ({ macro: 'sendOffsets', instance }),
  commit: (instance: number): KafkaTxnAction => ({ type: 'CommitTxn', instance }),
  commitDelayed: (instance: number): KafkaTxnAction => ({ type: 'CommitTxnDelayed', instance }),
  commitTimedOut: (instance: number): KafkaTxnAction => ({ type: 'CommitTimedOut', instance }),
  abort: (instance: number): KafkaTxnAction => ({ type: 'AbortTxn', instance }),
  abortDelayed: (instance: number): KafkaTxnAction => ({ type: 'AbortTxnDelayed', instance }),
  commitOffsets: (instance: number): KafkaTxnAction => ({ type: 'CommitOffsets', instance }),
  /** One marker of transaction `txn` to `partition` (an index of `out`, or `__consumer_offsets`). */
  marker: (txn: number, partition: number | '__consumer_offsets'): KafkaTxnAction => ({
    type: 'WriteTxnMarker',
    txn,
    partition,
  }),
  /** Every pending marker of transaction `txn`, in enabled order. */
  markers: (txn: number): Macro => ({ macro: 'markers', txn }),
  markerAckLost: (txn: number, partition: number | '__consumer_offsets'): KafkaTxnAction => ({
    type: 'MarkerAckLost',
    txn,
    partition,
  }),
  expire: (txn: number): KafkaTxnAction => ({ type: 'ExpireTxn', txn }),
  failover: (): KafkaTxnAction => ({ type: 'CoordinatorFailover' }),
  loaded: (): KafkaTxnAction => ({ type: 'CoordinatorLoaded' }),
  staleMarker: (marker: number): KafkaTxnAction => ({ type: 'StaleMarker', marker }),
  loseProducerState: (partition: number, producerId: number): KafkaTxnAction => ({
    type: 'LoseProducerState',
    partition,
    producerId,
  }),
  expireId: (txn: number): KafkaTxnAction => ({ type: 'ExpireTransactionalId', txn }),
  restart: (app: number): KafkaTxnAction => ({ type: 'Restart', app }),
  deliver: (request: number): KafkaTxnAction => ({ type: 'Deliver', request }),
  tick: (): KafkaTxnAction => ({ type: 'Tick' }),
  crash: (instance: number): KafkaTxnAction => ({ type: 'Crash', instance }),
  pause: (instance: number): KafkaTxnAction => ({ type: 'Pause', instance }),
  resume: (instance: number): KafkaTxnAction => ({ type: 'Resume', instance }),
} as const;

/** One producer, one partition: the smallest setting most rules need, plus `pairs`. */
export function solo(pairs: Readonly<Record<string, string>> = {}): KafkaTxnState {
  return init({ producers: '1', partitions: '1', ...pairs });
}

/**
 * One app's full transaction on partition 0 of `records` records: begin, write, send offsets, commit, markers of
 * `txn`.
 */
export function committedTxn(instance: number, txn: number, records: number): Step[] {
  return [
    act.begin(instance),
    ...Array.from({ length: records }, () => act.write(instance, 0)),
    act.sendOffsets(instance),
    act.commit(instance),
    act.markers(txn),
  ];
}

/** The apps' consumer group (their input offsets in `__consumer_offsets`). */
export function group(s: KafkaTxnState): Group {
  return s.kafka.groups[GROUP]!;
}
