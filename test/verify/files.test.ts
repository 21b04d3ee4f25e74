/**
 * The file readers read as the real systems do: Java .properties, Flink durations, config.yaml, flink-conf.yaml, SQL.
 */
import { describe, expect, test } from 'vitest';
import { parseFlinkDuration } from '../../verify/files/duration.js';
import { readFlinkConfigYaml, readLegacyFlinkConf } from '../../verify/files/flink-yaml.js';
import { propertiesDocuments, readProperties } from '../../verify/files/properties.js';
import { readSql } from '../../verify/files/sql.js';

describe('.properties (java.util.Properties.load)', () => {
  test('separators, comments, escapes, continuations, repeated keys, line numbers', () => {
    const text = [
      '# a comment',
      '! another comment',
      'a=1',
      'b : 2',
      'c   3',
      'd = one,\\',
      '    two',
      'key\\ with\\ spaces = \\u0041\\tB',
      'e=',
      'a = 4',
      '   f.g=x=y',
    ].join('\n');
    expect(readProperties(text)).toEqual([
      { key: 'b', value: '2', line: 4 },
      { key: 'c', value: '3', line: 5 },
      { key: 'd', value: 'one,two', line: 6 },
      { key: 'key with spaces', value: 'A\tB', line: 8 },
      { key: 'e', value: '', line: 9 },
      { key: 'a', value: '4', line: 10 },
      { key: 'f.g', value: 'x=y', line: 11 },
    ]);
  });

  test("Spring Boot's documents: #--- and !--- split, not after a same-prefix comment nor a continued value", () => {
    const text = ['a=1', '#---', 'b=2', '# note', '#---', 'c=3 \\', '!---', '!---  ', 'd=4', '#----', ' #---'].join(
      '\n',
    );
    const docs = propertiesDocuments(text);
    expect(docs.map(readProperties)).toEqual([
      [{ key: 'a', value: '1', line: 1 }],
      [
        { key: 'b', value: '2', line: 3 },
        { key: 'c', value: '3 !---', line: 6 },
      ],
      [{ key: 'd', value: '4', line: 9 }],
    ]);
    expect(docs.every((d) => d.split('\n').length === 11)).toBe(true);
    expect(propertiesDocuments('a=1\n# #---\n')).toEqual(['a=1\n# #---\n']);
  });
});

describe('Flink durations (TimeUtils.parseDuration)', () => {
  test.each([
    ['500', 500],
    ['500ms', 500],
    ['20 s', 20_000],
    ['20s', 20_000],
    ['10 min', 600_000],
    ['10 m', 600_000],
    ['1 h', 3_600_000],
    ['2 HOURS', 7_200_000],
    ['1d', 86_400_000],
    ['  30 seconds ', 30_000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseFlinkDuration(text)).toEqual({ ok: true, ms });
  });
  test("a bad unit is Flink's own message; so is a missing number", () => {
    const r = parseFlinkDuration('20 x');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatch(
        /^Time interval unit label 'x' does not match any of the recognized units: DAYS: \(d \| day \| days\),/,
      );
    expect(parseFlinkDuration('s')).toEqual({ ok: false, error: 'text does not start with a number' });
    expect(parseFlinkDuration(' ')).toEqual({ ok: false, error: 'argument is an empty- or whitespace-only string' });
  });
});

