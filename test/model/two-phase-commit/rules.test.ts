/**
 * `two-phase-commit` against TwoPhase.tla: every action's guard and effect, purity, the fast path
 * against `step`, the symmetric encoding against RM permutations, the distinct-state counts TLC
 * reports, and the planted bug (TMCommit without `tmPrepared = RM`) found with a shortest trace.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { resolve } from '../../../model/core/config.js';
import { sameAction, type Words } from '../../../model/core/model.js';
import { act, type TwoPhaseAction } from '../../../model/two-phase-commit/actions.js';
import { twoPhaseCommitKeys } from '../../../model/two-phase-commit/config.js';
import { twoPhaseCommitModel } from '../../../model/two-phase-commit/model.js';
import { type TwoPhaseState, twoPhaseStateKey } from '../../../model/two-phase-commit/state.js';
import { tcConsistent } from '../../../properties/two-phase-commit/index.js';
import { cfg } from '../../helpers/check.js';

const m = twoPhaseCommitModel;
const enabled = (s: TwoPhaseState): TwoPhaseAction[] => m.enabled(s);
const step = (s: TwoPhaseState, a: TwoPhaseAction): TwoPhaseState => m.step(s, a);
const describeTwoPhaseAction = (a: TwoPhaseAction): string =>
  m.describe(m.init(cfg(twoPhaseCommitKeys, 'rm.count=12')), a);
const checked = { model: m, invariants: [tcConsistent] };

/** The initial state for `--set` pairs (defaults for the rest). Throws on a bad pair. */
function init(pairs: Readonly<Record<string, string>> = {}): TwoPhaseState {
  return m.init(cfg(twoPhaseCommitKeys, ...Object.entries(pairs).map(([k, v]) => `${k}=${v}`)));
}

const show = (as: readonly TwoPhaseAction[]): string => as.map(describeTwoPhaseAction).join(', ') || '(nothing)';

/** Applies `actions` in order, each first checked against `enabled`. Pure. */
function run(state: TwoPhaseState, ...actions: readonly TwoPhaseAction[]): TwoPhaseState {
  let s = state;
  actions.forEach((a, n) => {
    const en = enabled(s);
    if (!en.some((e) => sameAction(e, a)))
      throw new Error(`step ${n + 1}: ${describeTwoPhaseAction(a)} is not enabled; enabled: ${show(en)}`);
    s = step(s, a);
  });
  return s;
}

const isEnabled = (s: TwoPhaseState, a: TwoPhaseAction): boolean => enabled(s).some((e) => sameAction(e, a));

const tmCommit = act.tmCommit();
const tmAbort = act.tmAbort();
const rcvPrepared = (rm: number): TwoPhaseAction => act.rm('TMRcvPrepared', rm);
const prepare = (rm: number): TwoPhaseAction => act.rm('RMPrepare', rm);
const chooseAbort = (rm: number): TwoPhaseAction => act.rm('RMChooseToAbort', rm);
const rcvCommit = (rm: number): TwoPhaseAction => act.rm('RMRcvCommitMsg', rm);
const rcvAbort = (rm: number): TwoPhaseAction => act.rm('RMRcvAbortMsg', rm);

const two = { 'rm.count': '2' };

/** The words an encoder writes, as an array. */
function words(encode: (s: TwoPhaseState, out: Words) => void, s: TwoPhaseState): number[] {
  const out: number[] = [];
  encode(s, { push: (w) => void out.push(w) });
  return out;
}

/** Every state reachable from `s0` through `step`, breadth-first. */
function reachable(s0: TwoPhaseState): TwoPhaseState[] {
  const seen = new Set([twoPhaseStateKey(s0)]);
  const out = [s0];
  for (let i = 0; i < out.length; i++) {
    for (const a of enabled(out[i]!)) {
      const next = step(out[i]!, a);
      const k = twoPhaseStateKey(next);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(next);
      }
    }
  }
  return out;
}

