/**
 * kafka-streams mid rolling upgrade from exactly_once to exactly_once_v2 (`upgrade.instances-on-v2=1`, two
 * instances) with every fault the mixed group meets: crashes (a crashed EOS v1 owner's open transaction, which the
 * EOS v2 owner never fences, ends only by transaction.timeout.ms), a zombie of either kind, and a coordinator move.
 * 2.8 holds in every state to depth 17 (3.9's EOS v1 zombie counterexample is 17 steps,
 * test/model/streams/upgrade.test.ts; the crash inside a commit the EOS v2 owner waits out, as Kafka's
 * EosV2UpgradeIntegrationTest has it, 12 before its timeout), 2.6 to depth 14. The slow suite searches 2.6; the deep
 * suite (`npm run test:deep`) 2.8 too.
 */
import { describe, expect, test } from 'vitest';
import { deepTest } from '../helpers/tier.js';
import { checkNamed } from './safeguards.js';

const mixed = (version: string, ...more: string[]) => [
  'processing.guarantee=exactly_once',
  `kafka.version=${version}`,
  'upgrade.instances-on-v2=1',
  ...more,
];

/** Distinct states of the mixed group with faults.crashes=2 and a coordinator move, by release and depth. */
const STATES: Record<string, { depth: number; distinct: number }> = {
  '2.8': { depth: 17, distinct: 2_724_686 },
  '2.6': { depth: 14, distinct: 354_077 },
};

describe('the mixed group at safe settings, every state to the depth of its traces', () => {
  for (const [version, { depth, distinct }] of Object.entries(STATES))
    (version === '2.6' ? test : deepTest)(
      `kafka.version=${version}: crashes, a zombie and a coordinator move: no violation to depth ${depth}`,
      () => {
        const r = checkNamed('kafka-streams', mixed(version, 'faults.crashes=2', 'faults.coordinator-failover=1'), {
          mode: 'exhaustive',
          depth,
          maxStates: 6_000_000,
        });
        expect(r.violations).toEqual([]);
        expect([r.bound, r.depthCompleted]).toEqual(['depth', depth]);
        expect(r.distinct).toBe(distinct);
        for (const fault of ['Crash', 'Pause', 'Resume', 'ExpireTxn', 'CoordinatorFailover'])
          expect(r.coverage[fault]).toBeGreaterThan(0);
      },
    );
});
