/**
 * The default check's parts: swarm runs (profiles drawn per run, reproducible in order, a find
 * replayed exactly from its `R:P` path) and the portfolio (a breadth-first pass, then the swarm;
 * which found, and nothing left to try once the pass exhausts the space). Seeds are pinned; the
 * bounds are counts of work, never time, so every assertion is exact. On two threads (the swarm
 * beside the pass) which part finds first is a race: those tests pin what holds whichever wins, and
 * force the winner where the other cannot find (a pass short of the bug, swarm runs too short for it).
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../../catalog/index.js';
import { checkAuto, checkHere } from '../../../check/check.js';
import { runSeed } from '../../../check/explore/campaign.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { drawProfile, exploreSwarm, weighted } from '../../../check/explore/swarm.js';
import { ticking } from '../../../check/types/clock.js';
import type { PortfolioOptions, PortfolioProgress, SwarmOptions } from '../../../check/types/options.js';
import type { Outcome, PortfolioOutcome, SwarmOutcome } from '../../../check/types/outcome.js';
import { checkReport } from '../../../cli/format/check-report.js';
import { foundText } from '../../../cli/format/search.js';
import type { AnyAction } from '../../../model/core/model.js';
import { kafkaTxnModel } from '../../../model/kafka-txn/model.js';
import { cfg, record, resolved } from '../../helpers/check.js';

const swarm = (seed: number, runs = 5000, path?: string): SwarmOptions => ({
  mode: 'swarm',
  runs,
  seed,
  maxSteps: 40,
  ...(path === undefined ? {} : { path }),
});

const portfolio = (seed: number, depth: number): PortfolioOptions => ({
  mode: 'portfolio',
  seed,
  maxSeconds: 3600,
  exhaustiveShare: 1,
  depth,
  maxStates: 1_000_000,
  runs: 5000,
  maxSteps: 40,
});

/** A check of model `name` at `pairs`, through the one entry point. */
function run(name: string, pairs: string[], opts: SwarmOptions | PortfolioOptions): Outcome<unknown, AnyAction> {
  return catalog
    .get(name)!
    .open((e) =>
      checkHere({ model: e.model, invariants: e.invariants }, e.model.init(cfg(e.model.keys, ...pairs)), opts),
    );
}

/** The portfolio of model `name` at `pairs` on two threads: the pass here, the swarm on a worker beside it. */
async function beside(name: string, pairs: string[], opts: PortfolioOptions) {
  const o = await catalog
    .get(name)!
    .open((e) =>
      checkAuto(
        { model: e.model, invariants: e.invariants },
        e.model.init(cfg(e.model.keys, ...pairs)),
        { model: name, config: record(e.model.keys, ...pairs), invariants: null },
        opts,
        2,
      ),
    );
  return asPortfolio(o);
}

/** The outcome as a portfolio's (the test asked for one). */
function asPortfolio(o: Outcome<unknown, AnyAction>): PortfolioOutcome<unknown, AnyAction> {
  if (o.mode !== 'portfolio') throw new Error(`expected a portfolio outcome, got ${o.mode}`);
  return o;
}

/** The outcome as a swarm campaign's (the test asked for one). */
function asSwarm(o: Outcome<unknown, AnyAction>): SwarmOutcome<unknown, AnyAction> {
  if (o.mode !== 'swarm') throw new Error(`expected a swarm outcome, got ${o.mode}`);
  return o;
}

