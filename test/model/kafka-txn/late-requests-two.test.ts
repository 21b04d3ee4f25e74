/**
 * faults.late-requests.max=2 in kafka-txn: a second coordinator request held while one is. Replayed step by step:
 * under transaction.version=1 (3.7) a late AddOffsetsToTxn re-adds __consumer_offsets after the marker at the same
 * epoch, so the late TxnOffsetCommit behind it passes KIP-890 part 1's verification and is pending in a transaction
 * the producer does not know of; under transaction.version=2 (4.1) each transaction ends with a new epoch, so both
 * late TxnOffsetCommits of earlier transactions are fenced. With the key at 1 (the default) the second is not held.
 */
import { describe, expect, test } from 'vitest';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { act, group, isEnabled, solo, trace } from './helpers.js';

const A = 1; // app-0#1
const late = (version: string, max: string) =>
  solo({ 'kafka.version': version, 'faults.late-requests': 'true', 'faults.late-requests.max': max });
const addOffsetsDelayed: KafkaTxnAction = { type: 'AddOffsetsDelayed', instance: A };
const offsetsDelayed: KafkaTxnAction = { type: 'TxnOffsetCommitDelayed', instance: A };
/** The refusals of the step that led to `s`: `ERROR request`. */
const rejected = (s: KafkaTxnState): string[] =>
  s.events.flatMap((e) => (e.type === 'rejected' ? [`${e.error} ${e.request}`] : []));
const pending = (s: KafkaTxnState): string[] => group(s).pending.map((o) => `in-${o.partition} -> ${o.offset}`);

describe('transaction.version=1: a late AddOffsetsToTxn and the late TxnOffsetCommit behind it', () => {
  /** Both first copies held (request 2 and 3), the retries land; the transaction aborts and its markers land. */
  const held: KafkaTxnAction[] = [
    act.init(A),
    act.begin(A),
    act.produce(A),
    act.append(A),
    addOffsetsDelayed,
    offsetsDelayed,
    act.abort(A),
    act.marker(0, 0),
    act.marker(0, '__consumer_offsets'),
  ];

  test('faults.late-requests.max=1 (the default): the TxnOffsetCommit is not held while the AddOffsetsToTxn is', () => {
    const { states } = trace(late('3.7', '1'), held.slice(0, 5));
    expect(isEnabled(states.at(-1)!, offsetsDelayed)).toBe(false);
  });

  test('3.7: the late AddOffsetsToTxn opens a transaction at epoch 0, the TxnOffsetCommit passes verification', () => {
    const { states } = trace(late('3.7', '2'), [...held, act.deliver(2), act.deliver(3)]);
    const aborted = states[held.length - 1]!;
    expect([aborted.kafka.txns[0]!.state, pending(aborted)]).toEqual(['CompleteAbort', []]);
    const reopened = states.at(-2)!.kafka.txns[0]!;
    expect([reopened.state, reopened.epoch, reopened.partitions, reopened.offsetsGroup]).toEqual(['Ongoing', 0, [], 0]);
    const landed = states.at(-1)!;
    expect(rejected(landed)).toEqual([]);
    expect(pending(landed)).toEqual(['in-0 -> 1']);
  });

  test('3.7: the TxnOffsetCommit landing first is refused (INVALID_TXN_STATE), the AddOffsetsToTxn opens one', () => {
    const { states } = trace(late('3.7', '2'), [...held, act.deliver(3), act.deliver(2)]);
    expect(rejected(states.at(-2)!)).toEqual(['INVALID_TXN_STATE TxnOffsetCommit(in-0 -> 1) late']);
    expect(pending(states.at(-1)!)).toEqual([]);
    expect(states.at(-1)!.kafka.txns[0]!.state).toBe('Ongoing');
  });
});

describe('transaction.version=2: two late TxnOffsetCommits of earlier transactions', () => {
  /**
   * The first copy of each transaction's TxnOffsetCommit held (requests 2 and 4); the first transaction aborts
   * (epoch 0 -> 1), the second commits (1 -> 2), then both land.
   */
  const steps: KafkaTxnAction[] = [
    act.init(A),
    act.begin(A),
    act.produce(A),
    act.append(A),
    offsetsDelayed,
    act.abort(A),
    act.marker(0, 0),
    act.marker(0, '__consumer_offsets'),
    act.begin(A),
    act.produce(A),
    act.append(A),
    offsetsDelayed,
    act.commit(A),
    act.marker(0, 0),
    act.marker(0, '__consumer_offsets'),
    act.deliver(2),
    act.deliver(4),
  ];

  test('4.1: both carry an epoch the coordinator has moved past: PRODUCER_FENCED, the committed offset stays', () => {
    const { states } = trace(late('4.1', '2'), steps);
    expect(states.at(-3)!.kafka.txns[0]!.epoch).toBe(2);
    expect(rejected(states.at(-2)!)).toEqual(['PRODUCER_FENCED TxnOffsetCommit(in-0 -> 1) late']);
    expect(rejected(states.at(-1)!)).toEqual(['PRODUCER_FENCED TxnOffsetCommit(in-0 -> 1) late']);
    const last = states.at(-1)!;
    expect([pending(last), group(last).committed[0]!.offset]).toEqual([[], 1]);
  });
});
