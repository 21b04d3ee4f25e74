/**
 * The source a job's code reads: a socket (StreamExecutionEnvironment.socketTextStream) keeps no position in
 * checkpoints, so verify checks the job with `job.source=socket` and the records read since the last checkpoint are
 * lost on a failure; the same job reading a replayable source holds. A source verify does not read (a SourceFunction of
 * the job's own, a SQL table of another connector) leaves the verdict stated for a source that rewinds.
 */
import { describe, expect, test } from 'vitest';
import { readJobCode } from '../../verify/files/job-code.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/job-code';

describe("a job's socket source", () => {
  test('readJobCode names the socketTextStream call by its line', () => {
    const code = [
      'env.fromSequence(1, 10).sinkTo(sink);',
      'env',
      '  .socketTextStream("host", 9999)',
      '  .sinkTo(sink);',
    ];
    expect(readJobCode(code.join('\n')).settings.filter((s) => s.key === 'socketTextStream')).toEqual([
      { key: 'socketTextStream', value: 'socket', line: 3 },
    ]);
  });

  test('exactly-once sink, socket source: no-loss and state-exactly-once violated, the rest holds', async () => {
    const { code, report } = await verifyJson(`${dir}/socket-source`, '--depth', '12');
    expect(code).toBe(1);
    expect(settingOf(report, 'job.source')).toMatchObject({ value: 'socket', how: 'set' });
    expect(report.violations.map((v) => v.invariant).sort()).toEqual(['no-loss', 'state-exactly-once']);
  });

  test('the same job reading fromSequence (its position is in the checkpoint): every guarantee holds', async () => {
    const { code, report } = await verifyJson(`${dir}/sink-exactly-once`, '--depth', '12');
    expect(code).toBe(0);
    expect(settingOf(report, 'job.source')).toMatchObject({ value: 'kafka' });
  });

  test("a SourceFunction of the job's own: the verdict is for a source that rewinds; --set decides", async () => {
    const custom = await verifyJson(`${dir}/custom-source`, '--depth', '12');
    expect(custom.code).toBe(0);
    expect(settingOf(custom.report, 'job.source')).toEqual({
      key: 'job.source',
      value: 'kafka',
      source: 'condition',
      how: 'unstated',
      from: null,
      why:
        "for a source that rewinds to its checkpoint (the job's addSource(new OrderFeed()) at " +
        `${dir}/custom-source/Job.java:24 is not read)`,
    });
    const socket = await verifyJson(`${dir}/custom-source`, '--depth', '12', '--set', 'job.source=socket');
    expect(socket.code).toBe(1);
    expect(socket.report.violations.map((v) => v.invariant).sort()).toEqual(['no-loss', 'state-exactly-once']);
  });

  test("a SQL job reading another connector's table: the same condition names the table", async () => {
    const { code, report } = await verifyJson(`${dir}/sql-datagen-source`, '--depth', '8');
    expect(code).toBe(0);
    expect(settingOf(report, 'job.source')).toMatchObject({
      value: 'kafka',
      source: 'condition',
      why:
        "for a source that rewinds to its checkpoint (the job's 'datagen' table `orders_gen` at " +
        `${dir}/sql-datagen-source/job.sql:3 is not read)`,
    });
  });
});
