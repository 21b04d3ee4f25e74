/**
 * A produce request as the partition leader receives it. Its own file because the cluster's parked
 * requests, the network, the producer and the leader all name it, and the leader's rules import the cluster.
 */
import type { DataEntry } from './records.js';

/** A produce request as the leader receives it: the record to append, and where. */
export type ProduceRequest = Omit<DataEntry, 'kind' | 'offset' | 'removed' | 'unindexed' | 'missed'> & {
  readonly partition: number;
};
