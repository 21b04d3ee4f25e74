/**
 * The exhaustive engine: exact state counts of the standard TwoPhase model, the fast path agreeing
 * with `step`, worker threads agreeing with one thread, symmetry reduction keeping every verdict,
 * and bounds that say how far the search got. (Worker tests use dist/worker.js, built by pretest.)
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../../catalog/apps.js';
import type { Entry } from '../../../../catalog/entry.js';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { mirrorMaker2Entry } from '../../../../catalog/mirror-maker-2.js';
import { twoPhaseCommitEntry } from '../../../../catalog/two-phase-commit.js';
import { checkHere } from '../../../../check/check.js';
import { exhaustiveParallel } from '../../../../check/engine/parallel/parallel.js';
import { engineFor, SearchCore } from '../../../../check/engine/search/search-core.js';
import { FingerprintSet } from '../../../../check/engine/store/fingerprint-set.js';
import type { ExhaustiveOptions } from '../../../../check/explore/options.js';
import { randomParallel } from '../../../../check/explore/random-parallel.js';
import { ownInvariants } from '../../../../check/run/own-invariants.js';
import { ticking } from '../../../../check/types/clock.js';
import type { RandomOptions } from '../../../../check/types/options.js';
import type { ConfigOf, Keys } from '../../../../model/core/keys.js';
import { type AnyAction, SILENT_EVENTS } from '../../../../model/core/model.js';
import { WordBuffer } from '../../../../model/core/words.js';
import type { KafkaTxnAction } from '../../../../model/kafka-txn/actions.js';
import { kafkaTxnKeys } from '../../../../model/kafka-txn/config.js';
import { kafkaTxnModel } from '../../../../model/kafka-txn/model.js';
import { renamings } from '../../../../model/kafka-txn/renamings.js';
import type { KafkaTxnState } from '../../../../model/kafka-txn/state.js';
import { renameApps } from '../../../../model/kafka-txn/symmetry.js';
import { twoPhaseCommitKeys } from '../../../../model/two-phase-commit/config.js';
import { twoPhaseCommitModel } from '../../../../model/two-phase-commit/model.js';
import type { TwoPhaseState } from '../../../../model/two-phase-commit/state.js';
import type { Invariant } from '../../../../properties/invariant.js';
import { cfg, check, flatten, record } from '../../../helpers/check.js';

const tpc = (...pairs: string[]) => cfg(twoPhaseCommitKeys, ...pairs);
const kafkaConfig = (...pairs: string[]) => cfg(kafkaTxnKeys, ...pairs);
const all = { mode: 'exhaustive', depth: 1000, maxStates: 10_000_000 } as const;
const checkModel = <S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  c: ConfigOf<K>,
  opts: Parameters<typeof check>[2],
) => check(e, c, opts);

/**
 * The search on two worker threads, flattened (the workers build the model from its catalog name and config record).
 */
async function checkParallel<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  pairs: string[],
  opts: ExhaustiveOptions | RandomOptions,
  workers: number,
  drains?: FingerprintSet,
) {
  const named = { model: e.model.name, config: record(e.model.keys, ...pairs), invariants: null };
  const c = { model: e.model, invariants: e.invariants };
  const initial = e.model.init(cfg(e.model.keys, ...pairs));
  return flatten(
    opts.mode === 'exhaustive'
      ? await exhaustiveParallel(c, initial, named, opts, workers, drains)
      : await randomParallel(c, initial, named, opts, workers),
  );
}
const twoPhaseCommitSubject = twoPhaseCommitEntry;
const kafkaTxnSubject = kafkaTxnEntry;

