/**
 * POOLING's transaction ownership through the writer state (TransactionOwnership.EXPLICIT_BY_WRITER_STATE,
 * KafkaWriterState, connector 4.0.0 to 5.0.0): which subtask ids a restored sink subtask owns, their total, and the
 * pre-committed ids its pool starts with, after Flink redistributed the writer's list state to a new parallelism.
 * Pure.
 */
import type { PoolEntry, WriterState } from './state.js';

/**
 * The writer states each of `parallelism` sink subtasks restores: the list state's SPLIT_DISTRIBUTE redistribution
 * (RoundRobinOperatorStateRepartitioner: every old subtask's entries in order, cut into consecutive runs, the first
 * subtasks taking one more while the remainder lasts). At an unchanged parallelism each subtask gets its own back.
 * Pure.
 */
export function redistribute(states: readonly WriterState[], parallelism: number): WriterState[][] {
  const base = Math.floor(states.length / parallelism);
  let extra = states.length % parallelism;
  const out: WriterState[][] = [];
  let at = 0;
  for (let sub = 0; sub < parallelism; sub++) {
    const n = base + (extra > 0 ? 1 : 0);
    if (extra > 0) extra -= 1;
    out.push(states.slice(at, at + n));
    at += n;
  }
  return out;
}

/** What a POOLING sink subtask starts with: owned ids (new ids under the first), their total, the pool's entries. */
export interface Ownership {
  readonly owned: readonly number[];
  readonly total: number;
  readonly precommitted: readonly PoolEntry[];
}

/**
 * EXPLICIT_BY_WRITER_STATE for sink subtask `sub` of `parallelism` restoring `states`: without a state its own id of
 * `parallelism`; else the states' owned ids sorted, and max(their total, parallelism)
 * (getOwnedSubtaskIds, getTotalNumberOfOwnedSubtasks). The pool starts with every restored state's pre-committed
 * transactions (ExactlyOnceKafkaWriter's constructor: `recoveredStates...getPrecommittedTransactionalIds()`). Pure.
 */
export function ownership(states: readonly WriterState[], sub: number, parallelism: number): Ownership {
  if (states.length === 0) return { owned: [sub], total: parallelism, precommitted: [] };
  const owned = states.map((s) => s.owned).sort((a, b) => a - b);
  return {
    owned,
    total: Math.max(states[0]!.total, parallelism),
    precommitted: states.flatMap((s) => s.precommitted),
  };
}

/**
 * ExactlyOnceKafkaWriter.createSnapshots: one KafkaWriterState per owned subtask id, the pool's in-flight
 * transactions in the first one's only ("new transactions are only created with the first owned subtask id"). Pure.
 */
export function writerStates(o: Pick<Ownership, 'owned' | 'total'>, ongoing: readonly PoolEntry[]): WriterState[] {
  return o.owned.map((owned, i) => ({ owned, total: o.total, precommitted: i === 0 ? [...ongoing] : [] }));
}
