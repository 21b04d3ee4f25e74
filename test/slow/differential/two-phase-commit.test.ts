/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * every config of two-phase-commit.
 */
import { differentialSuite, tierScale } from '../../helpers/differential.js';

differentialSuite(tierScale, ['two-phase-commit']);
