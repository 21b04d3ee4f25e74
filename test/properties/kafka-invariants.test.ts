/**
 * Each `kafka-txn` invariant (properties/kafka-txn/invariants.ts over the shared Kafka checks) on
 * one state that violates it (built through real steps, with the relevant safeguard off or the
 * isolation level changed) and one that satisfies it.
 */
import { describe, expect, test } from 'vitest';
import type { KafkaTxnAction } from '../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import type { Invariant } from '../../properties/invariant.js';
import { kafkaTxnInvariants } from '../../properties/kafka-txn/invariants.js';
import { act, group, init, inst, model, run, solo } from '../model/kafka-txn/helpers.js';

/** The kafka-txn invariant named `name`. */
function named(name: string): Invariant<KafkaTxnState> {
  const i = kafkaTxnInvariants.find((x) => x.name === name);
  if (!i) throw new Error(`kafka-txn has no invariant ${name}`);
  return i;
}

const zombieFenced = named('zombie-fenced');
const txnAtomicity = named('txn-atomicity');
const noAbortedRead = named('no-aborted-read');
const noDuplicates = named('no-duplicates');
const lsoBound = named('lso-bound');
const noLoss = named('no-loss');
const noHangingTransaction = named('no-hanging-transaction');

/** The drain's actions to quiescence from `s`, and the state it ends in. */
function drained(s0: KafkaTxnState): { actions: KafkaTxnAction[]; state: KafkaTxnState } {
  const actions: KafkaTxnAction[] = [];
  let s = s0;
  for (let a = model.drain(s); a !== null && actions.length < 100; a = model.drain(s)) {
    actions.push(a);
    s = run(s, a);
  }
  return { actions, state: s };
}

/** A clean run: the drain alone from the default initial state. */
const clean = (): KafkaTxnState => drained(init()).state;

test('every invariant of kafka-txn is listed, in report order', () => {
  expect(kafkaTxnInvariants.map((i) => [i.name, i.when])).toEqual([
    ['zombie-fenced', 'every-step'],
    ['txn-atomicity', 'every-step'],
    ['no-aborted-read', 'every-step'],
    ['no-duplicates', 'every-step'],
    ['lso-bound', 'every-step'],
    ['no-loss', 'quiescence'],
    ['no-hanging-transaction', 'quiescence'],
  ]);
});

describe('zombie-fenced', () => {
  // safeguard.epoch-fencing=false: the replacement's InitProducerId leaves the open transaction
  // open and shared, and the paused instance comes back with epoch 0.
  const zombieBack = [act.init(1), act.begin(1), act.produce(1), act.pause(1), act.init(2), act.resume(1)];

  test('violated: an EndTxn from the stale epoch decides the transaction of the new one', () => {
    const s = run(
      solo({ 'safeguard.epoch-fencing': 'false' }),
      ...zombieBack,
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
    );
    expect(zombieFenced.check(s)).toBe(
      'out-0 offset 1: an EndTxn from epoch 0 decided COMMIT for the transaction of epoch 1',
    );
  });

  test('violated: a record written with the stale epoch is committed by the new instance', () => {
    const s = run(
      solo({ 'safeguard.epoch-fencing': 'false' }),
      ...zombieBack,
      act.produce(1), // zombie: v2 at 1, epoch 0
      act.begin(2),
      act.produce(2), // v1 at 2, epoch 1
      act.produce(2), // v2 at 3, epoch 1
      act.sendOffsets(2),
      act.commit(2),
      act.markers(0),
    );
    expect(zombieFenced.check(s)).toBe(
      'out-0 offset 0: v1 written with stale epoch 0 is committed by the transaction of epoch 1',
    );
  });

  test('satisfied: with fencing the resumed zombie is fenced at its next call', () => {
    const s = run(
      solo(),
      act.init(1),
      act.begin(1),
      act.produce(1),
      act.pause(1),
      act.init(2),
      act.markers(0),
      act.init(2),
      act.resume(1),
      act.sendOffsets(1),
    );
    expect(inst(s, 1).status).toBe('fenced');
    expect(zombieFenced.check(s)).toBeNull();
    expect(zombieFenced.check(drained(s).state)).toBeNull();
  });
});

