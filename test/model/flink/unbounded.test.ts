/**
 * A never-ending input (`scan.bounded.mode=unbounded`, the KafkaSource's and the SQL connector's default) and a job
 * without checkpoints (`checkpointing.enabled=false`, Flink's default: execution.checkpointing.interval unset). Only
 * checkpoints commit an unbounded job's exactly-once sink: without them its transaction stays open until the
 * coordinator's transaction.timeout.ms aborts it, and nothing it read is ever committed. A bounded input
 * (`specific-offsets`) ends, and CommitterOperator.endInput commits everything without a checkpoint: in time only when
 * the whole run, one transaction, ends within transaction.timeout.ms.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive, explored } from '../../helpers/check.js';
import { eosStart, model, oneRecord, outValues, stateAfter, types } from './helpers.js';

const e = flinkKafkaEntry;
const off = ['checkpointing.enabled=false'];

describe('without checkpoints', () => {
  test('no checkpoint is ever due: after the last arrival the clock goes to the transaction timeout', () => {
    let s = stateAfter(off, ...eosStart, ...oneRecord);
    expect(types(model.enabled(s))).not.toContain('Trigger');
    for (let i = 0; i < 40 && s.ghost.timedOut.length === 0; i++) s = model.step(s, model.drain(s)!);
    expect(s.ghost.timedOut).toMatchObject([{ transactionalId: 'flink-0-1', from: 1000, at: 61_000 }]);
    expect(outValues(s, 'read_committed')).toEqual([]);
  });
  test('a bounded input ends: endInput pre-commits flink-0-1 and the committer commits it as checkpoint 1', () => {
    let s = stateAfter([...off, 'scan.bounded.mode=specific-offsets'], ...eosStart);
    for (let i = 0; i < 40 && !model.enabled(s).some((a) => a.type === 'EndOfInput'); i++)
      s = model.step(s, model.drain(s)!);
    s = model.step(s, { type: 'EndOfInput' });
    expect(s.events).toEqual([
      { type: 'appended', partition: 0, offset: 2 },
      { type: 'precommitted', checkpoint: 1, transactionalId: 'flink-0-1' },
      { type: 'end-of-input', checkpoint: 1, committables: 1 },
    ]);
    expect(s.task).toMatchObject({ ended: true, commitUpTo: 1, committables: [{ checkpoint: 1, name: 1 }] });
    expect(types(model.enabled(s))).toContain('Commit');
  });
});

describe('unbounded or bounded, without checkpoints, both ways', () => {
  const bound = exhaustive(24);
  const lost = 'input 1-3 never reached out at read_committed (3 missing)';
  test('unbounded: the one transaction times out, nothing read is ever committed (15 steps)', () => {
    const r = check(e, off, bound);
    expect(r).toMatchObject({ status: 'violation', distinct: 472 });
    expect(r.violations).toEqual([
      { invariant: 'no-loss', message: lost, step: 14 },
      {
        invariant: 'no-hanging-transaction',
        message:
          'out-0: the transaction of flink-0-1 from offset 0 was never ended by the job: the coordinator aborted it ' +
          'after transaction.timeout.ms (open from 3.0 s to 63.0 s, the LSO held at 0 meanwhile)',
        step: 14,
      },
    ]);
    expect(r.trace).toHaveLength(15);
    expect(explored(r.trace)).toEqual(['AbortLingering', 'InitSink', 'Tick', 'Read', 'Tick', 'Read', 'Tick', 'Read']);
  });
  test('bounded: the end commits, unless the run outlasts transaction.timeout.ms (a lagging source, 17 steps)', () => {
    const r = check(e, [...off, 'scan.bounded.mode=specific-offsets'], bound);
    expect(r).toMatchObject({ status: 'violation', distinct: 758 });
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['no-loss', 16],
      ['no-hanging-transaction', 16],
    ]);
    expect(r.trace).toHaveLength(17);
    expect(explored(r.trace).slice(-3)).toEqual(['Tick', 'Process', 'EndOfInput']);
  });
  // With KIP-939's transactions that never time out, the end of input alone decides.
  const noTimeout = 'transaction.two.phase.commit.enable=true';
  test('no timeout, unbounded: the transaction hangs open for ever (12 steps)', () => {
    const r = check(e, [...off, noTimeout], bound);
    expect(r).toMatchObject({ status: 'violation', distinct: 172 });
    expect(r.violations).toEqual([
      { invariant: 'no-loss', message: lost, step: 11 },
      {
        invariant: 'no-hanging-transaction',
        message:
          'out-0: the transaction of flink-0-1 from offset 0 is never ended (LSO stuck at 0; read_committed readers ' +
          'see nothing after it)',
        step: 11,
      },
    ]);
    expect(r.trace).toHaveLength(12);
  });
  test('no timeout, bounded at input.records: none at the same depth (620 states)', () => {
    const r = check(e, [...off, noTimeout, 'scan.bounded.mode=specific-offsets'], bound);
    expect(r).toMatchObject({ status: 'ok', distinct: 620 });
  });
});

describe('off by default', () => {
  test('checkpointing on and an unbounded input leave the default search as it was (14,379 states at depth 24)', () => {
    const r = check(e, ['checkpointing.enabled=true', 'scan.bounded.mode=unbounded'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 14_379 });
  });
  test('with checkpointing on a bounded input changes nothing checked: the same 14,379 states', () => {
    const r = check(e, ['scan.bounded.mode=specific-offsets'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 14_379 });
  });
});
