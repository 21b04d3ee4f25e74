/**
 * faults.late-requests in kafka-txn: InitProducerId, AddOffsetsToTxn and TxnOffsetCommit held in the network
 * (model/kafka/network.ts) and landing after the client's retry, and InitProducerId's answer lost. Replayed step by
 * step: KIP-360's retry after a lost answer gets the bumped epoch (2.5+, lastProducerEpoch); the instance's own
 * late InitProducerId fences its next transaction; a late AddOffsetsToTxn opens a transaction of its own after the
 * marker (transaction.version=1); a late TxnOffsetCommit is pending after the marker on 3.6, refused from 3.7.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../../model/kafka-txn/state.js';
import { check, exhaustive, scripted } from '../../../helpers/check.js';
import { act, expand, group, inst, type Step, solo, trace } from '../../../model/kafka-txn/helpers.js';

const A = 1; // app-0#1
const late = (version: string) =>
  solo({ 'kafka.version': version, 'faults.network': 'true', 'faults.late-requests': 'true' });
const lateOnly = (version: string) => solo({ 'kafka.version': version, 'faults.late-requests': 'true' });
const initLost: KafkaTxnAction = { type: 'InitProducerIdLost', instance: A };
const initDelayed: KafkaTxnAction = { type: 'InitProducerIdDelayed', instance: A };
const addOffsetsDelayed: KafkaTxnAction = { type: 'AddOffsetsDelayed', instance: A };
const offsetsDelayed: KafkaTxnAction = { type: 'TxnOffsetCommitDelayed', instance: A };
/** The refusals of the step that led to `s`: `ERROR request`. */
const rejected = (s: KafkaTxnState): string[] =>
  s.events.flatMap((e) => (e.type === 'rejected' ? [`${e.error} ${e.request}`] : []));

describe("InitProducerId's answer lost: KIP-360's retry names the same epoch", () => {
  /**
   * app-0#1's produce is held until its batch expires: it aborts and bumps its epoch (KIP-360, version 1) once the
   * late copy has landed (refused: no transaction open); the bump's answer is lost, and the instance sends it again.
   */
  const bump: KafkaTxnAction[] = [
    act.init(A),
    act.begin(A),
    act.produceDelayed(A),
    act.abort(A),
    act.marker(0, 0),
    act.deliver(1),
    initLost,
    act.init(A),
  ];
  test('3.9: the coordinator bumped to epoch 1 at the lost one and answers the retry with epoch 1', () => {
    const { states } = trace(late('3.9'), bump);
    const lost = states[bump.length - 2]!;
    expect([lost.kafka.txns[0]!.epoch, lost.kafka.txns[0]!.lastProducerEpoch]).toEqual([1, 0]);
    expect(inst(lost, A).status).toBe('new');
    expect(rejected(lost)).toEqual(['REQUEST_TIMED_OUT InitProducerId(app-0): its answer lost']);
    const retried = states.at(-1)!;
    expect([inst(retried, A).status, inst(retried, A).producer.epoch]).toEqual(['ready', 1]);
    expect(retried.kafka.txns[0]!.epoch).toBe(1);
    expect(rejected(retried)).toEqual([]);
  });

  test('2.4 (no KIP-360): the first InitProducerId lost, its retry bumps once more', () => {
    const { states } = trace(lateOnly('2.4'), [initLost, act.init(A)]);
    expect(states.map((s) => s.kafka.txns[0]!.epoch)).toEqual([0, 1]);
    expect(inst(states[1]!, A).producer.epoch).toBe(1);
  });
});

describe("the instance's own InitProducerId held in the network lands in its next transaction", () => {
  const steps: KafkaTxnAction[] = [initDelayed, act.begin(A), act.produce(A), act.append(A), act.deliver(1)];
  test('3.9: the coordinator fences the open transaction and aborts it; the instance is fenced next', () => {
    const { states } = trace(lateOnly('3.9'), [...steps, act.addOffsets(A)]);
    const landed = states[steps.length - 1]!;
    expect([landed.kafka.txns[0]!.state, landed.kafka.txns[0]!.epoch]).toEqual(['PrepareAbort', 1]);
    expect(rejected(landed)).toEqual(['CONCURRENT_TRANSACTIONS InitProducerId(app-0) late']);
    const next = states.at(-1)!;
    expect(rejected(next)).toEqual(['PRODUCER_FENCED AddOffsetsToTxn']);
    expect(inst(next, A).status).toBe('fenced');
  });
});

describe('an AddOffsetsToTxn held past its transaction marker (transaction.version=1)', () => {
  const steps: KafkaTxnAction[] = [
    act.init(A),
    act.begin(A),
    act.produce(A),
    act.append(A),
    addOffsetsDelayed,
    act.txnOffsetCommit(A),
    act.commit(A),
    act.marker(0, 0),
    act.marker(0, '__consumer_offsets'),
    act.deliver(2),
  ];
  test('3.9: it lands at the same epoch and opens a transaction holding only __consumer_offsets', () => {
    const { states } = trace(lateOnly('3.9'), steps);
    const committed = states[steps.length - 2]!;
    expect(committed.kafka.txns[0]!.state).toBe('CompleteCommit');
    const t = states.at(-1)!.kafka.txns[0]!;
    expect([t.state, t.epoch, t.partitions, t.offsetsGroup]).toEqual(['Ongoing', 0, [], 0]);
  });
});

