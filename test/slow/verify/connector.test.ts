/**
 * The flink-connector-kafka release a Flink pipeline runs, read from the files real projects carry it in (a
 * Maven pom.xml, a Gradle build, the connector jar a Dockerfile fetches, a Compose volume mounts or a SQL ADD JAR
 * adds): the release decides the verdict (3.1 swallows a send error, 3.3 fails the task: FLINK-35749; POOLING
 * needs 4.0), the connector Flink bundled before 3.0 and releases not modelled are refused, two files naming two
 * releases are refused, and no file naming it is a condition on the newest modelled release.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  connectorOf,
  jarsIn,
  readDockerfile,
  readGradleConnector,
  readPomConnector,
} from '../../../verify/files/connector-release.js';
import { cli } from '../../cli/harness.js';

const dir = 'test/fixtures/verify/connector';
const job = `${dir}/job.sql`;

interface Report {
  exit: number;
  error?: string;
  files: { path: string; role: string; detail: string; why?: string }[];
  violations?: { invariant: string }[];
  settings?: { key: string; value: string; source: string; from: string | null; why?: string }[];
  conditions?: { key: string; condition: string; give: string }[];
  releases?: string[];
}

async function json(...args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await cli('verify', ...args, '--json');
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

/** Bounds that read and configure the pipeline without a deep search. */
const SHALLOW = ['--depth', '2', '--runs', '1', '--max-steps', '2'];

const connectorSetting = (r: Report) => r.settings?.find((s) => s.key === 'connector.version');

describe('connectorOf: a version as Maven publishes it', () => {
  test.each([
    ['flink-connector-kafka', '3.1.0-1.18', '3.1', 'flink-connector-kafka 3.1.0-1.18: connector 3.1.0 for Flink 1.18'],
    [
      'flink-sql-connector-kafka',
      '4.0.1-2.0',
      '4.0',
      'flink-sql-connector-kafka 4.0.1-2.0: connector 4.0.1 for Flink 2.0',
    ],
    ['flink-connector-kafka', '3.0.2-1.17', '3.0', 'flink-connector-kafka 3.0.2-1.17: connector 3.0.2 for Flink 1.17'],
    ['flink-connector-kafka', '3.2.0', '3.2', 'flink-connector-kafka 3.2.0: connector 3.2.0'],
    ['flink-connector-kafka', '5.0', '5.0', 'flink-connector-kafka 5.0: connector 5.0'],
  ])('%s %s is %s', (artifact, version, line, how) => {
    expect(connectorOf(artifact, version)).toEqual({ ok: true, value: { version: line, how } });
  });

  test("the connector Flink 1.17 bundled is refused: it lacks 3.0.0's FLINK-31363 fix", () => {
    expect(connectorOf('flink-connector-kafka_2.12', '1.14.6')).toEqual({
      ok: false,
      error:
        'flink-connector-kafka_2.12 1.14.6 is the Kafka connector Flink 1.14 bundled, before flink-connector-kafka ' +
        "3.0.0 (FLINK-30052) fixed FLINK-31363, an empty transaction's commit failing after a restore, which every " +
        'release eoscheck models has: accepted X.Y.Z-F.G (3.1.0-1.18, 4.0.0-2.0) with X.Y one of 3.0, 3.1, 3.2, ' +
        "3.3, 3.4, 4.0, 5.0; --set connector.version=3.0 checks it with 3.0's rules",
    });
  });

  test('a release not modelled and a text that names none are refused, naming what is accepted', () => {
    const accepted = 'accepted X.Y.Z-F.G (3.1.0-1.18, 4.0.0-2.0) with X.Y one of 3.0, 3.1, 3.2, 3.3, 3.4, 4.0, 5.0';
    expect(connectorOf('flink-connector-kafka', '4.1.0-2.1')).toEqual({
      ok: false,
      error:
        'flink-connector-kafka 4.1.0-2.1 is flink-connector-kafka 4.1, a release eoscheck does not model: ' + accepted,
    });
    expect(connectorOf('flink-connector-kafka', '4.0-SNAPSHOT')).toEqual({
      ok: false,
      error: `flink-connector-kafka version '4.0-SNAPSHOT' names no flink-connector-kafka release: ${accepted}`,
    });
  });
});

