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
    ['acked-durable', 'every-step'],
  ]);
});

describe('zombie-fenced', () => {
  // safeguard.epoch-fencing=false: the replacement's InitProducerId leaves the open transaction
  // open and shared, and the paused instance comes back with epoch 0.
  const zombieBack = [act.init(1), act.begin(1), act.write(1), act.pause(1), act.init(2), act.resume(1)];

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
      act.write(1), // zombie: v2 at 1, epoch 0
      act.begin(2),
      act.write(2), // v1 at 2, epoch 1
      act.write(2), // v2 at 3, epoch 1
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
      act.write(1),
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

  // faults.producer-state-loss: the leader forgets the fenced producer's state (idle past
  // producer.id.expiration.ms), so the zombie's next write meets no epoch to be checked against.
  // 2.5 to 3.5 accept an unknown producer at any sequence (KAFKA-8710) and nothing verifies the
  // write: it opens a transaction of epoch 0 that the replacement's COMMIT marker closes.
  const forgotten = [
    act.init(1),
    act.begin(1),
    act.write(1), // v1 at 0, epoch 0
    act.pause(1),
    act.init(2), // fence: epoch 1, ABORT
    act.markers(0),
    act.init(2), // epoch 2
    act.loseProducerState(0, 1),
    act.resume(1),
  ];
  const stateLoss = (version: string) =>
    solo({ 'kafka.version': version, 'faults.producer-state-loss': 'true', 'input.records': '3' });

  test('violated: 3.5, a zombie write after the leader forgot the producer is accepted and committed', () => {
    const s1 = run(stateLoss('3.5'), ...forgotten, act.produce(1));
    expect(s1.events).toEqual([{ type: 'appended', partition: 0, offset: 2 }]);
    const s = run(s1, act.begin(2), act.write(2), act.sendOffsets(2), act.commit(2), act.markers(0));
    expect(zombieFenced.check(s)).toBe(
      'out-0 offset 2: v2 written with stale epoch 0 is committed by the transaction of epoch 2',
    );
  });

  test('satisfied: 2.4 refuses the unknown producer past sequence 0; 3.6 verifies the write', () => {
    const old = run(stateLoss('2.4'), ...forgotten, act.produce(1));
    expect(old.events).toEqual([
      { type: 'rejected', by: 'out-0', error: 'UNKNOWN_PRODUCER_ID', request: 'Produce(v2)' },
      { type: 'client', instance: 1, status: 'failed' },
    ]);
    const verified = run(stateLoss('3.6'), ...forgotten, act.produce(1));
    expect(verified.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'INVALID_PRODUCER_EPOCH',
        request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
      },
    ]);
    for (const s of [old, verified]) {
      expect(s.kafka.partitions[0]!.log.filter((e) => e.kind === 'data')).toHaveLength(1);
      expect(zombieFenced.check(drained(s).state)).toBeNull();
    }
  });
});

