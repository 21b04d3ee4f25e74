/** Every scripted scenario, in listing order. */
import { checkpointAlignment } from './checkpoint-alignment.js';
import { consumerLoop } from './consumer-loop.js';
import { flinkKafkaCrash } from './flink-kafka-crash.js';
import { lsoBlocking } from './lso-blocking.js';
import type { Scenario } from './scenario.js';
import { txnLog } from './txn-log.js';
import { zombieFencing } from './zombie-fencing.js';

export type { Scenario } from './scenario.js';

/** The scenarios by name. */
export const scenarios: readonly Scenario[] = [txnLog as unknown as Scenario, zombieFencing as unknown as Scenario, lsoBlocking as unknown as Scenario, consumerLoop as unknown as Scenario, flinkKafkaCrash as unknown as Scenario, checkpointAlignment as unknown as Scenario];
