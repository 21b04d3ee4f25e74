/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * every config of kafka-txn.
 */
import { differentialSuite, tierScale } from '../../helpers/differential.js';

differentialSuite(tierScale, ['kafka-txn']);