describe('the model and its config keys', () => {
  test('declares its keys, no faults, every action name, no drain', () => {
    expect(m.name).toBe('two-phase-commit');
    expect(Object.values(m.keys).map((k) => [k.name, k.default])).toEqual([
      ['rm.count', 3],
      ['safeguard.commit-needs-all-prepared', true],
    ]);
    expect(m.actionTypes.filter((t) => m.isFault({ type: t, rm: 1 } as TwoPhaseAction))).toEqual([]);
    expect(m.actionTypes).toEqual([
      'TMCommit',
      'TMAbort',
      'TMRcvPrepared',
      'RMPrepare',
      'RMChooseToAbort',
      'RMRcvCommitMsg',
      'RMRcvAbortMsg',
    ]);
    const s = run(init(), prepare(1), rcvPrepared(1));
    expect(m.drain(s)).toBeNull();
  });

  test('rm.count accepts 1..12 and names the range otherwise', () => {
    expect(resolve(twoPhaseCommitKeys, [['rm.count', '12']], 'two-phase-commit').ok).toBe(true);
    expect(resolve(twoPhaseCommitKeys, [['rm.count', '13']], 'two-phase-commit')).toEqual({
      ok: false,
      error: "bad value '13' for --set rm.count: accepted an integer from 1 to 12",
    });
  });

  test('init: every RM working, the TM in init, nothing prepared, no messages (TPInit)', () => {
    const s = twoPhaseCommitModel.init({ rmCount: 3, commitNeedsAllPrepared: true });
    expect(s).toEqual({
      config: { rmCount: 3, commitNeedsAllPrepared: true },
      rmState: ['working', 'working', 'working'],
      tmState: 'init',
      tmPrepared: [false, false, false],
      msgPrepared: [false, false, false],
      msgCommit: false,
      msgAbort: false,
      events: [],
    });
    expect(twoPhaseStateKey(s)).toBe('i..w..w..w..');
  });
});

describe('rules: guard and effect of each action (rm.count=2)', () => {
  test('enabled in the initial state, in the table order (each action for every RM in turn)', () => {
    expect(enabled(init(two))).toEqual([tmAbort, prepare(1), prepare(2), chooseAbort(1), chooseAbort(2)]);
  });

  test('RMPrepare(rm): only a working RM; it becomes prepared and sends Prepared(rm)', () => {
    const s = run(init(two), prepare(2));
    expect(s.rmState).toEqual(['working', 'prepared']);
    expect(s.msgPrepared).toEqual([false, true]);
    expect(s.tmPrepared).toEqual([false, false]);
    expect(isEnabled(s, prepare(2))).toBe(false);
    expect(isEnabled(s, chooseAbort(2))).toBe(false);
    expect(isEnabled(run(init(two), chooseAbort(2)), prepare(2))).toBe(false);
  });

  test('RMChooseToAbort(rm): only a working RM; it becomes aborted, nothing is sent', () => {
    const s = run(init(two), chooseAbort(1));
    expect({ ...s, config: null }).toEqual({ ...init(two), rmState: ['aborted', 'working'], config: null });
    expect(isEnabled(run(init(two), prepare(1)), chooseAbort(1))).toBe(false);
  });

  test('TMRcvPrepared(rm): needs Prepared(rm) and the TM in init; adds rm to tmPrepared, again and again', () => {
    const s0 = init(two);
    expect(isEnabled(s0, rcvPrepared(1))).toBe(false);
    const s = run(s0, prepare(1), rcvPrepared(1));
    expect(s.tmPrepared).toEqual([true, false]);
    expect(s.rmState).toEqual(['prepared', 'working']);
    // The message stays in msgs, so the action stays enabled: a self-loop, still a transition.
    expect(isEnabled(s, rcvPrepared(1))).toBe(true);
    expect(step(s, rcvPrepared(1))).toBe(s);
    // After the TM decided, it receives nothing.
    expect(isEnabled(run(s, tmAbort), rcvPrepared(1))).toBe(false);
  });

  test('TMCommit: needs the TM in init and every RM in tmPrepared; commits and sends Commit', () => {
    const half = run(init(two), prepare(1), prepare(2), rcvPrepared(1));
    expect(isEnabled(half, tmCommit)).toBe(false);
    const all = run(half, rcvPrepared(2));
    expect(enabled(all)).toEqual([tmCommit, tmAbort, rcvPrepared(1), rcvPrepared(2)]);
    const s = step(all, tmCommit);
    expect(s).toEqual({ ...all, tmState: 'committed', msgCommit: true });
    expect(enabled(s)).toEqual([rcvCommit(1), rcvCommit(2)]);
  });

  test('TMCommit without the safeguard: needs only the TM in init', () => {
    const s0 = init({ ...two, 'safeguard.commit-needs-all-prepared': 'false' });
    expect(enabled(s0)[0]).toEqual(tmCommit);
    expect(step(s0, tmCommit)).toEqual({ ...s0, tmState: 'committed', msgCommit: true });
  });

  test('TMAbort: needs only the TM in init; aborts and sends Abort', () => {
    const before = run(init(two), prepare(1), rcvPrepared(1));
    const s = step(before, tmAbort);
    expect(s).toEqual({ ...before, tmState: 'aborted', msgAbort: true });
    expect(isEnabled(s, tmAbort)).toBe(false);
    expect(isEnabled(s, tmCommit)).toBe(false);
    expect(enabled(s)).toEqual([prepare(2), chooseAbort(2), rcvAbort(1), rcvAbort(2)]);
  });

  test('RMRcvCommitMsg(rm): needs Commit, with no guard on the RM; it becomes committed', () => {
    const committed = run(init(two), prepare(1), prepare(2), rcvPrepared(1), rcvPrepared(2), tmCommit);
    expect(isEnabled(run(init(two), prepare(1)), rcvCommit(1))).toBe(false);
    const s = step(committed, rcvCommit(2));
    expect(s).toEqual({ ...committed, rmState: ['prepared', 'committed'] });
    // Still enabled for the committed RM: a self-loop.
    expect(isEnabled(s, rcvCommit(2))).toBe(true);
    expect(step(s, rcvCommit(2))).toBe(s);
  });

  test('RMRcvAbortMsg(rm): needs Abort, with no guard on the RM; it becomes aborted', () => {
    const aborted = run(init(two), prepare(1), tmAbort);
    expect(isEnabled(run(init(two), prepare(1)), rcvAbort(1))).toBe(false);
    const s = run(aborted, rcvAbort(1), rcvAbort(2));
    expect(s).toEqual({ ...aborted, rmState: ['aborted', 'aborted'] });
    // Prepared(rm1) stays sent after rm1 aborted; rm2 aborted without ever being prepared.
    expect(s.msgPrepared).toEqual([true, false]);
    expect(isEnabled(s, rcvAbort(1))).toBe(true);
    expect(step(s, rcvAbort(1))).toBe(s);
  });
});

