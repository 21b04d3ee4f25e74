/**
 * A search on workers from the start reports the one-thread trace, on the rows the fast suite's
 * `test/check/engine/level-order.test.ts` leaves here: kafka-txn read_uncommitted and with symmetry, the app models
 * and flink-kafka.
 */
import { describe } from 'vitest';
import { ORDER_ROWS, workersFromStart } from '../helpers/level-order.js';

describe('a search on workers from the start reports the one-thread trace, the deeper rows', () => {
  workersFromStart(ORDER_ROWS.filter((r) => !r.fast));
});
