/**
 * POOLING's LISTING abort as the connector filters (TransactionAbortStrategyImpl.LISTING, 4.0.0 to 5.0.0): every
 * ONGOING transaction on the sink's topic whose name starts with a prefix to abort, owned by
 * `extractSubtaskId(name) % total`, not pre-committed in the restored writer state.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { extractPrefix, extractSubtaskId, listing, listingTarget, prefixHazard } from '../../../model/flink/pooling.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { flinkCfg, model, play, stateAfter } from './helpers.js';

const twoJobs = ['jobs=2', 'input.records=2', 'sink.transaction-naming-strategy=POOLING'];

/**
 * Job 2 pre-commits flink-job2-0-0 (v3, v4) for its checkpoint 1 while job 1, crashed, restarts; job 1's LISTING
 * (prefix flink) then lists flink-job2-0-0 as its own.
 */
const job2Precommits: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'AbortLingering', job: 2 },
  { type: 'InitSink' },
  { type: 'InitSink', job: 2 },
  { type: 'Tick' },
  { type: 'Read', input: 0, job: 2 },
  { type: 'Process', input: 0, job: 2 },
  { type: 'Crash' },
  { type: 'Tick' },
  { type: 'Read', input: 0, job: 2 },
  { type: 'Process', input: 0, job: 2 },
  { type: 'Trigger', job: 2 },
  { type: 'Process', input: 0, job: 2 },
  { type: 'Restart' },
];

/** The events of the last step of playing `actions` from `s`. */
function lastEvents(s: FlinkState, ...actions: FlinkAction[]): FlinkState['events'] {
  return play(s, ...actions).at(-1)!.events;
}

describe('TransactionalIdFactory.extractSubtaskId / extractPrefix: the two last dash-separated fields', () => {
  test('flink-job2-0-7: subtask 0, prefix flink-job2; flink-v2-1-0: subtask 1, prefix flink-v2', () => {
    expect([extractSubtaskId('flink-job2-0-7'), extractPrefix('flink-job2-0-7')]).toEqual([0, 'flink-job2']);
    expect([extractSubtaskId('flink-v2-1-0'), extractPrefix('flink-v2-1-0')]).toEqual([1, 'flink-v2']);
  });
});

describe('LISTING takes a name that starts with the prefix: job 1 (flink) aborts job 2 (flink-job2)', () => {
  test(
    "job 1's restart lists job 2's pre-committed flink-job2-0-0 and fences it; job 2's commit of checkpoint 1 is " +
      'refused and its committable dropped',
    () => {
      const s = stateAfter(twoJobs, ...job2Precommits);
      expect(s.second!.task!.committables).toMatchObject([{ checkpoint: 1, name: 0 }]);
      expect(model.describe(s, { type: 'AbortLingering' })).toBe(
        'sink.AbortLingering(LISTING: InitProducerId flink-job2-0-0, of prefix flink-job2)',
      );
      const fenced = model.step(s, { type: 'AbortLingering' });
      expect(fenced.kafka.txns[1]).toMatchObject({ transactionalId: 'flink-job2-0-0', state: 'PrepareAbort' });
      const aborted = play(
        fenced,
        { type: 'WriteTxnMarker', txn: 1, partition: 0 },
        { type: 'AbortLingering' },
        { type: 'InitSink' },
        { type: 'InitSink', job: 2 },
        { type: 'Ack', job: 2 },
        { type: 'Notify', job: 2 },
      ).at(-1)!;
      expect(lastEvents(aborted, { type: 'Commit', checkpoint: 1, job: 2 })).toContainEqual({
        type: 'commit-failed',
        checkpoint: 1,
        transactionalId: 'flink-job2-0-0',
        error: 'INVALID_TXN_STATE',
      });
    },
  );
  test("the other way: job 2's LISTING (flink-job2) leaves job 1's open flink-0-0 alone", () => {
    const s = stateAfter(
      twoJobs,
      { type: 'AbortLingering' },
      { type: 'AbortLingering', job: 2 },
      { type: 'InitSink' },
      { type: 'InitSink', job: 2 },
      { type: 'Tick' },
      { type: 'Read', input: 0 },
      { type: 'Process', input: 0 },
      { type: 'Send' },
      { type: 'Crash', job: 2 },
      { type: 'Tick' },
      { type: 'Restart', job: 2 },
    );
    expect(s.kafka.txns[0]).toMatchObject({ transactionalId: 'flink-0-0', state: 'Ongoing' });
    expect(model.describe(s, { type: 'AbortLingering', job: 2 })).toBe('job2.sink.AbortLingering(LISTING: none open)');
  });
});

describe('listingTarget: prefix, ownership modulo the total, pre-committed ids', () => {
  const s = stateAfter(
    ['sink.transaction-naming-strategy=POOLING', 'parallelism.default=2', 'input.records=2'],
    { type: 'AbortLingering' },
    { type: 'AbortLingering', subtask: 1 },
    { type: 'InitSink' },
    { type: 'InitSink', subtask: 1 },
    { type: 'Tick' },
    { type: 'Read', input: 0 },
    { type: 'Process', input: 0 },
    { type: 'Send' },
  );
  test('v1 opened flink-0-0 (subtask 0): subtask 0 of 2 owns it, subtask 1 does not, any total-1 owner does', () => {
    expect(s.kafka.txns.map((t) => `${t.transactionalId} ${t.state}`)).toEqual([
      'flink-0-0 Ongoing',
      'flink-1-0 Empty',
    ]);
    expect(listingTarget(s.kafka, ['flink'], [], [0], 2)).toBe(0);
    expect(listingTarget(s.kafka, ['flink'], [], [1], 2)).toBe(-1);
    expect(listingTarget(s.kafka, ['fl'], [], [0], 1)).toBe(0);
  });
  test('a pre-committed id is left open; another prefix is not listed', () => {
    expect(listingTarget(s.kafka, ['flink'], [0], [0], 2)).toBe(-1);
    expect(listingTarget(s.kafka, ['flink-v2'], [], [0], 2)).toBe(-1);
  });
});

