/**
 * verify checks a Flink job at exponential-delay's longest restart too (verify/backoff.ts): a KafkaSink whose
 * transactions time out within a minute loses its pre-committed transactions when the job comes back 66 s later; a
 * 15-minute timeout outlives it, and a 10 s max-backoff set with the strategy does not reach it. The quick cases are
 * in test/verify/restart-backoff.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { verifyJson } from '../../verify/answer.js';

const dir = 'test/fixtures/verify/restart-backoff';

describe('verify checks a Flink job at its longest restart too', () => {
  test('a one-minute transaction timeout: pre-committed transactions are aborted before a 66 s restart', async () => {
    const { code, report } = await verifyJson(`${dir}/short-timeout`);
    expect(code).toBe(1);
    expect(report.violations.map((v) => v.invariant).sort()).toEqual(['no-hanging-transaction', 'no-loss']);
    expect(report.notes.find((n) => n.startsWith('restart.delay.ms=66000'))).toMatch(
      /the answer is this one's \(at its first delay every guarantee holds\)$/,
    );
  });

  test('a 15-minute transaction timeout outlives the longest restart', async () => {
    const { code, report } = await verifyJson(`${dir}/long-timeout`);
    expect(code).toBe(0);
    expect(report.notes.find((n) => n.startsWith('restart.delay.ms=66000'))).toMatch(
      /there too every guarantee holds$/,
    );
  });

  test('a max-backoff of 10 s set with the strategy: checked at 11 s, within the timeout', async () => {
    const { code, report } = await verifyJson(`${dir}/small-max-backoff`);
    expect(code).toBe(0);
    expect(report.notes.find((n) => n.startsWith('restart.delay.ms=11000'))).toContain('config.yaml:2');
  });
});
