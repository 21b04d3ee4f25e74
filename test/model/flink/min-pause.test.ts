/**
 * `execution.checkpointing.min-pause`: a periodic request inside the pause fails and the coordinator reschedules its
 * timer at the pause's end (CheckpointRequestDecider -> CheckpointCoordinator.rescheduleTrigger), so the later
 * checkpoints follow every interval from there, not from the job's start.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { flinkCfg, model } from './helpers.js';

/** The order a run takes the enabled actions in: the job's work first, the clock last, one slowed checkpoint. */
const ORDER = ['AbortLingering', 'InitSink', 'Read', 'Process', 'Send', 'Trigger', 'SlowCheckpoint', 'Ack'];
const LATER = ['Notify', 'Commit', 'WriteTxnMarker', 'Tick'];

/** The times checkpoints are triggered and completed in the run that slows checkpoint 1 and takes `ORDER`. */
function schedule(pairs: string[]): { triggered: number[]; completed: number[] } {
  let s: FlinkState = model.init(flinkCfg(...pairs));
  const triggered: number[] = [];
  const completed: number[] = [];
  for (let step = 0; step < 400; step++) {
    const en = model.enabled(s);
    const pick = (types: string[]): FlinkAction | undefined => {
      for (const t of types) {
        const a = en.find((x) => x.type === t && (t !== 'SlowCheckpoint' || s.jm.pending[0]?.id === 1));
        if (a) return a;
      }
      return undefined;
    };
    const a = pick(ORDER) ?? pick(LATER);
    if (!a) break;
    s = model.step(s, a);
    for (const e of s.events) {
      if (e.type === 'triggered') triggered.push(s.now);
      if (e.type === 'completed') completed.push(s.now);
    }
  }
  return { triggered, completed };
}

const slowFirst = [
  'faults.slow-checkpoints=1',
  'faults.slow-checkpoint.ms=2500',
  'faults.crashes=0',
  'faults.lost-notifications=0',
  'input.records=10',
];

describe('execution.checkpointing.min-pause', () => {
  test(
    'interval 2000, min-pause 1000: checkpoint 1 (2 s) slowed to 4.5 s; the request at 4 s waits, fails at 4.5 s ' +
      'inside the pause and the timer restarts at 5.5 s: 5.5, 7.5, 9.5 s, not the 2 s grid',
    () => {
      const r = schedule([...slowFirst, 'execution.checkpointing.min-pause=1000']);
      expect(r.completed.slice(0, 4)).toEqual([4500, 5500, 7500, 9500]);
      expect(r.triggered.slice(0, 4)).toEqual([2000, 5500, 7500, 9500]);
    },
  );
  test('without a pause the grid stays: the request missed at 4 s is taken at the completion, then 6, 8, 10 s', () => {
    const r = schedule(slowFirst);
    expect(r.triggered.slice(0, 5)).toEqual([2000, 4500, 6000, 8000, 10_000]);
  });
  test('a pause shorter than what is left to the next slot leaves the grid alone: 2, 6, 8, 10 s', () => {
    const r = schedule([...slowFirst, 'faults.slow-checkpoint.ms=500', 'execution.checkpointing.min-pause=1000']);
    expect(r.completed[0]).toBe(2500);
    expect(r.triggered.slice(0, 4)).toEqual([2000, 4000, 6000, 8000]);
  });
});