describe('swarm profiles', () => {
  test('each run switches off its own subset of the fault kinds and weighs the tags; never a protocol step', () => {
    const faults = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const p = drawProfile(kafkaTxnModel, seed, 40, {});
      for (const t of kafkaTxnModel.actionTypes) {
        if (!kafkaTxnModel.faultTypes.includes(t)) expect(p.weights[t]).toBeGreaterThan(0);
        else expect(p.weights[t]! > 0).toBe(p.faults.includes(t));
      }
      faults.add(p.faults.join(','));
      expect([40, 80]).toContain(p.maxSteps);
    }
    // Forty runs, forty draws: many different subsets of the faults (Crash, Pause, Resume, ProduceDelayed, ...).
    expect(faults.size).toBeGreaterThan(10);
  });
  test('a guided run favours the tags taken least: one never taken weighs 64 times its own weight', () => {
    const coverage = Object.fromEntries(kafkaTxnModel.actionTypes.map((t) => [t, 1000]));
    coverage['Tick'] = 0;
    let guided = 0;
    // The seeds a campaign's runs get (consecutive small seeds draw alike from the xorshift generator).
    for (let r = 1; r <= 20; r++) {
      const seed = runSeed(1, r);
      const plain = drawProfile(kafkaTxnModel, seed, 40, {});
      const p = drawProfile(kafkaTxnModel, seed, 40, coverage);
      expect(p.guided).toBe(plain.guided);
      if (!p.guided) continue;
      guided += 1;
      expect(p.weights['Tick']).toBe(plain.weights['Tick']! * 64);
      expect(p.weights['Produce']).toBe(plain.weights['Produce']);
    }
    expect(guided).toBeGreaterThan(5);
  });
  test('the weighted choice follows the weights, and a pick of all-zero weights ends the run', () => {
    const acts = [{ type: 'A' }, { type: 'B' }, { type: 'C' }];
    const choose = weighted<{ type: string }>({ A: 1, B: 0, C: 3 });
    expect([0, 1, 2, 3, 4, 5].map((p) => choose(acts, p)?.type)).toEqual(['A', 'C', 'C', 'C', 'A', 'C']);
    expect(weighted<{ type: string }>({ A: 0, B: 0, C: 0 })(acts, 7)).toBeNull();
  });
});

describe('swarm campaigns', () => {
  test('the same seed gives the same failing run, path and trace', () => {
    const a = asSwarm(run('kafka-txn', ['transaction.version=1', 'faults.network=true'], swarm(5)));
    const b = asSwarm(run('kafka-txn', ['transaction.version=1', 'faults.network=true'], swarm(5)));
    expect(a.failure).not.toBeNull();
    expect([b.failure, b.found?.trace]).toEqual([a.failure, a.found?.trace]);
  });
  test('--swarm --seed S --path R:P replays the find exactly (the runs before R are run again first)', () => {
    const a = run('kafka-txn', ['transaction.version=1', 'faults.network=true'], swarm(5));
    if (a.mode !== 'swarm' || !a.failure) throw new Error('expected a swarm find');
    expect(a.failure.run).toBeGreaterThan(0);
    const b = run('kafka-txn', ['transaction.version=1', 'faults.network=true'], swarm(5, 1, a.failure.path));
    expect(b.found?.trace).toEqual(a.found?.trace);
    expect(b.found?.violations).toEqual(a.found?.violations);
  });
  test('finds what 200 uniform runs miss on every seed: a JobManager failure without HA', () => {
    const pairs = [
      'high-availability.type=none',
      'faults.jobmanager=1',
      'faults.crashes=0',
      'scan.startup.mode=group-offsets',
      // group-offsets with no committed offset and no reset strategy fails the job (a progress finding).
      'properties.auto.offset.reset=earliest',
    ];
    for (const seed of [1, 2, 3]) {
      const r = run('flink-kafka', pairs, swarm(seed));
      expect(r.found?.violations[0]?.invariant).toBe('state-exactly-once');
    }
  });
});

