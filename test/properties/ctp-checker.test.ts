/**
 * Every direction of issue #4 for consume-transform-produce, with pinned seeds (random) and small
 * exhaustive bounds: the at-most-once and at-least-once loops fail, the transactional one holds,
 * and each KIP-447 safeguard switched off yields its counterexample, shrunk to a short timeline.
 */
import { describe, expect, test } from 'vitest';
import { checkModel } from '../../properties/check.js';
import { ctpSubject } from '../../properties/ctp/subject.js';
import { renderCtpText } from '../../traces/ctp/text.js';
import { ctpCfg } from '../helpers/app-config.js';

const random = (runs: number, seed: number) => ({ mode: 'random' as const, runs, seed, maxSteps: 40 });

describe('random exploration (pinned seeds, <= 40 steps a run)', () => {
  test('seed 11: commit-then-process violates no-loss (the owner dies or stalls between the commit and the processing)', () => {
    const r = checkModel(ctpSubject, ctpCfg('commit.strategy=commit-then-process'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('no-loss');
    const explored = r.trace!.filter((s) => s.phase === 'explore').map((s) => s.action.type);
    expect(explored.slice(-2)[0]).toBe('CommitOffsets');
    expect(['Crash', 'Pause']).toContain(explored.at(-1));
    expect(r.trace!.length).toBeLessThanOrEqual(12);
  });
  test('seed 11: process-then-commit violates no-duplicates', () => {
    const r = checkModel(ctpSubject, ctpCfg('commit.strategy=process-then-commit'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
    expect(r.trace!.length).toBeLessThanOrEqual(12);
  });
  test('seed 11: transactional holds with crashes, a zombie and rebalances', () => {
    const r = checkModel(ctpSubject, ctpCfg(), random(200, 11));
    expect(r.violations).toEqual([]);
    expect(r.steps).toBeGreaterThan(2000);
  });
  test('seed 5: transactional with require-stable-offsets=false: after a rebalance the new owner of in-0 re-reads an offset whose commit was pending', () => {
    const r = checkModel(ctpSubject, ctpCfg('safeguard.require-stable-offsets=false'), random(400, 5));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
    const text = renderCtpText(r.states!, r.trace!, r.violations);
    expect(text).toMatch(/rebalance to generation/);
    expect(text).toMatch(/i1#1: committed offset of in-0 is 0/);
    expect(r.trace!.length).toBeLessThanOrEqual(20);
  });
  test('the same seed and budget with require-stable-offsets on: no counterexample', () => {
    const r = checkModel(ctpSubject, ctpCfg(), random(400, 5));
    expect(r.violations).toEqual([]);
  });
  test('seed 11: generation-fencing=false with zombies: a zombie offset commit takes effect (zombie-fenced)', () => {
    const r = checkModel(ctpSubject, ctpCfg('safeguard.generation-fencing=false'), random(300, 11));
    expect(r.violations[0]!.invariant).toBe('zombie-fenced');
    expect(r.trace!.map((s) => s.action.type)).toEqual(expect.arrayContaining(['Pause', 'Resume', 'SendOffsets']));
  });
  test('seed 11: an idempotent upsert sink makes process-then-commit hold on the sink; a side effect does not', () => {
    expect(checkModel(ctpSubject, ctpCfg('commit.strategy=process-then-commit', 'sink=upsert'), random(200, 11)).violations).toEqual([]);
    const r = checkModel(ctpSubject, ctpCfg('commit.strategy=process-then-commit', 'sink=side-effect'), random(200, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
  });
  test('seed 11: a side effect is outside the transaction: transactional does not help it', () => {
    const r = checkModel(ctpSubject, ctpCfg('sink=side-effect'), random(200, 11));
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
  });
  test('seed 11: read_uncommitted downstream sees aborted output', () => {
    const r = checkModel(ctpSubject, ctpCfg('isolation.level=read_uncommitted'), random(200, 11));
    expect(['no-aborted-read', 'no-duplicates']).toContain(r.violations[0]!.invariant);
  });
  test('the same seed and path reproduce the same trace', () => {
    const cfg = ctpCfg('commit.strategy=process-then-commit');
    const a = checkModel(ctpSubject, cfg, random(300, 11));
    const b = checkModel(ctpSubject, cfg, { ...random(300, a.seed!), path: a.path! });
    expect(b.trace).toEqual(a.trace);
    expect(b.violations).toEqual(a.violations);
  });
});

describe('exhaustive search (one instance, two records, depth 8)', () => {
  const ex = { mode: 'exhaustive' as const, depth: 8, maxStates: 50_000 };
  test('process-then-commit: a shortest counterexample: join, fetch, process, crash', () => {
    const r = checkModel(ctpSubject, ctpCfg('commit.strategy=process-then-commit', 'instances=1'), ex);
    expect(r.violations[0]!.invariant).toBe('no-duplicates');
    expect(r.trace!.filter((s) => s.phase === 'explore').map((s) => s.action.type)).toEqual(['Join', 'FetchOffset', 'Process', 'Crash']);
  });
  test('commit-then-process: no-loss after join, fetch, commit, crash', () => {
    const r = checkModel(ctpSubject, ctpCfg('commit.strategy=commit-then-process', 'instances=1'), ex);
    expect(r.violations[0]!.invariant).toBe('no-loss');
    expect(r.trace!.filter((s) => s.phase === 'explore').map((s) => s.action.type)).toEqual(['Join', 'FetchOffset', 'CommitOffsets', 'Crash']);
  });
  test('transactional: the whole bounded space holds', () => {
    const r = checkModel(ctpSubject, ctpCfg('instances=1'), ex);
    expect(r.violations).toEqual([]);
    expect(r.distinct).toBeGreaterThan(50);
  });
});
