/**
 * Every direction of the consumer loop's guarantees for consume-transform-produce, with pinned seeds (random) and small
 * exhaustive bounds: the at-most-once and at-least-once loops fail, the transactional one holds,
 * and each KIP-447 safeguard switched off yields its counterexample, shrunk to a short timeline.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../catalog/apps.js';
import type { RandomOptions } from '../../check/types/options.js';
import { ctpKeys } from '../../model/ctp/config.js';
import { renderText } from '../../traces/render/text.js';
import { cfg, check, exhaustive, explored, random } from '../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, ...pairs);

describe('random exploration (pinned seeds, <= 40 steps a run)', () => {
  test(
    'seed 11: commit-then-process violates no-loss ' +
      '(the owner dies or stalls between the commit and the processing)',
    () => {
      const r = check(ctpEntry, ctp('commit.strategy=commit-then-process'), random(300, 11));
      expect(r.violations[0]!.invariant).toBe('no-loss');
      const steps = explored(r.trace);
      expect(steps.slice(-2)[0]).toBe('CommitOffsets');
      expect(['Crash', 'Pause']).toContain(steps.at(-1));
      expect(r.trace!.length).toBeLessThanOrEqual(12);
    },
  );
  test('seed 11: process-then-commit violates no-duplicates', () => {
    const r = check(ctpEntry, ctp('commit.strategy=process-then-commit'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
    expect(r.trace!.length).toBeLessThanOrEqual(12);
  });
  test('seed 11: transactional holds with crashes, a zombie and rebalances', () => {
    const r = check(ctpEntry, ctp(), random(200, 11));
    expect(r.violations).toEqual([]);
    expect(r.steps).toBeGreaterThan(2000);
  });
  // With markers written one partition at a time and the producer initialized before OffsetFetch, seed 14 finds
  // nothing in 400 runs; seed 41 finds it in run 233: i0#1 commits offset 1 and crashes before the markers, and the
  // new owner i1#1 reads offset 0 and processes v1 again.
  test(
    'seed 41: transactional with require-stable-offsets=false: after a rebalance the new owner of in-0 re-reads an ' +
      'offset whose commit was pending',
    () => {
      const r = check(ctpEntry, ctp('safeguard.require-stable-offsets=false'), random(400, 41));
      expect(r.violations[0]!.invariant).toBe('no-duplicates');
      const text = renderText(ctpEntry.model, ctpEntry.render, r.states!, r.trace!, r.violations);
      expect(text).toMatch(/rebalance to generation/);
      expect(text).toMatch(/i1#1: committed offset of in-0 is 0/);
      expect(r.trace!.length).toBeLessThanOrEqual(20);
    },
  );
  test('the same seed and budget with require-stable-offsets on: no counterexample', () => {
    const r = check(ctpEntry, ctp(), random(400, 41));
    expect(r.violations).toEqual([]);
  });
  test('seed 11: generation-fencing=false with zombies: a zombie offset commit takes effect (zombie-fenced)', () => {
    const r = check(ctpEntry, ctp('safeguard.generation-fencing=false'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('zombie-fenced');
    expect(r.trace!.map((s) => s.action.type)).toEqual(expect.arrayContaining(['Pause', 'Resume', 'SendOffsets']));
  });
  test('seed 11: an idempotent upsert sink makes process-then-commit hold on the sink; a side effect does not', () => {
    expect(
      check(ctpEntry, ctp('commit.strategy=process-then-commit', 'sink=upsert'), random(200, 11)).violations,
    ).toEqual([]);
    const r = check(ctpEntry, ctp('commit.strategy=process-then-commit', 'sink=side-effect'), random(200, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
  });
  test('seed 11: a side effect is outside the transaction: transactional does not help it', () => {
    const r = check(ctpEntry, ctp('sink=side-effect'), random(200, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
  });
  test('seed 11: read_uncommitted downstream sees aborted output', () => {
    const r = check(ctpEntry, ctp('isolation.level=read_uncommitted'), random(200, 11));
    expect(['no-aborted-read', 'no-duplicates']).toContain(r.violations[0]!.invariant);
  });
  test('the same seed and path reproduce the same trace', () => {
    const config = ctp('commit.strategy=process-then-commit');
    const a = check(ctpEntry, config, random(300, 11));
    const replay: RandomOptions = { mode: 'random', runs: 300, seed: a.seed!, path: a.path!, maxSteps: 40 };
    const b = check(ctpEntry, config, replay);
    expect(b.trace).toEqual(a.trace);
    expect(b.violations).toEqual(a.violations);
  });
});

describe('exhaustive search (one instance, two records, depth 8)', () => {
  const ex = exhaustive(8, 50_000);
  test('process-then-commit: a shortest counterexample: join, fetch, process, crash', () => {
    const r = check(ctpEntry, ctp('commit.strategy=process-then-commit', 'instances=1'), ex);
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
    expect(explored(r.trace)).toEqual(['Join', 'FetchOffset', 'Process', 'Crash']);
  });
  test('commit-then-process: no-loss after join, fetch, commit, crash', () => {
    const r = check(ctpEntry, ctp('commit.strategy=commit-then-process', 'instances=1'), ex);
    expect(r.violations[0]!.invariant).toBe('no-loss');
    expect(explored(r.trace)).toEqual(['Join', 'FetchOffset', 'CommitOffsets', 'Crash']);
  });
  test('transactional: the whole bounded space holds', () => {
    const r = check(ctpEntry, ctp('instances=1'), ex);
    expect(r.violations).toEqual([]);
    expect(r.distinct).toBeGreaterThan(50);
  });
});

// KIP-447 (2.5) made the group coordinator check the generation a TxnOffsetCommit carries; 2.4 checks none, so a
// member the group removed (a stall past max.poll.interval.ms) still commits its offsets.
describe('kafka.version: the generation check on TxnOffsetCommit', () => {
  const ex = exhaustive(10, 200_000);
  test('2.4: a zombie commits offsets of an old generation (zombie-fenced): join, stall, resume', () => {
    const r = check(ctpEntry, ctp('kafka.version=2.4'), ex);
    expect(r.violations[0]!.invariant).toBe('zombie-fenced');
    expect(r.violations[0]!.message).toMatch(/generation 1, sent when the group was at generation 2/);
    // The fewest steps in total (drain included): the zombie's own transaction, 10 explored steps (not the shortest
    // explored prefix, join, pause, resume, which needs a long drain).
    expect(explored(r.trace)).toEqual([
      'Join',
      'InitProducerId',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'Pause',
      'Resume',
      'SendOffsets',
      'CommitTxn',
      'WriteTxnMarker',
    ]);
    expect([r.trace!.length, r.shortest]).toEqual([10, true]);
  });
  for (const version of ['2.5', '3.5', '4.1'])
    test(`${version}: the same bounded space holds`, () => {
      const r = check(ctpEntry, ctp(`kafka.version=${version}`), ex);
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
    });
});
