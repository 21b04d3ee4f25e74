/**
 * The allocation-light Kafka checks (properties/kafka/checks.ts, model/kafka/read.ts) against the
 * checks as first written (checks-reference.ts), on every state of random walks through kafka-txn
 * and consume-transform-produce with safeguards off, so that the violations they report (and their
 * words) occur and are compared too.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AnyAction } from '../../../model/core/model.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { ctpModel } from '../../../model/ctp/model.js';
import type { Cluster } from '../../../model/kafka/cluster.js';
import { fates, readPartition } from '../../../model/kafka/read.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { kafkaTxnModel } from '../../../model/kafka-txn/model.js';
import { abortedRead, splitFate, staleEpochEffect, type Told } from '../../../properties/kafka/checks.js';
import { cfg } from '../../helpers/check.js';
import {
  abortedReadReference,
  fatesReference,
  readPartitionReference,
  splitFateReference,
  staleEpochEffectReference,
} from './checks-reference.js';

const name = (id: number): string => `instance-${id}`;
const met = { stale: 0, split: 0, aborted: 0 };

function compare(k: Cluster, told: readonly Told[]): void {
  for (const p of k.partitions) {
    expect(fates(p)).toEqual(fatesReference(p));
    for (const level of ['read_committed', 'read_uncommitted'] as const)
      expect(readPartition(p, level)).toEqual(readPartitionReference(p, level));
  }
  const stale = staleEpochEffect(k);
  expect(stale).toBe(staleEpochEffectReference(k));
  const split = splitFate(k, told, name);
  expect(split).toBe(splitFateReference(k, told, name));
  for (const level of ['read_committed', 'read_uncommitted'] as const) {
    const aborted = abortedRead(k.partitions, level);
    expect(aborted).toBe(abortedReadReference(k.partitions, level));
    if (aborted) met.aborted += 1;
  }
  if (stale) met.stale += 1;
  if (split) met.split += 1;
}

/** Random walks of `steps` picks from `init`, comparing the checks on every state. */
function walks<S, A extends AnyAction>(
  model: { enabled(s: S): readonly A[]; step(s: S, a: A): S },
  init: () => S,
  view: (s: S) => { k: Cluster; told: readonly Told[] },
  seed: number,
): void {
  fc.assert(
    fc.property(fc.array(fc.nat(), { minLength: 10, maxLength: 60 }), (picks) => {
      let s = init();
      for (const pick of picks) {
        const acts = model.enabled(s);
        if (acts.length === 0) break;
        s = model.step(s, acts[pick % acts.length]!);
        const { k, told } = view(s);
        compare(k, told);
      }
    }),
    { seed, numRuns: 150 },
  );
}

describe('the Kafka checks agree with the checks as first written', () => {
  test('kafka-txn, safeguards off, faults on', () => {
    for (const pairs of [
      ['safeguard.epoch-fencing=false', 'transaction.version=1'],
      ['safeguard.epoch-bump-on-timeout=false', 'kafka.version=3.5', 'faults.network=true'],
      [
        'safeguard.coordinator-epoch-fencing=false',
        'faults.coordinator-failover=1',
        'isolation.level=read_uncommitted',
      ],
    ]) {
      walks(
        kafkaTxnModel,
        () => kafkaTxnModel.init(cfg(kafkaTxnKeys, ...pairs)),
        (s) => ({ k: s.kafka, told: s.outcomes }),
        7,
      );
    }
    expect(met.stale).toBeGreaterThan(0);
    expect(met.split).toBeGreaterThan(0);
    expect(met.aborted).toBeGreaterThan(0);
  });
  test('consume-transform-produce, generation fencing and stable offsets off', () => {
    walks(
      ctpModel,
      () =>
        ctpModel.init(
          cfg(
            ctpKeys,
            'safeguard.generation-fencing=false',
            'safeguard.require-stable-offsets=false',
            'faults.network=true',
          ),
        ),
      (s) => ({ k: s.kafka, told: s.outcomes }),
      8,
    );
  });
});
