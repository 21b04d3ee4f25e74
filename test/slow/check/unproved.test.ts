/**
 * A counterexample the exhaustive search could not prove the fewest steps (`check/run/unproved.ts`,
 * `check/engine/frontier/levels.ts`): its look for a shorter one goes level by level from the end of the level where
 * it met the first, so one thread and two workers judge the same states and meet a trace of the same length,
 * and that trace is then minimized. (Worker tests use dist/worker.js, built by pretest.)
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { Levels } from '../../../check/engine/frontier/levels.js';
import { exhaustiveParallel } from '../../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import type { ExhaustiveOptions } from '../../../check/explore/options.js';
import { explorePortfolio } from '../../../check/explore/portfolio.js';
import { counterexample } from '../../../check/run/counterexample.js';
import { script } from '../../../check/run/execute.js';
import { MINIMIZE_BUDGET, MINIMIZE_STEPS, minimize } from '../../../check/run/minimize.js';
import { minimized, sameFinding } from '../../../check/run/unproved.js';
import { realClock, ticking } from '../../../check/types/clock.js';
import { reproduceArgs } from '../../../cli/format/search.js';
import { flinkKafkaKeys } from '../../../model/flink/config.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { cfg, record } from '../../helpers/check.js';

// A zombie's write committed without epoch fencing: the first trace met is not the fewest steps.
const pairs = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
const initial = kafkaTxnEntry.model.init(cfg(kafkaTxnKeys, ...pairs));
const named = { model: 'kafka-txn', config: record(kafkaTxnKeys, ...pairs), invariants: null };
/** No states past the level of the first counterexample: the search stops there, its trace not proved shortest. */
const cut: ExhaustiveOptions = { mode: 'exhaustive', depth: 8, maxStates: 1_000_000, shortestStates: 0 };

describe('a search cut in its look for a shorter counterexample', () => {
  test('judges the same states and meets a trace as long on one thread and on two workers', async () => {
    const one = exploreExhaustive(c, initial, cut);
    const two = await exhaustiveParallel(c, initial, named, cut, 2);
    // The level of the first (depth 4) completed: a 14-step trace, minimized to 9.
    expect([one.shortest, one.distinct, one.depthCompleted, one.minimizedFrom]).toEqual([false, 131, 4, 14]);
    expect([two.distinct, two.depthCompleted, two.minimizedFrom]).toEqual([
      one.distinct,
      one.depthCompleted,
      one.minimizedFrom,
    ]);
    expect(one.found?.violations.map((v) => v.invariant)).toEqual(two.found?.violations.map((v) => v.invariant));
  });

  test('reports the trace it met minimized: shorter, and it replays to the same violation', () => {
    const o = exploreExhaustive(c, initial, cut);
    const found = o.found!;
    // As few as the full search proves possible (9: the next test).
    expect([o.minimizedFrom, found.trace.length]).toEqual([14, 9]);
    const again = counterexample(
      c,
      initial,
      script(
        c,
        found.trace.filter((s) => s.phase === 'explore').map((s) => s.action),
      ),
    );
    expect(again.trace.length).toBe(found.trace.length);
    expect(again.violations.map((v) => v.invariant)).toEqual(found.violations.map((v) => v.invariant));
  });

  test('a trace proved the fewest steps is reported as met', () => {
    const o = exploreExhaustive(c, initial, { ...cut, shortestStates: undefined });
    expect([o.shortest, o.distinct, o.minimizedFrom, o.found?.trace.length]).toEqual([true, 7801, null, 9]);
  });

  test('a search a bound of the caller stopped reports the trace it met: the bound is kept to the letter', () => {
    const o = exploreExhaustive(c, initial, { ...cut, maxStates: 100 });
    expect([o.bound, o.shortest, o.minimizedFrom, o.found?.trace.length]).toEqual(['max-states', false, null, 14]);
  });

  test('a search its time bound stopped reports the trace it met: its time is spent', () => {
    const o = exploreExhaustive(c, initial, { ...cut, shortestStates: undefined, foundSeconds: 0 });
    expect([o.bound, o.shortest, o.minimizedFrom]).toEqual(['max-seconds', false, null]);
  });
});

