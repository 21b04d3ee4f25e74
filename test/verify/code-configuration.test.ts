/**
 * The restart strategy and checkpoint interval a Flink 1.19+ job's code sets on the Configuration it hands to
 * StreamExecutionEnvironment.getExecutionEnvironment(conf) are the job's restart-strategy.* keys and interval, read as
 * setRestartStrategy's are; a value the code computes is refused unless --set gives the key.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { configurationKey, unhanded } from '../../verify/files/code-configuration.js';
import { readJobCode } from '../../verify/files/job-code.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

describe('configurationKey: a Configuration call as the key it sets', () => {
  test('RestartStrategyOptions constants and string keys, each value in the option type', () => {
    expect([
      configurationKey('set', ['RestartStrategyOptions.RESTART_STRATEGY', '"none"']),
      configurationKey('set', ['RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS', '3']),
      configurationKey('set', ['RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY', 'Duration.ofSeconds(10)']),
      configurationKey('setString', ['"restart-strategy"', '"fixed-delay"']),
      configurationKey('setString', ['"restart-strategy.failure-rate.delay"', '"20 s"']),
      configurationKey('setString', ['"execution.checkpointing.interval"', '"10 s"']),
      configurationKey('set', ['RestartStrategyOptions.RESTART_STRATEGY', 'strategy']),
      configurationKey('set', ['"restart-strategy.type"', '"none"']),
    ]).toEqual([
      {
        key: 'restart-strategy.type',
        value: 'none',
        call: 'Configuration.set(RestartStrategyOptions.RESTART_STRATEGY)',
      },
      {
        key: 'restart-strategy.fixed-delay.attempts',
        value: '3',
        call: 'Configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS)',
      },
      {
        key: 'restart-strategy.fixed-delay.delay',
        value: '10000 ms',
        call: 'Configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY)',
      },
      { key: 'restart-strategy.type', value: 'fixed-delay', call: 'Configuration.setString("restart-strategy")' },
      {
        key: 'restart-strategy.failure-rate.delay',
        value: '20 s',
        call: 'Configuration.setString("restart-strategy.failure-rate.delay")',
      },
      {
        key: 'CHECKPOINTING_INTERVAL',
        value: '10000',
        call: 'Configuration.setString("execution.checkpointing.interval")',
      },
      {
        key: 'restart-strategy.type',
        value: 'strategy',
        call: 'Configuration.set(RestartStrategyOptions.RESTART_STRATEGY)',
        computed: true,
      },
      { key: 'restart-strategy.type', value: 'none', call: 'TableConfig.set("restart-strategy.type")' },
    ]);
  });

  test('other keys, other options and other arities are no restart or interval setting', () => {
    expect([
      configurationKey('setString', ['"state.backend.type"', '"rocksdb"']),
      configurationKey('set', ['CoreOptions.DEFAULT_PARALLELISM', '4']),
      configurationKey('set', ['RestartStrategyOptions.RESTART_STRATEGY']),
      configurationKey('setDeliveryGuarantee', ['DeliveryGuarantee.NONE']),
    ]).toEqual([null, null, null, null]);
  });
});

describe("verify reads a Configuration's restart strategy in a job's code", () => {
  const job = (lines: string[], config = '') => [
    {
      path: 'Job.java',
      text: [
        'Configuration conf = new Configuration();',
        ...lines,
        'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);',
      ].join('\n'),
    },
    ...(config === '' ? [] : [{ path: 'config.yaml', text: config }]),
  ];
  const pairs = (files: ReturnType<typeof job>, set: [string, string][] = []) => {
    const r = verifyFiles(files, set, keysOf);
    if (!r.ok) throw new Error(r.error);
    return Object.fromEntries(r.value.pairs);
  };

  test("fixed-delay set with RestartStrategyOptions outranks the cluster's exponential-delay", () => {
    const files = job(
      [
        'conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");',
        'conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);',
        'conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(10));',
        'conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(5));',
      ],
      'restart-strategy.type: exponential-delay\n',
    );
    expect(pairs(files)).toMatchObject({
      'restart-strategy.type': 'fixed-delay',
      'restart-strategy.fixed-delay.attempts': '3',
      'restart.delay.ms': '10000',
      'execution.checkpointing.interval': '5000',
    });
    const r = verifyFiles(files, [], keysOf);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.winners.filter((w) => w.where.startsWith('Job.java')).map((w) => [w.key, w.why])).toEqual([
      ['restart-strategy.type', "Configuration.set(RestartStrategyOptions.RESTART_STRATEGY) in the job's code"],
      [
        'restart-strategy.fixed-delay.attempts',
        "Configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS) in the job's code",
      ],
      [
        'restart.delay.ms',
        "Configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY) in the job's code",
      ],
      [
        'execution.checkpointing.interval',
        "Configuration.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, 5000) in the job's code: checkpoints every " +
          '5000 ms',
      ],
    ]);
  });

  test('setString of the keys as text: "none" turns restarts off, the interval a Flink duration', () => {
    const files = job([
      'conf.setString("restart-strategy.type", "none");',
      'conf.setString("execution.checkpointing.interval", "10 s");',
    ]);
    expect(pairs(files)).toMatchObject({
      'restart-strategy.type': 'none',
      'execution.checkpointing.interval': '10000',
    });
  });

  test('a strategy the code computes is refused, naming the call; --set gives it', () => {
    const files = job(['conf.set(RestartStrategyOptions.RESTART_STRATEGY, strategyFor(args));']);
    expect(verifyFiles(files, [], keysOf)).toEqual({
      ok: false,
      error:
        'Job.java:2: Configuration.set(RestartStrategyOptions.RESTART_STRATEGY, strategyFor(args)): a value verify ' +
        'cannot read from the code (accepted: a literal, a Duration of one); give it with --set ' +
        'restart-strategy.type=VALUE',
    });
    expect(pairs(files, [['restart-strategy.type', 'none']])).toMatchObject({ 'restart-strategy.type': 'none' });
  });

  test("a computed delay is refused under its strategy, by the model's key; under another it is not read", () => {
    const delay = 'conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, delay);';
    const fixed = job(['conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");', delay]);
    expect(verifyFiles(fixed, [], keysOf)).toEqual({
      ok: false,
      error:
        'Job.java:3: Configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, delay): a value ' +
        'verify cannot read from the code (accepted: a literal, a Duration of one); give it with --set ' +
        'restart.delay.ms=VALUE',
    });
    expect(pairs(fixed, [['restart.delay.ms', '2000']])).toMatchObject({ 'restart.delay.ms': '2000' });
    expect(pairs(job(['conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");', delay]))).toMatchObject({
      'restart-strategy.type': 'none',
    });
  });
});

describe("a Configuration the code hands to no environment is not the job's", () => {
  /** The Configuration the first `.set` of `code` sets, when Flink never reads it. */
  const at = (code: string) => unhanded(code, code.indexOf('.set'));

  test('handed to the environment or returned: read; made and kept: not; taken elsewhere: read', () => {
    const set = 'conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");';
    const made = 'Configuration conf = new Configuration();';
    expect(
      [
        `${made}\n${set}\nenv = StreamExecutionEnvironment.getExecutionEnvironment(conf);`,
        `${made}\n${set}\nenv.configure(conf, loader);`,
        `${made}\n${set}\nreturn conf;`,
        `val conf = Configuration()\n${set}\nval env = StreamExecutionEnvironment.getExecutionEnvironment(conf)`,
        `${made}\n${set}`,
        `val conf = Configuration()\n${set}`,
        `void tune(Configuration conf) {\n${set}\n}`,
        `Configuration conf = tableEnv.getConfig().getConfiguration();\n${set}`,
      ].map(at),
    ).toEqual([null, null, null, null, 'conf', 'conf', null, null]);
    const interval = readJobCode(
      `${made}\nconf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(5));`,
    );
    expect(interval.settings).toEqual([
      {
        key: 'Configuration handed to nothing',
        value: 'conf',
        line: 2,
        call: 'Configuration.set(CheckpointingOptions.CHECKPOINTING_INTERVAL)',
      },
    ]);
  });

  test('its keys are listed as ignored, with why, and the job keeps its own', () => {
    const files = [
      {
        path: 'Job.java',
        text: [
          'Configuration conf = new Configuration();',
          'conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");',
          'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
          'env.enableCheckpointing(5000);',
        ].join('\n'),
      },
    ];
    const r = verifyFiles(files, [], keysOf);
    if (!r.ok) throw new Error(r.error);
    // No restart-strategy.type claimed: the checkpointing job restarts at Flink's default, the model's own.
    expect(Object.fromEntries(r.value.pairs)['restart-strategy.type']).toBeUndefined();
    expect(r.value.ignored.filter((i) => i.file === 'Job.java')).toEqual([
      {
        file: 'Job.java',
        line: 2,
        key: 'Configuration.set(RestartStrategyOptions.RESTART_STRATEGY)',
        why:
          'conf is handed to no environment (getExecutionEnvironment(conf), configure(conf)) and returned by no ' +
          'method: Flink never reads it',
      },
    ]);
  });
});