describe('the portfolio', () => {
  test('a finite space exhausted by the pass needs no swarm: ok, every reachable state', () => {
    const r = asPortfolio(run('two-phase-commit', ['rm.count=4'], portfolio(1, 10_000)));
    expect([r.status, r.foundBy, r.swarm, r.exhaustive.distinct, r.exhaustive.bound]).toEqual([
      'ok',
      null,
      null,
      1568,
      null,
    ]);
  });
  test('found by the pass: the fewest steps, and the swarm is not run', () => {
    const r = asPortfolio(run('kafka-txn', ['safeguard.epoch-fencing=false'], portfolio(1, 8)));
    // 9 steps: the leader's append of a verified write is its own step.
    expect([r.foundBy, r.swarm, r.exhaustive.shortest, r.found?.trace.length]).toEqual(['exhaustive', null, true, 9]);
  });
  test('found by the swarm when the pass stops short of the bug (its depth bound here), seeds 1 and 2', () => {
    for (const seed of [1, 2]) {
      const r = asPortfolio(run('kafka-txn', ['safeguard.epoch-fencing=false'], portfolio(seed, 3)));
      expect([r.foundBy, r.exhaustive.status, r.exhaustive.bound, r.exhaustive.depthCompleted]).toEqual([
        'swarm',
        'ok',
        'depth',
        3,
      ]);
      expect(r.swarm?.failure?.run).toBeGreaterThanOrEqual(0);
      // The swarm of the portfolio is the swarm of the same seed alone: reproducible with --swarm.
      const alone = run('kafka-txn', ['safeguard.epoch-fencing=false'], swarm(seed));
      expect(alone.found?.trace).toEqual(r.found?.trace);
    }
  });
});

describe('the portfolio on two threads: the swarm beside the pass', () => {
  const endless = { runs: Number.MAX_SAFE_INTEGER };
  test('a pass that exhausts the space stops the swarm: an hour of budget and endless runs end at once', async () => {
    const r = await beside('two-phase-commit', ['rm.count=4'], { ...portfolio(1, 10_000), ...endless });
    expect([r.status, r.foundBy, r.workers, r.exhaustive.distinct, r.exhaustive.bound]).toEqual([
      'ok',
      null,
      2,
      1568,
      null,
    ]);
    // Stopped (never the endless campaign it was given: that would outlast the test's five minutes), and reported
    // as not run, as on one thread.
    expect(r.swarm).toBeNull();
  });
  test("the pass's find stops the swarm, and is the pass's alone: the fewest steps", async () => {
    // Swarm runs of one or two steps cannot reach the zombie: only the pass can find it.
    const opts = { ...portfolio(1, 8), ...endless, maxSteps: 1 };
    const r = await beside('kafka-txn', ['safeguard.epoch-fencing=false'], opts);
    const alone = asPortfolio(run('kafka-txn', ['safeguard.epoch-fencing=false'], portfolio(1, 8)));
    expect([r.foundBy, r.exhaustive.shortest, r.found?.trace.length]).toEqual(['exhaustive', true, 9]);
    expect(r.found?.trace).toEqual(alone.found?.trace);
    expect(r.swarm === null || (r.swarm.status === 'ok' && r.swarm.runs < endless.runs)).toBe(true);
  });
  test("a swarm find is the swarm's alone, replayed here from its actions (seeds 1 and 2)", async () => {
    for (const seed of [1, 2]) {
      // The pass stops at depth 3, short of the bug: the swarm finds it.
      const r = await beside('kafka-txn', ['safeguard.epoch-fencing=false'], portfolio(seed, 3));
      expect([r.foundBy, r.exhaustive.bound, r.exhaustive.depthCompleted]).toEqual(['swarm', 'depth', 3]);
      const alone = asSwarm(run('kafka-txn', ['safeguard.epoch-fencing=false'], swarm(seed)));
      expect(r.swarm?.failure).toEqual(alone.failure);
      expect([r.found?.trace, r.found?.violations, r.found?.states]).toEqual([
        alone.found?.trace,
        alone.found?.violations,
        alone.found?.states,
      ]);
    }
  });
  test('whichever part finds first, the report is the one it makes alone (kafka-txn, zombie, seeds 1-3)', async () => {
    for (const seed of [1, 2, 3]) {
      const r = await beside('kafka-txn', ['safeguard.epoch-fencing=false'], portfolio(seed, 10_000));
      expect(r.status).toBe('violation');
      if (r.foundBy === 'swarm') {
        // The swarm found first: the pass stopped with nothing (else its own find would be reported).
        expect([r.exhaustive.status, r.exhaustive.bound]).toEqual(['ok', 'stopped']);
        const alone = asSwarm(run('kafka-txn', ['safeguard.epoch-fencing=false'], swarm(seed)));
        expect(r.found?.trace).toEqual(alone.found?.trace);
      } else {
        expect([r.foundBy, r.exhaustive.shortest, r.found?.trace.length]).toEqual(['exhaustive', true, 9]);
      }
    }
  });
  test('the pass stops when told the swarm found, within 128 states, unless it found one: then it proves it', () => {
    const open = (pairs: string[], cancelled: () => boolean, told: { n: number }) =>
      catalog.get('kafka-txn')!.open((e) =>
        exploreExhaustive({ model: e.model, invariants: e.invariants }, e.model.init(cfg(e.model.keys, ...pairs)), {
          mode: 'exhaustive',
          depth: 10,
          maxStates: 1_000_000,
          beside: { cancelled, found: () => void told.n++ },
        }),
      );
    const stopped = open([], () => true, { n: 0 });
    expect([stopped.status, stopped.bound, stopped.depthCompleted]).toEqual(['ok', 'stopped', 5]);
    expect(stopped.distinct).toBeLessThan(1000);
    // Told once, at its first find; cancelled from then on, yet it goes on to prove the trace the fewest steps.
    const told = { n: 0 };
    const found = open(['safeguard.epoch-fencing=false'], () => told.n > 0, told);
    expect([told.n, found.bound, found.shortest, found.found?.trace.length]).toEqual([1, null, true, 9]);
  });
});