describe('the files that carry the release', () => {
  test("pom.xml: the dependency's property, resolved through another; a commented-out dependency is none", () => {
    expect(readPomConnector(readFileSync(`${dir}/maven-3.1/pom.xml`, 'utf8'))).toEqual({
      settings: [{ key: 'flink-connector-kafka', value: '3.1.0-1.18', line: 31 }],
      unresolved: [],
    });
  });

  test('pom.xml: a version a parent pom or a BOM sets is not here, and says so', () => {
    const pom = (version: string) =>
      `<project><dependencies><dependency>\n<groupId>org.apache.flink</groupId>\n` +
      `<artifactId>flink-sql-connector-kafka</artifactId>\n${version}</dependency></dependencies></project>`;
    expect(readPomConnector(pom(''))).toEqual({
      settings: [],
      unresolved: ["line 3: flink-sql-connector-kafka without a <version> (a parent pom's or a BOM's)"],
    });
    const property = '$' + '{kafka.connector}';
    expect(readPomConnector(pom(`<version>${property}</version>\n`))).toEqual({
      settings: [],
      unresolved: [`line 4: flink-sql-connector-kafka ${property} (${property} is set in no <properties> here)`],
    });
  });

  test('build.gradle: $name from a def; a commented-out line is skipped; build.gradle.kts and the map form', () => {
    expect(readGradleConnector(readFileSync(`${dir}/gradle/build.gradle`, 'utf8'))).toEqual({
      settings: [{ key: 'flink-connector-kafka', value: '3.2.0-1.19', line: 14 }],
      unresolved: [],
    });
    expect(readGradleConnector(readFileSync(`${dir}/gradle-kts/build.gradle.kts`, 'utf8'))).toEqual({
      settings: [{ key: 'flink-connector-kafka', value: '4.0.0-2.0', line: 9 }],
      unresolved: [],
    });
    expect(
      readGradleConnector(
        "dependencies {\n  implementation group: 'org.apache.flink', name: 'flink-sql-connector-kafka', " +
          "version: '3.3.0-1.20'\n}",
      ),
    ).toEqual({ settings: [{ key: 'flink-sql-connector-kafka', value: '3.3.0-1.20', line: 2 }], unresolved: [] });
  });

  test("Dockerfile: the jar a RUN wget fetches, its ARG's default substituted; comment lines skipped; FROM", () => {
    expect(readDockerfile(readFileSync(`${dir}/docker/Dockerfile`, 'utf8'))).toEqual({
      settings: [{ key: 'flink-sql-connector-kafka', value: '3.3.0-1.18', line: 6 }],
      from: { image: 'flink:1.18.1-scala_2.12-java11', line: 1 },
    });
  });

  test('a jar named in a URL and as the file it is saved to is one jar; the pre-1.15 Scala suffix is read', () => {
    const url = 'https://repo.maven.apache.org/maven2/org/apache/flink/flink-sql-connector-kafka/3.2.0-1.18/';
    expect(
      jarsIn(
        `curl -o /opt/flink/lib/flink-sql-connector-kafka-3.2.0-1.18.jar ${url}` +
          'flink-sql-connector-kafka-3.2.0-1.18.jar',
        4,
      ),
    ).toEqual([{ key: 'flink-sql-connector-kafka', value: '3.2.0-1.18', line: 4 }]);
    expect(jarsIn('ADD jars/flink-sql-connector-kafka_2.11-1.11.6.jar /opt/flink/lib/', 1)).toEqual([
      { key: 'flink-sql-connector-kafka_2.11', value: '1.11.6', line: 1 },
    ]);
  });
});

/** The Flink release a file names: its build's flink-streaming-java version, its image's tag. */
const FLINK_NAMED: Readonly<Record<string, string>> = {
  'maven-3.1/pom.xml': '1.18.1',
  'gradle/build.gradle': '1.19.1',
  'gradle-kts/build.gradle.kts': '2.0.0',
  'docker/Dockerfile': '1.18.1',
  'compose/docker-compose.yml': '1.18.1',
};