describe('two-phase-commit distinct states (TLC: 288 for 3 RMs, 296,448 for 7, 1,745,408 for 8)', () => {
  test('rm.count=3: 288, the space exhausted at depth 10', () => {
    const r = checkModel(twoPhaseCommitSubject, tpc('rm.count=3'), all);
    expect([r.status, r.distinct, r.steps, r.bound, r.depthCompleted]).toEqual(['ok', 288, 1145, null, 10]);
  });
  test('rm.count=7: 296,448 with 2,744,705 transitions', () => {
    const r = checkModel(twoPhaseCommitSubject, tpc('rm.count=7'), all);
    expect([r.distinct, r.steps, r.bound]).toEqual([296_448, 2_744_705, null]);
    // At most 16 bytes a stored state, on one thread and on workers.
    expect(r.bytesPerState).toBeLessThanOrEqual(16);
  });
  test('rm.count=7 on two workers: the same states, at most 16 bytes a state (claim caches and memo in)', async () => {
    const r = await checkParallel(twoPhaseCommitEntry, ['rm.count=7'], all, 2);
    expect([r.distinct, r.steps, r.bound]).toEqual([296_448, 2_744_705, null]);
    expect(r.bytesPerState).toBeLessThanOrEqual(16);
  });
  // rm.count=8 (1,745,408 states on two workers): test/slow/search-counts.test.ts.
  test('the broken rule is found with a shortest trace, on one thread and on two', async () => {
    const one = checkModel(twoPhaseCommitSubject, tpc('safeguard.commit-needs-all-prepared=false'), all);
    const two = await checkParallel(twoPhaseCommitEntry, ['safeguard.commit-needs-all-prepared=false'], all, 2);
    expect(one.trace!.map((s) => s.action.type)).toEqual(['TMCommit', 'RMChooseToAbort', 'RMRcvCommitMsg']);
    expect(two.trace).toHaveLength(3);
    expect(two.violations[0]!.invariant).toBe('tc-consistent');
  });
  test("a user's own invariant is judged on every state: the packed quick verdict covers the model's alone", () => {
    const initial = twoPhaseCommitModel.init(tpc('rm.count=3'));
    const allWorking: Invariant<TwoPhaseState> = {
      name: 'not-all-working',
      meaning: 'never every RM working (the initial state breaks it)',
      when: 'every-step',
      check: (s) => (s.rmState.every((r) => r === 'working') ? 'all working' : null),
    };
    const own = { model: twoPhaseCommitModel, invariants: twoPhaseCommitEntry.invariants };
    const mine = { model: twoPhaseCommitModel, invariants: [allWorking] };
    expect([ownInvariants(own), ownInvariants(mine)]).toEqual([true, false]);
    const found = checkHere(mine, initial, all);
    expect([found.status, found.found?.trace.length, found.found?.violations[0]?.invariant]).toEqual([
      'violation',
      0,
      'not-all-working',
    ]);
    // The model's own, through the quick verdict: every state holds.
    expect(checkHere(own, initial, all).status).toBe('ok');
  });
  test('symmetry reduction: 80 representatives for 3 RMs, same verdicts', () => {
    expect(checkModel(twoPhaseCommitSubject, tpc('rm.count=3'), { ...all, symmetry: true }).distinct).toBe(80);
    expect(
      checkModel(twoPhaseCommitSubject, tpc('safeguard.commit-needs-all-prepared=false'), { ...all, symmetry: true })
        .status,
    ).toBe('violation');
  });
  test("a property of one's own gets no symmetry: 'app 1 never begins' tells the apps apart", () => {
    const initial = kafkaTxnModel.init(kafkaConfig());
    const never = (app: number): Invariant<KafkaTxnState> => ({
      name: `app-${app}-never-begins`,
      meaning: `app ${app} never begins a transaction`,
      when: 'every-step',
      check: (s) => (s.instances.some((i) => i.app === app && i.status === 'in-txn') ? 'began' : null),
    });
    const opts = { mode: 'exhaustive', depth: 3, maxStates: 1_000_000, symmetry: true } as const;
    for (const app of [0, 1]) {
      const r = checkHere({ model: kafkaTxnModel, invariants: [never(app)] }, initial, opts);
      // Both found as the full search finds them: two steps (InitProducerId, BeginTxn), no symmetry.
      expect([r.status, r.found?.trace.length, r.mode === 'exhaustive' && r.symmetry]).toEqual(['violation', 2, false]);
    }
    const own = checkHere({ model: kafkaTxnModel, invariants: kafkaTxnEntry.invariants }, initial, opts);
    expect(own.mode === 'exhaustive' && own.symmetry).toBe(true);
  });
  test("a property of one's own that reads a step's events is judged on them: the search writes them for it", () => {
    const initial = kafkaTxnModel.init(kafkaConfig());
    const ready: Invariant<KafkaTxnState> = {
      name: 'never-ready',
      meaning: 'no instance is ever told it is ready',
      when: 'every-step',
      check: (s) => (s.events.some((e) => e.type === 'client' && e.status === 'ready') ? 'ready' : null),
    };
    const mine = { model: kafkaTxnModel, invariants: [ready] };
    const own = { model: kafkaTxnModel, invariants: kafkaTxnEntry.invariants };
    const init = kafkaTxnModel.enabled(initial).find((a) => a.type === 'InitProducerId')!;
    // The model's own invariants read no events, so the search's steps drop them; a user's property keeps them.
    expect(engineFor(own, false).successor(initial, init).events).toBe(SILENT_EVENTS);
    expect(engineFor(mine, false).successor(initial, init).events).toContainEqual({
      type: 'client',
      instance: init.type === 'InitProducerId' ? init.instance : -1,
      status: 'ready',
    });
    const r = checkHere(mine, initial, { mode: 'exhaustive', depth: 3, maxStates: 1_000_000 });
    expect([r.status, r.found?.trace.map((t) => t.action.type), r.found?.violations[0]?.invariant]).toEqual([
      'violation',
      ['InitProducerId'],
      'never-ready',
    ]);
    // Random runs and their minimization step the same way: the run, shrunk, is the one InitProducerId.
    const random = checkHere(mine, initial, { mode: 'random', runs: 20, seed: 1, maxSteps: 20 });
    expect([random.status, random.found?.trace.map((t) => t.action.type)]).toEqual(['violation', ['InitProducerId']]);
  });
  test('with symmetry the drain memo keeps a state by its own fingerprint, not its orbit', () => {
    const c = { model: kafkaTxnModel, invariants: kafkaTxnEntry.invariants };
    let s = kafkaTxnModel.init(kafkaConfig('faults.network=true'));
    // App 0 begun, app 1 not: the renaming moves something.
    for (const type of ['InitProducerId', 'InitProducerId', 'BeginTxn'])
      s = kafkaTxnModel.step(s, kafkaTxnModel.enabled(s).find((a) => a.type === type)!);
    const plain = new SearchCore(c, { symmetry: false, maxStates: 16 });
    const sym = new SearchCore(c, { symmetry: true, maxStates: 16 });
    const fp = (core: SearchCore<KafkaTxnState, KafkaTxnAction>, x: KafkaTxnState) => {
      core.fingerprint(x);
      return { ...core.fp };
    };
    // Of the state and its renaming, the one that is not its orbit's representative (its own words are not the least).
    const other = renamings.state(s, 0);
    const [x] = [s, other].filter((y) => fp(sym, y).lo !== fp(plain, y).lo);
    expect(x).toBeDefined();
    const drainMemo = new FingerprintSet();
    const core = new SearchCore(c, { symmetry: true, maxStates: 16, drainMemo });
    const { hi, lo } = fp(core, x!);
    expect(core.judge(x!, hi, lo)).toBe(-1);
    const own = fp(plain, x!);
    expect([drainMemo.has(own.hi, own.lo), drainMemo.has(hi, lo)]).toEqual([true, false]);
  });
  test('with symmetry a counterexample is not claimed the fewest steps: a renaming may drain sooner', async () => {
    const pairs = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
    const opts = { mode: 'exhaustive', depth: 6, maxStates: 1_000_000 } as const;
    const full = check(kafkaTxnEntry, pairs, opts);
    const sym = check(kafkaTxnEntry, pairs, { ...opts, symmetry: true });
    const two = await checkParallel(kafkaTxnEntry, pairs, { ...opts, symmetry: true }, 2);
    expect([full.status, full.shortest, full.trace?.length]).toEqual(['violation', true, 9]);
    expect([sym.status, sym.shortest, sym.symmetry]).toEqual(['violation', false, true]);
    expect([two.status, two.shortest, two.symmetry]).toEqual(['violation', false, true]);
  });
});

