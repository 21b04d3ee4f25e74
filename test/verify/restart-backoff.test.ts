/**
 * Flink's exponential-delay restarts (the default of a checkpointing job) wait up to max-backoff with its jitter
 * once the job failed often enough in a row: verify checks a Flink job at its first delay and at that longest one,
 * and answers the weaker. A KafkaSink whose transactions time out sooner than the job comes back loses the
 * pre-committed transactions; fixed-delay restarts, and a small max-backoff, do not reach it.
 */
import { describe, expect, test } from 'vitest';
import { longestRestart } from '../../verify/backoff.js';
import type { Placed } from '../../verify/pipeline.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/restart-backoff';
const flinkPart = (settings: [string, string][]): Placed => ({
  file: 'config.yaml',
  kind: 'flink-job',
  role: 'Flink job',
  detail: 'config.yaml',
  settings: settings.map(([key, value], i) => ({ key, value, line: i + 1 })),
  skipped: [],
  topic: null,
  jobs: null,
  why: null,
});

describe('longestRestart: the longest delay exponential-delay reaches', () => {
  test("Flink's defaults: max-backoff 1 min with 10% jitter; the file's keys only where the strategy is set", () => {
    const part = flinkPart([['restart-strategy.exponential-delay.max-backoff', '10 s']]);
    expect(longestRestart([part], 1000, false)?.ms).toBe(66_000);
    expect(longestRestart([part], 1000, true)?.ms).toBe(11_000);
  });

  test('a multiplier of 1 keeps the first delay, the jitter aside; no jitter and no growth: nothing longer', () => {
    const flat = (jitter: string) =>
      flinkPart([
        ['restart-strategy.exponential-delay.backoff-multiplier', '1.0'],
        ['restart-strategy.exponential-delay.jitter-factor', jitter],
      ]);
    expect(longestRestart([flat('0.1')], 2000, true)?.ms).toBe(2200);
    expect(longestRestart([flat('0')], 2000, true)).toBeNull();
  });
});

describe('verify checks a Flink job at its longest restart too', () => {
  test('fixed-delay restarts wait their own delay: no second check', async () => {
    const { code, report } = await verifyJson(`${dir}/fixed-delay`);
    expect(code).toBe(0);
    expect(settingOf(report, 'restart.delay.ms')).toMatchObject({ value: '1000', how: 'set' });
    expect(report.notes.some((n) => n.startsWith('restart.delay.ms='))).toBe(false);
  });

  test('--set restart.delay.ms gives the delay checked: no second check', async () => {
    const { code, report } = await verifyJson(`${dir}/short-timeout`, '--set', 'restart.delay.ms=2000');
    expect(code).toBe(0);
    expect(report.notes.some((n) => n.startsWith('restart.delay.ms='))).toBe(false);
  });
});
