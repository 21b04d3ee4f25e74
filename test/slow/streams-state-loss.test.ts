/**
 * kafka-streams with `faults.producer-state-loss` on the releases the fast suite's
 * `test/slow/properties/streams-checker.test.ts` leaves here (2.4, 2.7, 3.5, 3.9, 4.1), each searched to depth 16.
 */
import { describe } from 'vitest';
import { HANGING_ROWS, HOLDS_ROWS, stateLossByRelease } from '../helpers/streams-state-loss.js';

describe('faults.producer-state-loss by release (exhaustive, depth 16), the other releases', () => {
  stateLossByRelease(
    HANGING_ROWS.filter((r) => !r.fast),
    HOLDS_ROWS.filter((r) => !r.fast),
  );
});
