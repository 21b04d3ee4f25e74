/**
 * `eoscheck verify` answers every shipped example correctly: each safe pipeline holds every guarantee,
 * each unsafe one names the guarantee it breaks; the model, each file's role, the inherited real
 * defaults are as the files say. `verify examples/*` (every directory at once) gives the same answers.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { cli, goldenSuite } from '../cli/harness.js';

interface VerifyJson {
  model: string;
  status: string;
  files: { path: string; role: string }[];
  verdicts: { invariant: string; status: string }[];
  inherited: string[];
  ignored: string[];
  assumed: string[];
  violations: { invariant: string }[];
  trace: { steps: unknown[] } | null;
}

const expected: Record<string, { model: string; roles: string[]; violated: string[]; inherited: string[] }> = {
  'kafka-txn-safe': {
    model: 'kafka-txn',
    roles: ['downstream-reader.properties: downstream reader', 'producer.properties: producer'],
    violated: [],
    inherited: [],
  },
  'kafka-txn-unsafe': {
    model: 'kafka-txn',
    roles: ['downstream-reader.properties: downstream reader', 'producer.properties: producer'],
    violated: ['no-aborted-read', 'no-duplicates'],
    inherited: ['isolation.level'],
  },
  'ctp-safe': {
    model: 'consume-transform-produce',
    roles: ['consumer.properties: input consumer', 'producer.properties: producer'],
    violated: [],
    inherited: [],
  },
  'ctp-unsafe': {
    model: 'consume-transform-produce',
    roles: ['consumer.properties: input consumer', 'producer.properties: producer'],
    violated: ['no-duplicates'],
    inherited: ['enable.auto.commit'],
  },
  'streams-safe': {
    model: 'kafka-streams',
    roles: ['streams.properties: Streams application'],
    violated: [],
    inherited: [],
  },
  'streams-unsafe': {
    model: 'kafka-streams',
    roles: ['streams.properties: Streams application'],
    violated: ['no-duplicates', 'state-exactly-once'],
    inherited: ['processing.guarantee'],
  },
  'flink-config-yaml-safe': {
    model: 'flink-kafka',
    roles: ['config.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: [],
    inherited: [],
  },
  'flink-config-yaml-unsafe': {
    model: 'flink-kafka',
    roles: ['config.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: ['no-loss', 'no-hanging-transaction'],
    inherited: [],
  },
  'flink-conf-legacy-safe': {
    model: 'flink-kafka',
    roles: ['flink-conf.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: [],
    inherited: [],
  },
  'flink-conf-legacy-unsafe': {
    model: 'flink-kafka',
    roles: ['flink-conf.yaml: Flink job', 'kafka-sink.sql: Kafka sink table'],
    violated: ['no-loss', 'no-hanging-transaction'],
    inherited: ['high-availability.type'],
  },
  'flink-sql-safe': {
    model: 'flink-kafka',
    roles: ['job.sql: Kafka source table', 'job.sql: Kafka sink table', 'job.sql: Flink job'],
    violated: [],
    inherited: [],
  },
  'flink-sql-unsafe': {
    model: 'flink-kafka',
    roles: ['job.sql: Kafka source table', 'job.sql: Kafka sink table', 'job.sql: Flink job'],
    violated: ['no-duplicates'],
    inherited: ['sink.delivery-guarantee'],
  },
};

const examples = join(import.meta.dirname, '..', '..', 'examples');

/** The answer's facts the table above states. */
function facts(r: VerifyJson) {
  return {
    model: r.model,
    roles: r.files.map((f) => `${f.path.split('/').at(-1)}: ${f.role}`),
    violated: r.verdicts.filter((v) => v.status === 'violated').map((v) => v.invariant),
    inherited: r.inherited,
  };
}

