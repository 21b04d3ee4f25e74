/**
 * `eoscheck verify` answers every shipped example correctly, one example a test: each safe pipeline holds
 * every guarantee, each unsafe one names the guarantee it breaks; the model, each file's role, the real
 * defaults a file leaves in place and the conditions of the verdict (a release and a reader no file
 * names) are as the files say.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli, goldenSuite } from '../../cli/harness.js';

interface VerifyJson {
  model: string;
  status: string;
  exit: number;
  files: { path: string; role: string }[];
  verdicts: { invariant: string; status: string }[];
  inherited: string[];
  ignored: string[];
  conditions: { key: string }[];
  violations: { invariant: string }[];
  trace: { steps: unknown[] } | null;
}

interface Expected {
  model: string;
  roles: string[];
  violated: string[];
  inherited: string[];
  /** The keys no file names whose verdict is stated under a condition (the release, the output's reader). */
  conditions: string[];
}

// A pipeline's transactional path runs through a broker at its defaults, so its transaction-abort scan
// (every 10 s) and min.insync.replicas (1) are the real ones wherever no broker file sets them.
const CLEANUP = 'transactions.abort.timed.out.transaction.cleanup.interval.ms';
const RELEASE_AND_READER = ['kafka.version', 'isolation.level'];
/**
 * A Flink job's conditions: Kafka's release, the connector's, Flink's (no image names it: the connector's build's), the
 * output's reader.
 */
const RELEASES_AND_READER = ['kafka.version', 'connector.version', 'flink.version', 'isolation.level'];

