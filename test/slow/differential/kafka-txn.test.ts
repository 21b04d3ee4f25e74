/** The differential test of the fast path against plain `step` at full scale: every config of kafka-txn. */
import { differentialSuite, fullScale } from '../../helpers/differential.js';

differentialSuite(fullScale, ['kafka-txn']);
