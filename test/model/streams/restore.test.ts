/**
 * Why this test? `check kafka-streams --seed 6` once reported `state-exactly-once` at safe
 * defaults. Real Kafka Streams restores a task's store before it fetches the committed offsets
 * (StreamTask.completeRestoration) and restores up to the changelog's log end offset listed at
 * read_uncommitted with a read_committed restore consumer (StoreChangelogReader, KAFKA-10167), so
 * a transaction open below that end holds the restore back until it ends. Both schedules of the
 * false alarm now restore a count that matches the offset fetched after it.
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import { sameAction } from '../../../model/core/model.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { CHANGELOG } from '../../../model/ctp/state.js';
import type { MarkerTarget } from '../../../model/kafka/actions.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { startTask } from '../../helpers/app-scripts.js';
import { cfg, scripted } from '../../helpers/check.js';

const script = (actions: AppAction[]) => scripted(kafkaStreamsEntry, cfg(streamsKeys), actions);

/** The markers of transaction `txn` to `targets`, one WriteTxnMarker step each, in the coordinator's order. */
const markers = (txn: number, ...targets: MarkerTarget[]): AppAction[] =>
  targets.map((partition) => ({ type: 'WriteTxnMarker', txn, partition }));
const restoreEnabled = (actions: AppAction[], instance: number): boolean => {
  const s = script(actions).last;
  const restore: AppAction = { type: 'RestoreStore', instance };
  return kafkaStreamsEntry.model.enabled(s).some((a) => sameAction(a, restore));
};

// i0#1 is instance 1, i1#1 instance 2; i1#1 joins first and owns task 0_0, then stalls.
const zombieAndOwner: AppAction[] = [
  { type: 'Join', instance: 2 },
  { type: 'Join', instance: 1 },
  { type: 'InitProducerId', instance: 2 },
  ...startTask(2),
  { type: 'Pause', instance: 2 },
  { type: 'InitProducerId', instance: 1 },
  ...startTask(1),
  { type: 'Resume', instance: 2 },
  // the zombie writes first (changelog-0 offset 0, left open), the owner after it and commits
  { type: 'BeginTxn', instance: 2 },
  { type: 'Process', instance: 2, partition: 0 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'Process', instance: 1, partition: 0 },
];

describe('restoring the count store (seed 6)', () => {
  test(
    'a zombie that aborted restores only once its own abort markers are written, then counts what ' +
      'the owner committed',
    () => {
      const before: AppAction[] = [
        ...zombieAndOwner,
        { type: 'AbortTxn', instance: 2 },
        { type: 'SendOffsets', instance: 1 },
        { type: 'CommitTxn', instance: 1 },
        ...markers(0, 0, 1, '__consumer_offsets'),
        { type: 'InitializeTask', instance: 2 },
      ];
      expect(restoreEnabled(before, 2)).toBe(false);
      const ex = script([...before, ...markers(1, 0, 1), ...startTask(2).slice(1)]);
      const zombie = ex.last.apps.find((i) => i.id === 2)!;
      expect([zombie.store, zombie.positions[0]]).toEqual([1, 1]);
      expect(ex.violations).toEqual([]);
    },
  );
  test(
    "the next legitimate owner waits for the zombie's open transaction before it restores, " +
      'then restores what was committed',
    () => {
      const before: AppAction[] = [
        ...zombieAndOwner,
        { type: 'SendOffsets', instance: 1 },
        { type: 'CommitTxn', instance: 1 },
        ...markers(0, 0, 1, '__consumer_offsets'),
        { type: 'Crash', instance: 1 },
        { type: 'Restart', slot: 0 },
        { type: 'Join', instance: 3 },
        { type: 'InitProducerId', instance: 3 },
        { type: 'InitializeTask', instance: 3 },
      ];
      // changelog-0: the zombie's open v1 at offset 0 pins the LSO below the owner's committed count.
      expect(script(before).last.kafka.partitions[CHANGELOG]!.lastStableOffset).toBe(0);
      expect(restoreEnabled(before, 3)).toBe(false);
      // The zombie learns it was fenced (UNKNOWN_MEMBER_ID: the group removed it) and aborts; then the restore goes on.
      const after: AppAction[] = [
        ...before,
        { type: 'SendOffsets', instance: 2 },
        { type: 'AbortTxn', instance: 2 },
        ...markers(1, 0, 1),
        ...startTask(3).slice(1),
      ];
      const ex = script(after);
      const owner = ex.last.apps.find((i) => i.id === 3)!;
      expect([owner.store, owner.positions[0]]).toEqual([1, 1]);
      expect(ex.violations).toEqual([]);
    },
  );
});
