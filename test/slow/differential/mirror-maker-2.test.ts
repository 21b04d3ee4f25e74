/** The differential test of the fast path against plain `step` at full scale: every config of mirror-maker-2. */
import { differentialSuite, fullScale } from '../../helpers/differential.js';

differentialSuite(fullScale, ['mirror-maker-2']);
