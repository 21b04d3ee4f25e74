/** The differential test of the fast path against plain `step` at full scale: every ctp config. */
import { differentialSuite, fullScale } from '../../helpers/differential.js';

differentialSuite(fullScale, ['consume-transform-produce']);
