/**
 * A Flink job whose code enables checkpoints only under a condition (`if (params.has("checkpointing"))`): the code
 * decides at run time, so the job is checked without checkpoints (Flink's default when the condition is not met,
 * with no restarts) and with them at the code's interval; the exit code is the run without them.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { underCondition, withoutComments } from '../../verify/files/code-text.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

/** Whether the first `enableCheckpointing` call in `code` is read as made under a condition. */
const conditional = (code: string): boolean => {
  const text = withoutComments(code);
  return underCondition(text, text.indexOf('.enableCheckpointing'));
};

describe('underCondition: a call the program makes only sometimes', () => {
  test('under an if, a braceless if, an else, or a block nested in an if', () => {
    expect(
      [
        'if (params.has("checkpointing")) {\n  env.enableCheckpointing(1000);\n}',
        'if (enabled) env.enableCheckpointing(1000);',
        'if (a) { x(); } else { env.enableCheckpointing(1000); }',
        'if (a) { try { env.enableCheckpointing(1000); } finally { y(); } }',
      ].map(conditional),
    ).toEqual([true, true, true, true]);
  });

  test('straight-line code, a block after a closed if, a lambda and a loop are not conditions', () => {
    expect(
      [
        'env.setParallelism(1);\nenv.enableCheckpointing(1000);',
        'if (a) { x(); }\nenv.enableCheckpointing(1000);',
        'Runnable r = () -> { env.enableCheckpointing(1000); };',
        'for (int i = 0; i < 1; i++) { env.enableCheckpointing(1000); }',
        '// if (a)\nenv.enableCheckpointing(1000);',
      ].map(conditional),
    ).toEqual([false, false, false, false, false]);
  });
});

describe('verify checks a conditional checkpoint interval both ways', () => {
  const code = (call: string) =>
    [
      'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
      call,
      'KafkaSink.<String>builder().setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)',
      '  .setTransactionalIdPrefix("orders").setProperty("transaction.timeout.ms", "600000").build();',
    ].join('\n');

  test('the code decides checkpointing.enabled: off (no restarts) by default, on at its own interval', () => {
    const r = verifyFiles([{ path: 'Job.java', text: code('if (on) env.enableCheckpointing(5000);') }], [], keysOf);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.unstated.filter((u) => u.kind === 'code')).toEqual([
      {
        kind: 'code',
        key: 'checkpointing.enabled',
        realDefault: 'false',
        values: ['false', 'true'],
        with: { true: [['restart-strategy.type', 'exponential-delay']] },
        why:
          "the job's code enables checkpoints only under a condition (Job.java:2): checked without them (Flink's " +
          'default when it is not met) and with them, every 5000 ms',
      },
    ]);
    expect(Object.fromEntries(r.value.pairs)).toMatchObject({
      'checkpointing.enabled': 'false',
      'execution.checkpointing.interval': '5000',
      'restart-strategy.type': 'none',
    });
  });

  test('an unconditional call, or --set, states checkpointing: nothing is left to the code', () => {
    const plain = verifyFiles([{ path: 'Job.java', text: code('env.enableCheckpointing(5000);') }], [], keysOf);
    const given = verifyFiles(
      [{ path: 'Job.java', text: code('if (on) env.enableCheckpointing(5000);') }],
      [['execution.checkpointing.interval', '5000']],
      keysOf,
    );
    for (const r of [plain, given]) {
      if (!r.ok) throw new Error(r.error);
      expect(r.value.unstated.filter((u) => u.kind === 'code')).toEqual([]);
      expect(r.value.pairs.some(([k, v]) => k === 'restart-strategy.type' && v === 'none')).toBe(false);
    }
  });

  test('an exactly-once sink holds with checkpoints, not without: the exit code is the run without', async () => {
    const r = await cli('verify', 'test/fixtures/verify/job-code/conditional/Job.java', '--json');
    const report = JSON.parse(r.stdout) as { dependsOnCode: unknown[] };
    expect([r.code, report.dependsOnCode]).toEqual([
      1,
      [{ key: 'checkpointing.enabled', realDefault: 'false', verdicts: { false: 'violated', true: 'holds' } }],
    ]);
  });
});
