/**
 * The Flink release a job's build compiles against (its flink-streaming-java, flink-clients, ... version) is the
 * check's flink.version where no image names the cluster's: it decides the restart strategy of a checkpointing job
 * that sets none (fixed-delay 1 s apart before 1.19, exponential-delay growing to a minute from 1.19). An image's
 * release outranks it, two versions in one build are refused, and a release not modelled is said.
 */
import { describe, expect, test } from 'vitest';
import { FLINK, readGradleArtifacts, readPomArtifacts } from '../../verify/files/build-artifacts.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/build-releases';
/** A checkpointing job whose sink's transactions time out after 60 s, setting no restart strategy. */
const job = 'test/fixtures/verify/restart-backoff/short-timeout/Job.java';
const SHALLOW = ['--depth', '1', '--runs', '300'];
/** A Maven property reference, as a pom writes it. */
const PROPERTY = '$' + '{flink.version}';
const read = (file: string) => import('node:fs').then((fs) => fs.readFileSync(file, 'utf8'));

describe("a build's Flink artifacts", () => {
  test('a pom: its flink.version property resolved, the connector artifact not among them', async () => {
    expect(readPomArtifacts(await read(`${dir}/maven-1.18/pom.xml`), FLINK)).toEqual({
      artifacts: [
        { key: 'flink-streaming-java', value: '1.18.1', line: 15 },
        { key: 'flink-clients', value: '1.18.1', line: 21 },
      ],
      unresolved: [],
    });
  });

  test('a Gradle kts build: val flinkVersion used with and without braces', async () => {
    expect(readGradleArtifacts(await read(`${dir}/gradle-kts/build.gradle.kts`), FLINK)).toEqual({
      artifacts: [
        { key: 'flink-streaming-java', value: '1.17.2', line: 8 },
        { key: 'flink-clients', value: '1.17.2', line: 9 },
      ],
      unresolved: [],
    });
  });

  test('a property set elsewhere is said, not guessed', () => {
    const pom =
      '<dependencies><dependency><groupId>org.apache.flink</groupId><artifactId>flink-clients</artifactId>' +
      `<version>${PROPERTY}</version></dependency></dependencies>`;
    expect(readPomArtifacts(pom, FLINK)).toEqual({
      artifacts: [],
      unresolved: [`line 1: flink-clients ${PROPERTY} (set in no <properties> here)`],
    });
  });
});

