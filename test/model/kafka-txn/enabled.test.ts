/**
 * kafka-txn's `enabled` (derived from its action table): the documented order (each action type in
 * table order, its actors in creation order), fault budgets, network faults only when switched on.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { act, init, model, run, show, solo } from './helpers.js';

const types = (as: readonly KafkaTxnAction[]): string[] => as.map((a) => a.type);

describe('order', () => {
  test(
    "action types in table order (client calls, the leader's Append, WriteTxnMarker, MarkerAckLost, Restart, " +
      'Deliver, Tick, Crash, Pause, Resume), each by actor',
    () => {
      const s = run(
        init({ 'faults.network': 'true' }),
        act.init(1),
        act.begin(1),
        act.write(1, 0), // request 1; app-0 Ongoing, deadline 60000
        act.produceDelayed(1, 1), // request 2, stuck
        act.init(2),
        act.begin(2),
        act.write(2, 1), // request 3
        act.sendOffsets(2),
        act.commit(2), // app-1 PrepareCommit: markers due to out-1 and __consumer_offsets
      );
      expect(model.enabled(s)).toEqual([
        { type: 'BeginTxn', instance: 2 },
        { type: 'Retry', instance: 1 },
        { type: 'AbortTxn', instance: 1 },
        { type: 'AbortTxnDelayed', instance: 1 },
        { type: 'WriteTxnMarker', txn: 1, partition: 1 },
        { type: 'WriteTxnMarker', txn: 1, partition: '__consumer_offsets' },
        { type: 'MarkerAckLost', txn: 1, partition: 1 },
        { type: 'MarkerAckLost', txn: 1, partition: '__consumer_offsets' },
        { type: 'Deliver', request: 2 },
        { type: 'Tick' },
        { type: 'Crash', instance: 1 },
        { type: 'Crash', instance: 2 },
        { type: 'Pause', instance: 1 },
        { type: 'Pause', instance: 2 },
      ]);
    },
  );

  test('markers: transactions ascending, then partitions ascending, then __consumer_offsets', () => {
    const s = run(
      init(),
      act.init(1),
      act.init(2),
      act.begin(1),
      act.begin(2),
      act.write(2, 1),
      act.write(2, 0),
      act.sendOffsets(2),
      act.commit(2),
      act.write(1, 1),
      act.write(1, 0),
      act.sendOffsets(1),
      act.commit(1),
    );
    expect(model.enabled(s).filter((a) => a.type === 'WriteTxnMarker')).toEqual([
      act.marker(0, 0),
      act.marker(0, 1),
      act.marker(0, '__consumer_offsets'),
      act.marker(1, 0),
      act.marker(1, 1),
      act.marker(1, '__consumer_offsets'),
    ]);
  });

  test("one instance's calls: Produce and ProduceDelayed by partition, then TxnOffsetCommit, then AbortTxn", () => {
    const s = run(
      init({ producers: '1', 'faults.network': 'true', 'faults.crashes': '0', 'faults.zombies': 'false' }),
      act.init(1),
      act.begin(1),
      act.write(1, 1),
    );
    expect(model.enabled(s)).toEqual([
      { type: 'Produce', instance: 1, partition: 0 },
      { type: 'Produce', instance: 1, partition: 1 },
      { type: 'ProduceDelayed', instance: 1, partition: 0 },
      { type: 'ProduceDelayed', instance: 1, partition: 1 },
      { type: 'TxnOffsetCommit', instance: 1 },
      { type: 'AbortTxn', instance: 1 },
      { type: 'AbortTxnDelayed', instance: 1 },
      { type: 'Tick' },
    ]);
    const s2 = run(s, act.sendOffsets(1));
    expect(model.enabled(s2)).toEqual([
      { type: 'CommitTxn', instance: 1 },
      { type: 'CommitTxnDelayed', instance: 1 },
      { type: 'CommitTimedOut', instance: 1 },
      { type: 'AbortTxn', instance: 1 },
      { type: 'AbortTxnDelayed', instance: 1 },
      { type: 'Tick' },
    ]);
  });

  test(
    'transaction.version=1: AddPartitionsDelayed for a partition not yet ' +
      'added, AddOffsetsToTxn before TxnOffsetCommit',
    () => {
      const s = run(
        init({
          producers: '1',
          'transaction.version': '1',
          'faults.network': 'true',
          'faults.crashes': '0',
          'faults.zombies': 'false',
        }),
        act.init(1),
        act.begin(1),
        act.write(1, 1),
      );
      expect(model.enabled(s)).toEqual([
        { type: 'Produce', instance: 1, partition: 0 },
        { type: 'Produce', instance: 1, partition: 1 },
        { type: 'ProduceDelayed', instance: 1, partition: 0 },
        { type: 'ProduceDelayed', instance: 1, partition: 1 },
        { type: 'AddPartitionsDelayed', instance: 1, partition: 0 },
        { type: 'AddOffsetsToTxn', instance: 1 },
        { type: 'AbortTxn', instance: 1 },
        { type: 'AbortTxnDelayed', instance: 1 },
        { type: 'Tick' },
      ]);
      expect(model.enabled(run(s, act.addOffsets(1)))).toEqual([
        { type: 'TxnOffsetCommit', instance: 1 },
        { type: 'AbortTxn', instance: 1 },
        { type: 'AbortTxnDelayed', instance: 1 },
        { type: 'Tick' },
      ]);
    },
  );

  test('an expired transaction and a crashed instance: ExpireTxn before Restart', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.tick(), act.crash(1));
    expect(model.enabled(s)).toEqual([
      { type: 'ExpireTxn', txn: 0 },
      { type: 'Restart', app: 0 },
    ]);
  });

  test('nothing but InitProducerId, the faults and no Tick in the initial state', () => {
    expect(model.enabled(init())).toEqual([
      { type: 'InitProducerId', instance: 1 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'Crash', instance: 1 },
      { type: 'Crash', instance: 2 },
    ]);
  });
});

/**
 * The sort key the documented order implies: the action type's place in the table
 * (`model.actionTypes`), then its actor: an instance by creation order (and a produce by
 * partition), a transactional.id or app by index, a request by id.
 */
