/**
 * `mirror-maker-2`: the offset-sync rule and the translation by release
 * (MirrorSourceTask / OffsetSyncStore; KAFKA-14666, KAFKA-12468), the `mm2-failover` scenario's
 * outcomes exactly, and exhaustive checks both ways on the same bounds.
 */
import { describe, expect, test } from 'vitest';
import { mirrorMaker2Entry as entry } from '../../../catalog/mirror-maker-2.js';
import { syncDue, translate } from '../../../model/mirror-maker-2/sync.js';
import { mm2Failover } from '../../../scenarios/mm2-failover.js';
import { runScenario } from '../../../scenarios/run.js';
import { cfg, check, exhaustive, explored, only } from '../../helpers/check.js';

const config = (...pairs: string[]) => cfg(entry.model.keys, ...pairs);
const fresh = { lastSyncU: -1, lastSyncD: -1, previousU: -1, delayed: null };

describe('offset syncs (MirrorSourceTask.PartitionState.update)', () => {
  test('3.5+: the first record, then every offset.lag.max + 1 downstream offsets, and at every upstream gap', () => {
    const c = config('offset.lag.max=10');
    expect(syncDue(c, fresh, 0, 0)).toBe(true);
    const after = { lastSyncU: 0, lastSyncD: 0, previousU: 9, delayed: null };
    expect(syncDue(c, after, 10, 10)).toBe(false);
    expect(syncDue(c, { ...after, previousU: 10 }, 11, 11)).toBe(true);
    expect(syncDue(c, after, 11, 10)).toBe(true);
  });

  test('before 3.4.1: only drift from the 1:1 extrapolation, so a gapless log gets no sync after its first', () => {
    const c = config('offset.lag.max=10', 'kafka.version=2.7');
    expect(syncDue(c, { lastSyncU: 0, lastSyncD: 0, previousU: 499, delayed: null }, 500, 500)).toBe(false);
  });
});

describe('translation (OffsetSyncStore.translateDownstream)', () => {
  const syncs = [
    { u: 0, d: 0 },
    { u: 14, d: 11 },
  ];
  test('3.5+: the newest sync at or below U, exact at it and one past it otherwise, never beyond', () => {
    const c = config();
    expect(translate(c, syncs, [...syncs].reverse(), 14)).toBe(11);
    expect(translate(c, syncs, [...syncs].reverse(), 20)).toBe(12);
    expect(translate(c, syncs, [...syncs].reverse(), 5)).toBe(1);
    expect(translate(c, [], [], 5)).toBeNull();
  });

  test('before: the latest sync extrapolated (none below it), U itself without a sync', () => {
    const c = config('kafka.version=2.7');
    expect(translate(c, syncs, [...syncs].reverse(), 20)).toBe(17);
    expect(translate(c, syncs, [...syncs].reverse(), 5)).toBeNull();
    expect(translate(c, [], [], 5)).toBe(5);
  });
});

function play(...pairs: [string, string][]) {
  const r = runScenario(entry, mm2Failover, pairs);
  if (!r.ok) throw new Error(r.error);
  const last = r.value.states.at(-1)!;
  const view = entry.report.outputs(last)['processed']!.read_committed;
  return { view, invariants: r.value.violations.map((v) => v.invariant), quiescent: r.value.quiescent };
}

describe('mm2-failover (seed 001)', () => {
  test('unplanned, 4.1: the records after the last sync again (24-30, 7 <= offset.lag.max=10), no loss', () => {
    const r = play(['failover', 'unplanned']);
    expect([r.view.duplicates, r.view.duplicateRanges, r.view.missing]).toEqual([7, [[24, 30]], 0]);
    expect(r.invariants).toEqual(['no-duplicates']);
  });

  test.each([
    [5, 5],
    [20, 8],
    [100, 29],
  ])('unplanned, offset.lag.max=%i: %i duplicates, never more than offset.lag.max, no loss', (lag, dup) => {
    const r = play(['failover', 'unplanned'], ['offset.lag.max', String(lag)]);
    expect([r.view.duplicates, r.view.missing]).toEqual([dup, 0]);
  });

  test('planned, 4.1: the delayed sync (3.7+, KAFKA-15906) makes the final translation exact: none of either', () => {
    const r = play(['failover', 'planned']);
    expect([r.view.duplicates, r.view.missing, r.invariants, r.quiescent]).toEqual([0, 0, [], true]);
  });

  test('planned, 3.6: no delayed sync, the records after the last sync again (24-30)', () => {
    const r = play(['failover', 'planned'], ['kafka.version', '3.6']);
    expect([r.view.duplicates, r.view.duplicateRanges, r.view.missing]).toEqual([7, [[24, 30]], 0]);
  });

  test('a lagging group, a stale store, a transactional source: 2.7 skips 21-26, 4.1 repeats 2-20', () => {
    const pairs: [string, string][] = [
      ['failover', 'unplanned'],
      ['source.transaction.records', '3'],
      ['group.behind', '10'],
      ['syncs.stale', 'true'],
    ];
    const old = play(...pairs, ['kafka.version', '2.7']);
    expect([old.view.duplicates, old.view.missingRanges, old.invariants]).toEqual([0, [[21, 26]], ['no-loss']]);
    const now = play(...pairs);
    expect([now.view.duplicateRanges, now.view.missing, now.invariants]).toEqual([[[2, 20]], 0, ['no-duplicates']]);
  });
});