describe('tc-consistent', () => {
  test('named, judged every step, no committed RM while another aborted', () => {
    expect([tcConsistent.name, tcConsistent.when]).toEqual(['tc-consistent', 'every-step']);
    const s0 = init({ 'rm.count': '3', 'safeguard.commit-needs-all-prepared': 'false' });
    expect(tcConsistent.check(run(s0, tmCommit, rcvCommit(1), rcvCommit(3)))).toBeNull();
    expect(tcConsistent.check(run(s0, tmCommit, rcvCommit(3), chooseAbort(2)))).toBe('rm3 committed while rm2 aborted');
  });
});

/** Every object reachable from `v` is frozen. */
function deepFrozen(v: unknown, path = 'state'): string | null {
  if (v === null || typeof v !== 'object') return null;
  if (!Object.isFrozen(v)) return `${path} is not frozen`;
  for (const [k, x] of Object.entries(v)) {
    const bad = deepFrozen(x, `${path}.${k}`);
    if (bad) return bad;
  }
  return null;
}

describe('purity along random paths (seed 20260214)', () => {
  for (const pairs of [{ 'rm.count': '3' }, { 'rm.count': '4', 'safeguard.commit-needs-all-prepared': 'false' }]) {
    test(JSON.stringify(pairs), () => {
      expect(deepFrozen(init(pairs))).toBeNull();
      fc.assert(
        fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 20 }), (picks) => {
          let s = init(pairs);
          for (const pick of picks) {
            const acts = enabled(s);
            if (acts.length === 0) break;
            const a = acts[pick % acts.length]!;
            const before = structuredClone(s);
            const next = step(s, a);
            expect(s, `step mutated its input on ${a.type}`).toEqual(before);
            expect(deepFrozen(next), `after ${a.type}`).toBeNull();
            expect(step(s, a)).toEqual(next);
            expect(enabled(s)).toEqual(acts);
            s = next;
          }
        }),
        { seed: 20260214, numRuns: 50 },
      );
    });
  }
});

