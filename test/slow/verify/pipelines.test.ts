/**
 * `verify` as a new user meets it on real-shaped pipelines: a key the code decides is checked at each value
 * with the real default's exit code; a pipeline with no Kafka transactional path has nothing to check and says
 * what it found; roles come from what files hold (Kafka's stock client files, a Compose file whose images are
 * not named flink); image tags name the release; many pipelines are answered each on its own, one broken one
 * as exit 2 for itself; two SQL jobs are two pipelines; bounds that check nothing are refused; the answers
 * render as SARIF (valid against its schema) and JUnit for CI, and --out says the file it wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readProperties } from '../../../verify/files/properties.js';
import { cli } from '../../cli/harness.js';
import { validateSarif } from '../../helpers/sarif-schema.js';

const cases = 'test/fixtures/verify/cases';

interface Report {
  pipeline: string;
  exit: number;
  model?: string;
  error?: string;
  files: { path: string; role: string; detail: string; why?: string }[];
  violations?: { invariant: string }[];
  dependsOnCode?: { key: string; realDefault: string; verdicts: Record<string, string> }[];
  settings?: { key: string; value: string; source: string; from: string | null }[];
  ignored?: string[];
  conditions?: { key: string; condition: string }[];
}

async function json(...args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await cli('verify', ...args, '--json');
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

const setting = (r: Report, key: string) => r.settings?.find((s) => s.key === key);

describe('a key the application code decides', () => {
  test('a DataStream job in Compose: checked at NONE and each guarantee, exit 1, holds at exactly-once', async () => {
    const r = await cli('verify', `${cases}/datastream-compose`, '--quiet');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'holds only if your code sets sink.delivery-guarantee=exactly-once (none (the real default): violated; ' +
        'at-least-once: violated; exactly-once: holds)',
    );
    // What the code sets, stated, is a plain verdict: AT_LEAST_ONCE repeats records after a restart.
    const { code, report } = await json(
      `${cases}/datastream-compose`,
      '--set',
      'sink.delivery-guarantee=at-least-once',
    );
    expect([code, report.violations?.map((v) => v.invariant), report.dependsOnCode]).toEqual([
      1,
      ['no-duplicates'],
      [],
    ]);
    // The image apache/kafka:3.8.0 names the release: no condition on it (the connector's is one: no file names it).
    expect(setting(report, 'kafka.version')).toMatchObject({ value: '3.8.0', source: 'file' });
    expect(report.conditions?.map((c) => c.key)).toEqual(['connector.version', 'isolation.level']);
  });
});

describe('nothing to check', () => {
  test('an Iceberg-only SQL job: exit 2, the Iceberg table listed as not modelled', async () => {
    const { code, report, stderr } = await json(`${cases}/iceberg-only`);
    expect(code).toBe(2);
    expect(report.error).toMatch(/^nothing to check: no Kafka sink: /);
    expect(report.error).toContain('iceberg table `orders_lake` (line 16)');
    expect(stderr).toBe(`eoscheck: ${report.error}\n`);
    expect(report.files.map((f) => `${f.role}: ${f.detail}`)).toEqual([
      'Kafka source table: kafka table `orders` (line 4)',
      'not modelled: iceberg table `orders_lake` (line 16)',
      'Flink job: SET statements',
    ]);
    expect(report.files[1]!.why).toBe(
      "a 'iceberg' table, a sink: not modelled (eoscheck models Kafka's transactional path)",
    );
  });

  test("Kafka's stock producer.properties and consumer.properties: read by their keys, no transaction", async () => {
    const r = await cli('verify', `${cases}/kafka-stock`);
    expect([r.code, r.stderr]).toEqual([
      2,
      'eoscheck: nothing to check: no Kafka transactional path (no transactional producer, Streams application or ' +
        `Kafka sink): a consumer (${cases}/kafka-stock/consumer.properties); a producer without transactional.id ` +
        `(${cases}/kafka-stock/producer.properties)\n`,
    ]);
  });

  test('the stock consumer.properties beside a transactional producer reads its output uncommitted', async () => {
    const { code, report } = await json(`${cases}/stock-reader`);
    expect(report.files.map((f) => f.role)).toEqual(['downstream reader', 'producer']);
    // Its isolation.level is Kafka's default: it returns records of aborted transactions.
    expect(setting(report, 'isolation.level')).toMatchObject({ value: 'read_uncommitted', source: 'real default' });
    expect([code, report.violations?.map((v) => v.invariant)]).toEqual([1, ['no-aborted-read', 'no-duplicates']]);
  });
});

describe('roles from content, releases from image tags', () => {
  test("Confluent's Flink demo: services told by command and environment; cp-kafka 7.6.1 is Kafka 3.6", async () => {
    const { code, report } = await json(`${cases}/confluent-compose`);
    expect(code).toBe(0);
    expect(report.files.map((f) => `${f.role}: ${f.detail}${f.why ? ` (${f.why})` : ''}`)).toEqual([
      'broker: service broker (confluentinc/cp-kafka:7.6.1) (a Kafka broker by its environment (node.id, line 9))',
      'not modelled: service schema-registry (confluentinc/cp-schema-registry:7.6.1) (neither a Flink JobManager nor ' +
        'a Kafka broker)',
      'Flink job: service flink-jobmanager (FLINK_PROPERTIES) (a Flink JobManager by its command (jobmanager))',
      'not modelled: service flink-taskmanager (cnfldemos/flink-kafka:1.19.1-scala_2.12-java17) (a Flink process by ' +
        "its command (taskmanager): the job's configuration is its JobManager's (service flink-jobmanager))",
      'not modelled: service flink-sql-client (cnfldemos/flink-sql-client-kafka:1.19.1-scala_2.12-java17) (neither ' +
        'a Flink JobManager nor a Kafka broker)',
      'Kafka sink table: kafka table `orders_out` (line 3)',
      'Flink job: SET statements',
    ]);
    expect(setting(report, 'kafka.version')).toMatchObject({ value: '3.6', source: 'file' });
  });
});

describe('many pipelines at once', () => {
  test('a directory of five: four answered, the broken one exit 2 for itself, a summary, the worst exit', async () => {
    const dir = `${cases}/batch`;
    const r = await cli('verify', dir, '--depth', '8', '--runs', '20', '--json');
    const out = JSON.parse(r.stdout) as { pipelines: Report[]; exit: number };
    expect(out.pipelines.map((p) => [p.pipeline.slice(dir.length + 1), p.exit])).toEqual([
      ['audit', 1],
      ['broken', 2],
      ['clicks', 0],
      ['orders', 0],
      ['payments', 1],
    ]);
    expect(out.pipelines[1]!.error).toBe(
      `${dir}/broken/streams.properties:2: Invalid value exactly-once for configuration processing.guarantee: ` +
        'String must be one of: at_least_once, exactly_once, exactly_once_beta, exactly_once_v2',
    );
    expect([r.code, out.exit]).toEqual([2, 2]);
    const text = await cli('verify', dir, '--depth', '8', '--runs', '20', '--quiet');
    expect(text.stdout).toContain('summary of 5 pipelines:');
    expect(text.stdout).toMatch(
      /cases\/batch\/broken +- +not checked +Invalid value exactly-once for configuration processing\.guarantee +2\n/,
    );
  });

  test('two SQL jobs in one script are two pipelines, each with its tables and the SETs before it', async () => {
    const r = await cli('verify', `${cases}/two-jobs`, '--json');
    const out = JSON.parse(r.stdout) as { pipelines: Report[]; exit: number };
    expect(out.pipelines.map((p) => [p.pipeline, p.exit, p.files.map((f) => f.detail)])).toEqual([
      [`${cases}/two-jobs/jobs.sql#1`, 0, ['kafka table `payments_out` (line 3)', 'SET statements']],
      [`${cases}/two-jobs/jobs.sql#2`, 1, ['kafka table `refunds_out` (line 8)', 'SET statements']],
    ]);
    // The second table leaves sink.delivery-guarantee at the connector's at-least-once.
    expect(out.pipelines[1]!.violations?.map((v) => v.invariant)).toEqual(['no-duplicates']);
  });
});

describe('bounds that check nothing, and one key given twice', () => {
  test.each([
    [['--depth', '0'], "bad value '0' for --depth: accepted an integer from 1 to 10000"],
    [['--runs', '0'], "bad value '0' for --runs: accepted an integer from 1 to 10000000"],
    [
      ['--max-states', '1'],
      "bad value '1' for --max-states: the initial state of kafka-txn and its successors are 5 states, so the " +
        'search would check nothing past them; accepted 5 to 100000000',
    ],
    [['--set', 'acks=all', '--set', 'acks=1'], "--set acks is given twice, as 'all' and '1': give it once"],
  ])('%j', async (flags, error) => {
    const r = await cli('verify', 'examples/kafka-txn-safe', ...flags);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `eoscheck: ${error}\n`]);
  });

  test('the same value twice is one', async () => {
    const r = await cli('verify', 'examples/kafka-txn-safe', '--set', 'acks=all', '--set', 'acks=all', '--quiet');
    expect(r.code).toBe(0);
  });
});

describe('for CI', () => {
  test('SARIF: one result per broken guarantee at the key that decides it, valid against the schema', async () => {
    const r = await cli('verify', 'examples/kafka-txn-unsafe', `${cases}/iceberg-only`, '--format', 'sarif');
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const results = log.runs[0].results as {
      ruleId: string;
      message: { text: string };
      locations?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
    }[];
    expect(results.map((x) => x.ruleId)).toEqual(['no-aborted-read', 'no-duplicates', 'eoscheck/unreadable-pipeline']);
    // The reader leaves isolation.level at Kafka's read_uncommitted: the result points at its file.
    const where = results[0]!.locations!.map((l) => l.physicalLocation.artifactLocation.uri);
    expect(where).toEqual(['examples/kafka-txn-unsafe/downstream-reader.properties']);
    expect(results[0]!.message.text).toContain(
      'Reproduce: npx eoscheck check kafka-txn --set isolation.level=read_uncommitted',
    );
    expect(r.code).toBe(2);
  });

  test('JUnit: a case per pipeline and guarantee; --out writes what its name asks for and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-verify-'));
    try {
      const out = join(dir, 'verify.xml');
      const r = await cli('verify', 'examples/streams-unsafe', '--quiet', '--out', out);
      expect(r.stderr).toBe(`eoscheck verify: wrote ${out}\n`);
      const xml = readFileSync(out, 'utf8');
      expect(xml.match(/<testcase /g)).toHaveLength(10);
      expect(xml.match(/<failure /g)).toHaveLength(2);
      const passing = join(dir, 'ok.json');
      const ok = await cli('verify', 'examples/streams-safe', '--quiet', '--out', passing);
      expect([ok.code, ok.stderr, JSON.parse(readFileSync(passing, 'utf8')).exit]).toEqual([
        0,
        `eoscheck verify: wrote ${passing}\n`,
        0,
      ]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('reading in time linear in the size', () => {
  test("a .properties file of 100,000 keys: every key at its own line, the last one's included", () => {
    const lines = ['# header', 'transactional.id=t'];
    for (let i = 0; i < 100_000; i++) lines.push(i % 2 === 0 ? `k${i}=v${i}` : `k${i} : v\\\n  continued${i}`);
    const settings = readProperties(`${lines.join('\n')}\n`);
    expect(settings).toHaveLength(100_001);
    // Each odd key's value continues on the next line, so key k(i) stands at line 3 + i + floor(i / 2).
    expect(settings.at(-1)).toEqual({ key: 'k99999', value: 'vcontinued99999', line: 3 + 99_999 + 49_999 });
    expect(settings[2]).toEqual({ key: 'k1', value: 'vcontinued1', line: 4 });
  });

  test('a file over 50 MB is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-verify-'));
    try {
      const big = join(dir, 'huge.properties');
      writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, 0x23));
      const r = await cli('verify', big);
      expect([r.code, r.stderr]).toEqual([
        2,
        `eoscheck: '${big}' is 51 MB: verify reads configuration files of at most 50 MB\n`,
      ]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
