/**
 * The Flink release a JobManager's image names is the check's flink.version, patch included: it decides how a
 * retried commit runs (FLINK-36455 from 1.19.2, 1.20.1, 2.0.0) and which connector line runs on it. With no image
 * naming it, the release the connector's build names is a stated condition.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

interface Answer {
  exit: number;
  settings: { key: string; value: string; source: string; why: string }[];
  conditions?: { key: string; value: string; condition: string }[];
  notes: string[];
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A pipeline of the exactly-once SQL job and a Compose file whose JobManager runs `image` (and mounts `jar`). */
function pipeline(image: string, jar?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'eoscheck-flink-release-'));
  dirs.push(dir);
  const volume = jar === undefined ? '' : `    volumes:\n      - ./lib/${jar}:/opt/flink/lib/${jar}\n`;
  writeFileSync(
    join(dir, 'docker-compose.yml'),
    `services:\n  jobmanager:\n    image: ${image}\n    command: jobmanager\n${volume}` +
      '    environment:\n      FLINK_PROPERTIES: |\n        jobmanager.rpc.address: jobmanager\n',
  );
  writeFileSync(join(dir, 'eos.sql'), readFileSync('test/fixtures/verify/compose/eos.sql', 'utf8'));
  return dir;
}

async function verify(dir: string): Promise<{ code: number; answer: Answer; stderr: string }> {
  const r = await cli('verify', dir, '--depth', '6', '--runs', '20', '--json');
  return { code: r.code, answer: (r.code === 2 ? null : JSON.parse(r.stdout)) as Answer, stderr: r.stderr };
}

const setting = (a: Answer, key: string) => a.settings.find((s) => s.key === key);

describe('verify takes Flink release from the JobManager image', () => {
  test('flink:1.19.1: its patch release retries later, and the connector is the newest for 1.19', async () => {
    const { answer } = await verify(pipeline('flink:1.19.1'));
    expect(setting(answer, 'flink.version')).toMatchObject({ value: '1.19.1', source: 'file' });
    expect(setting(answer, 'flink.commit-retry')?.value).toBe('later');
    expect(setting(answer, 'connector.version')).toMatchObject({ value: '3.3', source: 'condition' });
    expect(answer.conditions?.find((c) => c.key === 'connector.version')?.condition).toBe(
      'on flink-connector-kafka 3.3, the newest release for Flink 1.19.1',
    );
  });

  test('flink:1.19.2-java17: the fixed release retries synchronously', async () => {
    const { answer } = await verify(pipeline('flink:1.19.2-java17'));
    expect(setting(answer, 'flink.version')?.value).toBe('1.19.2');
    expect(setting(answer, 'flink.commit-retry')?.value).toBe('synchronous');
  });

  test('a release not modelled is said, and the connector build release is the condition', async () => {
    const { answer } = await verify(pipeline('flink:1.16.3'));
    expect(setting(answer, 'flink.version')).toMatchObject({ value: '2.1.0', source: 'condition' });
    expect(answer.conditions?.find((c) => c.key === 'flink.version')?.condition).toBe(
      "on Flink 2.1.0, the release flink-connector-kafka 5.0's build names",
    );
    expect(answer.notes.some((n) => n.includes('Flink 1.16.3 (flink:1.16.3 is Flink 1.16.3) is not a release'))).toBe(
      true,
    );
  });

  test('a Flink 1.x image beside a connector for Flink 2.x is refused, naming both', async () => {
    const dir = pipeline('flink:1.18.1', 'flink-sql-connector-kafka-4.0.0-2.0.jar');
    const { code, stderr } = await verify(dir);
    expect(code).toBe(2);
    const compose = join(dir, 'docker-compose.yml');
    expect(stderr.trim()).toBe(
      `eoscheck: ${compose}: flink.version=1.18.1 needs connector.version 3.0 to 3.4: connector.version=4.0 runs ` +
        `on Flink 2.x (${compose}:6: flink-sql-connector-kafka 4.0.0-2.0: connector 4.0.0 for Flink 2.0)`,
    );
  });
});

describe("verify takes Flink's line from the connector artifact where no image names a release", () => {
  test('flink-sql-connector-kafka-3.3.0-1.19.jar: on 1.19, its latest patch, a condition', async () => {
    const { answer } = await verify(pipeline('example/orders-job:7', 'flink-sql-connector-kafka-3.3.0-1.19.jar'));
    expect(setting(answer, 'flink.version')).toMatchObject({ value: '1.19', source: 'condition' });
    expect(setting(answer, 'flink.commit-retry')?.value).toBe('synchronous');
    expect(answer.conditions?.find((c) => c.key === 'flink.version')?.condition).toBe(
      "on Flink 1.19's latest patch release, the line flink-sql-connector-kafka 3.3.0-1.19 is built for",
    );
  });

  test("an image's release outranks the artifact's line", async () => {
    const { answer } = await verify(pipeline('flink:1.19.1', 'flink-sql-connector-kafka-3.3.0-1.19.jar'));
    expect(setting(answer, 'flink.version')).toMatchObject({ value: '1.19.1', source: 'file' });
    expect(setting(answer, 'flink.commit-retry')?.value).toBe('later');
  });

  test("an artifact with no Flink suffix leaves the connector build's release as the condition", async () => {
    const { answer } = await verify(pipeline('example/orders-job:7', 'flink-sql-connector-kafka-3.3.0.jar'));
    expect(setting(answer, 'flink.version')).toMatchObject({ value: '1.19.1', source: 'condition' });
  });
});
