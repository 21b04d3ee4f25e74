/**
 * The differential test of the fast path against plain `step` (issue #8), every model, at a scale
 * that keeps `npm test` short: three configs a model. `npm run test:slow` runs every config at ten
 * times the states (test/slow/differential.test.ts).
 */
import { differentialSuite } from '../helpers/differential.js';

differentialSuite({ walks: 6, bfs: 300, drainWalks: 3, drainBfs: 60, searchStates: 1500, configs: 3 });