describe("the portfolio's progress: the pass's depth and states, the swarm's runs and steps", () => {
  /**
   * Every progress report of the portfolio of kafka-txn (its pass bounded at depth 4) for `seconds`, on a clock that
   * moves 5 ms at each reading (the swarm beside the pass on a clock of its own that does the same).
   */
  async function reports(workers: 1 | 2, seconds: number): Promise<PortfolioProgress[]> {
    const seen: PortfolioProgress[] = [];
    const opts: PortfolioOptions = {
      ...portfolio(1, 4),
      exhaustiveShare: 0.5,
      maxSeconds: seconds,
      runs: Number.MAX_SAFE_INTEGER,
      onProgress: (p) => void seen.push(p),
      clock: ticking(5),
    };
    if (workers === 1) run('kafka-txn', [], opts);
    else await beside('kafka-txn', [], opts);
    return seen;
  }
  /**
   * The reports of the swarm, once each level of the pass (depth 0 to 4) was reported: each with the pass as it
   * ended, some steps, runs a multiple of 50 (the swarm reports every 50 runs) but the last on two threads (where
   * the swarm ended).
   */
  function swarmAfterPass(ps: readonly PortfolioProgress[], workers: 1 | 2): PortfolioProgress[] {
    expect([...new Set(ps.flatMap((p) => (p.pass ? [p.pass.depth] : [])))]).toEqual([0, 1, 2, 3, 4]);
    const swarm = ps.filter((p) => p.swarm !== null);
    const every = workers === 1 ? swarm : swarm.slice(0, -1);
    expect(swarm.every((p) => p.pass?.depth === 4 && p.swarm!.steps > 0)).toBe(true);
    expect(every.every((p) => p.swarm!.runs % 50 === 0)).toBe(true);
    return swarm;
  }

  test('one thread: each level of the pass, then the swarm every 50 runs with the pass as it ended', async () => {
    const ps = await reports(1, 2);
    const swarm = swarmAfterPass(ps, 1);
    expect(swarm.length).toBeGreaterThan(1);
    // Reports come in time order, runs growing.
    for (let i = 1; i < ps.length; i++) expect(ps[i]!.elapsedMs).toBeGreaterThanOrEqual(ps[i - 1]!.elapsedMs);
    expect(swarm.at(-1)!.swarm!.runs).toBeGreaterThan(swarm[0]!.swarm!.runs);
  });

  test('two threads: the pass ends at its bound at once, then the swarm beside it, to where it ended', async () => {
    // The worker writes its runs every 50 runs; the main thread reads them once a second while it waits, and the
    // swarm's end last: on the ticking clocks the same runs and steps on every machine, those the swarm makes alone.
    const shown = swarmAfterPass(await reports(2, 3), 2);
    const last = shown.at(-1)!.swarm!;
    const alone = asSwarm(
      run('kafka-txn', [], { ...swarm(1, Number.MAX_SAFE_INTEGER), maxSeconds: 2.75, clock: ticking(5) }),
    );
    expect(last).toEqual({ runs: alone.runs, steps: alone.steps });
  });
});

