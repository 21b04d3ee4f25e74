/** Test helpers for `flink-kafka`: a resolved config, and playing enabled actions through the model. */
import { resolveConfig, type Config } from '../../../model/config.js';
import { sameAction } from '../../../model/model.js';
import { enabled, flinkKafkaKeys, initialState, step, type FlinkAction, type FlinkState } from '../../../model/flink/index.js';
import { readPartition } from '../../../model/kafka/read.js';

/** A resolved flink-kafka config from `key=value` pairs (throws on a bad one). */
export function flinkCfg(...pairs: string[]): Config {
  const r = resolveConfig(flinkKafkaKeys, pairs.map((p) => p.split('=') as [string, string]), 'flink-kafka');
  if (!r.ok) throw new Error(r.error);
  return r.config;
}

/** Applies each action, failing the test when one is not enabled. Returns every state (initial first). */
export function play(s: FlinkState, ...actions: FlinkAction[]): FlinkState[] {
  const out = [s];
  for (const a of actions) {
    const cur = out[out.length - 1]!;
    if (!enabled(cur).some((e) => sameAction(e, a))) throw new Error(`${JSON.stringify(a)} is not enabled; enabled: ${JSON.stringify(enabled(cur))}`);
    out.push(step(cur, a));
  }
  return out;
}

/** The last state after playing `actions` from the initial state of `pairs`. */
export function after(pairs: string[], ...actions: FlinkAction[]): FlinkState {
  return play(initialState(flinkCfg(...pairs)), ...actions).at(-1)!;
}

/** Values of `out` at `level`, partitions in order. */
export function outValues(s: FlinkState, level: 'read_committed' | 'read_uncommitted'): number[] {
  return s.kafka.partitions.flatMap((p) => readPartition(p, level).map((e) => e.value));
}

/** The exactly-once writer's start at t=0: probe id 1 (never used), InitProducerId of flink-0-1. */
export const eosStart: FlinkAction[] = [{ type: 'AbortLingering' }, { type: 'InitSink' }];

/** One record through the single chain at the next arrival: Tick, Read, Process, Send. */
export const oneRecord: FlinkAction[] = [{ type: 'Tick' }, { type: 'Read', input: 0 }, { type: 'Process', input: 0 }, { type: 'Send' }];

/** A checkpoint of the single chain under exactly-once, completed and committed. */
export const eosCheckpoint = (id: number, txn: number): FlinkAction[] => [
  { type: 'Trigger' }, { type: 'Process', input: 0 }, { type: 'InitSink' }, { type: 'Ack' }, { type: 'Notify' }, { type: 'Commit', checkpoint: id }, { type: 'WriteTxnMarkers', txn },
];