describe('worker threads', () => {
  test('cut by --max-seconds inside a level: bytes a state are over the states held, judged or not', async () => {
    // A deadline past at each thread's first time check (every 128 states of its share, on a clock of its own):
    // both stop inside kafka-txn's level 6, holding every state to depth 5 and all of level 6 (part of it judged).
    // They hold what the search that completes depth 6 holds, so the bytes a state are those of that search, up to
    // what the judged-drain memo and the states sent between the threads add (under 2%); over the judged states
    // alone (about 850 of 1,031) they would be a fifth more.
    const init = () => kafkaTxnEntry.model.init(kafkaConfig());
    const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
    const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
    const past = { ...all, depth: 12, maxSeconds: 1e-9, clock: ticking(1) };
    const cut = await exhaustiveParallel(c, init(), named, past, 2);
    const five = await exhaustiveParallel(c, init(), named, { ...all, depth: 5 }, 2);
    const whole = await exhaustiveParallel(c, init(), named, { ...all, depth: 6 }, 2);
    expect([cut.bound, cut.depthCompleted, whole.distinct]).toEqual(['max-seconds', 5, 1031]);
    expect(cut.distinct).toBeGreaterThan(five.distinct!);
    expect(cut.distinct).toBeLessThan(whole.distinct!);
    expect(Math.abs(cut.bytesPerState / whole.bytesPerState - 1)).toBeLessThan(0.02);
  });
  test('two workers count what one counts (two-phase-commit, 5 RMs, 8,832 states; with symmetry too)', async () => {
    const r = await checkParallel(twoPhaseCommitEntry, ['rm.count=5'], all, 2);
    expect([r.distinct, r.steps, r.bound]).toEqual([8832, 58_145, null]);
    // With symmetry the workers hold states as objects (the packed rules have none): the same representatives.
    const sym = await checkParallel(twoPhaseCommitEntry, ['rm.count=5'], { ...all, symmetry: true }, 2);
    const one = checkModel(twoPhaseCommitSubject, tpc('rm.count=5'), { ...all, symmetry: true });
    expect([sym.distinct, sym.steps, sym.symmetry]).toEqual([one.distinct, one.steps, true]);
  });
  // Their words cross between workers: a string written as a word only its writer could name failed here.
  test('two workers count what one counts on the models with schema encodings', async () => {
    const both = async <S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, pairs: string[], depth: number) => {
      const opts = { ...all, depth };
      const figures = (r: { distinct: number | null; generated: number | null; status: string }) => [
        r.distinct,
        r.generated,
        r.status,
      ];
      return [figures(check(e, pairs, opts)), figures(await checkParallel(e, pairs, opts, 2))];
    };
    for (const [one, two] of [
      await both(flinkKafkaEntry, ['faults.crashes=2'], 16),
      await both(ctpEntry, [], 9),
      await both(kafkaStreamsEntry, [], 10),
      await both(mirrorMaker2Entry, ['source.transaction.records=2', 'sync.group.offsets.enabled=true'], 12),
    ]) {
      expect(two).toEqual(one);
      expect(one![0]).toBeGreaterThan(500);
    }
  });

  test('three workers count what one counts on kafka-txn, and a second run finds the very same trace', async () => {
    // Three workers: claims to two owners each, and levels evened out by shipments (the first level is all on
    // the initial state's owner).
    const opts = { mode: 'exhaustive', depth: 6, maxStates: 1_000_000 } as const;
    const one = checkModel(kafkaTxnSubject, kafkaConfig('faults.network=true'), opts);
    const three = await checkParallel(kafkaTxnEntry, ['faults.network=true'], opts, 3);
    expect([three.distinct, three.steps, three.bound]).toEqual([one.distinct, one.steps, one.bound]);
    const pairs = ['transaction.version=1', 'safeguard.epoch-fencing=false'];
    const a = await checkParallel(kafkaTxnEntry, pairs, opts, 3);
    const b = await checkParallel(kafkaTxnEntry, pairs, opts, 3);
    expect(a.status).toBe('violation');
    expect(b.trace).toEqual(a.trace);
    expect(a.trace).toHaveLength(checkModel(kafkaTxnSubject, kafkaConfig(...pairs), opts).trace!.length);
  });
  test('workers that start from the drains one thread ran count and find what workers alone do', async () => {
    const opts = { mode: 'exhaustive', depth: 6, maxStates: 1_000_000 } as const;
    for (const [pairs, status] of [
      [[], 'ok'],
      [['transaction.version=1', 'safeguard.epoch-fencing=false'], 'violation'],
    ] as const) {
      const drainMemo = new FingerprintSet();
      const here = checkModel(kafkaTxnSubject, kafkaConfig(...pairs), { ...opts, depth: 4, drainMemo });
      // Every judged state the drain passes from and moves on from, and about one drain state in eight, is kept.
      expect(drainMemo.size).toBeGreaterThan((here.distinct ?? 0) / 2);
      const seeded = await checkParallel(kafkaTxnEntry, [...pairs], opts, 2, drainMemo);
      const fresh = await checkParallel(kafkaTxnEntry, [...pairs], opts, 2);
      expect(fresh.status).toBe(status);
      // The drains run here are not run again: the seeded workers take fewer drain steps to judge the same states.
      expect(seeded.drainSteps).toBeGreaterThan(0);
      expect(seeded.drainSteps).toBeLessThan(fresh.drainSteps!);
      expect([seeded.distinct, seeded.steps, seeded.status, seeded.trace]).toEqual([
        fresh.distinct,
        fresh.steps,
        fresh.status,
        fresh.trace,
      ]);
    }
  });
  test("a worker's error ends the search with that error (the workers are terminated on every path)", async () => {
    const c = { model: kafkaTxnModel, invariants: kafkaTxnEntry.invariants };
    const named = { model: 'no-such-model', config: {}, invariants: null };
    const opts = { mode: 'exhaustive', depth: 3, maxStates: 1000 } as const;
    await expect(exhaustiveParallel(c, kafkaTxnModel.init(kafkaConfig()), named, opts, 2)).rejects.toThrow(
      'worker: unknown model no-such-model',
    );
  });
  test('random campaigns on two workers give the one-thread result', async () => {
    const opts = { mode: 'random', runs: 300, seed: 5, maxSteps: 40 } as const;
    const one = checkModel(kafkaTxnSubject, kafkaConfig('transaction.version=1', 'faults.network=true'), opts);
    const two = await checkParallel(kafkaTxnEntry, ['transaction.version=1', 'faults.network=true'], opts, 2);
    expect([two.runsUntilFailure, two.seed, two.path, two.trace]).toEqual([
      one.runsUntilFailure,
      one.seed,
      one.path,
      one.trace,
    ]);
  });
});