function rank(s: KafkaTxnState, a: KafkaTxnAction): number[] {
  const at = (id: number): number => s.instances.findIndex((i) => i.id === id);
  const t = model.actionTypes.indexOf(a.type);
  switch (a.type) {
    case 'WriteTxnMarker':
    case 'MarkerAckLost':
      return [t, a.txn, a.partition === '__consumer_offsets' ? Number.MAX_SAFE_INTEGER : a.partition];
    case 'ExpireTxn':
    case 'ExpireTransactionalId':
      return [t, a.txn];
    case 'StaleMarker':
      return [t, a.marker];
    case 'LoseProducerState':
      return [t, a.partition, a.producerId];
    case 'Restart':
      return [t, a.app];
    case 'Deliver':
      return [t, a.request];
    case 'Tick':
    case 'CoordinatorFailover':
    case 'CoordinatorLoaded':
    case 'TxnLogIsrShrink':
    case 'TxnLogIsrExpand':
    case 'TxnLogFollowerBehind':
    case 'TxnLogUncleanElection':
      return [t];
    case 'Fetch':
    case 'ShrinkIsr':
      return [t, a.partition, a.broker];
    case 'BrokerCrash':
    case 'BrokerRestart':
      return [t, a.broker];
    case 'Clean':
      return [t, a.partition, a.mapEnd];
    case 'Produce':
    case 'ProduceDelayed':
    case 'AddPartitionsDelayed':
      return [t, at(a.instance), a.partition];
    default:
      return [t, at(a.instance)];
  }
}

function before(x: number[], y: number[]): boolean {
  for (let k = 0; k < Math.max(x.length, y.length); k++) {
    const a = x[k] ?? -1;
    const b = y[k] ?? -1;
    if (a !== b) return a < b;
  }
  return false;
}

