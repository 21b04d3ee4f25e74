/**
 * `mirror-maker-2`'s copy safeguards in combination with every fault they meet: an aborted source transaction, a
 * task restart and a zombie task generation, with the transactional source and either failover, searched to the
 * end of the reachable space. source.consumer.isolation.level=read_committed and exactly.once.source.support=enabled
 * together: each copy a committed source record, once, nothing lost; each safeguard off: a counterexample.
 */
import { describe, expect, test } from 'vitest';
import { mirrorMaker2Entry as entry } from '../../catalog/mirror-maker-2.js';
import { check, exhaustive, explored, only } from '../helpers/check.js';

const copies = only(entry, 'copied-committed', 'copied-once', 'no-loss');
const faults = ['source.transaction.records=2', 'faults.source-aborts=1', 'faults.task-restarts=1'];
const allFaults = [...faults, 'faults.zombie-tasks=1'];
const safe = ['source.consumer.isolation.level=read_committed', 'exactly.once.source.support=enabled'];

describe('every copy fault at once, both safeguards on: the whole reachable space holds', () => {
  test.each([
    ['planned', 109_621],
    ['unplanned', 616_592],
  ])('failover=%s: %i states, none copies an aborted or a repeated record, none loses one', (failover, states) => {
    const r = check(copies, [...allFaults, ...safe, `failover=${failover}`], exhaustive(60, 2_000_000));
    expect([r.status, r.distinct, r.bound, r.coverage['ZombieMirror'] ?? 0]).toEqual(['ok', states, null, 0]);
  });
});

describe('each safeguard off, every other fault on', () => {
  test('read_uncommitted: the aborted transaction reaches the target', () => {
    const r = check(copies, [...allFaults, safe[1]!, 'failover=unplanned'], exhaustive(60, 2_000_000));
    expect([r.violations.map((v) => v.invariant), explored(r.trace), r.trace?.length]).toEqual([
      ['copied-committed'],
      ['SourceTransactionAborted'],
      2,
    ]);
  });

  test('exactly.once.source.support=disabled: a restarted generation copies again', () => {
    const r = check(copies, [...allFaults, safe[0]!, 'failover=unplanned'], exhaustive(60, 2_000_000));
    expect([r.violations.map((v) => v.invariant), explored(r.trace), r.trace?.length]).toEqual([
      ['copied-once'],
      ['Mirror', 'TaskRestart', 'Mirror'],
      3,
    ]);
  });

  test('exactly.once.source.support=disabled, no restart: the zombie generation copies beside the new one', () => {
    const zombie = allFaults.filter((p) => p !== 'faults.task-restarts=1');
    const r = check(copies, [...zombie, safe[0]!, 'failover=unplanned'], exhaustive(60, 2_000_000));
    expect([r.violations.map((v) => v.invariant), explored(r.trace), r.trace?.length]).toEqual([
      ['copied-once'],
      ['Mirror', 'ZombieTask', 'Mirror'],
      3,
    ]);
  });
});

// MirrorSourceTask keeps the last record's offset sync until its commit() (3.7+, KAFKA-15906); a crash before it loses
// the sync, and the next generation, with nothing left to copy, writes none. The final checkpoint then translates from
// the sync before: a planned switch repeats the records after it, exactly-once or not.
describe('a restart after the last record, before the task commit: the planned switch repeats records', () => {
  test('4.1, exactly-once: the group processes v2 twice', () => {
    const r = check(entry, ['faults.task-restarts=1', safe[1]!], exhaustive(30));
    expect([r.violations.map((v) => v.message), explored(r.trace), r.trace?.length]).toEqual([
      ['v2 is processed twice by the group (records #2 and #7)'],
      ['Mirror', 'Mirror', 'Mirror', 'Mirror', 'Mirror', 'Mirror', 'TaskRestart'],
      18,
    ]);
  });
});