describe("verify checks a job on its build's Flink release", () => {
  test('Flink 1.18.1: fixed-delay, Integer.MAX_VALUE attempts 1 s apart; every guarantee holds', async () => {
    const { code, report } = await verifyJson(`${dir}/maven-1.18/pom.xml`, job, ...SHALLOW);
    expect(settingOf(report, 'flink.version')).toMatchObject({
      value: '1.18.1',
      source: 'file',
      from: `${dir}/maven-1.18/pom.xml:15`,
    });
    expect(settingOf(report, 'restart-strategy.type')).toMatchObject({
      value: 'fixed-delay',
      source: 'real default',
      why:
        "Flink 1.18.1's default for a checkpointing job with no restart strategy: fixed-delay, Integer.MAX_VALUE " +
        'attempts 1 s apart (RestartBackoffTimeStrategyFactoryLoader before 1.19)',
    });
    expect(settingOf(report, 'restart-strategy.fixed-delay.attempts')?.value).toBe('2147483647');
    expect(report.notes.some((n) => n.startsWith('restart.delay.ms='))).toBe(false);
    expect([code, report.violations]).toEqual([0, []]);
  });

  test('Flink 1.19.1: exponential-delay, checked at 66 s too, past the transaction timeout', async () => {
    const { code, report } = await verifyJson(`${dir}/maven-1.19/pom.xml`, job, ...SHALLOW);
    expect(settingOf(report, 'flink.version')).toMatchObject({ value: '1.19.1', source: 'file' });
    expect(settingOf(report, 'restart-strategy.type')?.value).toBe('exponential-delay');
    expect(report.notes.some((n) => n.startsWith('restart.delay.ms=66000: exponential-delay'))).toBe(true);
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-loss', 'no-hanging-transaction']]);
  });

  test('a Gradle kts build at Flink 1.17.2 is read the same way', async () => {
    const { report } = await verifyJson(`${dir}/gradle-kts/build.gradle.kts`, job, ...SHALLOW);
    expect(settingOf(report, 'flink.version')).toMatchObject({
      value: '1.17.2',
      from: `${dir}/gradle-kts/build.gradle.kts:8`,
    });
    expect(settingOf(report, 'restart-strategy.type')?.value).toBe('fixed-delay');
  });

  test('two Flink versions in one pom are refused, or --set gives one', async () => {
    const r = await verifyJson(`${dir}/maven-two/pom.xml`, job, ...SHALLOW);
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/maven-two/pom.xml:15 and ${dir}/maven-two/pom.xml:21 disagree on flink.version ` +
        '(1.18.1, 1.19.1): give one value, or --set flink.version=...\n',
    ]);
    const given = await verifyJson(`${dir}/maven-two/pom.xml`, job, '--set', 'flink.version=1.18.1', ...SHALLOW);
    expect(settingOf(given.report, 'flink.version')).toMatchObject({ value: '1.18.1', source: '--set' });
  });

  test('a release eoscheck does not model is said in one note, and not read', async () => {
    const { report } = await verifyJson(`${dir}/maven-1.16/pom.xml`, job, ...SHALLOW);
    expect(report.notes.filter((n) => n.includes('1.16.3'))).toEqual([
      `${dir}/maven-1.16/pom.xml:15: flink-streaming-java 1.16.3 is not a Flink release eoscheck models (a Flink ` +
        "release from 1.17 to 2.2, as X.Y (its latest patch release) or X.Y.Z): not read as the job's Flink release",
    ]);
    expect(settingOf(report, 'flink.version')?.source).toBe('condition');
  });

  test("the Dockerfile's Flink 1.19 image outranks the pom's 1.18: checked on 1.19, both said", async () => {
    const { code, report } = await verifyJson(
      `${dir}/maven-1.18/pom.xml`,
      `${dir}/docker-1.19/Dockerfile`,
      job,
      ...SHALLOW,
    );
    expect(settingOf(report, 'flink.version')).toMatchObject({
      value: '1.19.1',
      from: `${dir}/docker-1.19/Dockerfile`,
    });
    expect(report.notes).toContain(
      `flink.version: ${dir}/maven-1.18/pom.xml:15 compiles against Flink 1.18.1 (flink-streaming-java 1.18.1: the ` +
        `Flink release the job's build compiles against), but ${dir}/docker-1.19/Dockerfile runs Flink 1.19.1: ` +
        "checked on the cluster's, whose Flink classes the job runs with",
    );
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-loss', 'no-hanging-transaction']]);
  });
});

describe("an image's Flink release outranks the build's", () => {
  test('two versions in one pom beside an image: not refused, the image runs, the other is said', async () => {
    const { report } = await verifyJson(`${dir}/maven-two/pom.xml`, `${dir}/docker-1.19/Dockerfile`, job, ...SHALLOW);
    expect(settingOf(report, 'flink.version')).toMatchObject({
      value: '1.19.1',
      from: `${dir}/docker-1.19/Dockerfile`,
    });
    expect(report.notes.filter((n) => n.startsWith('flink.version:'))).toEqual([
      `flink.version: ${dir}/maven-two/pom.xml:15 compiles against Flink 1.18.1 (flink-streaming-java 1.18.1: the ` +
        `Flink release the job's build compiles against), but ${dir}/docker-1.19/Dockerfile runs Flink 1.19.1: ` +
        "checked on the cluster's, whose Flink classes the job runs with",
    ]);
  });
});

describe("a build's Kafka clients", () => {
  test('kafka-streams 4.0.0 refuses the EXACTLY_ONCE the code names, on whatever broker', async () => {
    const r = await verifyJson(`${dir}/streams-4.0`, '--depth', '4');
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/streams-4.0/StreamsEosV1.java:14: StreamsConfig.EXACTLY_ONCE exists only before Kafka 4.0 ` +
        `(deprecated in 3.0 by KIP-732, removed in 4.0), but kafka-streams 4.0.0 (${dir}/streams-4.0/pom.xml:7: ` +
        "kafka-streams 4.0.0, the application's client): use StreamsConfig.EXACTLY_ONCE_V2\n",
    ]);
  });

  test('kafka-streams 2.8.2 calls EOS v2 exactly_once_beta: exactly_once_v2 refused, the client named', async () => {
    const r = await verifyJson(`${dir}/streams-2.8`, '--depth', '3');
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/streams-2.8/streams.properties:3: processing.guarantee=exactly_once_v2 is EOS v2's name ` +
        `from Kafka Streams 3.0 (KIP-732); kafka-streams 2.8.2 calls it exactly_once_beta (${dir}/streams-2.8/` +
        "pom.xml:7: kafka-streams 2.8.2, the application's client)\n",
    ]);
  });

  test("kafka-clients is read but not used: kafka.version stays a condition, the file's part says why", async () => {
    const { code, report } = await verifyJson(`${dir}/producer-clients`, '--depth', '3');
    expect(code).toBe(0);
    expect(settingOf(report, 'kafka.version')).toMatchObject({ value: '4.1', source: 'condition' });
    expect(report.files.find((f) => f.path.endsWith('build.gradle'))).toMatchObject({
      role: 'not modelled',
      why:
        'names no flink-connector-kafka release; its kafka-clients 3.6.1 (line 6), read but not used: kafka.version ' +
        "runs the cluster and its clients as one release, and a client's release does not name the broker's",
    });
  });
});