test('along random paths (seed 7), every enabled list is strictly in the documented order', () => {
  const configs = [
    { 'faults.network': 'true', 'faults.crashes': '2' },
    { 'faults.network': 'true', 'enable.idempotence': 'false' },
    {
      'transaction.version': '1',
      'faults.network': 'true',
      'faults.coordinator-failover': '2',
      'faults.producer-state-loss': 'true',
    },
  ];
  for (const pairs of configs) {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 30 }), (picks) => {
        let s = init(pairs);
        for (const pick of picks) {
          const acts = model.enabled(s);
          for (let k = 1; k < acts.length; k++) {
            if (!before(rank(s, acts[k - 1]!), rank(s, acts[k]!)))
              throw new Error(`${show(acts[k - 1]!)} is listed before ${show(acts[k]!)}`);
          }
          if (acts.length === 0) break;
          s = model.step(s, acts[pick % acts.length]!);
        }
      }),
      { seed: 7, numRuns: 40 },
    );
  }
});

describe('fault budgets', () => {
  test('faults.crashes=1: after one crash no Crash is listed, only the Restart', () => {
    const s = run(init(), act.init(1), act.init(2), act.crash(1));
    const en = model.enabled(s);
    expect(en.filter((a) => a.type === 'Crash')).toEqual([]);
    expect(en).toContainEqual({ type: 'Restart', app: 0 });
    const s2 = run(s, act.restart(0), act.init(3));
    expect(types(model.enabled(s2))).not.toContain('Crash');
  });

  test('faults.crashes=2 allows a second crash; faults.crashes=0 allows none', () => {
    const s = run(solo({ 'faults.crashes': '2' }), act.init(1), act.crash(1), act.restart(0));
    expect(model.enabled(s)).toContainEqual({ type: 'Crash', instance: 2 });
    const none = run(solo({ 'faults.crashes': '0' }), act.init(1));
    expect(types(model.enabled(none))).not.toContain('Crash');
  });

  test('one Pause per run, over all apps', () => {
    const s0 = run(init(), act.init(1), act.init(2));
    expect(model.enabled(s0).filter((a) => a.type === 'Pause')).toEqual([
      { type: 'Pause', instance: 1 },
      { type: 'Pause', instance: 2 },
    ]);
    const s1 = run(s0, act.pause(1), act.init(3));
    expect(types(model.enabled(s1))).not.toContain('Pause');
  });

  test('faults.zombies=false: no Pause at all', () => {
    const s = run(solo({ 'faults.zombies': 'false' }), act.init(1));
    expect(types(model.enabled(s))).not.toContain('Pause');
  });

  test('a new instance (before InitProducerId) cannot be paused', () => {
    expect(types(model.enabled(solo()))).not.toContain('Pause');
  });

  test('Resume only once the replacement has initialised', () => {
    const paused = run(solo(), act.init(1), act.begin(1), act.write(1), act.pause(1));
    expect(types(model.enabled(paused))).not.toContain('Resume');
    // The replacement's first InitProducerId only fences: it is still `new`.
    const fencing = run(paused, act.init(2));
    expect(types(model.enabled(fencing))).not.toContain('Resume');
    const ready = run(fencing, act.markers(0), act.init(2));
    expect(model.enabled(ready)).toContainEqual({ type: 'Resume', instance: 1 });
    // A paused instance makes no calls and cannot crash.
    expect(model.enabled(ready).filter((a) => 'instance' in a && a.instance === 1)).toEqual([
      { type: 'Resume', instance: 1 },
    ]);
  });
});