describe('the fast path is the rules', () => {
  test('kafka-txn: running the recipe on a plain copy gives the state step gives, on random walks', () => {
    const f = kafkaTxnModel.fast;
    const enc = (s: KafkaTxnState) => {
      const w = new WordBuffer();
      f.encode(s, w);
      return Array.from(w.words.subarray(0, w.length));
    };
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.constantFrom('faults.network=true', 'transaction.version=1', 'enable.idempotence=false'),
        (picks, extra) => {
          let s = kafkaTxnModel.init(kafkaConfig('faults.network=true', extra));
          for (const c of picks) {
            const acts = kafkaTxnModel.enabled(s);
            if (acts.length === 0) break;
            const a = acts[c % acts.length]!;
            const copy = f.clone(s);
            f.apply(copy, a);
            s = kafkaTxnModel.step(s, a);
            expect(enc(copy)).toEqual(enc(s));
            expect(kafkaTxnModel.enabled(copy)).toEqual(kafkaTxnModel.enabled(s));
          }
        },
      ),
      { seed: 3, numRuns: 60 },
    );
  });
});

describe('symmetry reduction on kafka-txn', () => {
  const safeguards = [
    [],
    ['safeguard.epoch-fencing=false'],
    ['isolation.level=read_uncommitted'],
    ['transaction.version=1', 'faults.network=true'],
    ['safeguard.epoch-bump-on-timeout=false'],
    ['enable.idempotence=false', 'faults.network=true'],
    ['faults.network=true'],
  ];
  for (const off of safeguards) {
    test(`same verdict with and without it: ${off.join(' ') || 'defaults'}`, () => {
      // Verdicts only: no search past the first counterexample for a shorter one.
      const opts = { mode: 'exhaustive', depth: 6, maxStates: 1_000_000, shortestStates: 0 } as const;
      const plain = checkModel(kafkaTxnSubject, kafkaConfig(...off), opts);
      const sym = checkModel(kafkaTxnSubject, kafkaConfig(...off), { ...opts, symmetry: true });
      expect(sym.status).toBe(plain.status);
      expect(sym.violations[0]?.invariant).toBe(plain.violations[0]?.invariant);
      if (plain.status === 'ok') expect(sym.distinct!).toBeLessThan(plain.distinct!);
    });
  }
  test('renaming the apps twice with a swap gives the state back', () => {
    let s = kafkaTxnModel.init(kafkaConfig());
    for (let i = 0; i < 8; i++) s = kafkaTxnModel.step(s, kafkaTxnModel.enabled(s)[i % 3]!);
    const back = renameApps(renameApps(s, [1, 0]), [1, 0]);
    expect(JSON.stringify(back.kafka.partitions)).toBe(JSON.stringify(renameApps(s, [0, 1]).kafka.partitions));
    expect(back.instances.map((i) => i.id)).toEqual([...s.instances].map((i) => i.id).sort((a, b) => a - b));
  });
});