describe('txn-atomicity', () => {
  // Transaction 1 times out and is aborted (v1 at 0, ABORT at 1); the client does not know.
  const timedOut = [act.init(1), act.begin(1), act.produce(1), act.tick(), act.expire(0), act.markers(0)];

  test('violated: without the epoch bump on timeout the client goes on and is told COMMIT, yet v1 was aborted', () => {
    const s = run(
      solo({ 'safeguard.epoch-bump-on-timeout': 'false' }),
      ...timedOut,
      act.produce(1),
      act.sendOffsets(1),
      act.commit(1),
    );
    expect(s.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    expect(txnAtomicity.check(s)).toBe(
      'transaction 1 of app-0#1: v1 at out-0 offset 0 is aborted, but the client was told COMMIT',
    );
  });

  test('satisfied: with the epoch bump the client is fenced and told nothing', () => {
    const s = run(solo(), ...timedOut, act.produce(1));
    expect(inst(s, 1).status).toBe('fenced');
    expect(txnAtomicity.check(s)).toBeNull();
    expect(txnAtomicity.check(clean())).toBeNull();
  });
});

describe('no-aborted-read', () => {
  const aborted = [act.init(1), act.begin(1), act.produce(1), act.abort(1), act.markers(0)];

  test('violated: a read_uncommitted reader returns the aborted record', () => {
    const s = run(solo({ 'isolation.level': 'read_uncommitted' }), ...aborted);
    expect(noAbortedRead.check(s)).toBe(
      'a read_uncommitted reader returns v1 at out-0 offset 0, a record of an aborted transaction',
    );
  });

  test('satisfied: a read_committed reader skips it', () => {
    expect(noAbortedRead.check(run(solo(), ...aborted))).toBeNull();
  });
});

describe('no-duplicates', () => {
  test('violated: without idempotence the delayed copy of a retried batch is read twice', () => {
    const s = run(
      solo({ 'enable.idempotence': 'false', 'faults.network': 'true' }),
      act.produceDelayed(1),
      act.retry(1),
      act.deliver(1),
    );
    expect(noDuplicates.check(s)).toBe('v1 is read twice at read_committed (offsets 0 and 1)');
  });

  test('violated: read_uncommitted sees the aborted attempt and the committed one', () => {
    const s = run(
      solo({ 'isolation.level': 'read_uncommitted' }),
      act.init(1),
      act.begin(1),
      act.produce(1),
      act.abort(1),
      act.markers(0),
      act.begin(1),
      act.produce(1),
    );
    expect(noDuplicates.check(s)).toBe('v1 is read twice at read_uncommitted (offsets 0 and 2)');
  });

  test('satisfied: with idempotence the delayed copy is a duplicate ack, not a second record', () => {
    const s = run(
      solo({ 'faults.network': 'true' }),
      act.init(1),
      act.begin(1),
      act.produceDelayed(1),
      act.retry(1),
      act.deliver(1),
    );
    expect(noDuplicates.check(s)).toBeNull();
    expect(noDuplicates.check(clean())).toBeNull();
  });
});

describe('lso-bound', () => {
  // The model keeps the LSO right, so a broken state is made by hand from a real one.
  type Writable = { kafka: { partitions: { lastStableOffset: number }[] } };
  // open at 0, HW 2
  const open = (): KafkaTxnState => run(solo(), act.init(1), act.begin(1), act.produce(1), act.produce(1));

  test('violated: an LSO past the first offset of an open transaction', () => {
    const broken = structuredClone(open());
    (broken as unknown as Writable).kafka.partitions[0]!.lastStableOffset = 1;
    expect(lsoBound.check(broken)).toBe('out-0: LSO 1 passes offset 0 of a still-open transaction');
  });

  test('violated: an LSO above the high watermark', () => {
    const broken = structuredClone(clean());
    (broken as unknown as Writable).kafka.partitions[1]!.lastStableOffset = 5;
    expect(lsoBound.check(broken)).toBe('out-1: LSO 5 is above the high watermark 4');
  });

  test('satisfied: the real states', () => {
    expect(open().kafka.partitions[0]!.lastStableOffset).toBe(0);
    expect(lsoBound.check(open())).toBeNull();
    expect(lsoBound.check(clean())).toBeNull();
  });
});

describe('no-loss', () => {
  test('violated: the timed-out (unbumped) transaction lost v1, while its offsets moved on', () => {
    const s = run(
      solo({ 'safeguard.epoch-bump-on-timeout': 'false' }),
      act.init(1),
      act.begin(1),
      act.produce(1),
      act.tick(),
      act.expire(0),
      act.markers(0),
      act.produce(1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
    );
    expect(model.drain(s)).toBeNull();
    expect(group(s).committed[0]!.offset).toBe(2);
    expect(noLoss.check(s)).toBe('input 1 never reached out at read_committed (1 missing)');
  });

  test('violated: missing inputs are reported as ranges (the predicate alone, app-1 not started yet)', () => {
    const s = run(
      init(),
      act.init(1),
      act.begin(1),
      act.produce(1, 0),
      act.produce(1, 1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
    );
    expect(noLoss.check(s)).toBe('input 3-4 never reached out at read_committed (2 missing)');
  });

  test('satisfied: the drained clean run', () => {
    expect(noLoss.check(clean())).toBeNull();
  });
});

describe('no-hanging-transaction', () => {
  // transaction.version=1: a produce to out-1 is stuck in the network, the client aborts (the
  // ABORT marker goes to out-1 first), then the stuck request lands and opens a transaction the
  // coordinator never hears of. The drain finishes the app's input on out-0 only.
  const late = [act.init(1), act.begin(1), act.produceDelayed(1, 1), act.abort(1), act.markers(0), act.deliver(1)];
  const config = { producers: '1', partitions: '2', 'input.records': '1', 'faults.network': 'true' };

  test('violated: transaction.version=1 leaves the late write open forever', () => {
    const s1 = run(init({ ...config, 'transaction.version': '1' }), ...late);
    expect(s1.kafka.partitions[1]!.log.map((e) => e.kind)).toEqual(['control', 'data']);
    const { actions, state } = drained(s1);
    // KIP-360: after the abort with a timed-out batch the client re-initialises (a new epoch) first.
    expect(actions).toEqual([
      act.init(1),
      act.begin(1),
      act.produce(1, 0),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
    ]);
    expect(noHangingTransaction.check(state)).toBe(
      'out-1: the transaction of app-0 from offset 1 is never ended (LSO stuck at 1)',
    );
  });

  test('satisfied: transaction.version=2 fences the late write at verification', () => {
    // v2 needs the partition verified first, so put the transaction on out-0 before the stuck write.
    const s1 = run(
      init({ ...config, 'input.records': '2', 'transaction.version': '2' }),
      act.init(1),
      act.begin(1),
      act.produce(1, 0),
      act.produceDelayed(1, 1),
      act.abort(1),
      act.markers(0),
      act.deliver(2),
    );
    expect(s1.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'AddPartitionsToTxn(out-1, verify)' },
    ]);
    const { state } = drained(s1);
    expect(state.kafka.partitions[1]!.log.filter((e) => e.kind === 'data').map((e) => e.offset)).toEqual([0]);
    expect(noHangingTransaction.check(state)).toBeNull();
    expect(noHangingTransaction.check(clean())).toBeNull();
  });
});

test('the helper `run` equals folding `step` over the same actions', () => {
  const actions = [act.init(1), act.begin(1), act.produce(1)];
  expect(run(solo(), ...actions)).toEqual(actions.reduce(model.step, solo()));
});
