/**
 * A restart strategy's keys are read only under the strategy Flink runs. With no restart-strategy.type anywhere,
 * Flink's default strategy reads none of them (RestartBackoffTimeStrategyFactoryLoader
 * .getDefaultRestartStrategyFactory: no restarts without checkpointing, exponential-delay at its options' default
 * values with them): they change nothing in the check and are listed as not read, with why. A type given in a
 * file or with --set reads its own keys.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { type Verified, verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const SQL =
  "CREATE TABLE i (a INT) WITH ('connector' = 'kafka', 'topic' = 'i', 'scan.startup.mode' = 'earliest-offset');\n" +
  "CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'topic' = 'o', 'sink.delivery-guarantee' = 'none');\n" +
  'INSERT INTO o SELECT a FROM i;\n';

const STRATEGY_KEYS =
  'restart-strategy:\n  exponential-delay:\n    attempts-before-reset-backoff: 3\n    initial-backoff: 5 s\n' +
  '  fixed-delay:\n    attempts: 2\n    delay: 10 s\n';

function verified(config: string, set: [string, string][] = []): Verified {
  const r = verifyFiles(
    [
      { path: 'config.yaml', text: config },
      { path: 'job.sql', text: SQL },
    ],
    set,
    keysOf,
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const ignored = (v: Verified) => v.ignored.map((i) => [i.key, i.why]);
const winners = (v: Verified) => Object.fromEntries(v.winners.map((w) => [w.key, w.text]));

const NONE =
  'restart-strategy.type resolves to none: no restarts without checkpointing (RestartBackoffTimeStrategyFactoryLoader)';
const DEFAULT =
  "restart-strategy.type is not set: a checkpointing job restarts with Flink's default, exponential-delay at the " +
  "options' own defaults from 1.19 (fixed-delay, Integer.MAX_VALUE attempts 1 s apart, before), not this key " +
  '(RestartBackoffTimeStrategyFactoryLoader)';

describe("a restart strategy's keys under the strategy Flink runs", () => {
  test('no type, no checkpoints: every strategy key is not read, and the check is the one without them', () => {
    const v = verified(STRATEGY_KEYS);
    expect(ignored(v)).toEqual([
      ['restart-strategy.exponential-delay.attempts-before-reset-backoff', NONE],
      ['restart-strategy.exponential-delay.initial-backoff', NONE],
      ['restart-strategy.fixed-delay.attempts', NONE],
      ['restart-strategy.fixed-delay.delay', NONE],
    ]);
    expect(v.pairs).toEqual(verified('web.port: 8081\n').pairs);
    expect(v.pairs).toContainEqual(['restart-strategy.type', 'none']);
    expect(v.notes.some((n) => n.startsWith('restart-strategy.type=none can give up'))).toBe(true);
  });

  test('no type, checkpointing: the default exponential-delay takes its own defaults, not these keys', () => {
    const interval = 'execution.checkpointing.interval: 10 s\n';
    const v = verified(interval + STRATEGY_KEYS);
    expect(ignored(v).map(([, why]) => why)).toEqual([DEFAULT, DEFAULT, DEFAULT, DEFAULT]);
    expect(v.pairs).toEqual(verified(interval).pairs);
    // Unbounded attempts, as Flink's default: it never gives up, so no note on resubmitting.
    expect(v.notes.some((n) => n.includes('can give up'))).toBe(false);
    // The same with the interval given with --set.
    const given = verified(STRATEGY_KEYS, [['execution.checkpointing.interval', '10000']]);
    expect(ignored(given).map(([, why]) => why)).toEqual([DEFAULT, DEFAULT, DEFAULT, DEFAULT]);
  });

  test('type exponential-delay: its keys are read, the others not', () => {
    const v = verified(
      `execution.checkpointing.interval: 10 s\nrestart-strategy.type: exponential-delay\n${STRATEGY_KEYS}`,
    );
    expect(winners(v)).toMatchObject({
      'restart-strategy.exponential-delay.attempts-before-reset-backoff': '3',
      'restart.delay.ms': '5000',
    });
    const other = "read only under restart-strategy.type=fixed-delay; this job's is exponential-delay";
    expect(ignored(v)).toEqual([
      ['restart-strategy.fixed-delay.attempts', other],
      ['restart-strategy.fixed-delay.delay', other],
    ]);
  });

  test('type fixed-delay, in a file or with --set, without checkpoints: its keys are read, the others not', () => {
    const other = "read only under restart-strategy.type=exponential-delay; this job's is fixed-delay";
    for (const v of [
      verified(`restart-strategy.type: fixed-delay\n${STRATEGY_KEYS}`),
      verified(STRATEGY_KEYS, [['restart-strategy.type', 'fixed-delay']]),
    ]) {
      expect(winners(v)).toMatchObject({ 'restart-strategy.fixed-delay.attempts': '2', 'restart.delay.ms': '10000' });
      expect(ignored(v)).toEqual([
        ['restart-strategy.exponential-delay.attempts-before-reset-backoff', other],
        ['restart-strategy.exponential-delay.initial-backoff', other],
      ]);
    }
  });

  test('the answer lists the keys as not read, with why', async () => {
    const r = await cli(
      'verify',
      'test/fixtures/verify/restart-keys-no-checkpoints',
      '--depth',
      '2',
      '--runs',
      '1',
      '--max-steps',
      '2',
      '--json',
    );
    const j = JSON.parse(r.stdout) as {
      ignored: string[];
      ignoredDetail: { key: string; why: string }[];
      settings: { key: string; value: string; source: string }[];
    };
    expect(j.ignored).toEqual([
      'restart-strategy.exponential-delay.attempts-before-reset-backoff',
      'restart-strategy.exponential-delay.initial-backoff',
    ]);
    expect(j.ignoredDetail.map((i) => i.why)).toEqual([NONE, NONE]);
    expect(j.settings.find((s) => s.key === 'restart-strategy.type')).toMatchObject({
      value: 'none',
      source: 'real default',
    });
    expect(j.settings.find((s) => s.key === 'restart.delay.ms')).toMatchObject({ value: '1000', from: null });
  });
});