describe('verify reads the release each file kind names', () => {
  test.each([
    ['maven-3.1/pom.xml', '3.1', 'maven-3.1/pom.xml:31', 'Maven pom.xml', 'flink-connector-kafka 3.1.0-1.18'],
    ['gradle/build.gradle', '3.2', 'gradle/build.gradle:14', 'Gradle build', 'flink-connector-kafka 3.2.0-1.19'],
    [
      'gradle-kts/build.gradle.kts',
      '4.0',
      'gradle-kts/build.gradle.kts:9',
      'Gradle build',
      'flink-connector-kafka 4.0.0-2.0',
    ],
    ['docker/Dockerfile', '3.3', 'docker/Dockerfile:6', 'Dockerfile', 'flink-sql-connector-kafka 3.3.0-1.18'],
    ['compose/docker-compose.yml', '3.1', 'compose/docker-compose.yml:8', 'service jobmanager volumes', ''],
    ['add-jar/connector.sql', '3.0', 'add-jar/connector.sql:2', 'ADD JAR', 'flink-sql-connector-kafka 3.0.2-1.17'],
  ])('%s: connector.version=%s', async (file, version, from, detail, artifact) => {
    const { report } = await json(`${dir}/${file}`, job, ...SHALLOW);
    expect(connectorSetting(report)).toMatchObject({ value: version, source: 'file', from: `${dir}/${from}` });
    expect(report.files).toContainEqual(
      expect.objectContaining({ path: `${dir}/${file}`, role: 'Flink Kafka connector', detail }),
    );
    // Flink's release is a condition unless the file names it (a build's Flink artifacts, an image): the Flink line
    // the artifact's version names, at its latest patch.
    const named = FLINK_NAMED[file];
    expect(report.conditions?.map((c) => c.key)).toEqual(
      named ? ['kafka.version', 'isolation.level'] : ['kafka.version', 'flink.version', 'isolation.level'],
    );
    if (named) expect(report.settings?.find((s) => s.key === 'flink.version')?.value).toBe(named);
    if (!named)
      expect(report.conditions?.find((c) => c.key === 'flink.version')?.condition).toBe(
        `on Flink ${artifact.slice(artifact.lastIndexOf('-') + 1)}'s latest patch release, the line ${artifact} is ` +
          'built for',
      );
    expect(report.releases?.find((r) => r.startsWith('flink-connector-kafka'))).toMatch(
      new RegExp(`^flink-connector-kafka ${version.replace('.', '\\.')} \\(${dir}/${from}: `),
    );
  });

  test("a public Compose file's volume: flink-studies mounts the 3.4.0-1.20 SQL jar in its services", async () => {
    const real = 'test/fixtures/real/jbcodeforce+flink-studies/kafka-flink-docker';
    // Its cluster sets no checkpoint interval (the corpus's answer); given here, the connector is read.
    const { report } = await json(real, '--set', 'execution.checkpointing.interval=20000', ...SHALLOW);
    expect(connectorSetting(report)).toMatchObject({
      value: '3.4',
      source: 'file',
      from: `${real}/docker-compose.yaml:47`,
      why: 'flink-sql-connector-kafka 3.4.0-1.20: connector 3.4.0 for Flink 1.20',
    });
  });

  test('no file names it: a condition on the newest modelled release, saying how to give it', async () => {
    const { report } = await json(job, ...SHALLOW);
    expect(report.conditions?.find((c) => c.key === 'connector.version')).toEqual({
      key: 'connector.version',
      condition: 'on flink-connector-kafka 5.0, the newest release modelled',
      give:
        "the job's build file (pom.xml, build.gradle: org.apache.flink:flink-connector-kafka:X.Y.Z-F.G), the " +
        'flink-sql-connector-kafka jar a Dockerfile, a Compose volume or a SQL ADD JAR names, or ' +
        '--set connector.version=X.Y',
    });
    const text = await cli('verify', job, ...SHALLOW, '--quiet');
    expect(text.stdout).toContain('on flink-connector-kafka 5.0, the newest release modelled');
  });

  test('a directory of build files alone is no pipeline; one beside no Flink job decides nothing', async () => {
    const alone = await cli('verify', `${dir}/maven-3.1`);
    expect([alone.code, alone.stderr]).toEqual([
      2,
      expect.stringMatching(/^eoscheck: no configuration file in 'test\/fixtures\/verify\/connector\/maven-3\.1'/),
    ]);
    const kafka = ['producer.properties', 'downstream-reader.properties'].map((f) => `examples/kafka-txn-safe/${f}`);
    const { report } = await json(`${dir}/maven-3.1/pom.xml`, ...kafka, ...SHALLOW);
    expect(report.files).toContainEqual({
      path: `${dir}/maven-3.1/pom.xml`,
      role: 'not modelled',
      detail: 'Maven pom.xml',
      why: 'a flink-connector-kafka release, and no Flink job here reads or writes Kafka',
    });
  });
});