describe('bounds say how far the search got', () => {
  test('max-states stops cleanly with the level it completed', () => {
    const r = checkModel(twoPhaseCommitSubject, tpc('rm.count=6'), {
      mode: 'exhaustive',
      depth: 1000,
      maxStates: 5000,
    });
    expect(r.bound).toBe('max-states');
    expect(r.distinct).toBe(5000);
    expect(r.depthCompleted).toBeGreaterThan(3);
  });
  test('depth: every state up to the depth, none beyond (checked against a plain BFS over step and key)', () => {
    const m = twoPhaseCommitModel;
    const seen = new Set<string>();
    let level = [m.init(tpc('rm.count=3'))];
    seen.add(m.key(level[0]!));
    for (let d = 0; d < 3; d++) {
      const next = [];
      for (const s of level) {
        for (const a of m.enabled(s)) {
          const t = m.step(s, a);
          if (!seen.has(m.key(t))) {
            seen.add(m.key(t));
            next.push(t);
          }
        }
      }
      level = next;
    }
    const r = checkModel(twoPhaseCommitSubject, tpc('rm.count=3'), { mode: 'exhaustive', depth: 3, maxStates: 1000 });
    expect([r.bound, r.depthCompleted, r.distinct]).toEqual(['depth', 3, seen.size]);
  });
});
