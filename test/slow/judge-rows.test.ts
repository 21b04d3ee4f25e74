/**
 * A search with a judge thread reports what the search alone reports, on the rows the fast suite's
 * `test/check/engine/judges.test.ts` leaves here: every model that decodes its words, safe and unsafe, with symmetry.
 */
import { describe } from 'vitest';
import { JUDGE_ROWS, judgedAsAlone } from '../helpers/judge-rows.js';

describe('a search with a judge thread reports what the search alone reports, the deeper rows', () => {
  judgedAsAlone(JUDGE_ROWS.filter((r) => !r.fast));
});
