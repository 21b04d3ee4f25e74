/**
 * `two-phase-commit` against an independent checker: SPIN's compiled verifier on the Promela of the same spec
 * (`bench/spin.ts`, what `npm run bench` times beside eoscheck) stores exactly the states eoscheck's search finds,
 * and takes exactly its transitions that lead elsewhere than their own state (the Promela guards leave out the
 * spec's stuttering steps). Needs SPIN and a C compiler (`.ci/run` installs them: apt-get install spin gcc).
 */
import { describe, expect, test } from 'vitest';
import { spinAvailable, spinTwoPhase, twoPhasePromela } from '../../../bench/spin.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { twoPhaseCommitKeys } from '../../../model/two-phase-commit/config.js';
import { twoPhaseCommitModel } from '../../../model/two-phase-commit/model.js';
import { tcConsistent } from '../../../properties/two-phase-commit/index.js';
import { cfg } from '../../helpers/check.js';

const m = twoPhaseCommitModel;

/** Every reachable state's successors by `step` that differ from it, counted by state key. */
function movingTransitions(n: number): { states: number; moving: number } {
  const initial = m.init(cfg(twoPhaseCommitKeys, `rm.count=${n}`));
  const seen = new Set([m.key(initial)]);
  const queue = [initial];
  let moving = 0;
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    const key = m.key(s);
    for (const a of m.enabled(s)) {
      const t = m.step(s, a);
      const k = m.key(t);
      if (k !== key) moving += 1;
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push(t);
    }
  }
  return { states: seen.size, moving };
}

describe("SPIN's verifier on the same TwoPhase", () => {
  test('is installed (the bench times it beside eoscheck)', () => {
    if (!spinAvailable()) throw new Error('SPIN or cc not found: apt-get install -y spin gcc (.ci/run installs them)');
  });

  test('one branch a TM action, five an RM', () => {
    expect(
      twoPhasePromela(3)
        .split('\n')
        .filter((l) => l.includes('d_step')).length,
    ).toBe(2 + 5 * 3);
  });

  for (const n of [3, 5]) {
    test(`rm.count=${n}: the same distinct states as eoscheck's search, its moving transitions`, () => {
      const ours = exploreExhaustive(
        { model: m, invariants: [tcConsistent] },
        m.init(cfg(twoPhaseCommitKeys, `rm.count=${n}`)),
        {
          mode: 'exhaustive',
          depth: 1000,
          maxStates: 1_000_000,
        },
      );
      const walk = movingTransitions(n);
      const [spin] = spinTwoPhase(n, 16, 1);
      expect(walk.states).toBe(ours.distinct);
      // SPIN counts its transitions as states stored plus states matched: the initial state is one of them.
      expect([spin!.stored, spin!.transitions]).toEqual([ours.distinct, walk.moving + 1]);
      // TLC's counts of distinct states for TwoPhase (the rules test pins them for 3 to 8).
      expect(ours.distinct).toBe(n === 3 ? 288 : 8832);
    });
  }
});
