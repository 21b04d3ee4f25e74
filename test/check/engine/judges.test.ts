/**
 * Judge threads beside the one-thread search (`check/engine/parallel/judges.ts`): the search with a judge reports what
 * the search alone reports, figure for figure (states, transitions, coverage, bound, depth, trace), also where it stops
 * at a counterexample after it admitted more states than one thread (their verdicts came back later) and where
 * `--max-states` cuts it. Batches of three states and a backlog of seven mix the order verdicts come back in with
 * states the search judges itself.
 */
import { describe, expect, test } from 'vitest';
import { Levels } from '../../../check/engine/frontier/levels.js';
import { PENDING, Verdicts } from '../../../check/engine/frontier/verdicts.js';
import { JUDGE_ROWS, judgedAsAlone } from '../../helpers/judge-rows.js';

// Two kafka-txn rows here (a counterexample, a --max-states cut); the others in test/slow/judge-rows.test.ts.
describe('a search with a judge thread reports what the search alone reports', () => {
  judgedAsAlone(JUDGE_ROWS.filter((r) => r.fast));
});

describe('verdicts settled in the order admitted', () => {
  const levels = () => new Levels({ mode: 'exhaustive', depth: 10, maxStates: 100 });
  test('wait for the first verdict not back, and stop at the first state nothing deeper can beat', () => {
    const l = levels();
    const v = new Verdicts();
    v.reset(1);
    // Depth 1: states 1 to 4 (state 0 is the initial one), successors of the level's states 0, 0, 1 and 2.
    expect([v.add(1, -1, 0), v.add(2, PENDING, 0), v.add(3, PENDING, 1), v.add(4, 0, 2)]).toEqual([0, 1, 2, 3]);
    expect(v.settle(l, 1)).toBe(-1);
    expect([v.settled, v.passed]).toEqual([false, [1, 0, 0, 0]]);
    v.set(2, 3);
    expect(v.settle(l, 1)).toBe(-1);
    v.set(1, -1);
    // State 3 is 3 steps from a violation (4 in all: not yet unbeatable at depth 1), state 4 is one itself.
    expect(v.settle(l, 1)).toBe(3);
    expect([v.settled, v.passed, l.best]).toEqual([
      true,
      [1, 1, 0, 0],
      { id: 4, total: 1, depth: 1, rank: 3, endless: false },
    ]);
    expect([v.fromOf(3), v.distinctAt(3), v.fromOf(1), v.distinctAt(1)]).toEqual([2, 5, 0, 3]);
  });
});
