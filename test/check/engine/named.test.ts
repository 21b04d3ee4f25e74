/**
 * `checkAuto` (exported for library users) on more than one thread judges the invariants the caller checks, not
 * those its `named` lists: the workers build them by name from the catalog, so they get `c`'s names, and a property
 * of the caller's own, which no worker can build, keeps the check on one thread. Before, a handed search of
 * `acked-durable` alone with `invariants: null` reported the zombie's `txn-atomicity` violation the workers judged:
 * status violation, with a trace that violates nothing the caller asked.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { twoPhaseCommitEntry } from '../../../catalog/two-phase-commit.js';
import { checkAuto } from '../../../check/check.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import type { Outcome } from '../../../check/types/outcome.js';
import type { AnyAction } from '../../../model/core/model.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import type { Invariant } from '../../../properties/invariant.js';
import { cfg, record } from '../../helpers/check.js';

const zombie = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
const named = { model: 'kafka-txn', config: record(kafkaTxnKeys, ...zombie), invariants: null };
const init = () => kafkaTxnEntry.model.init(cfg(kafkaTxnKeys, ...zombie));
const opts = { mode: 'exhaustive', depth: 9, maxStates: 1_000_000 } as const;
// Handed to the workers at the end of level 2.
const early = { handOffStates: 10, handOffAhead: 1, afterMs: 60_000, judges: false };

function figures(o: Outcome<unknown, AnyAction>) {
  if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
  return [o.workers, o.status, o.found?.trace.length ?? null, o.found?.violations.map((v) => v.invariant) ?? []];
}

describe('checkAuto on workers judges the invariants the caller checks', () => {
  test('some of the model own: the workers judge those alone', async () => {
    const c = {
      model: kafkaTxnEntry.model,
      invariants: kafkaTxnEntry.invariants.filter((i) => i.name === 'acked-durable'),
    };
    expect(figures(exploreExhaustive(c, init(), opts)).slice(1)).toEqual(['ok', null, []]);
    expect(figures(await checkAuto(c, init(), named, opts, 2, early))).toEqual([2, 'ok', null, []]);
  });

  test('a property of the caller own: on one thread, found as one thread finds it', async () => {
    const paused: Invariant<KafkaTxnState> = {
      name: 'no-crash-after-pause' as Invariant<KafkaTxnState>['name'],
      meaning: 'no instance crashes once one was paused',
      when: 'every-step',
      check: (s) => (s.faults.crashes >= 1 && s.faults.pauses >= 1 ? 'a crash after a pause' : null),
    };
    const c = { model: kafkaTxnEntry.model, invariants: [...kafkaTxnEntry.invariants, paused] };
    const one = figures(exploreExhaustive(c, init(), opts));
    expect(figures(await checkAuto(c, init(), named, opts, 2, early))).toEqual(one);
    expect(one[0]).toBe(1);
  });
});

describe('checkAuto from a state the config does not build', () => {
  test('searches from it, on one thread (workers would start from the config initial state)', async () => {
    const { model } = twoPhaseCommitEntry;
    const c = { model, invariants: twoPhaseCommitEntry.invariants };
    const config = cfg(model.keys, 'rm.count=5');
    // One step in: the first RM prepared.
    const init = model.init(config);
    const start = model.step(init, model.enabled(init)[0]!);
    // Over state objects (`plain`): the packed search is never handed over.
    const all = { mode: 'exhaustive', depth: 100, maxStates: 1_000_000, plain: true } as const;
    const one = exploreExhaustive(c, start, all);
    const named2pc = { model: 'two-phase-commit', config: { 'rm.count': 5 }, invariants: null };
    // Asked at once, the estimate says the workers pay: they build the config's initial state, and the packed
    // search, which they started again, counted 1 state and no transition from it before this check.
    const r = await checkAuto(c, start, named2pc, all, 2, { afterMs: 0, payOffMs: 0 });
    if (one.mode !== 'exhaustive' || r.mode !== 'exhaustive') throw new Error('exhaustive outcomes');
    expect(one.distinct).toBeLessThan(8832);
    expect([r.workers, r.distinct, r.generated]).toEqual([1, one.distinct, one.generated]);
    // From the config's own initial state the same call does go to the workers.
    const fromInit = await checkAuto(c, init, named2pc, all, 2, { afterMs: 0, payOffMs: 0 });
    expect([fromInit.workers, fromInit.mode === 'exhaustive' && fromInit.distinct]).toEqual([2, 8832]);
  });
});
