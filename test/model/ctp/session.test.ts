/**
 * session.timeout.ms: with the clock running (record.processing.ms above 0) a member
 * that crashed or stalled whole sends no heartbeat and stays in the group, owning its partitions,
 * until its session times out (GroupCoordinator.onExpireHeartbeat); then the group rebalances. A
 * member paused past it is a zombie whose transactional offsets are refused (KIP-447).
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { cfg, check, exhaustive, random, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'record.processing.ms=1000', ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);
const group = (s: AppState) => s.kafka.groups[GROUP]!;

const A = 1; // i0#1
const B = 2; // i1#1
const A2 = 3; // i0#2
const joinBoth: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'Join', instance: B },
  { type: 'InitProducerId', instance: A },
  { type: 'InitProducerId', instance: B },
  { type: 'FetchOffset', instance: A, partition: 0 },
];

describe('a crashed member keeps its partitions until its session times out', () => {
  test('nobody processes in-0 until 45000 ms after the crash; then it moves to the live member', () => {
    const r = script(ctp(), [
      ...joinBoth,
      { type: 'Crash', instance: A },
      { type: 'Restart', slot: 0 },
      { type: 'Join', instance: A2 },
    ]);
    const s = r.last;
    // The restarted i0#2 joined; the sticky assignor leaves in-0 with the crashed i0#1, still a member.
    expect(group(s).members).toEqual([A, B, A2]);
    expect(group(s).owners).toEqual([A]);
    expect(s.apps.find((i) => i.id === A)!.silentMs).toBe(0);
    const enabled = ctpEntry.model.enabled(s);
    expect(enabled.filter((a) => a.type === 'FetchOffset' || a.type === 'Process')).toEqual([]);
    expect(entryDescribe(s, { type: 'Tick' })).toBe('clock.Tick(-> 45000 ms)');
    const t = ctpEntry.model.step(s, { type: 'Tick' });
    expect(t.now).toBe(45000);
    expect(group(t).members).toEqual([B, A2]);
    expect(group(t).owners).toEqual([B]);
    expect(t.events).toContainEqual({
      type: 'life',
      instance: A,
      status: 'session timed out (session.timeout.ms): removed',
    });
    expect(ctpEntry.model.enabled(t)).toContainEqual({ type: 'FetchOffset', instance: B, partition: 0 });
  });

  test('kafka.version=2.7: the session is 10000 ms (KIP-735 raised it to 45000 in 3.0)', () => {
    const config = ctp('kafka.version=2.7');
    expect(config.sessionTimeoutMs).toBe(10000);
    const s = script(config, [...joinBoth, { type: 'Crash', instance: A }, { type: 'Tick' }]).last;
    expect(s.now).toBe(10000);
    expect(group(s).owners).toEqual([B]);
  });

  test('without the clock (record.processing.ms=0) a crash leaves at once, as before', () => {
    const s = scripted(ctpEntry, cfg(ctpKeys), [...joinBoth, { type: 'Crash', instance: A }]).last;
    expect(group(s).members).toEqual([B]);
    expect(group(s).owners).toEqual([B]);
    expect(s.apps[0]!.silentMs).toBeUndefined();
  });
});

describe('a paused member: harmless within the session, a fenced zombie past it', () => {
  const batch = (i: number): AppAction[] => [
    { type: 'BeginTxn', instance: i },
    { type: 'Process', instance: i, partition: 0 },
  ];

  test('resumed before its session times out, it is still the owner of generation 2 and commits', () => {
    const r = script(ctp(), [
      ...joinBoth,
      ...batch(A),
      { type: 'Pause', instance: A },
      { type: 'Resume', instance: A },
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
    ]);
    expect(group(r.last).generation).toBe(2);
    expect(group(r.last).owners).toEqual([A]);
    expect(r.last.outcomes).toEqual([{ instance: A, txn: 1, result: 'COMMIT' }]);
    expect(r.violations).toEqual([]);
  });

  const zombie: AppAction[] = [
    ...joinBoth,
    ...batch(A),
    { type: 'Pause', instance: A },
    { type: 'Tick' },
    { type: 'FetchOffset', instance: B, partition: 0 },
    ...batch(B),
    { type: 'SendOffsets', instance: B },
    { type: 'CommitTxn', instance: B },
    { type: 'Resume', instance: A },
    { type: 'SendOffsets', instance: A },
  ];

  test('paused past session.timeout.ms: removed at 46000 ms, in-0 moves; its offsets are UNKNOWN_MEMBER_ID', () => {
    const r = script(ctp(), [...zombie, { type: 'AbortTxn', instance: A }], true);
    // states[k] is the state after the k-th action; the Tick is the 9th.
    const tick = r.states[9]!;
    expect(tick.now).toBe(46000);
    expect(group(tick).generation).toBe(3);
    expect(group(tick).owners).toEqual([B]);
    expect(r.states[zombie.length]!.events).toContainEqual({
      type: 'rejected',
      by: 'group coordinator',
      error: 'UNKNOWN_MEMBER_ID',
      request: expect.stringContaining('TxnOffsetCommit'),
    });
    expect(r.last.outcomes).toEqual([
      { instance: B, txn: 1, result: 'COMMIT' },
      { instance: A, txn: 1, result: 'ABORT' },
      // The drain: i1#1 goes on with v2.
      { instance: B, txn: 2, result: 'COMMIT' },
    ]);
    expect(r.violations).toEqual([]);
  });

  test('safeguard.generation-fencing=false: the zombie commits v1 again (zombie-fenced, no-duplicates)', () => {
    const r = script(ctp('safeguard.generation-fencing=false'), [...zombie, { type: 'CommitTxn', instance: A }], true);
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      [
        'zombie-fenced',
        18,
        'offset 1 of in-0 committed by i0#1 of generation 2, sent when the group was at generation 3 or later ' +
          '(it had left the group)',
      ],
      ['no-duplicates', 19, 'v1 is read twice in out at read_committed (offsets 0 and 1)'],
    ]);
  });
});

describe('a member stalled through a rebalance that gave it partitions rejoins when it resumes', () => {
  // i1#1 stalls at generation 2 owning nothing; i0#1 is fenced (its transaction expired) and leaves; the rebalance
  // gives in-0 to i1#1, which cannot learn it. Kafka: its first heartbeat after the stall gets ILLEGAL_GENERATION
  // and its next poll() rejoins. Before this rule it stayed at generation 2 owning nothing, and in-0 was owned by
  // nobody who worked on it (a false no-loss, found by check consume-transform-produce record.processing.ms=5000).
  const stalled: AppAction[] = [
    ...joinBoth,
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Tick' },
    { type: 'ExpireTxn', txn: 0 },
    { type: 'Pause', instance: B },
    { type: 'SendOffsets', instance: A },
    { type: 'Resume', instance: B },
  ];

  test('resumed behind the group, its only step is poll(): it rejoins and owns in-0 at the new generation', () => {
    const s = script(ctp(), stalled).last;
    expect(group(s).generation).toBe(3);
    expect(group(s).owners).toEqual([B]);
    const b = s.apps.find((i) => i.id === B)!;
    expect([b.generation, b.owned]).toEqual([2, []]);
    const mine = ctpEntry.model.enabled(s).filter((a) => 'instance' in a && a.instance === B);
    expect(mine).toEqual([
      { type: 'Rejoin', instance: B },
      { type: 'Crash', instance: B },
    ]);
    expect(entryDescribe(s, { type: 'Rejoin', instance: B })).toBe(
      'i1#1.poll() (generation 2 not current: JoinGroup())',
    );
    const t = ctpEntry.model.step(s, { type: 'Rejoin', instance: B });
    expect(group(t).generation).toBe(4);
    const b2 = t.apps.find((i) => i.id === B)!;
    expect([b2.generation, b2.owned, b2.positions]).toEqual([4, [0], [null]]);
    expect(t.events).toContainEqual({ type: 'life', instance: B, status: 'generation 2 not current: rejoins' });
  });

  test('the drain then processes both records: nothing lost, nothing twice', () => {
    const r = script(ctp(), stalled, true);
    expect(r.violations).toEqual([]);
    expect(r.quiescent).toBe(true);
    // The drain: the ABORT marker of i0#1's expired transaction, i0's restart, then i1#1's poll() rejoins and it
    // processes v1 and v2 in one transaction.
    expect(r.steps.slice(stalled.length, stalled.length + 9).map((x) => x.action)).toEqual([
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'Restart', slot: 0 },
      { type: 'Rejoin', instance: B },
      { type: 'FetchOffset', instance: B, partition: 0 },
      { type: 'BeginTxn', instance: B },
      { type: 'Process', instance: B, partition: 0 },
      { type: 'Process', instance: B, partition: 0 },
      { type: 'SendOffsets', instance: B },
      { type: 'CommitTxn', instance: B },
    ]);
    expect(r.last.outcomes).toEqual([{ instance: B, txn: 1, result: 'COMMIT' }]);
  });

  test('without the clock a stalled member leaves at once, so nothing is behind: no Rejoin (counts unchanged)', () => {
    const s = scripted(ctpEntry, cfg(ctpKeys), [...joinBoth, { type: 'Pause', instance: B }]).last;
    expect(group(s).members).toEqual([A]);
    expect(ctpEntry.model.enabled(s).some((a) => a.type === 'Rejoin')).toBe(false);
  });
});

function entryDescribe(s: AppState, a: AppAction): string {
  return ctpEntry.model.describe(s, a);
}

describe('the clock running with crashes and pauses: both ways on one bound', () => {
  const timed = ['record.processing.ms=1000', 'input.records=1'];
  test('transactional with every safeguard holds at depth 9', () => {
    const r = check(ctpEntry, timed, exhaustive(9));
    expect(r.status).toBe('ok');
    expect(r.distinct).toBe(8535);
  });
  // The random trace (seed 1): pause i0#1 alone, its session times out, it resumes and commits as a zombie.
  test('safeguard.generation-fencing=false: zombie-fenced in 8 steps exhaustively, 11 randomly (seed 1)', () => {
    const e = check(ctpEntry, [...timed, 'safeguard.generation-fencing=false'], exhaustive(9));
    expect(e.violations[0]?.invariant).toBe('zombie-fenced');
    expect(e.trace).toHaveLength(8);
    const rnd = check(ctpEntry, [...timed, 'safeguard.generation-fencing=false'], random(200, 1));
    expect(rnd.violations[0]?.invariant).toBe('zombie-fenced');
    expect(rnd.trace).toHaveLength(11);
  });
});

describe('a commit of an old generation from a member the group still has: ILLEGAL_GENERATION', () => {
  // i0#1 stalls within its session mid-transaction, still a member; i1#1 crashes and its restart i1#2 joins, so the
  // group moves to generation 3 while i0#1 cannot learn it. GroupCoordinator.validateCurrentMember (3.0-3.9) finds
  // its member id and refuses the generation only.
  const I1B = 4; // i1#2
  const behind: AppAction[] = [
    ...joinBoth,
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Pause', instance: A },
    { type: 'Crash', instance: B },
    { type: 'Restart', slot: 1 },
    { type: 'Join', instance: I1B },
    { type: 'Resume', instance: A },
    { type: 'SendOffsets', instance: A },
  ];

  test('still a member at generation 2 of 3: its TxnOffsetCommit gets ILLEGAL_GENERATION and it aborts', () => {
    const r = script(ctp(), [...behind, { type: 'AbortTxn', instance: A }]);
    const sent = r.states[behind.length]!;
    expect(group(sent).members).toEqual([A, B, I1B]);
    expect(group(sent).generation).toBe(3);
    expect(sent.events).toContainEqual({
      type: 'rejected',
      by: 'group coordinator',
      error: 'ILLEGAL_GENERATION',
      request: 'TxnOffsetCommit(in-0 -> 1, generation 2)',
    });
    expect(r.last.outcomes).toEqual([{ instance: A, txn: 1, result: 'ABORT' }]);
    expect(r.last.apps[0]!.life).toBe('unjoined');
  });
});
