/** A judge thread beside the search on every unsafe row of the safeguard table, at the row's exhaustive depth. */
import { judgedRows, unsafeRows } from './row.js';

judgedRows('a judge thread beside the search reports what the search alone reports, on the unsafe rows', unsafeRows);