describe('prefixHazard: said for POOLING with jobs=2 and the -job2 prefix only', () => {
  test('POOLING, jobs=2, unique prefix: job 2 starts with job 1', () => {
    expect(prefixHazard(flinkCfg(...twoJobs))).toBe(
      "job 2's transactional-id prefix flink-job2 starts with job 1's flink: job 1's LISTING abort takes every " +
        "open transaction whose name starts with flink, job 2's pre-committed ones too (prefixes that are prefixes " +
        'of each other are an operational hazard; give each job a prefix no other begins with)',
    );
  });
  test('INCREMENTING (the probe builds exact ids), one job, or one shared prefix: none', () => {
    expect(prefixHazard(flinkCfg('jobs=2'))).toBeNull();
    expect(prefixHazard(flinkCfg('sink.transaction-naming-strategy=POOLING'))).toBeNull();
    expect(prefixHazard(flinkCfg(...twoJobs, 'safeguard.unique-transactional-id-prefix=false'))).toBeNull();
  });
});

describe('LISTING aborts with the restored writer state prefix too (abortLingeringTransactions)', () => {
  const pooling = ['sink.transaction-naming-strategy=POOLING', 'faults.prefix-change=true'];
  /** flink-0-0 open with v1 (checkpoint 1 completed empty), a crash, the prefix changed to flink-v2, the restore. */
  const restoredUnderNewPrefix: FlinkAction[] = [
    { type: 'AbortLingering' },
    { type: 'InitSink' },
    { type: 'Tick' },
    { type: 'Tick' },
    { type: 'Trigger' },
    { type: 'Process', input: 0 },
    { type: 'InitSink' },
    { type: 'Ack' },
    { type: 'Read', input: 0 },
    { type: 'Process', input: 0 },
    { type: 'Send' },
    { type: 'Crash' },
    { type: 'Tick' },
    { type: 'ChangePrefix' },
    { type: 'Restart' },
  ];
  test('restored from checkpoint 1 (prefix flink) under flink-v2: both prefixes, and flink-0-0 is taken', () => {
    const s = stateAfter(pooling, ...restoredUnderNewPrefix);
    expect(s.kafka.txns[0]).toMatchObject({ transactionalId: 'flink-0-0', state: 'Ongoing' });
    expect(listing(s.config, s.kafka, s.jm, s.task!.writer, 1)).toEqual({
      prefixes: ['flink-v2', 'flink'],
      next: 0,
    });
    expect(model.describe(s, { type: 'AbortLingering' })).toBe(
      'sink.AbortLingering(LISTING: InitProducerId flink-0-0)',
    );
    const aborted = play(s, { type: 'AbortLingering' }).at(-1)!;
    expect(aborted.kafka.txns[0]).toMatchObject({ state: 'PrepareAbort' });
  });
  test('with safeguard.abort-lingering-transactions=false nothing lists it: flink-0-0 stays open', () => {
    const off = [...pooling, 'safeguard.abort-lingering-transactions=false'];
    // The writer initialises at once, with no abort step at the first start either.
    const s = stateAfter(off, ...restoredUnderNewPrefix.filter((a) => a.type !== 'AbortLingering'));
    expect(model.enabled(s)).not.toContainEqual({ type: 'AbortLingering' });
    const opened = play(s, { type: 'InitSink' }).at(-1)!;
    expect(opened.kafka.txns.map((t) => `${t.transactionalId} ${t.state}`)).toEqual([
      'flink-0-0 Ongoing',
      'flink-v2-0-0 Empty',
    ]);
  });
});

describe('a fenced re-commit after a restore: lost only when the transaction did not end committed', () => {
  test('flink-0-0 committed for checkpoint 1, reused (epoch 1), a crash: the re-commit is fenced, nothing lost', () => {
    const s = stateAfter(
      ['sink.transaction-naming-strategy=POOLING'],
      { type: 'AbortLingering' },
      { type: 'InitSink' },
      { type: 'Tick' },
      { type: 'Read', input: 0 },
      { type: 'Process', input: 0 },
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'Notify' },
      { type: 'Commit', checkpoint: 1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'Tick' },
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Crash' },
      { type: 'Tick' },
      { type: 'Restart' },
    );
    const failed = model.step(s, { type: 'Commit', checkpoint: 1 });
    expect(failed.events.at(-1)).toEqual({
      type: 'commit-failed',
      checkpoint: 1,
      transactionalId: 'flink-0-0',
      error: 'PRODUCER_FENCED',
      committed: true,
    });
    const lines = flinkKafkaEntry.render.events(failed, s).map((l) => l.text);
    expect(lines).toContain(
      'commit of flink-0-0 (checkpoint 1) failed with PRODUCER_FENCED: a re-commit of a transaction that already ' +
        'ended committed, nothing lost',
    );
  });
});