describe('checks both ways on the same bounds (depth 14)', () => {
  test('planned, 4.1: holds; 3.6 with offset.lag.max=2 repeats records', () => {
    expect(check(entry, ['failover=planned'], exhaustive(14)).status).toBe('ok');
    const r = check(entry, ['failover=planned', 'kafka.version=3.6', 'offset.lag.max=2'], exhaustive(14));
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });

  test('unplanned with a transactional source: 4.1 loses nothing; 2.7 skips a record', () => {
    const noLoss = only(entry, 'no-loss');
    const unplanned = ['failover=unplanned', 'source.transaction.records=2'];
    expect(check(noLoss, unplanned, exhaustive(14)).status).toBe('ok');
    const r = check(noLoss, [...unplanned, 'kafka.version=2.7'], exhaustive(14));
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-loss']);
    expect(r.trace?.length).toBe(8);
  });

  test('sync.group.offsets.enabled needs 2.7 (KIP-545)', () => {
    expect(entry.model.validate(config('sync.group.offsets.enabled=true', 'kafka.version=2.5'))).toBe(
      'sync.group.offsets.enabled=true needs kafka.version 2.7 or later (KIP-545); kafka.version=2.5 accepts ' +
        'sync.group.offsets.enabled=false',
    );
  });
});

// OffsetSyncStore (3.4.1, 3.5+) keeps older syncs exponentially far apart: a group behind replication translates from
// an older sync than the one just below it. Syncs every other record (offset.lag.max=1): 0, 2, 4, 6; the store keeps
// 6, 4 and 0, so committed offset 3 translates to 1, two records back (OffsetSyncStoreTest's assertSparseSync).
describe('translation-within-lag: the bounded offset sync store, both ways (depth 16)', () => {
  const lagging = only(entry, 'translation-within-lag');
  const keys = ['offset.lag.max=1', 'input.records=7'];
  const mirrors = (n: number) => Array<string>(n).fill('Mirror');
  const tail = ['Consume', 'Consume', 'Consume', 'CommitOffsets', 'Checkpoint'];

  test('4.1: the store read all four syncs at once and kept 6, 4, 0: a checkpoint 2 records back, 13 steps', () => {
    const r = check(lagging, keys, exhaustive(16));
    expect(r.violations.map((v) => v.message)).toEqual([
      "the checkpoint translates upstream 3 to downstream 1, 2 records before the group's position there, more " +
        'than offset.lag.max=1: the offset sync store dropped the syncs in between',
    ]);
    expect(explored(r.trace)).toEqual([...mirrors(7), 'ReadSyncs', ...tail]);
  });

  test('3.7.0: its first read keeps only the last sync (before KAFKA-15905): a later read needed, 14 steps', () => {
    const r = check(lagging, [...keys, 'kafka.version=3.7.0'], exhaustive(16));
    expect(r.violations.map((v) => v.invariant)).toEqual(['translation-within-lag']);
    expect(r.trace?.length).toBe(14);
    expect(explored(r.trace).filter((c) => c === 'ReadSyncs')).toEqual(['ReadSyncs', 'ReadSyncs']);
  });

  test('3.4.0: extrapolation from the latest sync, which is past the group: no checkpoint to judge', () => {
    const r = check(lagging, [...keys, 'kafka.version=3.4.0'], exhaustive(16));
    expect([r.status, r.depthCompleted]).toEqual(['ok', 16]);
  });

  test('offset.lag.max=3: syncs 0 and 4 only, kept both: within the lag', () => {
    expect(check(lagging, ['offset.lag.max=3', 'input.records=7'], exhaustive(16)).status).toBe('ok');
  });
});
