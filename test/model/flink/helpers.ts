/** Test helpers for `flink-kafka`: a typed config, and playing enabled actions through the compiled model. */
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { sameAction } from '../../../model/core/model.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { type FlinkConfig, flinkKafkaKeys } from '../../../model/flink/config.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { readTopic } from '../../../model/kafka/read.js';
import { cfg } from '../../helpers/check.js';

/** The compiled `flink-kafka` model. */
export const model = flinkKafkaEntry.model;

/** A typed flink-kafka config from `key=value` pairs (throws on a bad one). */
export function flinkCfg(...pairs: string[]): FlinkConfig {
  return cfg(flinkKafkaKeys, ...pairs);
}

/** Applies each action, failing the test when one is not enabled. Returns every state (initial first). */
export function play(s: FlinkState, ...actions: FlinkAction[]): FlinkState[] {
  const out = [s];
  for (const a of actions) {
    const cur = out[out.length - 1]!;
    const en = model.enabled(cur);
    if (!en.some((e) => sameAction(e, a)))
      throw new Error(`${JSON.stringify(a)} is not enabled; enabled: ${JSON.stringify(en)}`);
    out.push(model.step(cur, a));
  }
  return out;
}

/** The last state after playing `actions` from the initial state of `pairs`. */
export function stateAfter(pairs: string[], ...actions: FlinkAction[]): FlinkState {
  return play(model.init(flinkCfg(...pairs)), ...actions).at(-1)!;
}

/** Values of `out` at `level`, partitions in order. */
export function outValues(s: FlinkState, level: 'read_committed' | 'read_uncommitted'): number[] {
  return readTopic(s.kafka.partitions, level).values;
}

/** The exactly-once writer's start at t=0: probe id 1 (never used), InitProducerId of flink-0-1. */
export const eosStart: FlinkAction[] = [{ type: 'AbortLingering' }, { type: 'InitSink' }];

/** One record through the single chain at the next arrival: Tick, Read, Process, Send. */
export const oneRecord: FlinkAction[] = [
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Send' },
];

/** The types of `as`, in order. */
export const types = (as: readonly FlinkAction[]): string[] => as.map((a) => a.type);

/** v1 written in flink-0-1 at 1 s, then the operator's savepoint 1 (the kind the keys say), pre-committing it. */
export const savepointOfV1: FlinkAction[] = [
  ...eosStart,
  ...oneRecord,
  { type: 'Savepoint' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
];

/** A checkpoint of the single chain under exactly-once, completed and committed. */
export const eosCheckpoint = (id: number, txn: number): FlinkAction[] => [
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'Commit', checkpoint: id },
  { type: 'WriteTxnMarker', txn, partition: 0 },
];

/** v1 and v2 in flink-0-1, checkpoint 1 completed and notified at 2 s, its commit failing retriably. */
export const retriedCheckpoint1: FlinkAction[] = [
  ...eosStart,
  ...oneRecord,
  ...oneRecord,
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'CommitRetriable', checkpoint: 1 },
];

/** After `retriedCheckpoint1`: the job runs on to checkpoint 2 (v3, flink-0-2), completed and notified at 4 s. */
export const onToCheckpoint2: FlinkAction[] = [
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Send' },
  { type: 'Tick' },
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Notify' },
];
