/**
 * The restart strategy a Flink job's code sets (StreamExecutionEnvironment.setRestartStrategy with RestartStrategies,
 * Flink 1.x) is the job's restart-strategy.* keys, outranking the cluster's configuration as in Flink; a strategy the
 * code computes is refused unless --set gives restart-strategy.type.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { restartKeys } from '../../verify/files/code-restart.js';
import { verifyFiles } from '../../verify/verify.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

describe('restartKeys: RestartStrategies as configuration keys', () => {
  test('each strategy, its delays in ms from a long, Time and Duration', () => {
    expect(restartKeys('RestartStrategies.noRestart()')).toEqual([{ key: 'restart-strategy.type', value: 'none' }]);
    expect(restartKeys('RestartStrategies.fixedDelayRestart(3, Time.of(10, TimeUnit.SECONDS))')).toEqual([
      { key: 'restart-strategy.type', value: 'fixed-delay' },
      { key: 'restart-strategy.fixed-delay.attempts', value: '3' },
      { key: 'restart-strategy.fixed-delay.delay', value: '10000 ms' },
    ]);
    expect(restartKeys('RestartStrategies.failureRateRestart(2, Time.minutes(5), Duration.ofSeconds(20))')).toEqual([
      { key: 'restart-strategy.type', value: 'failure-rate' },
      { key: 'restart-strategy.failure-rate.max-failures-per-interval', value: '2' },
      { key: 'restart-strategy.failure-rate.failure-rate-interval', value: '300000 ms' },
      { key: 'restart-strategy.failure-rate.delay', value: '20000 ms' },
    ]);
    expect(restartKeys('RestartStrategies.fixedDelayRestart(attempts, 1000L)')).toBeNull();
    expect(restartKeys('strategyFor(args)')).toBeNull();
  });
});

describe("verify reads the restart strategy in a job's code", () => {
  const job = (call: string, config = '') => [
    {
      path: 'Job.java',
      text: `StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();\n${call}`,
    },
    ...(config === '' ? [] : [{ path: 'config.yaml', text: config }]),
  ];

  test("fixedDelayRestart outranks the cluster's exponential-delay: its attempts and delay are the job's", () => {
    const r = verifyFiles(
      job(
        'env.enableCheckpointing(5000);\nenv.setRestartStrategy(RestartStrategies.fixedDelayRestart(3, 10_000L));',
        'restart-strategy.type: exponential-delay\n',
      ),
      [],
      keysOf,
    );
    if (!r.ok) throw new Error(r.error);
    expect(Object.fromEntries(r.value.pairs)).toMatchObject({
      'restart-strategy.type': 'fixed-delay',
      'restart-strategy.fixed-delay.attempts': '3',
      'restart.delay.ms': '10000',
    });
  });

  test('a strategy the code computes is refused, naming the call; --set gives it', () => {
    const files = job('env.enableCheckpointing(5000);\nenv.setRestartStrategy(strategyFor(args));');
    expect(verifyFiles(files, [], keysOf)).toEqual({
      ok: false,
      error:
        'Job.java:3: setRestartStrategy(strategyFor(args)): a strategy verify cannot read from the code (accepted: ' +
        'RestartStrategies.noRestart(), fixedDelayRestart, failureRateRestart, exponentialDelayRestart with literal ' +
        'arguments); give it with --set restart-strategy.type=TYPE',
    });
    const given = verifyFiles(files, [['restart-strategy.type', 'none']], keysOf);
    if (!given.ok) throw new Error(given.error);
    expect(Object.fromEntries(given.value.pairs)).toMatchObject({ 'restart-strategy.type': 'none' });
  });
});
