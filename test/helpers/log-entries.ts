/** Log entries of producer 1 (instance 1) for tests that build a partition's log by hand. */
import type { ControlEntry, DataEntry } from '../../model/kafka/records.js';

/** A transactional record at `offset` (its sequence the offset). */
export const txnRecord = (offset: number, value: number, epoch = 0): DataEntry => ({
  kind: 'data',
  offset,
  producerId: 1,
  epoch,
  sequence: offset,
  value,
  transactional: true,
  origin: { instance: 1, txn: null },
});

/** A COMMIT or ABORT marker at `offset`, written by coordinator epoch 0. */
export const txnMarker = (offset: number, m: 'COMMIT' | 'ABORT', epoch = 0): ControlEntry => ({
  kind: 'control',
  offset,
  producerId: 1,
  epoch,
  marker: m,
  coordinatorEpoch: 0,
  txnEpoch: 0,
  endedBy: 0,
});
