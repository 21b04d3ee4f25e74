/** consumer-loop reproduces seed 001's table exactly (10 messages, commit every 5, crash at the 7th). */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../catalog/apps.js';
import type { AppState } from '../../model/ctp/state.js';
import { consumerLoop } from '../../scenarios/consumer-loop.js';
import { runScenario } from '../../scenarios/run.js';

function play(...pairs: [string, string][]) {
  const r = runScenario(ctpEntry, consumerLoop, pairs);
  if (!r.ok) throw new Error(r.error);
  const ex = r.value;
  return { ex, config: ex.config, out: outputs(ex.states.at(-1)!)['out']! };
}
const outputs = (s: AppState) => ctpEntry.report.outputs(s);

const seed001: [string, string][] = [
  ['messages', '10'],
  ['commit.every', '5'],
  ['crash.after', '7'],
];

describe('consumer-loop (seed 001 §2-1)', () => {
  test('commit-then-process: 1, 2, 3, 4, 5, 6, 8, 9, 10 (7 lost), no-loss violated', () => {
    const { ex, out } = play(...seed001, ['commit.strategy', 'commit-then-process']);
    expect(out.read_committed.values).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(out.read_committed.missingRanges).toEqual([[7, 7]]);
    expect(ex.quiescent).toBe(true);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['no-loss']);
  });
  test('process-then-commit: 1..7, 6, 7, 8, 9, 10 (6 and 7 twice), no-duplicates violated', () => {
    const { ex, out } = play(...seed001, ['commit.strategy', 'process-then-commit']);
    expect(out.read_committed.values).toEqual([1, 2, 3, 4, 5, 6, 7, 6, 7, 8, 9, 10]);
    expect(out.read_committed.duplicateRanges).toEqual([[6, 7]]);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });
  test('transactional: read_committed 1..10 once; read_uncommitted also shows the aborted 6, 7', () => {
    const { ex, out } = play(...seed001, ['commit.strategy', 'transactional']);
    expect(out.read_committed.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(out.read_uncommitted.values).toEqual([1, 2, 3, 4, 5, 6, 7, 6, 7, 8, 9, 10]);
    expect(ex.violations).toEqual([]);
    expect(ex.quiescent).toBe(true);
  });
  test(
    'the default strategy is transactional; ' + 'the crash is the last scripted step, the restart comes from the drain',
    () => {
      const { ex, config } = play(...seed001);
      expect(config.record['commit.strategy']).toBe('transactional');
      const scripted = ex.steps.filter((s) => s.phase === 'script');
      expect(scripted.at(-1)!.action).toEqual({ type: 'Crash', instance: 1 });
      expect(ex.steps.find((s) => s.phase === 'drain')!.action).toEqual({ type: 'Restart', slot: 0 });
    },
  );
  test('crash.after=0: no crash, every strategy delivers 1..10 once', () => {
    for (const st of ['commit-then-process', 'process-then-commit', 'transactional']) {
      const { ex, out } = play(
        ['messages', '10'],
        ['commit.every', '5'],
        ['crash.after', '0'],
        ['commit.strategy', st],
      );
      expect(out.read_committed.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(ex.violations).toEqual([]);
    }
  });
  test(
    'an idempotent upsert sink turns process-then-commit into an exactly-once result; ' +
      'a side effect is called twice',
    () => {
      const up = play(...seed001, ['commit.strategy', 'process-then-commit'], ['sink', 'upsert']);
      expect(outputs(up.ex.states.at(-1)!)['sink']!.read_committed.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(up.ex.violations).toEqual([]);
      const se = play(...seed001, ['commit.strategy', 'transactional'], ['sink', 'side-effect']);
      expect(outputs(se.ex.states.at(-1)!)['sink']!.read_committed.values).toEqual([
        1, 2, 3, 4, 5, 6, 7, 6, 7, 8, 9, 10,
      ]);
      expect(se.ex.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
    },
  );
  test('model keys the scenario fixes are refused with a one-line error', () => {
    const r = runScenario(ctpEntry, consumerLoop, [['instances', '2']]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^--set instances is fixed by scenario consumer-loop/);
  });
});
