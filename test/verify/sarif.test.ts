/**
 * The SARIF rendering of verify's answers: the exact rules, results, levels, locations and lines, and the whole
 * log valid against the published SARIF 2.1.0 schema (a log the schema must refuse shows the check is real).
 */
import { describe, expect, test } from 'vitest';
import { artifactUri, sarifLog, UNREADABLE_RULE } from '../../cli/format/sarif.js';
import { answers, broken, datastream, nothing, safe, unsafe } from '../helpers/answers.js';

import { validateSarif as validate } from '../helpers/sarif-schema.js';

/** The log as JSON reads it back (what a code-scanning tool gets). */
function log(xs = answers) {
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON back as untyped data.
  return JSON.parse(JSON.stringify(sarifLog(xs, { version: '0.1.0' }))) as any;
}

const hex64 = expect.stringMatching(/^[0-9a-f]{64}$/);

describe('sarifLog', () => {
  test('the log, the run and the rules met in the answers, in the order met', () => {
    const l = log();
    expect(l.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(l.version).toBe('2.1.0');
    expect(l.runs).toHaveLength(1);
    const { rules, ...driver } = l.runs[0].tool.driver;
    expect(driver).toEqual({
      name: 'eoscheck',
      informationUri: 'https://github.com/eoscheck/eoscheck',
      version: '0.1.0',
    });
    expect(rules).toEqual([
      {
        id: 'no-duplicates',
        shortDescription: { text: 'no input appears more than once in the judged output view' },
        defaultConfiguration: { level: 'error' },
      },
      {
        id: 'no-loss',
        shortDescription: {
          text: 'at quiescence every input is in the judged output view (or applied to the sink)',
        },
        defaultConfiguration: { level: 'error' },
      },
      {
        id: 'no-aborted-read',
        shortDescription: { text: 'a read_committed reader never returns a record of an aborted transaction' },
        defaultConfiguration: { level: 'error' },
      },
      {
        id: 'eoscheck/unreadable-pipeline',
        shortDescription: { text: 'eoscheck can read and check the files of the pipeline' },
        defaultConfiguration: { level: 'error' },
      },
    ]);
  });

  test('one result per violated guarantee and per unreadable pipeline, in the order given', () => {
    const results = log().runs[0].results;
    expect(results.map((r: { ruleId: string }) => r.ruleId)).toEqual([
      'no-duplicates',
      'no-loss',
      UNREADABLE_RULE,
      'no-duplicates',
      UNREADABLE_RULE,
    ]);
    expect(results.map((r: { ruleIndex: number }) => r.ruleIndex)).toEqual([0, 1, 3, 0, 3]);
    expect(results.map((r: { level: string }) => r.level)).toEqual(['error', 'error', 'error', 'error', 'error']);
  });

  test('a violation decided by keys is located at each key, first the most decisive', () => {
    const [dup] = log([unsafe]).runs[0].results;
    expect(dup).toEqual({
      ruleId: 'no-duplicates',
      ruleIndex: 0,
      level: 'error',
      message: {
        text:
          `examples/ctp-unsafe: input 3 appears twice in <out> & "a" 'b' ` +
          'Reproduce: npx eoscheck check kafka-txn --set producer.transactional=false --seed 7',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'examples/ctp-unsafe/producer.properties' },
            region: { startLine: 2 },
          },
          message: { text: 'transactional.id' },
        },
        {
          physicalLocation: {
            artifactLocation: { uri: 'examples/ctp-unsafe/consumer.properties' },
            region: { startLine: 7 },
          },
          message: { text: 'enable.auto.commit' },
        },
      ],
      partialFingerprints: { 'pipelineRule/v1': hex64 },
      properties: { pipeline: 'examples/ctp-unsafe', model: 'kafka-txn' },
    });
  });

  test('a violation no key decides is located at the first file, without a line; no reproduction, none said', () => {
    const [, loss] = log([unsafe]).runs[0].results;
    expect(loss.message).toEqual({ text: 'examples/ctp-unsafe: input 2 is missing from out' });
    expect(loss.locations).toEqual([
      { physicalLocation: { artifactLocation: { uri: 'examples/ctp-unsafe/consumer.properties' } } },
    ]);
  });

  test('a pipeline whose guarantees all hold has no result, but its rules are there', () => {
    const l = log([safe]);
    expect(l.runs[0].results).toEqual([]);
    expect(l.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['no-duplicates']);
  });

  test('an unreadable pipeline is one error at its first file; with no file, at no location', () => {
    const [one, none] = log([broken, nothing]).runs[0].results;
    expect(one).toEqual({
      ruleId: UNREADABLE_RULE,
      ruleIndex: 0,
      level: 'error',
      message: {
        text:
          'test/fixtures/verify/too-short-interval.yaml: too-short-interval.yaml:3: ' +
          'execution.checkpointing.interval: 5 ms is below the minimum of 10 ms',
      },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'test/fixtures/verify/too-short-interval.yaml' } } }],
      partialFingerprints: { 'pipelineRule/v1': hex64 },
      properties: { pipeline: 'test/fixtures/verify/too-short-interval.yaml' },
    });
    expect(none).toEqual({
      ruleId: UNREADABLE_RULE,
      ruleIndex: 0,
      level: 'error',
      message: { text: 'notes: no file here configures Kafka or Flink' },
      partialFingerprints: { 'pipelineRule/v1': hex64 },
      properties: { pipeline: 'notes' },
    });
  });

  test('an unreadable pipeline has no verdicts to show, even if some were given', () => {
    const results = log([{ ...broken, guarantees: unsafe.guarantees }]).runs[0].results;
    expect(results.map((r: { ruleId: string }) => r.ruleId)).toEqual([UNREADABLE_RULE]);
  });

  test("what the code decides is in the property bag of each of the pipeline's results", () => {
    const [r] = log([datastream]).runs[0].results;
    expect(r.properties).toEqual({
      pipeline: 'test/fixtures/verify/datastream-config.yaml',
      model: 'flink-kafka',
      dependsOnCode: [
        {
          key: 'sink.delivery-guarantee',
          realDefault: 'none',
          verdicts: { 'exactly-once': 'holds', 'at-least-once': 'violated', none: 'violated' },
        },
      ],
    });
    expect(r.message.text).toBe(
      'test/fixtures/verify/datastream-config.yaml: input 1 appears twice in out ' +
        'Reproduce: npx eoscheck check flink-kafka --set sink.delivery-guarantee=at-least-once',
    );
  });

  test('a fingerprint per (pipeline, rule): the same from run to run and when lines or messages move', () => {
    const fp = (l: ReturnType<typeof log>) =>
      l.runs[0].results.map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints);
    const moved = {
      ...unsafe,
      guarantees: unsafe.guarantees.map((g) => ({
        ...g,
        message: g.message === null ? null : `${g.message}!`,
        decidedBy: g.decidedBy.map((k) => ({ ...k, line: k.line + 10 })),
      })),
    };
    const first = fp(log());
    expect(fp(log())).toEqual(first);
    expect(fp(log([moved]))).toEqual(first.slice(0, 2));
    const values = first.map((f: Record<string, string>) => f['pipelineRule/v1']);
    // Two pipelines share no-duplicates and two share the unreadable rule: five pairs, five fingerprints.
    expect(new Set(values).size).toBe(5);
  });

  test('the same answers give the same log, byte for byte', () => {
    expect(JSON.stringify(sarifLog(answers, { version: '0.1.0' }))).toBe(
      JSON.stringify(sarifLog([...answers], { version: '0.1.0' })),
    );
  });

  test('no answers: a valid log with no rule and no result', () => {
    const l = log([]);
    expect(l.runs[0].tool.driver.rules).toEqual([]);
    expect(l.runs[0].results).toEqual([]);
    expect(validate(l)).toBe(true);
  });
});

