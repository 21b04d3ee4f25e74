/**
 * Why this test? After its first counterexample the exhaustive search goes on looking for a shorter one, and
 * there most drains of an unsafe configuration fail; the drain memo keeps those too (`failed-drains.ts`), with
 * each state's steps to the violation, so a drain that meets one ends at once with that drain's violations.
 * It is a cache the search keeps for speed: it must never change what the search finds. Unsafe configurations
 * of every Kafka-speaking model are searched with it and without, and must agree on every state count,
 * verdict, violation (its message and step) and counterexample step, taking no more drain steps (on the
 * two-job flink-kafka row with a shared prefix, where each drain runs about 45 steps to its loss, a fifth).
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../../catalog/apps.js';
import type { Entry } from '../../../../catalog/entry.js';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { mirrorMaker2Entry } from '../../../../catalog/mirror-maker-2.js';
import { SearchCore } from '../../../../check/engine/search/search-core.js';
import type { Keys } from '../../../../model/core/keys.js';
import type { AnyAction } from '../../../../model/core/model.js';
import { check, resolved } from '../../../helpers/check.js';
import { reached } from '../../../helpers/differential.js';

/** Searches `e` at `pairs` to `depth` on this thread, then `extra` states on for a shorter trace, with and without. */
function both<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  pairs: string[],
  depth: number,
  extra: number,
) {
  const opts = { mode: 'exhaustive', depth, maxStates: 10_000_000, shortestStates: extra } as const;
  const figures = (r: ReturnType<typeof check<S, A, K>>) => ({
    status: r.status,
    distinct: r.distinct,
    generated: r.generated,
    depthCompleted: r.depthCompleted,
    violations: r.violations,
    trace: r.trace,
    shortest: r.shortest,
  });
  const kept = check(e, pairs, opts);
  const plain = check(e, pairs, { ...opts, failedDrains: false });
  return { kept: figures(kept), plain: figures(plain), drains: { kept: kept.drainSteps!, plain: plain.drainSteps! } };
}

/**
 * Model, pairs, depth, and the factor by which the kept failures cut the drain steps at least (1: no fewer, where
 * few drains fail or they fail within a step or two of where they meet).
 */
const cases: [string, Entry<never, AnyAction, Keys>, string[], number, number][] = [
  ['kafka-txn', kafkaTxnEntry as never, ['safeguard.epoch-fencing=false', 'faults.zombies=true'], 8, 1.1],
  ['kafka-txn', kafkaTxnEntry as never, ['isolation.level=read_uncommitted'], 8, 1],
  ['kafka-txn', kafkaTxnEntry as never, ['kafka.version=3.5', 'safeguard.epoch-bump-on-timeout=false'], 8, 1],
  ['consume-transform-produce', ctpEntry as never, ['commit.strategy=process-then-commit'], 8, 1],
  ['consume-transform-produce', ctpEntry as never, ['safeguard.require-stable-offsets=false'], 12, 1],
  ['kafka-streams', kafkaStreamsEntry as never, ['processing.guarantee=at_least_once'], 8, 1],
  ['flink-kafka', flinkKafkaEntry as never, ['sink.delivery-guarantee=at-least-once'], 24, 1],
  [
    'flink-kafka',
    flinkKafkaEntry as never,
    ['parallelism.default=2', 'jobs=2', 'safeguard.unique-transactional-id-prefix=false', 'faults.crashes=0'],
    16,
    5,
  ],
  ['mirror-maker-2', mirrorMaker2Entry as never, ['failover=unplanned'], 16, 1],
];

describe('the drain memo keeps failing drains, and the search finds the same', () => {
  for (const [name, e, pairs, depth, factor] of cases) {
    test(`${name} ${pairs.join(' ')}, depth ${depth}`, () => {
      const r = both(e, pairs, depth, 3000);
      expect(r.kept.status).toBe('violation');
      expect(r.kept).toEqual(r.plain);
      expect(r.drains.kept * factor).toBeLessThanOrEqual(r.drains.plain);
    });
  }
});

describe("a drain that meets a kept failure ends at that failure's distance", () => {
  // The unsafe cases whose random walks reach failing states, and how many walks (a flink-kafka drain is long).
  const walked: [number, number][] = [
    [0, 40],
    [3, 40],
    [5, 40],
    [6, 40],
    [7, 12],
    [8, 40],
  ];
  for (const [i, walks] of walked) {
    const [name, e, pairs] = cases[i]!;
    test(`${name} ${pairs.join(' ')}: every state judged as a drain alone judges it`, () => {
      const c = { model: e.model, invariants: e.invariants };
      const initial = e.model.init(resolved(e.model.keys, ...pairs).config as never);
      // One core judges every state in turn, keeping what its drains met; a fresh one judges each with no memo.
      const kept = new SearchCore(c, { symmetry: false, maxStates: 16 });
      let failing = 0;
      let fresh = 0;
      for (const s of reached(e, initial, walks, 150)) {
        kept.fingerprint(s);
        const k = kept.judge(s, kept.fp.hi, kept.fp.lo);
        const alone = new SearchCore(c, { symmetry: false, maxStates: 16, failedDrains: false });
        alone.fingerprint(s);
        expect(k).toBe(alone.judge(s, alone.fp.hi, alone.fp.lo));
        fresh += alone.drainSteps;
        if (k > 0) failing += 1;
      }
      expect(failing).toBeGreaterThan(0);
      expect(kept.drainSteps).toBeLessThan(fresh);
    });
  }
});
