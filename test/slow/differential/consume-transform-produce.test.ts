/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * every ctp config.
 */
import { differentialSuite, tierScale } from '../../helpers/differential.js';

differentialSuite(tierScale, ['consume-transform-produce']);
