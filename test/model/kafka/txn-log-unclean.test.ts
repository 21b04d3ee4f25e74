/**
 * faults.txn-log-unclean-election: a follower of `__transaction_state` falls out of its ISR, and with
 * transaction.state.log.min.isr=1 the leader alone acknowledges the coordinator's appends; its broker dies and,
 * with safeguard.txn-log-clean-election=false (the topic's unclean.leader.election.enable set true, or an UNCLEAN
 * ElectLeaders request), the follower is elected: the new coordinator loads a log without those appends. With the
 * safeguard on (the topic's config as TransactionStateManager.transactionTopicConfigs creates it, Kafka 3.9) the
 * partition waits for its leader and nothing is lost.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { cfg, check, exhaustive, only, scripted } from '../../helpers/check.js';

const model = entry.model;
const focused = ['producers=1', 'partitions=1', 'faults.crashes=0', 'faults.zombies=false'];
const fault = ['faults.txn-log-unclean-election=1', 'transaction.state.log.min.isr=1'];
const unsafe = [...fault, 'safeguard.txn-log-clean-election=false'];
const types = (s: KafkaTxnState): string[] => model.enabled(s).map((a) => a.type);
const i1 = 1;

const behind: KafkaTxnAction = { type: 'TxnLogFollowerBehind' };
const elect: KafkaTxnAction = { type: 'TxnLogUncleanElection' };
/** A transaction with out-0's record and in-0's offset in it, committed after the follower fell behind. */
const committedAlone: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: i1 },
  { type: 'BeginTxn', instance: i1 },
  { type: 'Produce', instance: i1, partition: 0 },
  { type: 'Append', instance: i1 },
  { type: 'TxnOffsetCommit', instance: i1 },
  behind,
  { type: 'CommitTxn', instance: i1 },
];

describe('faults.txn-log-unclean-election: the keys', () => {
  test('off by default: no follower falls behind', () => {
    expect(types(model.init(cfg(model.keys, ...focused)))).not.toContain('TxnLogFollowerBehind');
    expect(types(model.init(cfg(model.keys, ...focused, ...fault)))).toContain('TxnLogFollowerBehind');
  });

  test("refused at the log's default min ISR, and the ISR shrink refused at 1", () => {
    expect(model.validate(cfg(model.keys, 'faults.txn-log-unclean-election=1'))).toBe(
      'faults.txn-log-unclean-election=1 needs transaction.state.log.min.isr=1: at 2 an acknowledged append is on ' +
        "2 replicas and one broker's loss cannot lose it (the leader alone takes none: faults.txn-log-isr-shrink); " +
        'set transaction.state.log.min.isr=1',
    );
    expect(model.validate(cfg(model.keys, 'faults.txn-log-isr-shrink=true', 'transaction.state.log.min.isr=1'))).toBe(
      'faults.txn-log-isr-shrink needs transaction.state.log.min.isr 2 or 3 (at 1 the leader alone takes every ' +
        'append); transaction.state.log.min.isr=1 accepts faults.txn-log-unclean-election',
    );
    expect(model.validate(cfg(model.keys, ...unsafe))).toBeNull();
  });
});

describe('faults.txn-log-unclean-election: a PrepareCommit lost', () => {
  test('the follower keeps the transaction Ongoing; elected, it is what the new coordinator loads', () => {
    const r = scripted(entry, cfg(model.keys, ...focused, ...unsafe), [...committedAlone, elect]);
    const before = r.states[committedAlone.length]!;
    expect(before.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', epoch: 1 });
    expect(before.kafka.coordinator.behind?.[0]).toMatchObject({ state: 'Ongoing', epoch: 0, partitions: [0] });
    expect(r.last.kafka.txns[0]).toMatchObject({ state: 'Ongoing', epoch: 0, partitions: [0], offsetsGroup: 0 });
    expect(r.last.kafka.coordinator).toMatchObject({ epoch: 1, moves: 1, loading: true, behind: null });
    // Once a run.
    expect(types(r.last)).not.toContain('TxnLogFollowerBehind');
    expect(types(r.last)).not.toContain('TxnLogUncleanElection');
  });

  test('the timeout aborts what the client was told committed: txn-atomicity', () => {
    const r = scripted(entry, cfg(model.keys, ...focused, ...unsafe), [
      ...committedAlone,
      elect,
      { type: 'CoordinatorLoaded' },
      { type: 'Tick' },
      { type: 'ExpireTxn', txn: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    expect(r.last.outcomes[0]).toEqual({ instance: 1, txn: 1, result: 'COMMIT' });
    expect(r.last.kafka.partitions[0]!.log.at(-1)).toMatchObject({ kind: 'control', marker: 'ABORT', epoch: 1 });
    expect(r.violations.map((v) => [v.invariant, v.message])).toEqual([
      ['txn-atomicity', 'transaction 1 of app-0#1: v1 at out-0 offset 0 is aborted, but the client was told COMMIT'],
    ]);
  });

  test('with the safeguard on the partition waits for its leader: no election after the follower fell behind', () => {
    const r = scripted(entry, cfg(model.keys, ...focused, ...fault), committedAlone);
    expect(r.last.kafka.coordinator.behind?.[0]).toMatchObject({ state: 'Ongoing' });
    expect(types(r.last)).not.toContain('TxnLogUncleanElection');
  });
});

describe('faults.txn-log-unclean-election: every state to the depth of the shortest trace', () => {
  const atomicity = only(entry, 'txn-atomicity');

  test('safeguard off: the shortest txn-atomicity trace, a timeout abort lost and the client committing', () => {
    const r = check(atomicity, [...focused, ...unsafe], exhaustive(12));
    expect(r.status).toBe('violation');
    expect(r.shortest).toBe(true);
    expect(r.trace!.map((s) => s.action.type)).toEqual([
      'InitProducerId',
      'BeginTxn',
      'Produce',
      'Append',
      'TxnOffsetCommit',
      'TxnLogFollowerBehind',
      'Tick',
      'ExpireTxn',
      'WriteTxnMarker',
      'TxnLogUncleanElection',
      'CoordinatorLoaded',
      'CommitTxn',
    ]);
    expect(r.violations.map((v) => v.message)).toEqual([
      'transaction 1 of app-0#1: v1 at out-0 offset 0 is aborted, but the client was told COMMIT',
    ]);
  });

  test('safeguard on: none in any state to depth 12', () => {
    const r = check(entry, [...focused, ...fault], exhaustive(12));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 12, 4306]);
  });

  test('consume-transform-produce: a lost AddOffsetsToTxn leaves the output committed and the offset not', () => {
    const app = ['instances=1', 'faults.crashes=0', 'faults.zombies=false'];
    const r = check(only(ctpEntry, 'offsets-atomic'), [...app, ...unsafe], exhaustive(10));
    expect(r.trace!.map((s) => s.action.type)).toEqual([
      'Join',
      'InitProducerId',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'TxnLogFollowerBehind',
      'SendOffsets',
      'TxnLogUncleanElection',
      'CoordinatorLoaded',
      'CommitTxn',
    ]);
    expect(r.violations.map((v) => v.message)).toEqual([
      'in-0: the output of record 0 (v1) is committed but the committed offset is 0',
    ]);
    const safe = check(ctpEntry, [...app, ...fault], exhaustive(10));
    expect([safe.status, safe.distinct]).toEqual(['ok', 600]);
  });
});