describe('the release decides the verdict', () => {
  test(
    'a named release is judged through a send failure: 3.1 swallows it and loses the record (FLINK-35749), 3.3 ' +
      'fails the task and holds',
    async () => {
      const at = async (pom: string, ...set: string[]) => {
        const { code, report } = await json(`${dir}/${pom}/pom.xml`, job, ...set);
        const fault = report.settings?.find((s) => s.key === 'faults.send-errors');
        return [code, report.violations?.map((v) => v.invariant), connectorSetting(report)?.value, fault?.value];
      };
      expect(await at('maven-3.1')).toEqual([1, ['no-loss'], '3.1', 'true']);
      expect(await at('maven-3.3')).toEqual([0, [], '3.3', 'true']);
      // Without the send failure the two releases are alike.
      expect(await at('maven-3.1', '--set', 'faults.send-errors=false')).toEqual([0, [], '3.1', 'false']);
    },
  );

  test('POOLING needs 4.0: refused beside a 3.3 pom, naming the file that named it; checked with 4.0', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'eoscheck-connector-'));
    try {
      const pooling = join(tmp, 'job.sql');
      writeFileSync(
        pooling,
        readFileSync(job, 'utf8').replace(
          "'sink.transactional-id-prefix' = 'orders-job',",
          "'sink.transactional-id-prefix' = 'orders-job',\n  'sink.transaction-naming-strategy' = 'POOLING',",
        ),
      );
      const refused = await cli('verify', `${dir}/maven-3.3/pom.xml`, pooling, ...SHALLOW);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        `eoscheck: ${pooling}:27: sink.transaction-naming-strategy=POOLING needs connector.version 4.0 or later ` +
          '(FLINK-34554); connector.version=3.3 accepts INCREMENTING ' +
          `(${dir}/maven-3.3/pom.xml:31: flink-connector-kafka 3.3.0-1.19: connector 3.3.0 for Flink 1.19)\n`,
      ]);
      const { code, report } = await json(`${dir}/gradle-kts/build.gradle.kts`, pooling, ...SHALLOW);
      expect([code, connectorSetting(report)?.value]).toEqual([0, '4.0']);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('releases verify refuses', () => {
  test("the connector Flink 1.17.1 bundled: refused at the pom's line; --set connector.version checks it", async () => {
    const r = await cli('verify', `${dir}/maven-bundled/pom.xml`, job, ...SHALLOW);
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/maven-bundled/pom.xml:14: flink-connector-kafka 1.17.1 is the Kafka connector Flink 1.17 ` +
        "bundled, before flink-connector-kafka 3.0.0 (FLINK-30052) fixed FLINK-31363, an empty transaction's " +
        'commit failing after a restore, which every release eoscheck models has: accepted X.Y.Z-F.G ' +
        '(3.1.0-1.18, 4.0.0-2.0) with X.Y one of 3.0, 3.1, 3.2, 3.3, 3.4, 4.0, 5.0; --set connector.version=3.0 ' +
        "checks it with 3.0's rules\n",
    ]);
    const { code, report } = await json(
      `${dir}/maven-bundled/pom.xml`,
      job,
      '--set',
      'connector.version=3.0',
      ...SHALLOW,
    );
    expect([code, connectorSetting(report)?.source, connectorSetting(report)?.value]).toEqual([0, '--set', '3.0']);
  });

  test('a pom naming 3.1 and a Dockerfile fetching the 3.3 jar disagree: refused, or --set gives one', async () => {
    const r = await cli('verify', `${dir}/maven-3.1/pom.xml`, `${dir}/docker/Dockerfile`, job, ...SHALLOW);
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/maven-3.1/pom.xml:31 and ${dir}/docker/Dockerfile:6 disagree on connector.version ` +
        '(3.1, 3.3): give one value, or --set connector.version=...\n',
    ]);
    const { code, report } = await json(
      `${dir}/maven-3.1/pom.xml`,
      `${dir}/docker/Dockerfile`,
      job,
      '--set',
      'connector.version=3.3',
      ...SHALLOW,
    );
    expect([code, connectorSetting(report)?.value]).toEqual([0, '3.3']);
  });
});
