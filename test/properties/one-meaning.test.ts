/**
 * Why this test? Issue #8: with isolation.level=read_uncommitted the flink-kafka reader returned a
 * record of an aborted transaction while its `no-aborted-read` stayed silent, and kafka-streams
 * judged its changelog too. An invariant's name means one check in every model that lists it:
 * `no-aborted-read` reads the judged output topic at the configured isolation.level.
 */
import { describe, expect, test } from 'vitest';
import { resolveConfig } from '../../model/config.js';
import type { AnyAction } from '../../model/model.js';
import { checkModel } from '../../properties/check.js';
import { subjects } from '../../properties/registry.js';
import type { Subject } from '../../properties/subject.js';

const only = (s: Subject<unknown, AnyAction>, name: string): Subject<unknown, AnyAction> => ({ ...s, invariants: s.invariants.filter((i) => i.name === name) });

describe('no-aborted-read judges the configured reader of the output topic, in every model', () => {
  for (const model of ['kafka-txn', 'consume-transform-produce', 'kafka-streams', 'flink-kafka']) {
    const subject = subjects.get(model)!;
    const cfg = (level: string) => {
      const r = resolveConfig(subject.model.keys, [['isolation.level', level]], model);
      if (!r.ok) throw new Error(r.error);
      return r.config;
    };
    const search = { mode: 'exhaustive' as const, depth: 24, maxStates: 20_000 };
    test(`${model}: read_uncommitted returns an aborted record`, () => {
      const r = checkModel(only(subject, 'no-aborted-read'), cfg('read_uncommitted'), search);
      expect(r.violations[0]!.message).toMatch(/^a read_uncommitted reader returns v\d+ at out-\d+ offset \d+, a record of an aborted transaction$/);
    });
    test(`${model}: read_committed never does (same bound)`, () => {
      const r = checkModel(only(subject, 'no-aborted-read'), cfg('read_committed'), search);
      expect(r.violations).toEqual([]);
    });
  }
});
