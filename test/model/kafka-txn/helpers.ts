/**
 * Test helpers for `kafka-txn`: states are built only through the compiled model (initial state,
 * then `step` with actions that `enabled` lists), so a test can never start from an unreachable
 * state. The shared Kafka rules (model/kafka) are exercised through this model.
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

/** The typed config of `kafka-txn` for `--set` pairs (defaults for the rest). Throws on a bad pair. */
export function config(pairs: Readonly<Record<string, string>> = {}): KafkaTxnConfig {
  return cfg(kafkaTxnKeys, ...Object.entries(pairs).map(([k, v]) => `${k}=${v}`));
}

/** The initial state of `kafka-txn` for `--set` pairs (defaults for the rest). Throws on a bad pair. */
export function init(pairs: Readonly<Record<string, string>> = {}): KafkaTxnState {
  return model.init(config(pairs));
}

/** `Produce(instance=1, partition=0)`: an action as a call, for messages. */
export function show(a: KafkaTxnAction): string {
  const fields = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${a.type}(${fields.join(', ')})`;
}

/**
 * Applies `actions` in order, each first checked against `enabled`; a disabled one fails with
 * its step number, the action and what was enabled instead. Returns the final state. Pure.
 */
export function run(state: KafkaTxnState, ...actions: readonly KafkaTxnAction[]): KafkaTxnState {
  let s = state;
  actions.forEach((a, n) => {
    const en = model.enabled(s);
    if (!en.some((e) => sameAction(e, a))) {
      throw new Error(`step ${n + 1}: ${show(a)} is not enabled; enabled: ${en.map(show).join(', ') || '(nothing)'}`);
    }
    s = model.step(s, a);
  });
  return s;
}

/** Whether `a` is among the actions enabled in `s`. Pure. */
export function isEnabled(s: KafkaTxnState, a: KafkaTxnAction): boolean {
  return model.enabled(s).some((e) => sameAction(e, a));
}

/** Action constructors that read like the calls in a timeline. `txn` is the transactional.id's index (app-0 is 0). */
export const act = {
  init: (instance: number): KafkaTxnAction => ({ type: 'InitProducerId', instance }),
  begin: (instance: number): KafkaTxnAction => ({ type: 'BeginTxn', instance }),
  produce: (instance: number, partition = 0): KafkaTxnAction => ({ type: 'Produce', instance, partition }),
  produceDelayed: (instance: number, partition = 0): KafkaTxnAction => ({
    type: 'ProduceDelayed',
    instance,
    partition,
  }),
  retry: (instance: number): KafkaTxnAction => ({ type: 'Retry', instance }),
  sendOffsets: (instance: number): KafkaTxnAction => ({ type: 'SendOffsets', instance }),
  commit: (instance: number): KafkaTxnAction => ({ type: 'CommitTxn', instance }),
  commitDelayed: (instance: number): KafkaTxnAction => ({ type: 'CommitTxnDelayed', instance }),
  abort: (instance: number): KafkaTxnAction => ({ type: 'AbortTxn', instance }),
  commitOffsets: (instance: number): KafkaTxnAction => ({ type: 'CommitOffsets', instance }),
  markers: (txn: number): KafkaTxnAction => ({ type: 'WriteTxnMarkers', txn }),
  expire: (txn: number): KafkaTxnAction => ({ type: 'ExpireTxn', txn }),
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
 * One app's full transaction on partition 0 of `records` records: begin, produce, send offsets, commit, markers of
 * `txn`.
 */
export function committedTxn(instance: number, txn: number, records: number): KafkaTxnAction[] {
  return [
    act.begin(instance),
    ...Array.from({ length: records }, () => act.produce(instance, 0)),
    act.sendOffsets(instance),
    act.commit(instance),
    act.markers(txn),
  ];
}

/** The instance with id `id` (throws if there is none). */
export function inst(s: KafkaTxnState, id: number): Instance {
  const i = s.instances.find((x) => x.id === id);
  if (!i) throw new Error(`no instance #${id} in state (instances: ${s.instances.map((x) => x.id).join(', ')})`);
  return i;
}

/** The apps' consumer group (their input offsets in `__consumer_offsets`). */
export function group(s: KafkaTxnState): Group {
  return s.kafka.groups[GROUP]!;
}
