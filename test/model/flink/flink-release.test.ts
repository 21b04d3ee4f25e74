/**
 * `flink-kafka` by Flink release: `flink.version`, by default the release `connector.version`'s build names, sets how
 * the CommitterOperator retries a committable (`flink.commit-retry`, FLINK-36455 from 1.19.2, 1.20.1 and 2.0.0), and
 * goes with the connector's line (3.x on Flink 1.x, 4.0 and later on 2.x).
 */
import { describe, expect, test } from 'vitest';
import { commitRetryOf, flinkRelease } from '../../../model/flink/flink-release.js';
import { flinkCfg, model, onToCheckpoint2, retriedCheckpoint1, stateAfter, types } from './helpers.js';

describe('flink.version', () => {
  test('each release retries as its CommitterOperator does; X.Y is the latest patch release of the line', () => {
    const retries = (v: string) => commitRetryOf(flinkRelease(v));
    const later = ['1.17', '1.17.2', '1.18', '1.18.1', '1.19.0', '1.19.1', '1.20.0'];
    const synchronous = ['1.19', '1.19.2', '1.19.3', '1.20', '1.20.1', '2.0', '2.0.0', '2.1', '2.1.0'];
    expect(later.map(retries)).toEqual(later.map(() => 'later'));
    expect(synchronous.map(retries)).toEqual(synchronous.map(() => 'synchronous'));
  });

  test("defaults to the release connector.version's build names, and sets flink.commit-retry", () => {
    const built = { '3.0': '1.17.0', '3.1': '1.17.0', '3.2': '1.18.0', '3.3': '1.19.1', '3.4': '1.20.0' } as const;
    for (const [connector, flink] of Object.entries(built))
      expect(flinkCfg(`connector.version=${connector}`)).toMatchObject({ flinkVersion: flink, commitRetry: 'later' });
    expect(flinkCfg()).toMatchObject({ connectorVersion: '5.0', flinkVersion: '2.1.0', commitRetry: 'synchronous' });
    expect(flinkCfg('connector.version=4.0')).toMatchObject({ flinkVersion: '2.0.0', commitRetry: 'synchronous' });
    expect(flinkCfg('connector.version=3.3', 'flink.version=1.20')).toMatchObject({ commitRetry: 'synchronous' });
    for (const c of [
      flinkCfg(),
      flinkCfg('connector.version=3.3'),
      flinkCfg('connector.version=3.3', 'flink.version=1.19'),
    ])
      expect(model.validate(c)).toBeNull();
  });

  test('a release of the other major line than the connector, or a retry the release does not do, is refused', () => {
    expect(model.validate(flinkCfg('flink.version=1.20'))).toBe(
      'flink.version=1.20 needs connector.version 3.0 to 3.4: connector.version=5.0 runs on Flink 2.x',
    );
    expect(model.validate(flinkCfg('connector.version=3.4', 'flink.version=2.0'))).toBe(
      'flink.version=2.0 needs connector.version 4.0 or 5.0: connector.version=3.4 runs on Flink 1.x',
    );
    expect(model.validate(flinkCfg('flink.commit-retry=later'))).toBe(
      'flink.commit-retry=later is not what Flink 2.1.0 does (FLINK-36455 retries synchronously from 1.19.2, ' +
        '1.20.1 and 2.0.0): accepted synchronous, or a flink.version that retries later (1.17, 1.18, 1.19.0, 1.19.1, ' +
        '1.20.0)',
    );
    expect(model.validate(flinkCfg('connector.version=3.4', 'flink.commit-retry=synchronous'))).toBe(
      'flink.commit-retry=synchronous is not what Flink 1.20.0 does (FLINK-36455 retries synchronously from 1.19.2, ' +
        '1.20.1 and 2.0.0): accepted later, or a flink.version that retries synchronously',
    );
  });

  test('the patch release decides the retry: 1.19.1 commits checkpoint 2 while 1 waits, 1.19.2 blocks the task', () => {
    const pairs = (flink: string) => ['connector.version=3.3', 'faults.commit-retries=1', `flink.version=${flink}`];
    const later = stateAfter(pairs('1.19.1'), ...retriedCheckpoint1, ...onToCheckpoint2);
    expect([later.now, model.enabled(later).filter((a) => a.type === 'Commit')]).toEqual([
      4000,
      [{ type: 'Commit', checkpoint: 2 }],
    ]);
    // 1.19.2 retries inside notifyCheckpointComplete: the task reads, processes and acknowledges nothing meanwhile.
    const sync = stateAfter(pairs('1.19.2'), ...retriedCheckpoint1);
    expect([sync.now, types(model.enabled(sync))]).toEqual([2000, ['Tick', 'Crash']]);
  });
});
