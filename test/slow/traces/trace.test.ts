/**
 * The trace format: round trip (a property over real kafka-txn counterexamples) and one-line decode errors; replay's
 * refusals.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { replayTrace } from '../../../traces/replay.js';
import { decodeTrace, encodeTrace, makeTrace } from '../../../traces/trace.js';
import { check, random, record } from '../../helpers/check.js';

describe('eoscheck-trace version 1', () => {
  test('decode(encode(t)) equals t for counterexamples of every kind', () => {
    const offs = [
      ['safeguard.epoch-fencing=false'],
      ['isolation.level=read_uncommitted'],
      // safeguard.epoch-bump-on-timeout is a transaction.version=1 switch: a release before 4.0.
      ['kafka.version=3.5', 'safeguard.epoch-bump-on-timeout=false'],
      ['kafka.version=3.5'],
      ['transaction.version=1'],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(...offs), (seed, off) => {
        const pairs = [...off, 'faults.network=true'];
        const r = check(kafkaTxnEntry, pairs, random(300, seed, 30));
        if (!r.trace) return true;
        const t = makeTrace('kafka-txn', null, record(kafkaTxnKeys, ...pairs), r.seed, r.path, r.trace);
        const d = decodeTrace(encodeTrace(t));
        expect(d).toEqual({ ok: true, trace: t });
        return true;
      }),
      { numRuns: 12, seed: 1 },
    );
  });

  const bad: [string, string][] = [
    ['{', 'not JSON'],
    ['[]', 'not a JSON object'],
    ['{"format":"other"}', '"format" is "other", expected "eoscheck-trace"'],
    ['{"format":"eoscheck-trace","version":2}', '"version" is 2, this eoscheck reads version 1'],
    ['{"format":"eoscheck-trace","version":1,"model":3}', '"model" must be a string'],
    [
      '{"format":"eoscheck-trace","version":1,"model":"kafka-txn","config":{"a":[1]}}',
      '"config" must be an object of strings, numbers and booleans',
    ],
    ['{"format":"eoscheck-trace","version":1,"model":"kafka-txn","config":{},"steps":{}}', '"steps" must be an array'],
    [
      '{"format":"eoscheck-trace","version":1,"model":"kafka-txn","config":{},"steps":[{}]}',
      'steps[0] needs an "action" object',
    ],
    [
      '{"format":"eoscheck-trace","version":1,"model":"kafka-txn","config":{},"steps":[{"action":{"type":1}}]}',
      'steps[0].action needs a string "type" and primitive fields',
    ],
    [
      '{"format":"eoscheck-trace","version":1,"model":"kafka-txn","config":{},' +
        '"steps":[{"action":{"type":"Tick"},"phase":"later"}]}',
      'steps[0].phase is "later", accepted explore|drain|script',
    ],
  ];
  for (const [text, error] of bad) {
    test(`rejects ${text.slice(0, 50)}`, () => {
      const d = decodeTrace(text);
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.error.startsWith(error)).toBe(true);
    });
  }

  test('replay refuses a step that is not enabled, and a config key the model does not have', () => {
    const config = record(kafkaTxnKeys);
    const t = makeTrace('kafka-txn', null, config, null, null, [
      { action: { type: 'CommitTxn', instance: 1 }, phase: 'explore' },
    ]);
    expect(replayTrace(kafkaTxnEntry, t)).toEqual({
      ok: false,
      error:
        'step 1 ({"type":"CommitTxn","instance":1}) is not enabled in model kafka-txn at that point: ' +
        'the trace does not fit this model or config',
    });
    const t2 = { ...t, config: { ...config, 'no.such': 1 } };
    const r2 = replayTrace(kafkaTxnEntry, t2);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error).toMatch(/^unknown --set key 'no.such' for model kafka-txn/);
  });
});
