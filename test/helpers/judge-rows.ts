/**
 * A search with a judge thread reports what the search alone reports (`check/engine/parallel/judges.ts`): the rows the
 * fast suite's `test/check/engine/judges.test.ts` and the slow suite's `test/slow/judge-rows.test.ts` share.
 */
import { expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { JudgeCrew } from '../../check/engine/parallel/judges.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import { resolved } from './check.js';
import { allFigures } from './handoff.js';

export interface JudgeRow {
  readonly model: string;
  readonly set: readonly string[];
  readonly depth: number;
  readonly maxStates?: number;
  readonly symmetry?: true;
  readonly status: string;
  /** Run by the fast suite (the others by the slow one). */
  readonly fast?: true;
}

/** Rows of every model that decodes its words, safe and unsafe, cut and not. */
export const JUDGE_ROWS: readonly JudgeRow[] = [
  { model: 'kafka-txn', set: ['safeguard.epoch-fencing=false'], depth: 8, status: 'violation', fast: true },
  { model: 'kafka-txn', set: ['isolation.level=read_uncommitted'], depth: 8, status: 'violation' },
  { model: 'kafka-txn', set: [], depth: 7, status: 'ok' },
  { model: 'kafka-txn', set: [], depth: 9, maxStates: 5000, status: 'ok', fast: true },
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

/** Each row searched alone and with a judge thread (batches of three, a backlog of seven): the same figures. */
export function judgedAsAlone(rows: readonly JudgeRow[]): void {
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
}
