/**
 * A KafkaSink whose code sets its delivery guarantee in a branch of an `if`: the job runs with the branch's guarantee
 * or with the one it has without it (the builder's DeliveryGuarantee.NONE, the code's call outside the branch, or the
 * else's), so both are checked and the answer names the condition's line; the exit code is the run without it.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { branchAt } from '../../verify/files/code-branch.js';
import { withoutComments } from '../../verify/files/code-text.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';
import { verifyJson } from './answer.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

/** The branch of the first `.sg(` call in `code`: the line of its `if` and its side. */
const branch = (code: string) => {
  const text = withoutComments(code);
  const b = branchAt(text, text.indexOf('.sg('));
  return b === null ? null : [text.slice(0, b.ifAt).split('\n').length, b.side];
};

describe('branchAt: the if a call hangs on', () => {
  test('a then-branch, braced or not; an else, braced or not, names its own if; else-if is the inner if', () => {
    expect(
      [
        'if (a) {\n  b.sg(1);\n}',
        'x();\nif (a) b.sg(1);',
        'if (a) {\n  x();\n} else {\n  b.sg(1);\n}',
        'if (a) x();\nelse b.sg(1);',
        'if (a) {\n  x();\n} else if (c) {\n  b.sg(1);\n}',
        'if (a) {\n  try { b.sg(1); } finally { y(); }\n}',
      ].map(branch),
    ).toEqual([
      [1, 'then'],
      [2, 'then'],
      [1, 'else'],
      [1, 'else'],
      [3, 'then'],
      [1, 'then'],
    ]);
  });

  test('straight-line code, a call after a closed if, a loop and a lambda hang on no if', () => {
    expect(
      [
        'b.sg(1);',
        'if (a) { x(); }\nb.sg(1);',
        'for (int i = 0; i < 1; i++) { b.sg(1); }',
        'Runnable r = () -> { b.sg(1); };',
      ].map(branch),
    ).toEqual([null, null, null, null]);
  });
});

describe('verify checks a guarantee set in a branch both ways', () => {
  const job = (...lines: string[]) => [
    {
      path: 'Job.java',
      text: [
        'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
        'env.enableCheckpointing(5000);',
        'KafkaSinkBuilder<String> b = KafkaSink.<String>builder().setTransactionalIdPrefix("orders")',
        '  .setProperty("transaction.timeout.ms", "600000");',
        ...lines,
      ].join('\n'),
    },
  ];
  const decided = (files: ReturnType<typeof job>, set: [string, string][] = []) => {
    const r = verifyFiles(files, set, keysOf);
    if (!r.ok) throw new Error(r.error);
    return r.value.unstated.filter((u) => u.key === 'sink.delivery-guarantee');
  };

  test("one branch: the builder's NONE without it, the branch's guarantee with it, naming the if's line", () => {
    expect(decided(job('if (exactly) {', '  b.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);', '}'))).toEqual([
      {
        kind: 'code',
        key: 'sink.delivery-guarantee',
        realDefault: 'none',
        values: ['none', 'exactly-once'],
        why:
          "the job's code sets the sink's delivery guarantee only under the condition at Job.java:5 " +
          '(setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE), line 6): checked without it (none: ' +
          "KafkaSinkBuilder's default) and with it",
      },
    ]);
  });

  test('a call outside the branch is the guarantee without it', () => {
    expect(
      decided(
        job(
          'b.setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE);',
          'if (exactly) b.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);',
        ),
      ),
    ).toMatchObject([
      {
        kind: 'code',
        realDefault: 'at-least-once',
        baseline: "the code's own without the branch",
        values: ['at-least-once', 'exactly-once'],
        why: expect.stringContaining(
          'checked without it (at-least-once: setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE), line 5)',
        ),
      },
    ]);
  });

  test("an if and its else: the else's guarantee and the branch's, never NONE", () => {
    expect(
      decided(
        job(
          'if (exactly) b.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);',
          'else b.setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE);',
        ),
      ),
    ).toEqual([
      {
        kind: 'code',
        key: 'sink.delivery-guarantee',
        realDefault: 'at-least-once',
        baseline: "the else branch's",
        values: ['at-least-once', 'exactly-once'],
        why:
          "the job's code sets the sink's delivery guarantee by the condition at Job.java:5: " +
          'setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE), line 5 when it holds, ' +
          'setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE), line 6 when not; checked at each',
      },
    ]);
  });

  test("a choice between two constants (Java's ternary, Scala's if) is an if and its else on the call's line", () => {
    const expected = {
      kind: 'code',
      key: 'sink.delivery-guarantee',
      realDefault: 'none',
      baseline: "the else branch's",
      values: ['none', 'exactly-once'],
      why:
        "the job's code sets the sink's delivery guarantee by the condition at Job.java:5: " +
        'setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE), line 5 when it holds, ' +
        'setDeliveryGuarantee(DeliveryGuarantee.NONE), line 5 when not; checked at each',
    };
    expect([
      decided(job('b.setDeliveryGuarantee(exactly ? DeliveryGuarantee.EXACTLY_ONCE : DeliveryGuarantee.NONE);')),
      decided(job('b.setDeliveryGuarantee(if (exactly) DeliveryGuarantee.EXACTLY_ONCE else DeliveryGuarantee.NONE)')),
    ]).toEqual([[expected], [expected]]);
  });

  test('an unconditional call, or --set, states the guarantee: nothing is left to the code', () => {
    const plain = job('b.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);');
    const branched = job('if (exactly) b.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);');
    expect([decided(plain), decided(branched, [['sink.delivery-guarantee', 'exactly-once']])]).toEqual([[], []]);
  });

  test('the answer: violated without the branch (none), holds with it; the exit code is the run without', async () => {
    const { code, report } = await verifyJson('test/fixtures/verify/job-code/guarantee-branch', '--depth', '12');
    expect([code, report.dependsOnCode]).toEqual([
      1,
      [
        {
          key: 'sink.delivery-guarantee',
          realDefault: 'none',
          verdicts: { none: 'violated', 'exactly-once': 'holds' },
        },
      ],
    ]);
  });

  test("an if and its else: the answer names the else branch's guarantee, never as a real default", async () => {
    const dir = 'test/fixtures/verify/job-code/guarantee-else';
    const r = await cli('verify', dir, '--quiet', '--depth', '12');
    expect([r.code, r.stdout.trim().split('\n')]).toEqual([
      1,
      [
        `eoscheck verify: ${dir}: flink-kafka: VIOLATION of no-duplicates at sink.delivery-guarantee=at-least-once ` +
          "(the else branch's) (on Kafka 4.1, the newest release modelled, on flink-connector-kafka 5.0, the newest " +
          "release modelled, on Flink 2.1.0, the release flink-connector-kafka 5.0's build names, for read_committed " +
          'readers of the output)',
        "  holds only if your code sets sink.delivery-guarantee=exactly-once (at-least-once (the else branch's): " +
          'violated; exactly-once: holds); --set sink.delivery-guarantee=VALUE states what your code sets',
      ],
    ]);
  });
});
