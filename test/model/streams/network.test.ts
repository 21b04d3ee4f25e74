/**
 * faults.network in kafka-streams: the task's output write held in the network past its transaction's abort
 * (KAFKA-12671), accepted on 3.5 and refused by 3.6's verification (KIP-890 part 1), the changelog write beside it.
 * The batch is given up only where the application sets producer.delivery.timeout.ms: Streams sets it to
 * Integer.MAX_VALUE under EOS, and then the write is never abandoned.
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { streamsStarted } from '../../helpers/app-scripts.js';
import { cfg, check, exhaustive, scripted } from '../../helpers/check.js';

const streams = (...pairs: string[]) => cfg(streamsKeys, 'instances=1', 'faults.network=true', ...pairs);
/** The application's own producer.delivery.timeout.ms (the producer's default), below Streams' Integer.MAX_VALUE. */
const expiring = (...pairs: string[]) => streams('delivery.timeout.ms=120000', ...pairs);

/** i0#1 restores task 0_0, processes v1 with its out-0 write stuck, aborts; both markers, then the write lands. */
const lateProduce: AppAction[] = [
  ...streamsStarted(1),
  { type: 'BeginTxn', instance: 1 },
  { type: 'ProcessDelayed', instance: 1, partition: 0 },
  { type: 'AbortTxn', instance: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'Deliver', request: 1 },
];

describe('kafka-streams: the output write delayed past the abort', () => {
  /** Each partition's log (out-0, changelog-0), one word an entry: `v1`, `ABORT`. */
  const logsOf = (version: string) => {
    const s = scripted(kafkaStreamsEntry, expiring(`kafka.version=${version}`), lateProduce).last;
    return s.kafka.partitions.map((p) => p.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker)));
  };
  test('3.5: out-0 takes it after its ABORT marker, a transaction left open there', () => {
    const s = scripted(kafkaStreamsEntry, expiring('kafka.version=3.5'), lateProduce).last;
    expect(logsOf('3.5')).toEqual([
      ['ABORT', 'v1'],
      ['v1', 'ABORT'],
    ]);
    expect(s.kafka.partitions[0]!.producers[0]!.firstOpenOffset).toBe(1);
    expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
  });
  test('3.6: the leader asks the coordinator, which has no transaction open: refused', () => {
    expect(logsOf('3.6')).toEqual([['ABORT'], ['v1', 'ABORT']]);
  });
  test("3.5 at Streams' delivery.timeout.ms (Integer.MAX_VALUE): no write is abandoned, no transaction hangs", () => {
    const before = scripted(kafkaStreamsEntry, streams('kafka.version=3.5'), streamsStarted(1)).last;
    const began = kafkaStreamsEntry.model.step(before, { type: 'BeginTxn', instance: 1 });
    const kinds = kafkaStreamsEntry.model.enabled(began).map((a) => a.type);
    expect(kinds).toContain('Process');
    expect(kinds).not.toContain('ProcessDelayed');
    const r = check(kafkaStreamsEntry, streams('kafka.version=3.5'), exhaustive(12, 2_000_000));
    expect(r.violations.filter((v) => v.invariant === 'no-hanging-transaction')).toEqual([]);
    expect(r.coverage['ProcessDelayed'] ?? 0).toBe(0);
  });
});
