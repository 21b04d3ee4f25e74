/**
 * A Flink job that runs its SQL from code (TableEnvironment.executeSql, StatementSet.addInsertSql): the statements
 * written in the code (literals joined with `+`, text blocks) are read as a SQL script at the code's own lines, so
 * its Kafka tables are the sink and source checked; a statement the code computes is listed as not read.
 */
import { describe, expect, test } from 'vitest';
import { sqlInCode } from '../../verify/files/code-sql.js';
import { readJobCode } from '../../verify/files/job-code.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/job-code/table-api';

const verify = verifyJson;
const setting = settingOf;

describe('sqlInCode: the SQL a job runs from its code', () => {
  test('joined literals keep their lines, text blocks start after their quotes, computed statements are named', () => {
    const code = [
      'tEnv.executeSql("CREATE TABLE t (a INT, b INT) WITH ("', // 1
      "  + \" 'connector' = 'kafka')\");", // 2
      'tEnv.executeSql(query);', // 3
      'tEnv.executeSql("""', // 4
      '  INSERT INTO t', // 5
      '  SELECT a, b FROM s', // 6
      '  """);', // 7
      '// tEnv.executeSql("DROP TABLE t");', // 8
    ].join('\n');
    const read = sqlInCode(code);
    expect(read.computed).toEqual([3]);
    expect(read.text.split('\n').map((l) => l.trim())).toEqual([
      'CREATE TABLE t (a INT, b INT) WITH (',
      "'connector' = 'kafka');",
      '',
      '',
      'INSERT INTO t',
      'SELECT a, b FROM s',
      ';',
      '',
    ]);
  });

  test('a piece naming a constant the file declares is its text; a TableEnvironment alone makes a Flink job', () => {
    const code = [
      "static final String SINK = \"CREATE TABLE t (a INT) WITH ('connector' = 'kafka')\";", // 1
      'TableEnvironment tEnv = TableEnvironment.create(settings);', // 2
      'tEnv.executeSql(SINK);', // 3
      'tEnv.executeSql("INSERT INTO t " + QUERY);', // 4
    ].join('\n');
    expect(readJobCode(code).flink).toBe(true);
    const read = sqlInCode(code);
    expect(read.computed).toEqual([4]);
    expect(read.text.split('\n').map((l) => l.trim())).toEqual([
      '',
      '',
      "CREATE TABLE t (a INT) WITH ('connector' = 'kafka');",
      '',
    ]);
  });

  test('code without Table API statements has no SQL', () => {
    expect(sqlInCode('env.enableCheckpointing(1000);')).toEqual({ text: '', computed: [] });
  });
});

describe("verify reads the Kafka tables a job's code creates", () => {
  test("joined literals: the sink at the connector's at-least-once default; a computed statement listed", async () => {
    const { code, report } = await verify(`${dir}/TableJob.java`);
    expect(report.files.map((f) => [f.role, f.detail])).toEqual([
      ['Flink job code', "Flink job's code"],
      ['Kafka source table', 'kafka table `orders` (line 12)'],
      ['Kafka sink table', 'kafka table `totals` (line 16)'],
      ['not modelled', 'SQL the code builds (line 19)'],
    ]);
    expect(setting(report, 'sink.delivery-guarantee')).toMatchObject({
      value: 'at-least-once',
      source: 'real default',
    });
    expect(report.dependsOnCode).toEqual([]);
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates']]);
  });

  test('text blocks: an exactly-once sink with its prefix and timeout, from their lines, holds', async () => {
    const { code, report } = await verify(`${dir}/TextBlockJob.java`);
    expect(setting(report, 'sink.delivery-guarantee')).toMatchObject({
      value: 'exactly-once',
      from: `${dir}/TextBlockJob.java:21`,
    });
    expect(setting(report, 'transaction.timeout.ms')).toMatchObject({
      value: '600000',
      from: `${dir}/TextBlockJob.java:23`,
    });
    expect([code, report.violations]).toEqual([0, []]);
  });
});
