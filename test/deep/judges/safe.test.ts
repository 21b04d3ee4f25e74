/** A judge thread beside the search on every safe row of the safeguard table, at most at the model's default depth. */
import { judgedRows, safeRows } from './row.js';

judgedRows('a judge thread beside the search reports what the search alone reports, on the safe rows', safeRows);
