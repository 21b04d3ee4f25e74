/**
 * kafka-streams with `faults.producer-state-loss`, release by release (exhaustive, depth 16): the rows
 * `test/slow/properties/streams-checker.test.ts` and `test/slow/streams-state-loss.test.ts` share.
 *
 * faults.producer-state-loss (no crash, a zombie, exhaustive to depth 16). The zombie is paused inside its
 * transaction; its transaction is aborted (EOS v1: the new owner of task 0_0 initialises its transactional.id and
 * fences it; EOS v2: the coordinator times it out), the ABORT marker reaches changelog-0, and a day later (a week
 * before 3.4) the leader there expires producer 1; the zombie resumes and writes v2 there with the old epoch. 2.4
 * answers UNKNOWN_PRODUCER_ID; 2.5-3.5 accept a producer they have no state for (KAFKA-8710) and open a transaction
 * no coordinator knows: nothing ever ends it (KAFKA-12671, the hanging transaction); 3.6+ verify the write with the
 * coordinator first (KIP-890), which fences it. Why a zombie: this once ran one live instance, no zombie, and the loss
 * came right after the marker, while the instance was inside its transaction; a live member writes again long before
 * its leader could have gone a day without a word from it (ProducerStateManager.isProducerExpired).
 */
import { expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../catalog/apps.js';
import { streamsKeys } from '../../model/streams/config.js';
import { cfg, check, exhaustive, explored } from './check.js';

/** A release and guarantee whose zombie opens a hanging transaction: the trace's tail and length. */
export interface HangingRow {
  readonly version: string;
  readonly guarantee: string;
  readonly tail: readonly string[];
  readonly length: number;
  /** Run by the fast suite (the others by the slow one). */
  readonly fast?: true;
}

/** A release and guarantee whose whole bounded space holds. */
export interface HoldsRow {
  readonly version: string;
  readonly guarantee: string;
  readonly fast?: true;
}

const RESUME = ['Pause', 'InitProducerId', 'WriteTxnMarker', 'LoseProducerState', 'Resume'];

export const HANGING_ROWS: readonly HangingRow[] = [
  { version: '2.5', guarantee: 'exactly_once', tail: RESUME, length: 19, fast: true },
  { version: '2.7', guarantee: 'exactly_once', tail: RESUME, length: 20 },
  {
    version: '3.5',
    guarantee: 'exactly_once_v2',
    tail: ['Tick', 'ExpireTxn', 'WriteTxnMarker', 'Pause', 'LoseProducerState', 'Resume'],
    length: 22,
  },
];

export const HOLDS_ROWS: readonly HoldsRow[] = [
  { version: '2.4', guarantee: 'exactly_once' },
  { version: '3.6', guarantee: 'exactly_once', fast: true },
  { version: '3.9', guarantee: 'exactly_once_v2' },
  { version: '4.1', guarantee: 'exactly_once_v2' },
];

const lost = (version: string, g: string) =>
  cfg(
    streamsKeys,
    `processing.guarantee=${g}`,
    `kafka.version=${version}`,
    'faults.producer-state-loss=true',
    'faults.crashes=0',
  );
const ex = exhaustive(16, 400_000);

/** Each row's search to depth 16: the hanging transaction with its tail and length, or the space holding. */
export function stateLossByRelease(hanging: readonly HangingRow[], holds: readonly HoldsRow[]): void {
  for (const { version, guarantee: g, tail, length } of hanging)
    test(`${version}, ${g}: the zombie's write after its producer expired opens a transaction nothing ends`, () => {
      const r = check(kafkaStreamsEntry, lost(version, g), ex);
      expect(r.violations.map((v) => v.invariant)).toContain('no-hanging-transaction');
      const calls = explored(r.trace);
      expect(calls.slice(calls.indexOf(tail[0]!))).toEqual(tail);
      // The fewest steps among the traces the search compared before its bound for a shorter one.
      expect([r.trace!.length, r.shortest]).toEqual([length, false]);
    });
  for (const { version, guarantee: g } of holds)
    test(`${version}, ${g}: the whole bounded space holds`, () => {
      const r = check(kafkaStreamsEntry, lost(version, g), ex);
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
      expect(r.coverage['LoseProducerState']).toBeGreaterThan(0);
    });
}
