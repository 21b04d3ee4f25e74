/**
 * A Flink job whose sink its code builds: the checkpointing its code enables decides the verdict as much as the
 * delivery guarantee it sets. With the job's code among the files, its enableCheckpointing / setCheckpointInterval
 * call is the interval checked (said where it came from), and no call is Flink's default, no checkpoints. Without
 * the code, both are the code's to decide: every guarantee it could set is checked with checkpoints off and on, a
 * verdict per combination, so no "holds" rests on what the code might do.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { readJobCode } from '../../verify/files/job-code.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/job-code';
const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const verify = verifyJson;
const setting = settingOf;

describe("readJobCode: the checkpointing a job's code sets", () => {
  test('each call form, the interval in ms; comments skipped; a string holding // is no comment', () => {
    const code = [
      'import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;',
      'String url = "http://host:8081"; env.enableCheckpointing(30_000L, CheckpointingMode.AT_LEAST_ONCE);',
      'env.getCheckpointConfig().setCheckpointInterval(Duration.ofSeconds(20).toMillis());',
      'env.getCheckpointConfig().setCheckpointInterval(60 * 1000);',
      'env.enableCheckpointing();',
      'conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMinutes(1));',
      'env.getCheckpointConfig().setCheckpointingMode(CheckpointingMode.EXACTLY_ONCE);',
      'env.enableCheckpointing(TimeUnit.SECONDS.toMillis(5));',
      '// env.enableCheckpointing(1000);',
      '/* env.enableCheckpointing(2000);',
      '   env.enableCheckpointing(3000); */',
      'env.enableCheckpointing(interval);',
    ].join('\n');
    expect(readJobCode(code)).toEqual({
      flink: true,
      settings: [
        // Only the import names the environment: its line marks the file as the one that makes it.
        { key: 'StreamExecutionEnvironment', value: '', line: 1 },
        { key: 'enableCheckpointing', value: '30000', line: 2 },
        { key: 'enableCheckpointing mode', value: 'AT_LEAST_ONCE', line: 2 },
        { key: 'setCheckpointInterval', value: '20000', line: 3 },
        { key: 'setCheckpointInterval', value: '60000', line: 4 },
        // The deprecated no-argument form: StreamExecutionEnvironment sets 500 ms.
        { key: 'enableCheckpointing', value: '500', line: 5 },
        { key: 'CHECKPOINTING_INTERVAL', value: '60000', line: 6 },
        { key: 'setCheckpointingMode', value: 'EXACTLY_ONCE', line: 7 },
        { key: 'enableCheckpointing', value: '5000', line: 8 },
        { key: 'enableCheckpointing', value: 'interval', line: 12 },
      ],
    });
  });

  test('code that names no StreamExecutionEnvironment, TableEnvironment nor KafkaSink is no Flink job', () => {
    expect(readJobCode('public class Util { static int twice(int x) { return 2 * x; } }')).toEqual({
      flink: false,
      settings: [],
    });
  });
});

describe("verify with the job's code among the files", () => {
  test('enableCheckpointing in the code is the interval checked, from its file and line', async () => {
    const { code, report } = await verify(`${dir}/checkpointing`);
    expect(setting(report, 'execution.checkpointing.interval')).toMatchObject({
      value: '30000',
      from: `${dir}/checkpointing/Job.java:10`,
      why: "StreamExecutionEnvironment.enableCheckpointing(30000) in the job's code: checkpoints every 30000 ms",
    });
    expect(setting(report, 'execution.checkpointing.mode')).toMatchObject({ value: 'EXACTLY_ONCE' });
    expect(setting(report, 'restart-strategy.type')).toMatchObject({ value: 'exponential-delay' });
    // Only the delivery guarantee is left to code the files do not hold: no combination, no condition on it.
    expect(report.dependsOnCode).toEqual([
      {
        key: 'sink.delivery-guarantee',
        realDefault: 'none',
        verdicts: { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'holds' },
      },
    ]);
    expect(report.combinations).toBeUndefined();
    expect(report.conditions.map((c) => c.key)).not.toContain('checkpointing.enabled');
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates', 'no-loss']]);
  });

  test('no call in the code: no checkpoints, as Flink runs it, and no guarantee holds', async () => {
    const { code, report } = await verify(`${dir}/no-checkpointing`);
    expect(setting(report, 'checkpointing.enabled')).toMatchObject({
      value: 'false',
      source: 'real default',
      why:
        `Flink's default: no file sets execution.checkpointing.interval and the job's code ` +
        `(${dir}/no-checkpointing/Job.java) calls neither enableCheckpointing nor setCheckpointInterval`,
    });
    expect(setting(report, 'restart-strategy.type')).toMatchObject({ value: 'none', source: 'real default' });
    expect(report.notes).toContain(
      "neither a file nor the job's code sets a checkpoint interval (no enableCheckpointing, setCheckpointInterval): " +
        'Flink takes no checkpoints',
    );
    expect(report.dependsOnCode).toEqual([
      {
        key: 'sink.delivery-guarantee',
        realDefault: 'none',
        verdicts: { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'violated' },
      },
    ]);
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates']]);
  });

  test('an interval the code computes is refused, naming the call and what to give; --set gives it', async () => {
    const files = [`${dir}/computed/Job.java`, `${dir}/checkpointing/config.yaml`];
    const refused = await verify(...files);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `eoscheck: ${dir}/computed/Job.java:9: CheckpointConfig.setCheckpointInterval(interval): a value verify ` +
        'cannot read from the code (accepted: an integer literal of ms, a product of them, Duration.ofSeconds(N)); ' +
        'give it with --set execution.checkpointing.interval=MS\n',
    );
    const given = await verify(
      ...files,
      '--set',
      'execution.checkpointing.interval=10000',
      '--depth',
      '2',
      '--runs',
      '1',
      '--max-steps',
      '2',
    );
    expect(given.code).toBe(0);
    expect(setting(given.report, 'execution.checkpointing.interval')).toMatchObject({ value: '10000', from: '--set' });
    expect(given.report.ignoredDetail).toEqual([
      {
        file: `${dir}/computed/Job.java`,
        line: 9,
        key: 'setCheckpointInterval',
        why: 'CheckpointConfig.setCheckpointInterval(interval): --set gives execution.checkpointing.interval',
      },
    ]);
  });
});