describe('a TxnOffsetCommit held past its transaction marker', () => {
  const steps: KafkaTxnAction[] = [
    act.init(A),
    act.begin(A),
    act.produce(A),
    act.append(A),
    act.addOffsets(A),
    offsetsDelayed,
    act.abort(A),
    act.marker(0, 0),
    act.marker(0, '__consumer_offsets'),
    act.deliver(2),
  ];
  const pending = (version: string) => {
    const { states } = trace(lateOnly(version), steps);
    const s = states.at(-1)!;
    return { pending: group(s).pending.map((o) => `in-${o.partition} -> ${o.offset}`), rejected: rejected(s) };
  };
  test('3.6: the group coordinator takes it, pending for the next marker of this producer', () => {
    expect(pending('3.6')).toEqual({ pending: ['in-0 -> 1'], rejected: [] });
  });
  test('3.7: it is verified with the transaction coordinator (KIP-890 part 1): INVALID_TXN_STATE', () => {
    expect(pending('3.7')).toEqual({ pending: [], rejected: ['INVALID_TXN_STATE TxnOffsetCommit(in-0 -> 1) late'] });
  });
});

/**
 * app-0#1's first TxnOffsetCommit(in-0 -> 1) is held, its retry lands; it aborts (transaction.version=1: the epoch
 * stays), writes v1 and v2 again in its next transaction and sends TxnOffsetCommit(in-0 -> 2); the held copy lands
 * now, replacing the pending offset, and the commit takes it.
 */
const lateOffsetsNext: Step[] = [
  act.init(A),
  act.begin(A),
  act.write(A),
  act.addOffsets(A),
  offsetsDelayed,
  act.abort(A),
  act.markers(0),
  act.begin(A),
  act.write(A),
  act.write(A),
  act.addOffsets(A),
  act.txnOffsetCommit(A),
  act.deliver(2),
  act.commit(A),
  act.markers(0),
];

describe("a TxnOffsetCommit held into the producer's next transaction of the same epoch", () => {
  /** The run drained to quiescence, and the state where the held copy landed. */
  const run = (version: string, steps: readonly Step[]) => {
    const config = lateOnly(version).config;
    const actions = expand(kafkaTxnEntry.model.init(config), ...steps);
    const r = scripted(kafkaTxnEntry, config, actions, true);
    return { ...r, landed: r.states[actions.findIndex((a) => a.type === 'Deliver') + 1]! };
  };
  test('3.9: verified (__consumer_offsets is in the open transaction at that epoch), its offset committed', () => {
    const r = run('3.9', lateOffsetsNext);
    expect(r.landed.events).toEqual([
      { type: 'offset', partition: 0, offset: 1, how: 'pending', generation: -1, stale: false },
    ]);
    expect(group(r.last).committed[0]!.offset).toBe(1);
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      [
        'txn-atomicity',
        18,
        'transaction 1 of app-0#1: its offset commit of input 0 is committed, but the client was told ABORT',
      ],
    ]);
  });
  test('4.1 (transaction.version=2): the abort bumped the epoch, the held copy is fenced', () => {
    const r = run(
      '4.1',
      lateOffsetsNext.filter((a) => !('type' in a) || a.type !== 'AddOffsetsToTxn'),
    );
    expect(rejected(r.landed)).toEqual(['PRODUCER_FENCED TxnOffsetCommit(in-0 -> 1) late']);
    expect(group(r.last).committed[0]!.offset).toBe(2);
    expect(r.violations).toEqual([]);
  });
});

describe('the held TxnOffsetCommit found by a search, as the plain check finds it', () => {
  const focused = [
    'faults.late-requests=true',
    'producers=1',
    'partitions=1',
    'faults.crashes=0',
    'faults.zombies=false',
  ];
  test('3.9: txn-atomicity, exhaustive at its own depth, 17 steps', () => {
    const r = check(kafkaTxnEntry, ['kafka.version=3.9', ...focused], exhaustive(17));
    expect([r.status, r.violations[0]?.invariant, r.trace?.length]).toEqual(['violation', 'txn-atomicity', 17]);
  });
  test('4.1: none to the same depth', () => {
    const r = check(kafkaTxnEntry, ['kafka.version=4.1', ...focused], exhaustive(17));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, 192519]);
  });
});

describe('every state to a bound with faults.late-requests', () => {
  test('3.9, one producer, crashes and a zombie: none violated to depth 10', () => {
    const r = check(
      kafkaTxnEntry,
      ['kafka.version=3.9', 'faults.late-requests=true', 'producers=1', 'partitions=1'],
      exhaustive(10),
    );
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 10, 37548]);
  });
  test('4.1 with faults.network, a coordinator move and producer-state loss: none violated to depth 9', () => {
    const r = check(
      kafkaTxnEntry,
      [
        'faults.late-requests=true',
        'faults.network=true',
        'faults.coordinator-failover=1',
        'faults.producer-state-loss=true',
        'producers=1',
        'partitions=1',
      ],
      exhaustive(9),
    );
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 9, 112419]);
  });
});

describe('faults.late-requests=false (the default) adds nothing', () => {
  test('kafka-txn: 1031 states to depth 6, as before', () => {
    const r = check(kafkaTxnEntry, [], exhaustive(6));
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 1031, 6]);
  });
});