describe("the answer on a Flink 2.x job's Configuration", () => {
  test('restart-strategy none: the failed job is resubmitted without its checkpoint and writes twice', async () => {
    const dir = 'test/fixtures/verify/job-code/configuration';
    const conditions =
      '(on Kafka 4.1, the newest release modelled, on flink-connector-kafka 5.0, the newest release modelled, on ' +
      "Flink 2.1.0, the release flink-connector-kafka 5.0's build names, for read_committed readers of the output)";
    const none = await cli('verify', dir, '--quiet', '--depth', '16');
    const restarting = await cli(
      'verify',
      dir,
      '--quiet',
      '--depth',
      '16',
      '--set',
      'restart-strategy.type=exponential-delay',
    );
    expect([none.code, none.stdout.trim(), restarting.code, restarting.stdout.trim()]).toEqual([
      1,
      `eoscheck verify: ${dir}: flink-kafka: VIOLATION of no-duplicates ${conditions}`,
      0,
      `eoscheck verify: ${dir}: flink-kafka: every guarantee holds within the bounds ${conditions}`,
    ]);
  });

  test("ExecutionCheckpointingOptions' interval (before 1.20) reads as CheckpointingOptions'", () => {
    expect(
      readJobCode('conf.set(ExecutionCheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(5));').settings,
    ).toEqual([{ key: 'CHECKPOINTING_INTERVAL', value: '5000', line: 1 }]);
  });
});
