/**
 * `mirror-maker-2`: the source consumer's isolation.level (MirrorSourceConfig.sourceConsumerConfig sets none, so the
 * consumer's read_uncommitted stays) against an aborted source transaction, and exactly.once.source.support
 * (KIP-618; MirrorSourceConnector from 3.5, KAFKA-14021) against a task restart and a zombie task generation. Each
 * safeguard both ways: off, a counterexample of an exact length; on, none in the whole reachable space.
 */
import { describe, expect, test } from 'vitest';
import { mirrorMaker2Entry as entry } from '../../../catalog/mirror-maker-2.js';
import { cfg, check, exhaustive, explored, only } from '../../helpers/check.js';

const committed = only(entry, 'copied-committed');
const once = only(entry, 'copied-once');
const aborts = ['source.transaction.records=2', 'faults.source-aborts=1'];
const eos = 'exactly.once.source.support=enabled';

describe('source.consumer.isolation.level against an aborted source transaction', () => {
  test('read_uncommitted (the default): the aborted records are copied, 2 steps', () => {
    const r = check(committed, aborts, exhaustive(20));
    expect(r.violations.map((v) => v.message)).toEqual([
      "v1 of an aborted source transaction is copied to source.topic at offset 0: the target's readers see a " +
        'record the source never committed',
    ]);
    expect([explored(r.trace), r.trace?.length]).toEqual([['SourceTransactionAborted'], 2]);
  });

  test('read_committed: no aborted record is copied in the whole reachable space', () => {
    const r = check(entry, [...aborts, 'source.consumer.isolation.level=read_committed'], exhaustive(40));
    expect([r.status, r.distinct, r.bound]).toEqual(['ok', 16003, null]);
  });

  test('exactly.once.source.support=enabled does not filter them: still read_uncommitted, still copied', () => {
    // MirrorSourceConnector.exactlyOnceSupport answers UNSUPPORTED for read_uncommitted; the connector's
    // exactly.once.support=requested (the default) runs it anyway.
    const r = check(committed, [...aborts, eos], exhaustive(20));
    expect(r.violations.map((v) => v.invariant)).toEqual(['copied-committed']);
    expect(r.trace?.length).toBe(2);
  });

  test('with an unplanned failover: read_committed loses nothing and copies no aborted record', () => {
    const pairs = [...aborts, 'source.consumer.isolation.level=read_committed', 'failover=unplanned'];
    const r = check(only(entry, 'copied-committed', 'no-loss'), pairs, exhaustive(40));
    expect([r.status, r.distinct, r.bound]).toEqual(['ok', 89093, null]);
  });
});

describe('exactly.once.source.support against task restarts and zombie generations', () => {
  test('disabled: a crash before the offset flush copies v1 again, 3 steps', () => {
    const r = check(once, ['faults.task-restarts=1'], exhaustive(20));
    expect(r.violations.map((v) => v.message)).toEqual(['v1 is copied to source.topic twice (offsets 0 and 1)']);
    expect(explored(r.trace)).toEqual(['Mirror', 'TaskRestart', 'Mirror']);
  });

  test('disabled: the zombie generation copies on beside the new one, 3 steps', () => {
    const r = check(once, ['faults.zombie-tasks=1'], exhaustive(20));
    expect(r.violations.map((v) => v.invariant)).toEqual(['copied-once']);
    expect(r.trace?.length).toBe(3);
  });

  test('enabled: records and offsets in one transaction, the zombie fenced: each record copied once', () => {
    const r = check(once, ['faults.task-restarts=1', 'faults.zombie-tasks=1', 'input.records=4', eos], exhaustive(60));
    expect([r.status, r.distinct, r.bound, r.coverage['ZombieMirror'] ?? 0]).toEqual(['ok', 13439, null, 0]);
  });

  test('exactly.once.source.support=enabled needs 3.5 (KAFKA-14021)', () => {
    expect(entry.model.validate(cfg(entry.model.keys, eos, 'kafka.version=3.4'))).toBe(
      'exactly.once.source.support=enabled needs kafka.version 3.5 or later (KIP-618, KAFKA-14021); ' +
        'kafka.version=3.4 accepts exactly.once.source.support=disabled',
    );
    expect(entry.model.validate(cfg(entry.model.keys, eos, 'kafka.version=3.5'))).toBeNull();
  });

  test('faults.source-aborts needs a transactional source', () => {
    expect(entry.model.validate(cfg(entry.model.keys, 'faults.source-aborts=1'))).toBe(
      'faults.source-aborts=1 needs a transactional source: source.transaction.records=0 accepts ' +
        'faults.source-aborts=0',
    );
  });
});
