/**
 * Swarm verification members (`--exhaustive --shard i/n`): a member that finishes visits exactly the
 * states the breadth-first search visits within the same depth, in any order (which needs states
 * reached again from closer to be explored again); members find the violations the breadth-first
 * search finds, each its own first one, minimized; a member cut short by its state bound says so;
 * the hash-compacted table stores and lowers depths as a set would.
 */
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../../catalog/entry.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { twoPhaseCommitEntry } from '../../../catalog/two-phase-commit.js';
import { CompactTable } from '../../../check/engine/store/compact-table.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import type { Keys } from '../../../model/core/keys.js';
import type { AnyAction } from '../../../model/core/model.js';
import { cfg } from '../../helpers/check.js';
import { lampsEntry } from '../../toy/lamps.js';

function search<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  pairs: string[],
  depth: number,
  member?: { index: number; count: number },
  maxStates = 1_000_000,
) {
  const c = { model: e.model, invariants: e.invariants };
  return exploreExhaustive(c, e.model.init(cfg(e.model.keys, ...pairs)), {
    mode: 'exhaustive',
    depth,
    maxStates,
    member,
  });
}

const members = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i + 1, count: n }));

describe('a finished member visits what the breadth-first search visits within the depth', () => {
  const cases: [string, Entry<never, AnyAction, Keys>, string[], number][] = [
    ['lamps (4, surges, fuse)', lampsEntry as never, ['lamps=4', 'faults.surge=true'], 5],
    ['kafka-txn defaults', kafkaTxnEntry as never, [], 6],
    ['two-phase-commit rm.count=4', twoPhaseCommitEntry as never, ['rm.count=4'], 9],
  ];
  for (const [name, e, pairs, depth] of cases)
    test(`${name}, depth ${depth}: every member stores the breadth-first count`, () => {
      const bfs = search(e, pairs, depth);
      expect(bfs.status).toBe('ok');
      const ms = members(4).map((m) => search(e, pairs, depth, m));
      expect(ms.map((m) => [m.status, m.distinct, m.bound])).toEqual(ms.map(() => ['ok', bfs.distinct, bfs.bound]));
      expect(ms.map((m) => m.member?.order)).toEqual(['model', 'reversed', 'shuffled', 'shuffled']);
    });

  test('lamps: states reached again from closer are explored again (without that, a member would miss states)', () => {
    // Lamp 0 on, lamp 1 on, lamp 0 off reaches "lamp 1 lit" at depth 3 before the direct switch reaches it at 1.
    const ms = members(2).map((m) => search(lampsEntry, ['lamps=4', 'faults.surge=true'], 5, m));
    expect(ms.map((m) => (m.member?.reexpanded ?? 0) > 0)).toEqual([true, true]);
  });
});

describe('members find violations', () => {
  const zombie = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
  test('kafka-txn without epoch fencing: each of four members finds one, minimized, none shorter than BFS', () => {
    // The breadth-first search's fewest-steps trace breaks txn-atomicity; the members meet zombie-fenced first.
    const bfs = search(kafkaTxnEntry, zombie, 8);
    expect(bfs.found?.violations[0]?.invariant).toBe('txn-atomicity');
    for (const m of members(4)) {
      const r = search(kafkaTxnEntry, zombie, 8, m);
      expect(r.found?.violations[0]?.invariant).toBe('zombie-fenced');
      expect(r.found!.trace.length).toBeLessThanOrEqual(r.member!.originalLength!);
      expect(r.found!.trace.length).toBeGreaterThanOrEqual(bfs.found!.trace.length);
      expect(r.shortest).toBe(false);
    }
  });

  test('members differ in order, so in the violation they meet first', () => {
    const [a, b] = members(2).map((m) => search(kafkaTxnEntry, zombie, 8, m));
    expect(a!.found!.violations[0]!.message).not.toBe(b!.found!.violations[0]!.message);
  });

  test('lamps without the fuse: found at depth 2 by every member; with it, none', () => {
    for (const m of members(3)) {
      const off = search(lampsEntry, ['faults.surge=true', 'safeguard.fuse=false'], 2, m);
      expect([off.status, off.found?.trace.filter((s) => s.phase === 'explore').length]).toEqual(['violation', 2]);
      expect(search(lampsEntry, ['faults.surge=true'], 2, m).status).toBe('ok');
    }
  });
});

describe('bounds', () => {
  test('a member cut by --max-states stores that many and says so', () => {
    const r = search(kafkaTxnEntry, [], 8, { index: 2, count: 2 }, 500);
    expect([r.status, r.bound, r.distinct]).toEqual(['ok', 'max-states', 500]);
  });
  test('depth 0: the initial state only, bound depth', () => {
    const r = search(kafkaTxnEntry, [], 0, { index: 1, count: 1 });
    expect([r.distinct, r.bound]).toEqual([1, 'depth']);
  });
});

describe('the hash-compacted table', () => {
  test('new, known, shallower; growing keeps every entry and its depth', () => {
    const t = new CompactTable(7, 100_000, 16);
    const states = Array.from({ length: 5000 }, (_, i) => [Math.imul(i, 0x9e3779b1), i * 7 + 1] as const);
    expect(states.map(([hi, lo], i) => t.visit(hi, lo, 10 + (i % 5))).every((v) => v === 'new')).toBe(true);
    expect(t.size).toBe(5000);
    expect(states.map(([hi, lo], i) => t.visit(hi, lo, 10 + (i % 5))).every((v) => v === 'known')).toBe(true);
    expect(t.visit(states[3]![0], states[3]![1], 12)).toBe('shallower');
    expect(t.visit(states[3]![0], states[3]![1], 12)).toBe('known');
    expect(t.visit(states[3]![0], states[3]![1], 11)).toBe('shallower');
  });
  test('a full table stores nothing more', () => {
    const t = new CompactTable(0, 10, 16);
    const r = Array.from({ length: 20 }, (_, i) => t.visit(i + 1, i * 3 + 5, 1));
    expect(r.filter((v) => v === 'new').length).toBe(t.size);
    expect(r.at(-1)).toBe('full');
  });
});
