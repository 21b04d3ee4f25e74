/**
 * Several produce requests in flight (`faults.produce-reorder`) with every fault they can meet, at the depth of
 * their traces: a coordinator move, a producer's crash and a zombie with its fencing, a broker crash under
 * replication, and the network (delayed requests, a batch expiring in flight and its unresolved sequence). One app
 * writes three records to one partition, two of them left in flight, so a later batch meets a gap within six steps;
 * the search goes on past the transaction's end and the final drain judges every finished run. The Java client
 * (both transaction protocols) and librdkafka at the release that bumps its epoch inside a transaction (1.8.0) and
 * at one that does not (2.15.0) hold every invariant: Kafka's coordinator fences librdkafka's bump, so what it costs
 * is the producer, not a record. The network is searched at 4.1 with the Java client only: transaction.version=1,
 * which librdkafka speaks, has a finding of its own under the network (a delayed EndTxn, docs/releases.md).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../catalog/kafka-txn.js';
import { check, exhaustive } from '../helpers/check.js';
import { deepTest } from '../helpers/tier.js';

const base = ['producers=1', 'partitions=1', 'input.records=3', 'faults.produce-reorder=true'];
const java1 = ['kafka.version=3.5'];
const java2: string[] = [];
const rdkafka180 = ['kafka.version=3.5', 'client=librdkafka', 'librdkafka.version=1.8.0'];
const rdkafka180on41 = ['client=librdkafka', 'librdkafka.version=1.8.0'];
const rdkafkaNewest = ['client=librdkafka'];
const coordinator = ['faults.crashes=0', 'faults.zombies=false', 'faults.coordinator-failover=1'];
const broker = ['faults.crashes=0', 'faults.zombies=false', 'replication.factor=3', 'faults.broker=1'];
const network = ['faults.crashes=0', 'faults.zombies=false', 'faults.network=true'];

/** A fault with a client: its keys, the depth searched exhaustively, the states it holds in. */
const rows: readonly (readonly [name: string, set: readonly string[], depth: number, states: number, deep?: true])[] = [
  ['a coordinator move, Java at 3.5 (transaction.version=1)', [...coordinator, ...java1], 16, 70933],
  ['a coordinator move, Java at 4.1 (transaction.version=2)', [...coordinator, ...java2], 16, 62558],
  ['a coordinator move, librdkafka 1.8.0 at 3.5', [...coordinator, ...rdkafka180], 16, 76807],
  ['a coordinator move, librdkafka 1.8.0 at 4.1', [...coordinator, ...rdkafka180on41], 16, 35009],
  ['a coordinator move, librdkafka 2.15.0 at 4.1', [...coordinator, ...rdkafkaNewest], 16, 34999],
  ["a producer's crash and a zombie, Java at 3.5", java1, 14, 112806],
  ["a producer's crash and a zombie, Java at 4.1", java2, 14, 112707],
  ["a producer's crash and a zombie, librdkafka 1.8.0 at 3.5", rdkafka180, 14, 117248],
  ["a producer's crash and a zombie, librdkafka 1.8.0 at 4.1", rdkafka180on41, 14, 72910],
  ["a producer's crash and a zombie, librdkafka 2.15.0 at 4.1", rdkafkaNewest, 14, 73105],
  ['a broker crash (replication.factor=3), Java at 3.5', [...broker, ...java1], 12, 130267],
  ['a broker crash (replication.factor=3), Java at 4.1', [...broker, ...java2], 12, 88201],
  ['a broker crash (replication.factor=3), librdkafka 1.8.0 at 3.5', [...broker, ...rdkafka180], 12, 136534],
  // 820,083 states: the deep suite's.
  ['the network (delays, an expired batch), Java at 4.1', [...network, ...java2], 14, 820083, true],
];

describe('requests in flight hold with every fault they meet', () => {
  for (const [name, set, depth, states, deepOnly] of rows)
    (deepOnly ? deepTest : test)(name, () => {
      const r = check(entry, [...base, ...set], exhaustive(depth, 2_000_000));
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(depth);
      expect(r.distinct).toBe(states);
    });
});