describe('verify answers every example', () => {
  const dirs = Object.keys(expected).sort();
  let reports: VerifyJson[] = [];

  beforeAll(async () => {
    // `verify examples/*`: every directory at once, each its own pipeline, in order.
    const r = await cli('verify', ...dirs.map((d) => join('examples', d)), '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    reports = JSON.parse(r.stdout);
    expect(reports).toHaveLength(dirs.length);
  }, 120_000);

  test('an at-least-once sink writes no transactions: their timeouts are neither inherited nor assumed', () => {
    const r = reports[dirs.indexOf('flink-sql-unsafe')]!;
    expect([...r.inherited, ...r.assumed].filter((k) => k.includes('transaction'))).toEqual([]);
  });

  test('the table covers every example directory, a safe and an unsafe one of each kind', () => {
    expect(readdirSync(examples).sort()).toEqual(dirs);
  });

  dirs.forEach((dir, k) => {
    const want = expected[dir]!;
    const what = want.violated.length === 0 ? 'every guarantee holds' : `violates ${want.violated.join(', ')}`;
    test(`${dir}: ${what}`, () => {
      const report = reports[k]!;
      expect(facts(report)).toEqual(want);
      expect(report.status).toBe(want.violated.length === 0 ? 'ok' : 'violation');
      expect(report.violations.map((v) => v.invariant)).toEqual(want.violated);
      expect(report.trace === null).toBe(want.violated.length === 0);
      // Every key of every file is mapped, or listed as ignored: nothing silently dropped.
      expect(report.ignored).toContain(dir.startsWith('flink') ? 'properties.bootstrap.servers' : 'bootstrap.servers');
    });
  });

  test('one directory is one pipeline, with the exit code of check (0 holds, 1 violated)', async () => {
    const safe = await cli('verify', 'examples/ctp-safe', '--json');
    expect([safe.code, JSON.parse(safe.stdout).status]).toEqual([0, 'ok']);
    const unsafe = await cli('verify', 'examples/streams-unsafe/streams.properties', '--json');
    expect([unsafe.code, JSON.parse(unsafe.stdout).status]).toEqual([1, 'violation']);
  });
});

describe("a DataStream job's config.yaml: the sink's timeout is in its code", () => {
  const file = 'test/fixtures/verify/datastream-config.yaml';
  test('assumed as the largest a broker accepts it holds; the value the job sets is checked with --set', async () => {
    const assumed = await cli('verify', file, '--json');
    const a = JSON.parse(assumed.stdout) as { status: string; assumedDetail: { key: string }[] };
    expect([assumed.code, a.status]).toEqual([0, 'ok']);
    expect(a.assumedDetail.find((x) => x.key === 'transaction.timeout.ms')).toMatchObject({ value: 900_000 });
    // 60 s under 30 s checkpoints: a lost notification leaves a pre-committed transaction open past its timeout.
    const given = await cli('verify', file, '--set', 'transaction.timeout.ms=60000', '--json');
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
  const verdict = async (...more: string[]) => {
    const r = await cli('verify', dir, ...more, '--json');
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
  test("no type: exponential-delay's backoff is the delay, fixed-delay's ignored (no conflict)", async () => {
    const dir = 'test/fixtures/verify/flink-restart-delays';
    const r = await cli('verify', dir, '--runs', '0', '--json');
    const j = JSON.parse(r.stdout) as {
      ignored: string[];
      settings: { key: string; value: string; from: string }[];
    };
    expect(r.code).toBe(0);
    expect(j.settings.find((x) => x.key === 'restart.delay.ms')).toMatchObject({
      value: '2000',
      from: `${dir}/flink-conf.yaml:6`,
    });
    expect(j.ignored).toEqual(['restart-strategy.fixed-delay.delay']);
  });
});

describe('a broker file is judged through a broker failure', () => {
  test('min.insync.replicas=2 with clean elections holds; =1 with unclean elections loses acks', async () => {
    const verdict = async (dir: string) => {
      // The search for the fewest steps of a 60-step no-loss trace goes past 390,000 states: bounded here.
      const r = await cli('verify', `test/fixtures/verify/${dir}`, '--runs', '0', '--max-states', '30000', '--json');
      const j = JSON.parse(r.stdout) as { violations: { invariant: string }[]; config: Record<string, unknown> };
      return { code: r.code, violated: j.violations.map((v) => v.invariant), faults: j.config['faults.broker'] };
    };
    expect(await verdict('broker-replicated')).toEqual({ code: 0, violated: [], faults: 1 });
    expect(await verdict('broker-unclean')).toEqual({ code: 1, violated: ['no-loss', 'acked-durable'], faults: 1 });
    // 13 s alone here; 63 s in the fast suite beside the other test thread, past the default 60 s: both searches
    // run on two workers, which wait for each other at every level.
  }, 180_000);
});

goldenSuite('golden verify transcripts', {
  'verify-examples': [
    ['verify', 'examples/ctp-unsafe'],
    ['verify', 'examples/kafka-txn-safe', '--quiet'],
    ['verify', 'examples/flink-sql-unsafe/job.sql', '--quiet'],
    ['verify', 'examples/ctp-safe', '--max-states', '100', '--runs', '0'],
  ],
});
