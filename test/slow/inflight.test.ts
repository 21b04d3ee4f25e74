/**
 * Several produce requests in flight (`faults.produce-reorder`) with every fault they can meet, at the depth of
 * their traces: a coordinator move, a broker crash under replication, a producer's crash, a zombie and its fencing.
 * One app writes three records to one partition, two left in flight, so a later batch meets a gap; the search goes
 * past the whole transaction (begin, three sends, three landings, the offsets, the commit, its markers) and the
 * final drain judges the finished run. The Java client (both transaction protocols) and librdkafka at the release
 * that bumps its epoch inside a transaction (1.8.0) and at one that does not (2.15.0) hold every invariant: Kafka's
 * coordinator fences librdkafka's bump, so what it costs is the producer, not a record.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../catalog/kafka-txn.js';
import { check, exhaustive } from '../helpers/check.js';

const base = ['producers=1', 'partitions=1', 'input.records=3', 'faults.produce-reorder=true'];

const clients: readonly { readonly name: string; readonly set: readonly string[] }[] = [
  { name: 'Java, transaction.version=1 (3.5)', set: ['kafka.version=3.5'] },
  { name: 'Java, transaction.version=2 (4.1)', set: [] },
  { name: 'librdkafka 1.8.0 (3.5)', set: ['kafka.version=3.5', 'client=librdkafka', 'librdkafka.version=1.8.0'] },
  { name: 'librdkafka 1.8.0 (4.1)', set: ['client=librdkafka', 'librdkafka.version=1.8.0'] },
  { name: 'librdkafka 2.15.0 (4.1)', set: ['client=librdkafka'] },
];

const faults: readonly { readonly name: string; readonly set: readonly string[]; readonly depth: number }[] = [
  {
    name: 'a coordinator move',
    set: ['faults.crashes=0', 'faults.zombies=false', 'faults.coordinator-failover=1'],
    depth: 16,
  },
  { name: "a producer's crash and a zombie", set: [], depth: 15 },
  {
    name: 'the network (delayed requests, expired batches, unresolved sequences)',
    set: ['faults.crashes=0', 'faults.zombies=false', 'faults.network=true'],
    depth: 15,
  },
  {
    name: 'a broker crash (replication.factor=3, min.insync.replicas=2)',
    set: ['faults.crashes=0', 'faults.zombies=false', 'replication.factor=3', 'faults.broker=1'],
    depth: 16,
  },
];

describe('requests in flight hold with every fault they meet', () => {
  for (const f of faults)
    for (const c of clients)
      test(`${c.name} with ${f.name}`, () => {
        const r = check(entry, [...base, ...c.set, ...f.set], exhaustive(f.depth, 5_000_000));
        expect(r.violations).toEqual([]);
        expect(r.depthCompleted).toBe(f.depth);
      });
});
