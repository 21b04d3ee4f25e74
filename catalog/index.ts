/**
 * The catalog: every model eoscheck knows, one line each, in listing order. The command line, the
 * worker threads, the main job and the tests all read it.
 */

import { ctpEntry, kafkaStreamsEntry } from './apps.js';
import { type Catalog, listed, makeCatalog } from './entry.js';
import { flinkKafkaEntry } from './flink-kafka.js';
import { kafkaTxnEntry } from './kafka-txn.js';
import { mirrorMaker2Entry } from './mirror-maker-2.js';
import { twoPhaseCommitEntry } from './two-phase-commit.js';

/** Every model. */
export const catalog: Catalog = makeCatalog([
  listed(kafkaTxnEntry),
  listed(ctpEntry),
  listed(kafkaStreamsEntry),
  listed(flinkKafkaEntry),
  listed(twoPhaseCommitEntry),
  listed(mirrorMaker2Entry),
]);