/** `s` with its RMs renumbered: RM `perm[i]` of the result is RM `i` of `s` (0-based). */
function permute(s: TwoPhaseState, perm: readonly number[]): TwoPhaseState {
  const move = <T>(xs: readonly T[]): T[] => {
    const out = xs.slice();
    perm.forEach((to, from) => {
      out[to] = xs[from]!;
    });
    return out;
  };
  return { ...s, rmState: move(s.rmState), tmPrepared: move(s.tmPrepared), msgPrepared: move(s.msgPrepared) };
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

describe('fast path (rm.count=3, every reachable state)', () => {
  const fast = twoPhaseCommitModel.fast;
  const states = reachable(init({ 'rm.count': '3' }));

  test('apply on a clone equals step, for every enabled action, and leaves the original alone', () => {
    let n = 0;
    for (const s of states) {
      for (const a of enabled(s)) {
        const c = fast.clone(s);
        // `s` is frozen: an apply writing through to it would throw (ES modules are strict).
        fast.apply(c, a);
        const next = step(s, a);
        expect(words(fast.encode, c), `${twoPhaseStateKey(s)} ${describeTwoPhaseAction(a)}`).toEqual(
          words(fast.encode, next),
        );
        expect(c).toEqual(next);
        n++;
      }
    }
    // TLC's "states generated" less the initial state.
    expect(n).toBe(1145);
  });

  test('encode is one unsigned word for up to 7 RMs, two for 8..12, and tells the 288 states apart', () => {
    const codes = new Set(states.map((s) => words(fast.encode, s).join(',')));
    expect(codes.size).toBe(288);
    expect(words(fast.encode, states[0]!)).toEqual([0]);
    for (const [n, count] of [
      [1, 1],
      [7, 1],
      [8, 2],
      [12, 2],
    ] as const)
      expect(words(fast.encode, init({ 'rm.count': String(n) })), `rm.count=${n}`).toHaveLength(count);
    // rm7 prepared (in tmPrepared, message sent) sets the top bit: the word is pushed unsigned.
    const top = run(init({ 'rm.count': '7' }), prepare(7), rcvPrepared(7));
    expect(words(fast.encode, top)).toEqual([(0b1101 << 28) >>> 0]);
  });

  test('encodeSymmetric is invariant under renumbering the RMs and tells orbits apart', () => {
    const perms = permutations(3);
    const orbit = (s: TwoPhaseState): string => perms.map((p) => twoPhaseStateKey(permute(s, p))).sort()[0]!;
    const orbits = new Set<string>();
    const codes = new Set<string>();
    for (const s of states) {
      const w = words(fast.encodeSymmetric!, s);
      for (const p of perms) expect(words(fast.encodeSymmetric!, permute(s, p))).toEqual(w);
      orbits.add(orbit(s));
      codes.add(w.join(','));
    }
    // Multisets of per-RM tuples: C(4+2, 3) with the TM in init, 3+1 committed, C(6+2, 3) aborted.
    expect(orbits.size).toBe(20 + 4 + 56);
    expect(codes.size).toBe(orbits.size);
  });

  test('encodeSymmetric at rm.count=12 (two words) along random paths (seed 7)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { maxLength: 40 }),
        fc.shuffledSubarray([...Array(12).keys()], { minLength: 12 }),
        (picks, perm) => {
          let s = init({ 'rm.count': '12' });
          for (const pick of picks) {
            const acts = enabled(s);
            s = step(s, acts[pick % acts.length]!);
          }
          const w = words(fast.encodeSymmetric!, s);
          expect(w).toHaveLength(2);
          expect(words(fast.encodeSymmetric!, permute(s, perm))).toEqual(w);
        },
      ),
      { seed: 7, numRuns: 100 },
    );
  });
});

/**
 * An independent TwoPhase.tla, written here on packed integers: bits 0-1 the TM (init 0,
 * committed 1, aborted 2), bit 2 Commit sent, bit 3 Abort sent, then per RM i at bit 4 + 4i its
 * state (working 0, prepared 1, committed 2, aborted 3), tmPrepared, Prepared sent. Returns the
 * distinct states and the depth of the shallowest state violating TCConsistent (or null).
 */
function tinyBfs(n: number, commitNeedsAllPrepared: boolean): { distinct: number; firstViolationDepth: number | null } {
  const rmOf = (x: number, i: number): number => (x >> (4 + 4 * i)) & 3;
  const withRm = (x: number, i: number, r: number): number => (x & ~(3 << (4 + 4 * i))) | (r << (4 + 4 * i));
  const bit = (i: number, k: 2 | 3): number => 1 << (4 + 4 * i + k);
  const seen = new Map<number, number>([[0, 0]]);
  const queue = [0];
  let firstViolationDepth: number | null = null;
  for (let q = 0; q < queue.length; q++) {
    const x = queue[q]!;
    const next: number[] = [];
    const tmInit = (x & 3) === 0;
    let all = true;
    for (let i = 0; i < n; i++) {
      if (!(x & bit(i, 2))) all = false;
      if (tmInit && x & bit(i, 3)) next.push(x | bit(i, 2)); // TMRcvPrepared
      if (rmOf(x, i) === 0) next.push(withRm(x, i, 1) | bit(i, 3), withRm(x, i, 3)); // RMPrepare, RMChooseToAbort
      if (x & 4) next.push(withRm(x, i, 2)); // RMRcvCommitMsg
      if (x & 8) next.push(withRm(x, i, 3)); // RMRcvAbortMsg
    }
    if (tmInit && (all || !commitNeedsAllPrepared)) next.push((x & ~3) | 1 | 4); // TMCommit
    if (tmInit) next.push((x & ~3) | 2 | 8); // TMAbort
    for (const y of next) {
      if (seen.has(y)) continue;
      const depth = seen.get(x)! + 1;
      seen.set(y, depth);
      queue.push(y);
      const rms = Array.from({ length: n }, (_, i) => rmOf(y, i));
      if (firstViolationDepth === null && rms.includes(2) && rms.includes(3)) firstViolationDepth = depth;
    }
  }
  return { distinct: seen.size, firstViolationDepth };
}

