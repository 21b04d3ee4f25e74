/**
 * Judge threads beside the one-thread search (`check/engine/parallel/judges.ts`): the search with a judge reports what
 * the search alone reports, figure for figure (states, transitions, coverage, bound, depth, trace), also where it stops
 * at a counterexample after it admitted more states than one thread (their verdicts came back later) and where
 * `--max-states` cuts it. Batches of three states and a backlog of seven mix the order verdicts come back in with
 * states the search judges itself.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../../catalog/index.js';
import { Levels } from '../../../check/engine/frontier/levels.js';
import { PENDING, Verdicts } from '../../../check/engine/frontier/verdicts.js';
import { JudgeCrew } from '../../../check/engine/parallel/judges.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { resolved } from '../../helpers/check.js';
import { allFigures } from '../../helpers/handoff.js';

const rows: { model: string; set: string[]; depth: number; maxStates?: number; symmetry?: true; status: string }[] = [
  { model: 'kafka-txn', set: ['safeguard.epoch-fencing=false'], depth: 8, status: 'violation' },
  { model: 'kafka-txn', set: ['isolation.level=read_uncommitted'], depth: 8, status: 'violation' },
  { model: 'kafka-txn', set: [], depth: 7, status: 'ok' },
  { model: 'kafka-txn', set: [], depth: 9, maxStates: 5000, status: 'ok' },
  { model: 'kafka-txn', set: ['safeguard.epoch-fencing=false'], depth: 8, symmetry: true, status: 'violation' },
  {
    model: 'consume-transform-produce',
    set: ['safeguard.require-stable-offsets=false'],
    depth: 8,
    status: 'violation',
  },
  { model: 'kafka-streams', set: ['safeguard.generation-fencing=false'], depth: 8, status: 'violation' },
  { model: 'flink-kafka', set: ['transaction.timeout.ms=2500'], depth: 20, status: 'violation' },
  { model: 'flink-kafka', set: [], depth: 14, status: 'ok' },
  {
    model: 'mirror-maker-2',
    set: ['failover=planned', 'kafka.version=3.6', 'offset.lag.max=2'],
    depth: 12,
    status: 'violation',
  },
  { model: 'mirror-maker-2', set: ['failover=planned', 'source.transaction.records=2'], depth: 10, status: 'ok' },
];

describe('a search with a judge thread reports what the search alone reports', () => {
  for (const r of rows) {
    const name = `${r.model} ${r.set.join(' ')} depth ${r.depth}${r.maxStates ? ` max-states ${r.maxStates}` : ''}`;
    test(`${name}${r.symmetry ? ', symmetry' : ''}`, async () => {
      await catalog.get(r.model)!.open(async (e) => {
        const config = resolved(e.model.keys, ...r.set);
        const c = { model: e.model, invariants: e.invariants };
        const named = { model: r.model, config: config.record, invariants: c.invariants.map((i) => i.name) };
        const opts = {
          mode: 'exhaustive',
          depth: r.depth,
          maxStates: r.maxStates ?? 1_000_000,
          symmetry: r.symmetry,
        } as const;
        const alone = exploreExhaustive(c, e.model.init(config.config), opts);
        const one = allFigures(alone);
        expect([one.status, alone.judges]).toEqual([r.status, null]);
        // Started before the search, and ready: the search sends states from its first level on.
        const crew = new JudgeCrew(named, r.symmetry === true, 1, 0, 0, { batch: 3, behind: 7 });
        try {
          await crew.start().whenReady();
          const two = exploreExhaustive(c, e.model.init(config.config), { ...opts, judges: crew });
          expect(allFigures(two)).toEqual(one);
          expect(two.workers).toBe(2);
          expect(crew.started!.judged).toBeGreaterThan(0);
          // The report says which threads ran: the search and one judge, with the verdicts back from it.
          expect(two.judges).toEqual({ threads: 1, judged: crew.started!.judged });
        } finally {
          await crew.end();
        }
      });
    });
  }
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
