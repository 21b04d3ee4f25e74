/**
 * `checkpoint-alignment` checks seed 000 §4.6's claim: alignment keeps state exactly-once; without it two inputs
 * double-count, one input does not.
 */
import { describe, expect, test } from 'vitest';
import { checkpointAlignment } from '../../scenarios/checkpoint-alignment.js';
import { playFlink } from './flink-helpers.js';

const snapshot = (ex: ReturnType<typeof playFlink>) =>
  ex.states.flatMap((s) => s.events.filter((e) => e.type === 'snapshot'))[0];
const restored = (ex: ReturnType<typeof playFlink>) =>
  ex.states.flatMap((s) => s.events.filter((e) => e.type === 'restored'))[0];

describe('checkpoint-alignment (seed 000 §4.6)', () => {
  test(
    'EXACTLY_ONCE, two inputs: A is blocked after its barrier; snapshot count 6 at offsets A=2, B=4; ' +
      'the restore is exact',
    () => {
      const ex = playFlink(checkpointAlignment);
      expect(ex.states.flatMap((s) => s.events).filter((e) => e.type === 'barrier')[0]).toEqual({
        type: 'barrier',
        input: 0,
        checkpoint: 1,
        blocked: true,
      });
      expect(snapshot(ex)).toEqual({ type: 'snapshot', checkpoint: 1, count: 6, committables: 1 });
      expect(restored(ex)).toEqual({ type: 'restored', checkpoint: 1, offsets: [2, 4], count: 6, mode: 'checkpoint' });
      expect(ex.violations).toEqual([]);
      expect(ex.states.at(-1)!.task!.count).toBe(8);
    },
  );
  test(
    'AT_LEAST_ONCE, two inputs: ' + 'a3 and a4 enter the snapshot (count 8) and are counted twice after the restore',
    () => {
      const ex = playFlink(checkpointAlignment, ['execution.checkpointing.mode', 'AT_LEAST_ONCE']);
      expect(snapshot(ex)).toMatchObject({ count: 8 });
      expect(restored(ex)).toMatchObject({ offsets: [2, 4], count: 8 });
      expect(ex.violations[0]).toMatchObject({
        invariant: 'state-exactly-once',
        message:
          'restored from checkpoint 1: the count is 8 but the restored source offsets are past 6 inputs ' +
          '(2 counted twice after the restore)',
      });
      expect(ex.states.at(-1)!.task!.count).toBe(10);
    },
  );
  for (const mode of ['EXACTLY_ONCE', 'AT_LEAST_ONCE']) {
    test(`${mode}, one input (the chain of seed 000's claim): nothing to align, the restore is exact`, () => {
      const ex = playFlink(checkpointAlignment, ['execution.checkpointing.mode', mode], ['job.inputs', '1']);
      expect(snapshot(ex)).toMatchObject({ count: 2 });
      expect(restored(ex)).toMatchObject({ offsets: [2], count: 2 });
      expect(ex.violations).toEqual([]);
    });
  }
});