const expected: Record<string, Expected> = {
  'ctp-safe': {
    model: 'consume-transform-produce',
    roles: ['input-consumer.properties: input consumer', 'producer.properties: producer'],
    violated: [],
    inherited: [],
    conditions: RELEASE_AND_READER,
  },
  'ctp-unsafe': {
    model: 'consume-transform-produce',
    roles: ['input-consumer.properties: input consumer', 'producer.properties: producer'],
    violated: ['offsets-atomic', 'no-loss'],
    inherited: ['enable.auto.commit'],
    conditions: RELEASE_AND_READER,
  },
  'flink-conf-legacy-safe': {
    model: 'flink-kafka',
    roles: ['flink-conf.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: [],
    inherited: [CLEANUP],
    conditions: RELEASES_AND_READER,
  },
  'flink-conf-legacy-unsafe': {
    model: 'flink-kafka',
    roles: ['flink-conf.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: ['no-loss', 'no-hanging-transaction'],
    inherited: ['high-availability.type', CLEANUP],
    conditions: RELEASES_AND_READER,
  },
  'flink-config-yaml-safe': {
    model: 'flink-kafka',
    roles: ['config.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: [],
    inherited: [CLEANUP],
    conditions: RELEASES_AND_READER,
  },
  'flink-config-yaml-unsafe': {
    model: 'flink-kafka',
    roles: ['config.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: ['no-loss', 'no-hanging-transaction'],
    inherited: [CLEANUP],
    conditions: RELEASES_AND_READER,
  },
  'flink-sql-safe': {
    model: 'flink-kafka',
    roles: ['job.sql: Kafka source table', 'job.sql: Kafka sink table', 'job.sql: Flink job'],
    violated: [],
    inherited: [CLEANUP, 'high-availability.type'],
    conditions: RELEASES_AND_READER,
  },
  'flink-sql-unsafe': {
    model: 'flink-kafka',
    roles: ['job.sql: Kafka source table', 'job.sql: Kafka sink table', 'job.sql: Flink job'],
    violated: ['no-duplicates'],
    inherited: ['sink.delivery-guarantee', 'high-availability.type'],
    conditions: RELEASES_AND_READER,
  },
  'kafka-txn-safe': {
    model: 'kafka-txn',
    roles: ['downstream-reader.properties: downstream reader', 'producer.properties: producer'],
    violated: [],
    inherited: ['min.insync.replicas'],
    conditions: ['kafka.version'],
  },
  'kafka-txn-unsafe': {
    model: 'kafka-txn',
    roles: ['downstream-reader.properties: downstream reader', 'producer.properties: producer'],
    violated: ['no-aborted-read', 'no-duplicates'],
    inherited: ['isolation.level', 'min.insync.replicas'],
    conditions: ['kafka.version'],
  },
  'streams-safe': {
    model: 'kafka-streams',
    roles: ['streams.properties: Streams application'],
    violated: [],
    inherited: [],
    conditions: RELEASE_AND_READER,
  },
  'streams-unsafe': {
    model: 'kafka-streams',
    roles: ['streams.properties: Streams application'],
    violated: ['no-duplicates', 'state-exactly-once'],
    inherited: ['processing.guarantee'],
    conditions: RELEASE_AND_READER,
  },
};

const examples = join(import.meta.dirname, '..', '..', '..', 'examples');

/** The answer's facts the table above states. */
function facts(r: VerifyJson): Expected {
  return {
    model: r.model,
    roles: r.files.map((f) => `${f.path.split('/').at(-1)}: ${f.role}`),
    violated: r.verdicts.filter((v) => v.status === 'violated').map((v) => v.invariant),
    inherited: r.inherited,
    conditions: r.conditions.map((c) => c.key),
  };
}

describe('verify answers every example', () => {
  const dirs = Object.keys(expected).sort();

  test('the table covers every example directory, a safe and an unsafe one of each kind', () => {
    expect(readdirSync(examples).sort()).toEqual(dirs);
  });

  for (const dir of dirs) {
    const want = expected[dir]!;
    const what = want.violated.length === 0 ? 'every guarantee holds' : `violates ${want.violated.join(', ')}`;
    test(`${dir}: ${what}`, async () => {
      const r = await cli('verify', join('examples', dir), '--json');
      expect(r.stderr).toBe('');
      const report = JSON.parse(r.stdout) as VerifyJson;
      expect(facts(report)).toEqual(want);
      expect([r.code, report.exit]).toEqual(want.violated.length === 0 ? [0, 0] : [1, 1]);
      expect(report.status).toBe(want.violated.length === 0 ? 'ok' : 'violation');
      expect(report.violations.map((v) => v.invariant)).toEqual(want.violated);
      expect(report.trace === null).toBe(want.violated.length === 0);
      // Every key of every file is mapped, or listed as ignored: nothing silently dropped.
      expect(report.ignored).toContain(dir.startsWith('flink') ? 'properties.bootstrap.servers' : 'bootstrap.servers');
      // An at-least-once sink writes no transactions: their timeouts are neither inherited nor held.
      if (dir === 'flink-sql-unsafe') expect(report.inherited.filter((k) => k.includes('transaction'))).toEqual([]);
    });
  }
});

describe("a DataStream job's config.yaml: the sink is built in its code", () => {
  const file = 'test/fixtures/verify/datastream-config.yaml';
  test("checked at KafkaSinkBuilder's NONE and at each guarantee the code could set; --set states it", async () => {
    const code = await cli('verify', file, '--json');
    const a = JSON.parse(code.stdout) as {
      violations: { invariant: string }[];
      dependsOnCode: { key: string; realDefault: string; verdicts: Record<string, string> }[];
      settings: { key: string; value: string; source: string }[];
    };
    // The real default (DeliveryGuarantee.NONE) flushes nothing on a checkpoint: a restart loses and repeats input.
    expect([code.code, a.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates', 'no-loss']]);
    expect(a.dependsOnCode).toEqual([
      {
        key: 'sink.delivery-guarantee',
        realDefault: 'none',
        verdicts: { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'holds' },
      },
    ]);
    const held = a.settings.filter((x) => x.key === 'sink.delivery-guarantee' || x.key === 'transaction.timeout.ms');
    expect(held).toEqual([
      expect.objectContaining({ key: 'transaction.timeout.ms', value: '900000', source: 'real default' }),
      expect.objectContaining({ key: 'sink.delivery-guarantee', value: 'none', source: 'code' }),
    ]);
    const text = await cli('verify', file, '--quiet');
    expect(text.stdout).toContain(
      'holds only if your code sets sink.delivery-guarantee=exactly-once (none (the real default): violated; ' +
        'at-least-once: violated; exactly-once: holds)',
    );
    // The code's AT_LEAST_ONCE, stated: a plain verdict, no code-dependent key left.
    const atLeastOnce = await cli('verify', file, '--set', 'sink.delivery-guarantee=at-least-once', '--json');
    const l = JSON.parse(atLeastOnce.stdout) as { violations: { invariant: string }[]; dependsOnCode: unknown[] };
    expect([atLeastOnce.code, l.violations.map((v) => v.invariant), l.dependsOnCode]).toEqual([
      1,
      ['no-duplicates'],
      [],
    ]);
    // 60 s under 30 s checkpoints: a lost notification leaves a pre-committed transaction open past its timeout.
    const given = await cli(
      'verify',
      file,
      '--set',
      'sink.delivery-guarantee=exactly-once',
      '--set',
      'transaction.timeout.ms=60000',
      '--json',
    );
    const g = JSON.parse(given.stdout) as { violations: { invariant: string }[] };
    expect([given.code, g.violations.map((v) => v.invariant)]).toEqual([1, ['no-loss', 'no-hanging-transaction']]);
  });
});

describe('a transactional loop whose consumer leaves enable.auto.commit at its default', () => {
  const dir = 'test/fixtures/verify/ctp-auto-commit';
  test("loses the records of a timed-out transaction through close()'s commit; =false holds", async () => {
    const verdict = async (...more: string[]) => {
      const r = await cli('verify', dir, ...more, '--json');
      const j = JSON.parse(r.stdout) as { violations: { invariant: string }[]; inherited: string[] };
      return { code: r.code, violated: j.violations.map((v) => v.invariant), inherited: j.inherited };
    };
    expect(await verdict()).toEqual({
      code: 1,
      violated: ['offsets-atomic', 'no-loss'],
      inherited: ['enable.auto.commit'],
    });
    expect(await verdict('--set', 'enable.auto.commit=false')).toMatchObject({ code: 0, violated: [] });
  });
});

describe("a SQL script's SET configures its job over the cluster's config.yaml", () => {
  test('SET execution.checkpointing.interval wins, with a note of what it overrides; the verdict is its', async () => {
    const dir = 'test/fixtures/verify/flink-set-override';
    const r = await cli('verify', dir, '--json');
    const j = JSON.parse(r.stdout) as {
      violations: { invariant: string }[];
      notes: string[];
      settings: { key: string; from: string }[];
    };
    expect(j.settings.find((x) => x.key === 'execution.checkpointing.interval')).toMatchObject({
      from: `${dir}/job.sql:2`,
    });
    expect(j.notes).toEqual([
      `execution.checkpointing.interval: SET at ${dir}/job.sql:2 (45000) overrides ${dir}/config.yaml:4 (5000) ` +
        'for this job',
      // The cluster's fixed-delay restarts once (restart-strategy.fixed-delay.attempts defaults to 1).
      'restart-strategy.type=fixed-delay can give up on the job, which then FAILS: eoscheck assumes its operator ' +
        'resubmits it 60000 ms later (--set resubmit.delay.ms=MS), from its latest checkpoint only where ' +
        'execution.checkpointing.externalized-checkpoint-retention kept it',
    ]);
    // 45 s checkpoints under a 60 s transaction timeout: a lost notification leaves a pre-committed transaction open.
    expect([r.code, j.violations.map((v) => v.invariant)]).toEqual([1, ['no-loss', 'no-hanging-transaction']]);
    // At the cluster's 5 s it holds.
    const at5 = await cli('verify', dir, '--set', 'execution.checkpointing.interval=5000', '--quiet');
    expect(at5.code).toBe(0);
  });
});

describe('a Flink job whose restart strategy gives up (restart-strategy.type: off)', () => {
  const dir = 'test/fixtures/verify/flink-restart-none';
  // The job's code builds an exactly-once KafkaSink: stated with --set, as the config.yaml cannot say it.
  const verdict = async (...more: string[]) => {
    const r = await cli('verify', dir, '--set', 'sink.delivery-guarantee=exactly-once', ...more, '--json');
    const j = JSON.parse(r.stdout) as {
      violations: { invariant: string }[];
      notes: string[];
      settings: { key: string; value: unknown }[];
    };
    return { code: r.code, violated: j.violations.map((v) => v.invariant), notes: j.notes, settings: j.settings };
  };
  test('the resubmitted job starts over without its deleted checkpoints; kept ones hold', async () => {
    const none = await verdict();
    expect(none.settings.find((x) => x.key === 'restart-strategy.type')).toMatchObject({ value: 'none' });
    expect([none.code, none.violated]).toEqual([1, ['no-duplicates']]);
    expect(none.notes).toEqual([
      'restart-strategy.type=none can give up on the job, which then FAILS: eoscheck assumes its operator resubmits ' +
        'it 60000 ms later (--set resubmit.delay.ms=MS), from its latest checkpoint only where ' +
        'execution.checkpointing.externalized-checkpoint-retention kept it',
    ]);
    const kept = await verdict(
      '--set',
      'execution.checkpointing.externalized-checkpoint-retention=DELETE_ON_CANCELLATION',
    );
    expect([kept.code, kept.violated]).toEqual([0, []]);
  });
});

describe("a restart strategy's keys are read under that strategy only", () => {
  test("no type: Flink's default strategy reads neither delay; restart.delay.ms is its 1 s backoff", async () => {
    const dir = 'test/fixtures/verify/flink-restart-delays';
    const r = await cli('verify', dir, '--set', 'sink.delivery-guarantee=exactly-once', '--runs', '1', '--json');
    const j = JSON.parse(r.stdout) as {
      ignored: string[];
      settings: { key: string; value: string; from: string | null }[];
    };
    expect(r.code).toBe(0);
    expect(j.settings.find((x) => x.key === 'restart.delay.ms')).toMatchObject({ value: '1000', from: null });
    expect(j.ignored).toEqual([
      'restart-strategy.fixed-delay.delay',
      'restart-strategy.exponential-delay.initial-backoff',
    ]);
  });
});

describe('a broker file is judged through a broker failure', () => {
  test('min.insync.replicas=2 with clean elections holds; =1 with unclean elections loses acks', async () => {
    const verdict = async (dir: string) => {
      // The search for the fewest steps of a 60-step no-loss trace goes past 390,000 states: bounded here.
      const r = await cli('verify', `test/fixtures/verify/${dir}`, '--runs', '1', '--max-states', '30000', '--json');
      const j = JSON.parse(r.stdout) as { violations: { invariant: string }[]; config: Record<string, unknown> };
      return { code: r.code, violated: j.violations.map((v) => v.invariant), faults: j.config['faults.broker'] };
    };
    expect(await verdict('broker-replicated')).toEqual({ code: 0, violated: [], faults: 1 });
    expect(await verdict('broker-unclean')).toEqual({ code: 1, violated: ['no-loss', 'acked-durable'], faults: 1 });
  });
});

goldenSuite('golden verify transcripts', {
  'verify-examples': [
    ['verify', 'examples/ctp-unsafe'],
    ['verify', 'examples/kafka-txn-safe', '--quiet'],
    ['verify', 'examples/flink-sql-unsafe/job.sql', '--quiet'],
    ['verify', 'examples/ctp-safe', '--max-states', '100', '--runs', '1'],
  ],
});
