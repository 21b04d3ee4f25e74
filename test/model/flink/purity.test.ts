/**
 * `step` is pure over frozen states, `enabled` only lists actions `step` can take, and the fast
 * path (clone + the same rules on a plain copy) reaches the state `step` reaches, key for key.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { flinkCfg, model } from './helpers.js';

const configs = [
  [],
  ['job.inputs=2', 'execution.checkpointing.mode=AT_LEAST_ONCE'],
  ['sink.delivery-guarantee=at-least-once', 'faults.jobmanager=1', 'high-availability.type=none'],
  // transaction.version=1 on 4.1: with partition verification (KIP-890 part 1); 3.5: without it.
  ['transaction.timeout.ms=1500', 'transaction.version=1', 'partitions=2'],
  ['transaction.timeout.ms=1500', 'kafka.version=3.5', 'partitions=2'],
  // The cluster faults every Kafka model shares: coordinator moves and stale markers, forgotten producers and ids.
  ['faults.coordinator-failover=1', 'faults.producer-state-loss=true', 'partitions=2'],
];

describe('purity (seed 7)', () => {
  for (const pairs of configs) {
    test(`random walks at ${pairs.join(' ') || 'defaults'}: frozen states, unchanged inputs, fast path equal`, () => {
      const fast = model.fast;
      fc.assert(
        fc.property(fc.array(fc.nat({ max: 99 }), { maxLength: 40 }), (picks) => {
          let s = model.init(flinkCfg(...pairs));
          for (const p of picks) {
            const acts = model.enabled(s);
            if (acts.length === 0) break;
            const a = acts[p % acts.length]!;
            const before = model.key(s);
            const next = model.step(s, a);
            expect(model.key(s)).toBe(before);
            expect(Object.isFrozen(next) && Object.isFrozen(next.kafka.partitions)).toBe(true);
            const plain = fast.clone(s);
            fast.apply(plain, a);
            expect(model.key(plain)).toBe(model.key(next));
            s = next;
          }
        }),
        { seed: 7, numRuns: 40 },
      );
    });
  }
  test('the same steps give the same key (determinism), and init is frozen', () => {
    const s = model.init(flinkCfg());
    expect(Object.isFrozen(s)).toBe(true);
    const a = model.enabled(s)[0]!;
    expect(model.key(model.step(s, a))).toBe(model.key(model.step(s, a)));
  });
});
