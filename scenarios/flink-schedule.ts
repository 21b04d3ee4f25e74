/**
 * The schedule of a `flink-kafka` scenario, computed by running the model itself: the fault-free
 * drain policy (read, count, send, checkpoint, commit, tick to the next event), with a TaskManager
 * crash injected once `crash.delay.ms` has passed since checkpoint N completed — at the last
 * event not after that moment, once the records due by then are processed and written, before a
 * checkpoint due at that same moment. Runs the model's fast path
 * on its own plain copy, so a 1200-record schedule is cheap. Pure.
 */
import { int } from '../model/core/keys.js';
import type { FlinkAction } from '../model/flink/actions.js';
import type { FlinkConfig } from '../model/flink/config.js';
import { drain } from '../model/flink/drain.js';
import { flinkKafkaModel } from '../model/flink/model.js';
import { nextEvent } from '../model/flink/time.js';

/** The keys of a seed-002-like feed: `records` inputs every input.interval.ms, checkpoints every interval. */
export function feedKeys(records: number) {
  return {
    inputRecords: int('input.records', {
      default: records,
      min: 1,
      max: 5000,
      meaning: 'records fed to the input topic (values 1, 2, 3, ...)',
    }),
    inputIntervalMs: int('input.interval.ms', {
      default: 100,
      min: 1,
      max: 3_600_000,
      meaning: 'record k arrives at k * input.interval.ms',
    }),
    checkpointIntervalMs: int('execution.checkpointing.interval', {
      default: 20000,
      min: 1,
      max: 3_600_000,
      meaning: 'checkpoints are triggered every this many ms',
    }),
  };
}

/** When the crash hits: `delayMs` after checkpoint `afterCheckpoint` completes (0: after the job starts), or never. */
export interface CrashPlan {
  readonly afterCheckpoint: number;
  readonly delayMs: number;
}

/** Most steps of a schedule (a guard against a livelock in the model, far above any real schedule). */
export const SCHEDULE_LIMIT = 200_000;

/**
 * The actions of a run of `flink-kafka` at `modelConfig` with at most one planned crash, and backpressure slowing
 * checkpoint `slow` as soon as it is triggered (null: none). Pure.
 */
export function flinkSchedule(
  modelConfig: FlinkConfig,
  crash: CrashPlan | null,
  slow: number | null = null,
): FlinkAction[] {
  const fast = flinkKafkaModel.fast;
  const s = fast.clone(flinkKafkaModel.init(modelConfig));
  const out: FlinkAction[] = [];
  let crashAt: number | null = crash && crash.afterCheckpoint === 0 ? crash.delayMs : null;
  let crashed = crash === null;
  for (let n = 0; n < SCHEDULE_LIMIT; n++) {
    const latest = s.jm.latest;
    if (!crashed && crashAt === null && latest && latest.id === crash!.afterCheckpoint)
      crashAt = latest.at + crash!.delayMs;
    let a = drain(s);
    if (a === null) break;
    const p = s.jm.pending.find((x) => x.id === slow);
    if (slow !== null && p && p.id === slow && p.ackAt === p.triggeredAt && s.faults.slow === 0)
      a = { type: 'SlowCheckpoint' };
    // The crash comes before the clock passes its moment, and before a checkpoint due at that very moment.
    const due =
      crashAt !== null &&
      ((a.type === 'Tick' && (nextEvent(s) ?? Infinity) > crashAt) || (a.type === 'Trigger' && s.now >= crashAt));
    if (!crashed && due && s.task) {
      a = { type: 'Crash' };
      crashed = true;
    }
    fast.apply(s, a);
    out.push(a);
  }
  return out;
}
