/**
 * `mirror-maker-2` on every release line and the patch that matters (3.4.1): which translation,
 * what it does without a sync or at downstream offset 0, delayed syncs, and sync.group.offsets.enabled,
 * each as the release's own MirrorCheckpointTask / OffsetSyncStore / MirrorSourceTask does.
 */
import { describe, expect, test } from 'vitest';
import { mirrorMaker2Entry as entry } from '../../../catalog/mirror-maker-2.js';
import { checkMirrorMaker2, delayedSyncs, oldTranslation } from '../../../model/mirror-maker-2/config.js';
import { translate } from '../../../model/mirror-maker-2/sync.js';
import { cfg } from '../../helpers/check.js';

const at = (version: string, ...pairs: string[]) => cfg(entry.model.keys, `kafka.version=${version}`, ...pairs);

describe('MirrorMaker 2 by release', () => {
  // [release, extrapolating translation, no sync -> (upstream 3), sync (0, 0) read for upstream 0, delayed syncs]
  test.each([
    ['2.4', true, 3, null, false],
    ['2.6', true, 3, null, false],
    ['2.7', true, 3, 0, false],
    ['3.2', true, 3, 0, false],
    ['3.3', true, null, 0, false],
    ['3.4.0', true, null, 0, false],
    ['3.4.1', false, null, 0, false],
    ['3.4', false, null, 0, false],
    ['3.6.2', false, null, 0, false],
    ['3.7.0', false, null, 0, true],
    ['4.1', false, null, 0, true],
  ] as const)('%s', (version, old, noSync, zero, delayed) => {
    const c = at(version);
    expect([
      oldTranslation(c),
      translate(c, [], [], 3),
      translate(c, [{ u: 0, d: 0 }], [{ u: 0, d: 0 }], 0),
      delayedSyncs(c),
    ]).toEqual([old, noSync, zero, delayed]);
  });

  test('sync.group.offsets.enabled from 2.7 (KIP-545)', () => {
    expect(checkMirrorMaker2(at('2.6.3', 'sync.group.offsets.enabled=true'))).toBe(
      'sync.group.offsets.enabled=true needs kafka.version 2.7 or later (KIP-545); kafka.version=2.6.3 accepts ' +
        'sync.group.offsets.enabled=false',
    );
    expect(checkMirrorMaker2(at('2.7.0', 'sync.group.offsets.enabled=true'))).toBeNull();
  });
});
