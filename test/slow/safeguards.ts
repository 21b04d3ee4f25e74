/**
 * The safeguard table of the slow tests (issue #8): safe configurations and unsafe settings of
 * every model. `safe.test.ts` and `unsafe.test.ts` check both directions over several seeds and a
 * deeper bound than `npm test`.
 */
import { catalog } from '../../catalog/index.js';
import type { CheckOptions } from '../../check/options.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Flat } from '../helpers/check.js';
import { check } from '../helpers/check.js';

/** Checks model `name` at `pairs` in this thread, flattened (the verdict and the counterexample's actions). */
export function checkNamed(name: string, pairs: readonly string[], opts: CheckOptions): Flat<unknown, AnyAction> {
  const m = catalog.get(name);
  if (!m) throw new Error(`no model ${name}`);
  return m.open((e) => {
    const r = check(e, pairs, opts);
    return { ...r, states: null };
  });
}

/** The model's default exhaustive depth. */
export function defaultDepth(name: string): number {
  return catalog.get(name)!.open((e) => e.model.defaultDepth);
}

export const SEEDS = [1, 2, 3, 4, 5];

/** Safe configurations: every safeguard on (the defaults), and the safe variants users pick. */
export const safe: { model: string; set: string[]; runs: number; depth: number }[] = [
  { model: 'kafka-txn', set: [], runs: 2000, depth: 10 },
  { model: 'kafka-txn', set: ['faults.network=true'], runs: 2000, depth: 9 },
  { model: 'consume-transform-produce', set: [], runs: 2000, depth: 12 },
  {
    model: 'consume-transform-produce',
    set: ['commit.strategy=process-then-commit', 'sink=upsert'],
    runs: 2000,
    depth: 12,
  },
  { model: 'kafka-streams', set: [], runs: 2000, depth: 13 },
  { model: 'kafka-streams', set: ['processing.guarantee=exactly_once'], runs: 2000, depth: 13 },
  { model: 'flink-kafka', set: [], runs: 2000, depth: 30 },
  { model: 'flink-kafka', set: ['execution.checkpointing.mode=AT_LEAST_ONCE'], runs: 1000, depth: 30 },
  { model: 'flink-kafka', set: ['jobs=2', 'faults.crashes=0', 'faults.lost-notifications=0'], runs: 1000, depth: 24 },
  { model: 'two-phase-commit', set: ['rm.count=5'], runs: 2000, depth: 10_000 },
];

/** Unsafe settings: what each finds (the first invariant reported is one of `breaks`). */
export const unsafe: {
  model: string;
  set: string[];
  breaks: string[];
  /** false: uniform random runs do not find it on these seeds (the default check's swarm runs do). */
  random?: false;
}[] = [
  {
    model: 'kafka-txn',
    set: ['safeguard.epoch-fencing=false'],
    // txn-atomicity: a producer whose transaction timed out commits it with its stale epoch (8 steps).
    breaks: ['zombie-fenced', 'no-duplicates', 'txn-atomicity'],
  },
  { model: 'kafka-txn', set: ['enable.idempotence=false', 'faults.network=true'], breaks: ['no-duplicates'] },
  { model: 'kafka-txn', set: ['isolation.level=read_uncommitted'], breaks: ['no-aborted-read'] },
  {
    model: 'kafka-txn',
    set: ['transaction.version=1', 'faults.network=true'],
    breaks: ['zombie-fenced', 'txn-atomicity', 'no-hanging-transaction', 'no-loss', 'no-duplicates'],
  },
  { model: 'kafka-txn', set: ['safeguard.epoch-bump-on-timeout=false'], breaks: ['txn-atomicity', 'no-loss'] },
  { model: 'consume-transform-produce', set: ['commit.strategy=commit-then-process'], breaks: ['no-loss'] },
  { model: 'consume-transform-produce', set: ['commit.strategy=process-then-commit'], breaks: ['no-duplicates'] },
  {
    model: 'consume-transform-produce',
    set: ['safeguard.require-stable-offsets=false'],
    breaks: ['no-duplicates', 'offsets-atomic'],
  },
  { model: 'consume-transform-produce', set: ['safeguard.generation-fencing=false'], breaks: ['zombie-fenced'] },
  {
    model: 'consume-transform-produce',
    set: ['safeguard.epoch-fencing=false'],
    breaks: ['zombie-fenced', 'no-duplicates', 'txn-atomicity'],
  },
  { model: 'consume-transform-produce', set: ['sink=side-effect'], breaks: ['no-duplicates'] },
  { model: 'consume-transform-produce', set: ['isolation.level=read_uncommitted'], breaks: ['no-aborted-read'] },
  {
    model: 'kafka-streams',
    set: ['processing.guarantee=at_least_once'],
    breaks: ['state-exactly-once', 'no-duplicates'],
  },
  { model: 'kafka-streams', set: ['safeguard.generation-fencing=false'], breaks: ['zombie-fenced'] },
  {
    model: 'kafka-streams',
    set: ['processing.guarantee=exactly_once', 'safeguard.epoch-fencing=false'],
    breaks: ['zombie-fenced', 'no-duplicates', 'txn-atomicity', 'state-exactly-once'],
  },
  { model: 'kafka-streams', set: ['isolation.level=read_uncommitted'], breaks: ['no-aborted-read'] },
  { model: 'flink-kafka', set: ['sink.delivery-guarantee=none'], breaks: ['no-duplicates', 'no-loss'] },
  { model: 'flink-kafka', set: ['sink.delivery-guarantee=at-least-once'], breaks: ['no-duplicates'] },
  { model: 'flink-kafka', set: ['isolation.level=read_uncommitted'], breaks: ['no-aborted-read'] },
  { model: 'flink-kafka', set: ['transaction.timeout.ms=2500'], breaks: ['no-loss'] },
  {
    model: 'flink-kafka',
    set: ['execution.checkpointing.mode=AT_LEAST_ONCE', 'job.inputs=2'],
    breaks: ['state-exactly-once'],
    random: false,
  },
  {
    model: 'flink-kafka',
    set: ['high-availability.type=none', 'faults.jobmanager=1', 'faults.crashes=0'],
    breaks: ['no-duplicates'],
  },
  { model: 'two-phase-commit', set: ['safeguard.commit-needs-all-prepared=false'], breaks: ['tc-consistent'] },
  // Issue #12: plain `check` (200 random runs then) said these hold on 10 of 10 seeds.
  {
    model: 'flink-kafka',
    set: ['high-availability.type=none', 'faults.jobmanager=1', 'faults.crashes=0', 'scan.startup.mode=group-offsets'],
    breaks: ['state-exactly-once', 'no-duplicates'],
  },
  {
    model: 'flink-kafka',
    set: ['transaction.timeout.ms=2500', 'faults.lost-notifications=0', 'restart.delay.ms=3000'],
    breaks: ['no-loss'],
  },
];