describe('distinct states (TLC, no symmetry: 288 for 3 RMs)', () => {
  const explore = (n: number, safeguard = true) =>
    exploreExhaustive(
      checked,
      init({ 'rm.count': String(n), 'safeguard.commit-needs-all-prepared': String(safeguard) }),
      { mode: 'exhaustive', depth: 1000, maxStates: 1e6 },
    );

  // By hand: with the TM in init each RM is working, prepared (in tmPrepared or not) or aborted by
  // choice: 4^n; committed, every RM prepared or committed: 2^n; aborted, each RM working,
  // prepared (2), aborted without having prepared (1) or after it (2): 6^n.
  const byHand = (n: number): number => 4 ** n + 2 ** n + 6 ** n;

  test('rm.count=3: 288, the reachable space exhausted, no violation', () => {
    const r = explore(3);
    expect([r.distinct, r.bound, r.status]).toEqual([288, null, 'ok']);
    expect(r.generated).toBe(1145);
  });

  for (const n of [1, 2, 4]) {
    test(`rm.count=${n}: the explorer, the tiny BFS and the count by hand agree`, () => {
      const r = explore(n);
      const tiny = tinyBfs(n, true);
      expect([r.distinct, r.bound, r.status]).toEqual([byHand(n), null, 'ok']);
      expect(tiny).toEqual({ distinct: byHand(n), firstViolationDepth: null });
    });
  }

  test('by hand: TLC counts 296,448 for 7 RMs and 1,745,408 for 8', () => {
    expect([byHand(1), byHand(2), byHand(3), byHand(7), byHand(8)]).toEqual([12, 56, 288, 296_448, 1_745_408]);
  });
});

describe('the planted bug: safeguard.commit-needs-all-prepared=false', () => {
  test('breadth-first search finds tc-consistent violated by a shortest trace', () => {
    const s0 = init({ 'rm.count': '3', 'safeguard.commit-needs-all-prepared': 'false' });
    const r = exploreExhaustive(checked, s0, { mode: 'exhaustive', depth: 1000, maxStates: 1e6 });
    expect(r.status).toBe('violation');
    expect(r.found!.trace.map((t) => describeTwoPhaseAction(t.action))).toEqual([
      'TMCommit()',
      'RMChooseToAbort(rm1)',
      'RMRcvCommitMsg(rm2)',
    ]);
    expect(r.found!.violations).toEqual([
      { invariant: 'tc-consistent', message: 'rm2 committed while rm1 aborted', step: 2 },
    ]);
    // No shorter one exists: the independent BFS's shallowest violating state is as deep.
    expect(tinyBfs(3, false).firstViolationDepth).toBe(3);
  });

  test('with the safeguard on, no violation for 1..4 RMs', () => {
    for (const n of [1, 2, 3, 4]) {
      const r = exploreExhaustive(checked, init({ 'rm.count': String(n) }), {
        mode: 'exhaustive',
        depth: 1000,
        maxStates: 1e6,
      });
      expect(r.status, `rm.count=${n}`).toBe('ok');
    }
  });
});

// Why this test? `act.rm` hands out shared frozen objects so `enabled` allocates only its list;
// a table slot built for the wrong type or rm would silently turn one action into another.
test('act.rm returns the action it names, frozen, shared', () => {
  for (const type of ['TMRcvPrepared', 'RMPrepare', 'RMChooseToAbort', 'RMRcvCommitMsg', 'RMRcvAbortMsg'] as const) {
    for (let rm = 1; rm <= 12; rm++) {
      const a = act.rm(type, rm);
      expect(a).toEqual({ type, rm });
      expect(Object.isFrozen(a)).toBe(true);
      expect(act.rm(type, rm)).toBe(a);
    }
  }
});