describe('Flink configuration files', () => {
  test('config.yaml: nested keys joined with dots, flat keys, lists, numbers as text, line numbers', () => {
    const r = readFlinkConfigYaml(
      [
        'execution:',
        '  checkpointing:',
        '    interval: 20 s',
        '    mode: EXACTLY_ONCE',
        'parallelism.default: 2',
        'pipeline.jars: [a.jar, b.jar]',
        'high-availability:',
        '  type: kubernetes',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        skipped: [],
        settings: [
          { key: 'execution.checkpointing.interval', value: '20 s', line: 3 },
          { key: 'execution.checkpointing.mode', value: 'EXACTLY_ONCE', line: 4 },
          { key: 'parallelism.default', value: '2', line: 5 },
          { key: 'pipeline.jars', value: 'a.jar;b.jar', line: 6 },
          { key: 'high-availability.type', value: 'kubernetes', line: 8 },
        ],
      },
    });
    expect(readFlinkConfigYaml('a: [1, 2\n').ok).toBe(false);
    expect(readFlinkConfigYaml('- a\n- b\n')).toEqual({ ok: false, error: 'not a YAML map of Flink options' });
  });

  test("flink-conf.yaml: the legacy reader's `key: value` lines, # comments, skipped lines", () => {
    const r = readLegacyFlinkConf(
      [
        '# comment',
        'execution.checkpointing.interval: 30s   # every 30 seconds',
        'execution:',
        '  checkpointing:',
        'state.backend: "rocksdb"',
        'url: http://x:1',
        'empty: ',
      ].join('\n'),
    );
    expect(r.settings).toEqual([
      { key: 'execution.checkpointing.interval', value: '30s', line: 2 },
      { key: 'state.backend', value: '"rocksdb"', line: 5 },
      { key: 'url', value: 'http://x:1', line: 6 },
    ]);
    expect(r.skipped.map((s) => s.line)).toEqual([3, 4, 7]);
  });
});

describe('Flink SQL', () => {
  test('tables with options, SET in both forms, INSERT targets and sources, comments and quotes', () => {
    const r = readSql(
      [
        "SET 'execution.checkpointing.interval' = '20 s';",
        'SET table.exec.state.ttl = 1 h;',
        '-- a comment with a ; in it',
        'CREATE TEMPORARY TABLE IF NOT EXISTS `cat`.`db`.`out` (',
        '  id BIGINT, -- the key',
        "  note STRING COMMENT 'it''s'",
        ') WITH (',
        "  'connector' = 'kafka', /* block",
        "  comment */ 'topic' = 'o''t'",
        ');',
        'EXECUTE STATEMENT SET BEGIN',
        'INSERT INTO out SELECT * FROM src s JOIN dim d ON s.id = d.id;',
        'END;',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        sets: [
          { key: 'execution.checkpointing.interval', value: '20 s', line: 1 },
          { key: 'table.exec.state.ttl', value: '1 h', line: 2 },
        ],
        tables: [
          {
            name: 'cat.db.out',
            line: 4,
            options: [
              { key: 'connector', value: 'kafka', line: 8 },
              { key: 'topic', value: "o't", line: 9 },
            ],
          },
        ],
        inserts: [{ target: 'out', sources: ['src', 'dim'], line: 12, job: 0, setsBefore: 2 }],
        jars: [],
      },
    });
  });
  test('each INSERT is a job of its own, a statement set one job; a SET configures the jobs after it', () => {
    const r = readSql(
      [
        "SET 'execution.checkpointing.interval' = '20 s';",
        'INSERT INTO a SELECT * FROM s;',
        "SET 'parallelism.default' = '2';",
        'INSERT INTO b SELECT * FROM s;',
        'BEGIN STATEMENT SET;',
        'INSERT INTO c SELECT * FROM s;',
        'INSERT INTO d SELECT * FROM s;',
        'END;',
        'EXECUTE STATEMENT SET BEGIN INSERT INTO e SELECT * FROM s; INSERT INTO f SELECT * FROM s; END;',
        'EXECUTE INSERT INTO g SELECT * FROM s;',
      ].join('\n'),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.inserts.map((i) => [i.target, i.job, i.setsBefore, i.line])).toEqual([
      ['a', 0, 1, 2],
      ['b', 1, 2, 4],
      ['c', 2, 2, 6],
      ['d', 2, 2, 7],
      ['e', 3, 2, 9],
      ['f', 3, 2, 9],
      ['g', 4, 2, 10],
    ]);
  });
  test('an unclosed quote or comment is one line naming where', () => {
    expect(readSql("CREATE TABLE t (a INT) WITH ('connector' = 'kafka);")).toEqual({
      ok: false,
      error: "line 1: a ' quote is never closed",
    });
    expect(readSql('SELECT 1; /* oops')).toEqual({ ok: false, error: 'line 1: a /* comment is never closed' });
    expect(readSql("CREATE TABLE t (a INT) WITH ('connector', 'kafka');")).toEqual({
      ok: false,
      error: "line 1: a WITH option must read 'key' = 'value'",
    });
  });
});