describe('cluster fault budgets', () => {
  test('faults.coordinator-failover=N: at most N coordinator moves per run; none by default', () => {
    expect(types(model.enabled(solo()))).not.toContain('CoordinatorFailover');
    const s0 = solo({ 'faults.coordinator-failover': '1' });
    expect(model.enabled(s0)).toContainEqual(act.failover());
    const s1 = run(s0, act.failover());
    expect(s1.kafka.coordinator).toMatchObject({ epoch: 1, moves: 1 });
    expect(types(model.enabled(s1))).not.toContain('CoordinatorFailover');
  });

  test(
    'faults.producer-state-loss: an idle producer and an idle ' + 'transactional.id may each be forgotten once per run',
    () => {
      const s0 = run(solo({ 'faults.producer-state-loss': 'true' }), act.init(1), act.begin(1), act.write(1));
      // The transaction is open on out-0 (and Ongoing at the coordinator): nothing idle to forget.
      expect(
        types(model.enabled(s0)).filter((t) => t === 'LoseProducerState' || t === 'ExpireTransactionalId'),
      ).toEqual([]);
      const s1 = run(s0, act.sendOffsets(1), act.commit(1), act.markers(0));
      expect(
        model.enabled(s1).filter((a) => a.type === 'LoseProducerState' || a.type === 'ExpireTransactionalId'),
      ).toEqual([act.loseProducerState(0, 1), act.expireId(0)]);
      const s2 = run(s1, act.loseProducerState(0, 1));
      expect(s2.kafka.partitions[0]!.producers).toEqual([]);
      expect(s2.kafka.forgotten).toEqual({ producers: 1, ids: 0 });
      // The leader's loss does not use up the coordinator's: the transactional.id may still expire, once.
      expect(
        types(model.enabled(s2)).filter((t) => t === 'LoseProducerState' || t === 'ExpireTransactionalId'),
      ).toEqual(['ExpireTransactionalId']);
      const s3 = run(s2, act.expireId(0));
      expect(s3.kafka.forgotten).toEqual({ producers: 1, ids: 1 });
      expect(
        types(model.enabled(s3)).filter((t) => t === 'LoseProducerState' || t === 'ExpireTransactionalId'),
      ).toEqual([]);
      // Off by default.
      const off = run(
        solo(),
        act.init(1),
        act.begin(1),
        act.write(1),
        act.sendOffsets(1),
        act.commit(1),
        act.markers(0),
      );
      expect(
        types(model.enabled(off)).filter((t) => t === 'LoseProducerState' || t === 'ExpireTransactionalId'),
      ).toEqual([]);
    },
  );
});

describe('network faults', () => {
  const networkTypes = [
    'ProduceDelayed',
    'AddPartitionsDelayed',
    'CommitTxnDelayed',
    'CommitTimedOut',
    'AbortTxnDelayed',
    'MarkerAckLost',
    'Deliver',
  ];

  /** Every enabled list along the drain from the initial state (the drain takes no faults). */
  function enabledAlongDrain(s0: KafkaTxnState): KafkaTxnAction[][] {
    const out: KafkaTxnAction[][] = [];
    let s = s0;
    for (let a = model.drain(s); a !== null; a = model.drain(s)) {
      out.push(model.enabled(s));
      s = model.step(s, a);
    }
    out.push(model.enabled(s));
    return out;
  }

  test('faults.network=false: no network fault in any state of a full run', () => {
    const lists = enabledAlongDrain(init());
    // 22 drain steps (see drain.test.ts), 23 states.
    expect(lists.length).toBe(23);
    for (const l of lists) expect(types(l).filter((t) => networkTypes.includes(t))).toEqual([]);
  });

  test('faults.network=true: the same run offers every network fault but Deliver and AddPartitionsDelayed', () => {
    const seen = new Set(enabledAlongDrain(init({ 'faults.network': 'true' })).flatMap(types));
    for (const t of ['ProduceDelayed', 'CommitTxnDelayed', 'CommitTimedOut', 'AbortTxnDelayed', 'MarkerAckLost'])
      expect(seen.has(t), t).toBe(true);
    // AddPartitionsToTxn is the client's under transaction.version=1 only.
    expect(seen.has('AddPartitionsDelayed')).toBe(false);
    expect(
      new Set(enabledAlongDrain(init({ 'faults.network': 'true', 'transaction.version': '1' })).flatMap(types)).has(
        'AddPartitionsDelayed',
      ),
    ).toBe(true);
    // Deliver needs a request in the network first.
    expect(seen.has('Deliver')).toBe(false);
    const s = run(init({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.produceDelayed(1, 0));
    expect(model.enabled(s)).toContainEqual({ type: 'Deliver', request: 1 });
  });
});
