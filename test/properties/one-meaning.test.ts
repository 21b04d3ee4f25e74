/**
 * Why this test? With isolation.level=read_uncommitted the flink-kafka reader once returned a
 * record of an aborted transaction while its `no-aborted-read` stayed silent, and kafka-streams
 * judged its changelog too. An invariant's name means one check in every model that lists it:
 * `no-aborted-read` reads the judged output topic at the configured isolation.level.
 */
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../catalog/entry.js';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { check, exhaustive, only } from '../helpers/check.js';

function suite<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>): void {
  const judged = only(e, 'no-aborted-read');
  test(`${e.model.name}: read_uncommitted returns an aborted record`, () => {
    const r = check(judged, ['isolation.level=read_uncommitted'], exhaustive(24, 20_000));
    expect(r.violations[0]!.message).toMatch(
      /^a read_uncommitted reader returns v\d+ at out-\d+ offset \d+, a record of an aborted transaction$/,
    );
  });
  test(`${e.model.name}: read_committed never does (same bound)`, () => {
    const r = check(judged, ['isolation.level=read_committed'], exhaustive(24, 20_000));
    expect(r.violations).toEqual([]);
  });
}

describe('no-aborted-read judges the configured reader of the output topic, in every model', () => {
  for (const name of ['kafka-txn', 'consume-transform-produce', 'kafka-streams', 'flink-kafka'])
    catalog.get(name)!.open(suite);
});
