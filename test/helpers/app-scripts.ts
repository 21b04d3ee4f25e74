/**
 * The openings the application models' scripted tests share: an instance joins, gets its producer id and reaches
 * the point where the behaviour under test starts. Written once so that a scripted trace reads as what differs.
 */
import type { AppAction } from '../../model/ctp/actions.js';

/** Task 0_0's start on a Streams `instance`: list the changelog end, restore the store, fetch the committed offset. */
export const startTask = (instance: number): AppAction[] => [
  { type: 'InitializeTask', instance },
  { type: 'RestoreStore', instance },
  { type: 'FetchOffset', instance, partition: 0 },
];

/** A consume-transform-produce `instance` joins, initialises its producer, fetches in-0's offset and begins. */
export const ctpBegun = (instance: number): AppAction[] => [
  { type: 'Join', instance },
  { type: 'InitProducerId', instance },
  { type: 'FetchOffset', instance, partition: 0 },
  { type: 'BeginTxn', instance },
];

/** A Streams `instance` joins, initialises its producer and starts task 0_0 (`startTask`). */
export const streamsStarted = (instance: number): AppAction[] => [
  { type: 'Join', instance },
  { type: 'InitProducerId', instance },
  ...startTask(instance),
];