test("the default check's Reproduce line for a pass's minimized trace gives that trace", () => {
  // flink-kafka rescaled without the lingering-transaction probe: the pass meets a 40-step trace at 42,408 states,
  // gives up on a shorter one, and minimizes it to 38 with 28 explored steps, where the search met it at depth 22.
  const set = ['parallelism.default=2', 'faults.rescale=true', 'safeguard.abort-lingering-transactions=false'];
  const f = { model: flinkKafkaEntry.model, invariants: flinkKafkaEntry.invariants };
  const start = flinkKafkaEntry.model.init(cfg(flinkKafkaKeys, ...set));
  const o = explorePortfolio(f, start, {
    mode: 'portfolio',
    seed: 1,
    maxSeconds: 600,
    exhaustiveShare: 0.4,
    depth: 10_000,
    maxStates: 10_000_000,
    runs: 0,
    maxSteps: 40,
  });
  expect([o.foundBy, o.exhaustive.minimizedFrom, o.found?.trace.length, o.exhaustive.cut]).toEqual([
    'exhaustive',
    40,
    38,
    null,
  ]);
  const args = reproduceArgs(o);
  expect(args).toBe('--exhaustive --depth 22 --max-states 10000000');
  const again = exploreExhaustive(f, start, { mode: 'exhaustive', depth: 22, maxStates: 10_000_000 });
  expect(again.found?.trace.map((s) => s.action)).toEqual(o.found?.trace.map((s) => s.action));
});

describe("a minimization's budget", () => {
  // The 14-step trace the search met (kept as met under the caller's bound of 100 states).
  const met = exploreExhaustive(c, initial, { ...cut, maxStates: 100 }).found!;
  const target = met.violations[0]!.invariant;

  test('is counted in replayed steps: a smaller budget gives a trace no shorter, the same on every machine', () => {
    const results = [0, 500, 1000, 2000, 4000, 8000, MINIMIZE_STEPS].map((steps) => {
      const m = minimize(c, initial, met.trace, target, { steps, deadline: null, clock: realClock });
      return [m.length, m.cut];
    });
    // Nothing removed with none; two steps with 500 to 2,000; the fewest (9) from 4,000 on, though 4,000 still cut
    // short what it had not tried (the report says so: `cut`).
    expect(results).toEqual([
      [14, 'steps'],
      [12, 'steps'],
      [12, 'steps'],
      [12, 'steps'],
      [9, 'steps'],
      [9, null],
      [9, null],
    ]);
    expect(MINIMIZE_BUDGET).toEqual({ steps: MINIMIZE_STEPS, deadline: null, clock: realClock });
  });

  test('ends by its deadline, the trace met kept when no shorter one was found by then', () => {
    // On a clock that moves a millisecond at each reading, a deadline at 0 is past at the first.
    const late = minimized(c, initial, met, sameFinding, 0, ticking(1));
    expect([late.found, late.cut]).toEqual([met, 'time']);
    expect(late.found).toBe(met);
    const whole = minimized(c, initial, met, sameFinding, null);
    expect([whole.found.trace.length, whole.cut]).toEqual([9, null]);
  });

  test("a search's minimization is due when its time bound once it found one ends (none: no deadline)", () => {
    // The search's start is the clock's first reading (1 on a clock that moves 1 ms at each).
    expect(new Levels({ ...cut, maxSeconds: 10, foundSeconds: 20, clock: ticking(1) }).deadline).toBe(20_001);
    expect(new Levels({ ...cut, maxSeconds: 10, clock: ticking(1) }).deadline).toBe(10_001);
    expect(new Levels(cut).deadline).toBeNull();
  });
});
