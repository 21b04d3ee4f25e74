/**
 * The schema (`model/core/schema.ts`) of a client's produce requests in flight (model/kafka/inflight.ts): the fields
 * a model whose clients send that way adds to its client's struct.
 */
import { bool, int, list, optional, struct } from '../core/schema.js';
import type { InFlight, Unresolved } from './inflight.js';
import { produceRequest } from './schema.js';

/** `inflight`, `draining`, `unresolved`: each absent when there is none. */
export const inFlightFields = {
  inflight: optional(
    list(
      struct<InFlight>({
        request: int,
        req: produceRequest,
        offset: optional(int),
        leaderEpoch: optional(int),
        held: bool,
      }),
    ),
  ),
  draining: optional(bool),
  unresolved: optional(list(struct<Unresolved>({ partition: int, sequence: int }))),
};