describe('artifactUri', () => {
  test('forward slashes, no leading ./, each segment percent-encoded, absolute paths as file: URIs', () => {
    expect(artifactUri('examples\\ctp\\a.properties')).toBe('examples/ctp/a.properties');
    expect(artifactUri('././a/b.yaml')).toBe('a/b.yaml');
    expect(artifactUri('my jobs/50%#1.sql')).toBe('my%20jobs/50%25%231.sql');
    expect(artifactUri('/etc/flink/config.yaml')).toBe('file:///etc/flink/config.yaml');
    expect(artifactUri('C:\\jobs\\a b.sql')).toBe('file:///C:/jobs/a%20b.sql');
  });
});

describe('the SARIF 2.1.0 schema', () => {
  test('accepts the log of every kind of answer', () => {
    const ok = validate(log());
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  test('accepts paths that need encoding', () => {
    const odd = { ...broken, files: [{ path: 'C:\\my jobs\\50%.yaml', role: 'flink configuration', detail: '' }] };
    expect(validate(log([odd]))).toBe(true);
  });

  test('refuses a result without a message, a line 0 and a level SARIF does not have', () => {
    const noMessage = log();
    delete noMessage.runs[0].results[0].message;
    expect(validate(noMessage)).toBe(false);
    const lineZero = log();
    lineZero.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(lineZero)).toBe(false);
    const level = log();
    level.runs[0].results[0].level = 'fatal';
    expect(validate(level)).toBe(false);
  });

  test('refuses a URI with a raw space (the formats are checked, not ignored)', () => {
    const raw = log();
    raw.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'my jobs/a.sql';
    expect(validate(raw)).toBe(false);
  });

  test('a line that is not a positive integer is left out rather than written invalid', () => {
    const at = (line: number) => ({
      ...unsafe,
      guarantees: [{ ...unsafe.guarantees[0]!, decidedBy: [{ key: 'acks', file: 'p.properties', line }] }],
    });
    for (const line of [0, -1, 1.5]) {
      const l = log([at(line)]);
      expect(l.runs[0].results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'p.properties' } });
      expect(validate(l)).toBe(true);
    }
  });
});
