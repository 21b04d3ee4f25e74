/**
 * faults.produce-reorder in kafka-streams: task 0_0's changelog and output writes left in flight (up to
 * max.in.flight.requests.per.connection, which Kafka Streams leaves at the producer's 5 and refuses above 5 under EOS)
 * and landing in any order under the Kafka core's rules (model/kafka/inflight.ts); under EOS no batch expires
 * (StreamsConfig sets the producer's delivery.timeout.ms to Integer.MAX_VALUE).
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import type { AppState } from '../../../model/ctp/state.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { cfg, check, exhaustive, scripted } from '../../helpers/check.js';

const streams = (...pairs: string[]) =>
  cfg(streamsKeys, 'instances=1', 'input.records=4', 'commit.every=4', 'faults.produce-reorder=true', ...pairs);
const model = kafkaStreamsEntry.model;

/** Each partition's log (out-0, changelog-0), one word an entry: `v1 s0`, `COMMIT`. */
const logs = (s: AppState): string[][] =>
  s.kafka.partitions.map((p) => p.log.map((e) => (e.kind === 'data' ? `v${e.value} s${e.sequence}` : e.marker)));

/**
 * i0#1 restores task 0_0, writes v1 and waits for it (its producer known at both leaders), then leaves the writes of
 * v2 and v3 in flight: #1, #3 to changelog-0, #2, #4 to out-0.
 */
const fourInFlight: AppAction[] = [
  { type: 'Join', instance: 1 },
  { type: 'InitProducerId', instance: 1 },
  { type: 'InitializeTask', instance: 1 },
  { type: 'RestoreStore', instance: 1 },
  { type: 'FetchOffset', instance: 1, partition: 0 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'Process', instance: 1, partition: 0 },
  { type: 'ProcessInFlight', instance: 1, partition: 0 },
  { type: 'ProcessInFlight', instance: 1, partition: 0 },
];

describe('the keys', () => {
  test("above 5 under EOS is refused with StreamsConfig's own ConfigException", () => {
    expect(model.validate(streams('max.in.flight.requests.per.connection=6'))).toBe(
      'max.in.flight.requests.per.connection=6 with processing.guarantee=exactly_once_v2: Invalid value 6 for ' +
        "configuration max.in.flight.requests.per.connection: Can't exceed 5 when exactly-once processing is " +
        'enabled (ConfigException; set 1 to 5)',
    );
    expect(model.validate(streams('max.in.flight.requests.per.connection=5'))).toBeNull();
    expect(streams().maxInFlight).toBe(5);
  });
});

describe('two records in flight', () => {
  test('each record takes two requests: a third record waits for an answer', () => {
    const s = scripted(kafkaStreamsEntry, streams(), fourInFlight).last;
    expect(s.apps[0]!.inflight?.map((f) => [f.request, f.req.partition, f.req.value, f.req.sequence])).toEqual([
      [1, 1, 2, 1],
      [2, 0, 2, 1],
      [3, 1, 3, 2],
      [4, 0, 3, 2],
    ]);
    expect(model.enabled(s).map((a) => a.type)).not.toContain('ProcessInFlight');
  });

  test('the second changelog write lands first: refused for the gap, sent again, and the task commits whole', () => {
    const r = scripted(
      kafkaStreamsEntry,
      streams(),
      [...fourInFlight, { type: 'Land', instance: 1, request: 3 }, { type: 'Land', instance: 1, request: 4 }],
      true,
    );
    expect(r.states[fourInFlight.length + 1]!.events).toContainEqual({
      type: 'rejected',
      by: 'changelog-0',
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      request: 'Produce(v3)',
    });
    expect(r.quiescent).toBe(true);
    expect(r.violations).toEqual([]);
    // The drain lands the rest oldest first, writes v4 and commits.
    expect(logs(r.last)).toEqual([
      ['v1 s0', 'v2 s1', 'v3 s2', 'v4 s3', 'COMMIT'],
      ['v1 s0', 'v2 s1', 'v3 s2', 'v4 s3', 'COMMIT'],
    ]);
  });

  test('under EOS no write expires in flight, faults.network or not', () => {
    const s = scripted(kafkaStreamsEntry, streams('faults.network=true'), fourInFlight).last;
    expect(model.enabled(s).map((a) => a.type)).not.toContain('ExpireInFlight');
  });
});

describe('the search (off by default: test/model/ctp/network.test.ts pins the same counts as before)', () => {
  const reorder = ['faults.produce-reorder=true', 'input.records=3', 'commit.every=3'];
  test('with it, every invariant holds through a gap and its retry (crash and zombie included)', () => {
    const r = check(kafkaStreamsEntry, reorder, exhaustive(12));
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 24029, 12]);
  });

  test('safeguard.generation-fencing=false with it: the zombie commits offsets (KIP-447 off)', () => {
    const r = check(kafkaStreamsEntry, [...reorder, 'safeguard.generation-fencing=false'], exhaustive(12));
    expect([r.status, r.violations.map((v) => v.invariant), r.trace?.length]).toEqual([
      'violation',
      ['zombie-fenced'],
      12,
    ]);
  });
});
