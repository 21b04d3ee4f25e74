/**
 * `max-poll-rebalance` (seed 001's field case): a batch outlasting max.poll.interval.ms makes the
 * member leave, its commit fail and its partition move; exact outcomes per commit strategy.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../catalog/apps.js';
import type { AppState } from '../../model/ctp/state.js';
import { OUT } from '../../model/ctp/state.js';
import { readPartition } from '../../model/kafka/read.js';
import { maxPollRebalance } from '../../scenarios/max-poll-rebalance.js';
import { runScenario } from '../../scenarios/run.js';
import { check, exhaustive } from '../helpers/check.js';

function play(...pairs: [string, string][]) {
  const r = runScenario(ctpEntry, maxPollRebalance, pairs);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const committed = (s: AppState) => readPartition(s.kafka.partitions[OUT]!, 'read_committed').map((e) => e.value);
const rejections = (ex: ReturnType<typeof play>) =>
  ex.states.flatMap((s) => s.events.flatMap((e) => (e.type === 'rejected' ? [e.request] : [])));
const timeouts = (ex: ReturnType<typeof play>) =>
  ex.states.flatMap((s) =>
    s.events.flatMap((e) => (e.type === 'life' && e.status.startsWith('poll timeout') ? [e.instance] : [])),
  );

describe('max-poll-rebalance (seed 001)', () => {
  test('process-then-commit: the commit fails (CommitFailedException) and records 1-5 are written twice', () => {
    const ex = play(['commit.strategy', 'process-then-commit']);
    expect(timeouts(ex)).toEqual([1]);
    expect(rejections(ex)).toEqual(['OffsetCommit(in-0 -> 5, generation 2)']);
    expect(committed(ex.states.at(-1)!)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
    expect(ex.quiescent).toBe(true);
  });

  test('transactional: the stale offsets are refused, the transaction aborts, read_committed sees each once', () => {
    const ex = play();
    expect(timeouts(ex)).toEqual([1]);
    expect(rejections(ex)).toEqual(['TxnOffsetCommit(in-0 -> 5, generation 2)']);
    expect(committed(ex.states.at(-1)!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ex.violations).toEqual([]);
  });
});

describe('the poll timer in consume-transform-produce checks', () => {
  const timed = ['record.processing.ms=1000', 'max.poll.interval.ms=10000', 'faults.crashes=0'];

  test('transactional holds at depth 10 with a slow record; process-then-commit duplicates at the same bound', () => {
    const safe = check(ctpEntry, timed, exhaustive(10));
    expect(safe.status).toBe('ok');
    const unsafe = check(ctpEntry, [...timed, 'commit.strategy=process-then-commit'], exhaustive(10));
    expect(unsafe.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });

  test('batches that always outlast max.poll.interval.ms never finish: the rebalance loop (progress)', () => {
    const r = check(
      ctpEntry,
      ['record.processing.ms=1000', 'max.poll.interval.ms=1500', 'faults.crashes=0', 'faults.zombies=false'],
      exhaustive(2),
    );
    expect(r.violations.map((v) => v.invariant)).toEqual(['progress']);
  });
});