describe('txn-atomicity', () => {
  // Transaction 1 times out and is aborted (v1 at 0, ABORT at 1); the client does not know.
  // kafka.version=3.5: transaction.version=1 (safeguard.epoch-bump-on-timeout is a version-1 switch)
  // and no partition verification. Two partitions: the client's next write goes to out-1.
  const timedOut = [act.init(1), act.begin(1), act.write(1, 0), act.tick(), act.expire(0), act.markers(0)];
  const v35 = { producers: '1', partitions: '2', 'kafka.version': '3.5' };

  test('violated: without the epoch bump on timeout the client goes on and is told COMMIT, yet v1 was aborted', () => {
    const s = run(
      init({ ...v35, 'safeguard.epoch-bump-on-timeout': 'false' }),
      ...timedOut,
      act.write(1, 1), // AddPartitionsToTxn(out-1) starts a new transaction at the coordinator
      act.sendOffsets(1),
      act.commit(1),
    );
    expect(s.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    expect(txnAtomicity.check(s)).toBe(
      'transaction 1 of app-0#1: v1 at out-0 offset 0 is aborted, but the client was told COMMIT',
    );
  });

  test('satisfied: with the epoch bump the client is fenced and told nothing', () => {
    const s = run(init(v35), ...timedOut, act.produce(1, 1));
    expect(s.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'AddPartitionsToTxn(out-1)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
    expect(s.outcomes).toEqual([]);
    expect(txnAtomicity.check(s)).toBeNull();
    expect(txnAtomicity.check(clean())).toBeNull();
  });

  // A stuck EndTxn(ABORT) of transaction 1 lands in transaction 2, which has the same epoch under
  // transaction.version=1 (KIP-890 part 1 does not help: nothing is written late). The client,
  // unaware, adds its offsets (a new transaction at the coordinator) and is told COMMIT.
  const lateAbort = [
    act.init(1),
    act.begin(1),
    act.write(1),
    act.abortDelayed(1), // request 2 stuck; the retry aborts transaction 1
    act.markers(0),
    act.begin(1),
    act.write(1), // v1 again, transaction 2
    act.deliver(2),
  ];

  test('violated: 3.9, a late EndTxn(ABORT) of the same epoch aborts the next transaction', () => {
    const s1 = run(solo({ 'kafka.version': '3.9', 'faults.network': 'true', 'input.records': '1' }), ...lateAbort);
    expect(s1.events).toEqual([{ type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareAbort', epoch: 0 }]);
    const s = run(s1, act.markers(0), act.sendOffsets(1), act.commit(1));
    expect(txnAtomicity.check(s)).toBe(
      'transaction 2 of app-0#1: v1 at out-0 offset 2 is aborted, but the client was told COMMIT',
    );
  });

  test('satisfied: 4.1 (transaction.version=2), the abort bumped the epoch and the late one is fenced', () => {
    const s1 = run(solo({ 'faults.network': 'true', 'input.records': '1' }), ...lateAbort);
    expect(s1.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(ABORT) late' },
    ]);
    expect(txnAtomicity.check(drained(s1).state)).toBeNull();
  });

  // faults.coordinator-failover: the coordinator moves while a commit's markers are out; the new one
  // loads its partition and re-sends them, and the old one's queued COMMIT marker arrives later, in the next
  // transaction (same epoch under version 1). Markers carry the coordinator epoch, and the leader fences an older one.
  const staleMarker = [
    act.init(1),
    act.begin(1),
    act.write(1),
    act.sendOffsets(1),
    act.commit(1),
    act.failover(),
    act.loaded(),
    act.markers(0),
    act.begin(1),
    act.write(1), // v2, transaction 2
    act.staleMarker(0),
  ];
  const failover = { 'kafka.version': '3.5', 'faults.coordinator-failover': '1', 'input.records': '3' };

  test('violated: without coordinator-epoch fencing a stale COMMIT marker closes the next transaction', () => {
    const s1 = run(solo({ ...failover, 'safeguard.coordinator-epoch-fencing': 'false' }), ...staleMarker);
    expect(s1.events).toEqual([{ type: 'marker', partition: 0, offset: 3, marker: 'COMMIT', epoch: 0 }]);
    const s = run(s1, act.abort(1));
    expect(txnAtomicity.check(s)).toBe(
      'transaction 2 of app-0#1: v2 at out-0 offset 2 is committed, but the client was told ABORT',
    );
  });

  test("satisfied: the leader fences the old coordinator's marker (TRANSACTION_COORDINATOR_FENCED)", () => {
    const s1 = run(solo(failover), ...staleMarker);
    expect(s1.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'TRANSACTION_COORDINATOR_FENCED',
        request: 'WriteTxnMarkers(COMMIT, coordinator epoch 0)',
      },
    ]);
    expect(txnAtomicity.check(run(s1, act.abort(1)))).toBeNull();
  });
});

describe('no-aborted-read', () => {
  const aborted = [act.init(1), act.begin(1), act.write(1), act.abort(1), act.markers(0)];

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
      act.write(1),
      act.abort(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
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
  const open = (): KafkaTxnState => run(solo(), act.init(1), act.begin(1), act.write(1), act.write(1));

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
  // kafka.version=3.5 without the timeout bump: the coordinator aborts v1; the client, unaware, writes
  // v2 to out-1 (AddPartitionsToTxn starts a new transaction), sends its offsets past v1 and commits.
  test('violated: the timed-out (unbumped) transaction lost v1, while its offsets moved on', () => {
    const s = run(
      init({ producers: '1', partitions: '2', 'kafka.version': '3.5', 'safeguard.epoch-bump-on-timeout': 'false' }),
      act.init(1),
      act.begin(1),
      act.write(1, 0),
      act.tick(),
      act.expire(0),
      act.markers(0),
      act.write(1, 1),
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
      act.write(1, 0),
      act.write(1, 1),
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
  // A produce to out-1 is stuck in the network, the client aborts (the ABORT marker goes to out-1
  // first), then the stuck request lands and opens a transaction the coordinator never hears of
  // (KAFKA-12671). The drain finishes the app's input on out-0 only.
  const late = [act.init(1), act.begin(1), act.produceDelayed(1, 1), act.abort(1), act.markers(0), act.deliver(1)];
  const config = { producers: '1', partitions: '2', 'input.records': '1', 'faults.network': 'true' };

  test(
    'violated: kafka.version=3.5 (transaction.version=1, no verification) ' + 'leaves the late write open forever',
    () => {
      const s1 = run(init({ ...config, 'kafka.version': '3.5' }), ...late);
      expect(s1.kafka.partitions[1]!.log.map((e) => e.kind)).toEqual(['control', 'data']);
      const { actions, state } = drained(s1);
      // KIP-360: after the abort with a timed-out batch the client re-initialises (a new epoch) first.
      expect(actions).toEqual([
        act.init(1),
        act.begin(1),
        act.produce(1, 0),
        act.addOffsets(1),
        act.txnOffsetCommit(1),
        act.commit(1),
        act.marker(0, 0),
        act.marker(0, '__consumer_offsets'),
      ]);
      expect(noHangingTransaction.check(state)).toBe(
        'out-1: the transaction of app-0 from offset 1 is never ended (LSO stuck at 1)',
      );
    },
  );

  // KIP-890 part 1: the late write finds no transaction of its producer on out-1 and is verified:
  // the coordinator has out-1 in no transaction (CompleteAbort).
  test('satisfied: kafka.version=3.6 (transaction.version=1) refuses the late write at verification', () => {
    const s1 = run(init({ ...config, 'kafka.version': '3.6' }), ...late);
    expect(s1.events).toEqual([
      {
        type: 'rejected',
        by: 'out-1',
        error: 'INVALID_TXN_STATE',
        request: 'Produce(v1) after AddPartitionsToTxn(out-1, verify)',
      },
    ]);
    expect(s1.kafka.partitions[1]!.log.map((e) => e.kind)).toEqual(['control']);
    expect(noHangingTransaction.check(drained(s1).state)).toBeNull();
  });

  test("satisfied: transaction.version=2 fences the late write at the leader's add", () => {
    // Put the transaction on out-0 before the stuck write, so the abort is not an empty one.
    const s1 = run(
      init({ ...config, 'input.records': '2' }),
      act.init(1),
      act.begin(1),
      act.write(1, 0),
      act.produceDelayed(1, 1),
      act.abort(1),
      act.markers(0),
      act.deliver(2),
    );
    // The abort bumped the epoch; the leader's add answers PRODUCER_FENCED, carried as INVALID_PRODUCER_EPOCH.
    expect(s1.events).toEqual([
      {
        type: 'rejected',
        by: 'out-1',
        error: 'INVALID_PRODUCER_EPOCH',
        request: 'Produce(v2) after AddPartitionsToTxn(out-1, verify)',
      },
    ]);
    const { state } = drained(s1);
    expect(state.kafka.partitions[1]!.log.filter((e) => e.kind === 'data').map((e) => e.offset)).toEqual([0]);
    expect(noHangingTransaction.check(state)).toBeNull();
    expect(noHangingTransaction.check(clean())).toBeNull();
  });
});

test('the helper `run` equals folding `step` over the same actions', () => {
  const actions = [act.init(1), act.begin(1), act.produce(1), act.append(1)];
  expect(run(solo(), ...actions)).toEqual(actions.reduce(model.step, solo()));
});
