/** The differential test of the fast path against plain `step` at full scale: every config of two-phase-commit. */
import { differentialSuite, fullScale } from '../../helpers/differential.js';

differentialSuite(fullScale, ['two-phase-commit']);