describe('verify without the code: each guarantee crossed with checkpointing off and on', () => {
  test('a verdict per combination; it holds only with exactly-once and checkpoints', async () => {
    const { code, report } = await verify(`${dir}/checkpointing/config.yaml`);
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates']]);
    expect(report.combinations).toEqual([
      {
        values: { 'sink.delivery-guarantee': 'none', 'checkpointing.enabled': 'false' },
        verdict: 'violated',
        violated: ['no-duplicates'],
      },
      {
        values: { 'sink.delivery-guarantee': 'none', 'checkpointing.enabled': 'true' },
        verdict: 'violated',
        violated: ['no-duplicates', 'no-loss'],
      },
      {
        values: { 'sink.delivery-guarantee': 'at-least-once', 'checkpointing.enabled': 'false' },
        verdict: 'violated',
        violated: ['no-duplicates'],
      },
      {
        values: { 'sink.delivery-guarantee': 'at-least-once', 'checkpointing.enabled': 'true' },
        verdict: 'violated',
        violated: ['no-duplicates'],
      },
      {
        values: { 'sink.delivery-guarantee': 'exactly-once', 'checkpointing.enabled': 'false' },
        verdict: 'violated',
        violated: ['no-loss', 'no-hanging-transaction'],
      },
      {
        values: { 'sink.delivery-guarantee': 'exactly-once', 'checkpointing.enabled': 'true' },
        verdict: 'holds',
        violated: [],
      },
    ]);
    // Per key, a value holds only where it holds with every value of the other: none does.
    expect(report.dependsOnCode).toEqual([
      {
        key: 'sink.delivery-guarantee',
        realDefault: 'none',
        verdicts: { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'violated' },
      },
      { key: 'checkpointing.enabled', realDefault: 'false', verdicts: { false: 'violated', true: 'violated' } },
    ]);
    expect(report.conditions.map((c) => c.key)).not.toContain('checkpointing.enabled');
    expect(report.notes).toContain(
      "no file sets execution.checkpointing.interval and the job's code is not here: checked without checkpoints " +
        "(Flink's default) and with them (give the code's interval with --set execution.checkpointing.interval=MS, " +
        'or the code file)',
    );
  });

  test("the code's interval given with --set: checkpointing is no longer the code's to decide", () => {
    const r = verifyFiles(
      [{ path: 'config.yaml', text: 'high-availability.type: kubernetes\n' }],
      [['execution.checkpointing.interval', '30000']],
      keysOf,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.unstated.filter((u) => u.kind === 'code').map((u) => u.key)).toEqual(['sink.delivery-guarantee']);
    expect(Object.fromEntries(r.value.pairs)).toMatchObject({ 'execution.checkpointing.interval': '30000' });
    expect(r.value.pairs.some(([k]) => k === 'checkpointing.enabled' || k === 'restart-strategy.type')).toBe(false);
  });

  test('the text says which combination holds, and how to state what the code sets', async () => {
    const r = await cli('verify', `${dir}/checkpointing/config.yaml`, '--quiet');
    expect(r.stdout.split('\n').slice(1)).toEqual([
      '  holds only if your code sets sink.delivery-guarantee=exactly-once and checkpointing.enabled=true:',
      '    sink.delivery-guarantee=none, checkpointing.enabled=false (the real defaults): violated (no-duplicates)',
      '    sink.delivery-guarantee=none, checkpointing.enabled=true: violated (no-duplicates, no-loss)',
      '    sink.delivery-guarantee=at-least-once, checkpointing.enabled=false: violated (no-duplicates)',
      '    sink.delivery-guarantee=at-least-once, checkpointing.enabled=true: violated (no-duplicates)',
      '    sink.delivery-guarantee=exactly-once, checkpointing.enabled=false: violated (no-loss, ' +
        'no-hanging-transaction)',
      '    sink.delivery-guarantee=exactly-once, checkpointing.enabled=true: holds',
      '  --set sink.delivery-guarantee=VALUE, --set execution.checkpointing.interval=MS ' +
        '(or checkpointing.enabled=false) state what your code sets',
      '',
    ]);
  });
});