describe('a swarm run told to stop shrinking', () => {
  test('reports the value shrunk so far, asked only once its run has failed', () => {
    const e = catalog.get('kafka-txn')!;
    const pairs = ['isolation.level=read_uncommitted'];
    const outcome = (interrupt?: () => boolean) =>
      e.open((x) =>
        exploreSwarm(
          { model: x.model, invariants: x.invariants },
          x.model.init(cfg(x.model.keys, ...pairs)),
          swarm(7, 200),
          interrupt ? { interrupt } : {},
        ),
      );
    const full = outcome();
    let asked = 0;
    const cut = outcome(() => {
      asked += 1;
      return true;
    });
    // The same failing run; uninterrupted, fast-check shrinks it (its path goes on past the first failing value).
    expect([cut.failure?.run, cut.found?.violations[0]?.invariant]).toEqual([
      full.failure?.run,
      full.found?.violations[0]?.invariant,
    ]);
    expect(full.failure!.path.split(':').length).toBeGreaterThan(2);
    // Cut: the first failing value itself (run and fast-check index), every shrink candidate passing unrun.
    expect(cut.failure!.path.split(':').length).toBe(2);
    expect(asked).toBeGreaterThan(0);
    expect(cut.found!.trace.length).toBeGreaterThanOrEqual(full.found!.trace.length);
  });
});

describe('a minimization cut short by its time bound', () => {
  test('keeps the trace it had, and the text and JSON reports say so', () => {
    const e = catalog.get('kafka-txn')!;
    const pairs = ['isolation.level=read_uncommitted'];
    const [full, late] = e.open((x) => {
      const config = resolved(x.model.keys, ...pairs);
      const checked = { model: x.model, invariants: x.invariants };
      const go = (dueBy?: number) => {
        const o = exploreSwarm(checked, x.model.init(config.config), swarm(7, 200), dueBy ? { dueBy } : {});
        const t = o.found!.trace;
        const text = foundText(o, t.length, t.filter((st) => st.phase === 'drain').length);
        return { o, text, shrunk: checkReport(x, config, o)['shrunk'] };
      };
      // Due before it starts: the minimization replays the failing run once and stops there.
      return [go(), go(performance.now() - 1)];
    });
    expect(late.o.failure?.run).toBe(full.o.failure?.run);
    expect([full.o.failure?.cut, late.o.failure?.cut]).toEqual([null, 'time']);
    expect(late.o.found!.trace.length).toBeGreaterThan(full.o.found!.trace.length);
    expect(full.text).not.toContain('minimization stopped');
    expect(late.text).toContain('; its minimization stopped at the time bound (Reproduce, without that bound');
    expect(full.shrunk).toMatchObject({ to: full.o.found!.trace.length, cut: null });
    expect(late.shrunk).toMatchObject({ to: late.o.found!.trace.length, cut: 'time' });
  });
});
