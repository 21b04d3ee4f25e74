/** The differential test of the fast path against plain `step` at full scale: every config of kafka-streams. */
import { differentialSuite, fullScale } from '../../helpers/differential.js';

differentialSuite(fullScale, ['kafka-streams']);
