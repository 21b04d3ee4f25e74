/**
 * Test helpers for `kafka-txn`: states are built only through the model (initial state, then
 * `step` with actions that `enabled` lists), so a test can never start from an unreachable state.
 */
import { resolveConfig } from '../../../model/config.js';
import { enabled, initialState, kafkaTxnConfig, kafkaTxnKeys, step, type KafkaAction, type KafkaState } from '../../../model/kafka/index.js';
import { sameAction } from '../../../model/model.js';

/** The initial state of `kafka-txn` for `--set` pairs (defaults for the rest). Throws on a bad pair. */
export function init(pairs: Readonly<Record<string, string>> = {}): KafkaState {
  const r = resolveConfig(kafkaTxnKeys, Object.entries(pairs), 'kafka-txn');
  if (!r.ok) throw new Error(`test config: ${r.error}`);
  return initialState(kafkaTxnConfig(r.config));
}

/** `Produce(instance=1, partition=0)`: an action as a call, for messages. */
export function show(a: KafkaAction): string {
  const fields = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${a.type}(${fields.join(', ')})`;
}

/**
 * Applies `actions` in order, each first checked against `enabled`; a disabled one fails with
 * its step number, the action and what was enabled instead. Returns the final state. Pure.
 */
export function run(state: KafkaState, ...actions: readonly KafkaAction[]): KafkaState {
  let s = state;
  actions.forEach((a, n) => {
    const en = enabled(s);
    if (!en.some((e) => sameAction(e, a))) {
      throw new Error(`step ${n + 1}: ${show(a)} is not enabled; enabled: ${en.map(show).join(', ') || '(nothing)'}`);
    }
    s = step(s, a);
  });
  return s;
}

/** Whether `a` is among the actions enabled in `s`. Pure. */
export function isEnabled(s: KafkaState, a: KafkaAction): boolean {
  return enabled(s).some((e) => sameAction(e, a));
}

/** Action constructors that read like the calls in a timeline. */
export const act = {
  init: (instance: number): KafkaAction => ({ type: 'InitProducerId', instance }),
  begin: (instance: number): KafkaAction => ({ type: 'BeginTxn', instance }),
  produce: (instance: number, partition = 0): KafkaAction => ({ type: 'Produce', instance, partition }),
  produceDelayed: (instance: number, partition = 0): KafkaAction => ({ type: 'ProduceDelayed', instance, partition }),
  retry: (instance: number): KafkaAction => ({ type: 'Retry', instance }),
  sendOffsets: (instance: number): KafkaAction => ({ type: 'SendOffsets', instance }),
  commit: (instance: number): KafkaAction => ({ type: 'CommitTxn', instance }),
  commitDelayed: (instance: number): KafkaAction => ({ type: 'CommitTxnDelayed', instance }),
  abort: (instance: number): KafkaAction => ({ type: 'AbortTxn', instance }),
  commitOffsets: (instance: number): KafkaAction => ({ type: 'CommitOffsets', instance }),
  markers: (app: number): KafkaAction => ({ type: 'WriteTxnMarkers', app }),
  expire: (app: number): KafkaAction => ({ type: 'ExpireTxn', app }),
  restart: (app: number): KafkaAction => ({ type: 'Restart', app }),
  deliver: (request: number): KafkaAction => ({ type: 'Deliver', request }),
  tick: (): KafkaAction => ({ type: 'Tick' }),
  crash: (instance: number): KafkaAction => ({ type: 'Crash', instance }),
  pause: (instance: number): KafkaAction => ({ type: 'Pause', instance }),
  resume: (instance: number): KafkaAction => ({ type: 'Resume', instance }),
} as const;

/** One producer, one partition: the smallest setting most rules need, plus `pairs`. */
export function solo(pairs: Readonly<Record<string, string>> = {}): KafkaState {
  return init({ producers: '1', partitions: '1', ...pairs });
}

/** One app's full transaction on partition 0 of `records` records: begin, produce, send offsets, commit, markers. */
export function committedTxn(instance: number, app: number, records: number): KafkaAction[] {
  return [act.begin(instance), ...Array.from({ length: records }, () => act.produce(instance, 0)), act.sendOffsets(instance), act.commit(instance), act.markers(app)];
}

/** The instance with id `id` (throws if there is none). */
export function inst(s: KafkaState, id: number): KafkaState['instances'][number] {
  const i = s.instances.find((x) => x.id === id);
  if (!i) throw new Error(`no instance #${id} in state (instances: ${s.instances.map((x) => x.id).join(', ')})`);
  return i;
}
