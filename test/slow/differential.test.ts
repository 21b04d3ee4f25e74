/** The differential test of the fast path against plain `step` at full scale: every config of every model. */
import { differentialSuite } from '../helpers/differential.js';

differentialSuite({ walks: 40, bfs: 1500, drainWalks: 15, drainBfs: 300, searchStates: 6000, configs: 100 });
