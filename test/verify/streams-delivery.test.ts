/**
 * A Streams application's producer.delivery.timeout.ms (or delivery.timeout.ms, which StreamsConfig also passes to
 * its producer: getClientPropsWithPrefix) is the kafka-streams model's delivery.timeout.ms. Under EOS Streams sets
 * it to Integer.MAX_VALUE (PRODUCER_EOS_OVERRIDES) unless the application sets its own, which Streams keeps (it is
 * not among NON_CONFIGURABLE_PRODUCER_EOS_CONFIGS). With the faults verify explores by default (no network faults)
 * the timeout decides nothing; with faults.network on Kafka 3.5 an expiring batch lands after its transaction ended.
 */
import { describe, expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

interface Answer {
  exit: number;
  model: string;
  violations: { invariant: string; message: string }[];
  settings: { key: string; value: string; source: string; why: string }[];
}

const f = (name: string): string => `test/fixtures/verify/streams-delivery/${name}.properties`;

async function verify(...args: string[]): Promise<{ code: number; answer: Answer }> {
  const r = await cli('verify', ...args, '--json');
  return { code: r.code, answer: JSON.parse(r.stdout) as Answer };
}

const timeout = (a: Answer) => a.settings.find((s) => s.key === 'delivery.timeout.ms');
const network = ['--set', 'faults.network=true', '--set', 'kafka.version=3.5'];

describe('verify reads a Streams application delivery.timeout.ms', () => {
  test('producer.delivery.timeout.ms=120000 is the model key, and holds under the default faults', async () => {
    const { code, answer } = await verify(f('prefixed'));
    expect(answer.model).toBe('kafka-streams');
    expect(timeout(answer)).toMatchObject({
      value: '120000',
      source: 'file',
      why: "producer.delivery.timeout.ms is the producer client's delivery.timeout.ms",
    });
    expect(answer.violations).toEqual([]);
    expect(code).toBe(0);
  });

  test('delivery.timeout.ms=120000, unprefixed, is the same key', async () => {
    const { code, answer } = await verify(f('bare'));
    expect(timeout(answer)).toMatchObject({ value: '120000', source: 'file', why: 'as written' });
    expect(answer.violations).toEqual([]);
    expect(code).toBe(0);
  });

  test('unset, it is Integer.MAX_VALUE, and holds under the default faults', async () => {
    const { code, answer } = await verify(f('unset'));
    expect(timeout(answer)).toMatchObject({ value: '2147483647', source: 'real default' });
    expect(answer.violations).toEqual([]);
    expect(code).toBe(0);
  });

  test('network faults on 3.5: at 120000 an expired batch lands in the next transaction (KAFKA-12671)', async () => {
    const { code, answer } = await verify(f('prefixed'), ...network);
    // The random runs (seed 1) also meet the late TxnOffsetCommit's violations of this release (offsets-atomic,
    // no-loss): the other test's, which the held produce does not need.
    expect(answer.violations.map((v) => v.invariant)).toEqual([
      'zombie-fenced',
      'txn-atomicity',
      'no-duplicates',
      'offsets-atomic',
      'no-loss',
    ]);
    expect(answer.violations[0]!.message).toBe(
      'out-0 offset 1: v1 written with stale epoch 0 is committed by the transaction of epoch 1',
    );
    expect(code).toBe(1);
  });

  test('network faults on 3.5, no timeout set: no batch expires, the late offset commit is left', async () => {
    const { code, answer } = await verify(f('unset'), ...network);
    // A TxnOffsetCommit delayed past its ABORT is written after the marker (no TxnOffsetCommit verification before
    // 3.7, KAFKA-15784): the input offsets move on without the output, not the held produce. One held from a
    // committed transaction that lands in the next, aborted one is aborted with it (txn-atomicity).
    expect(answer.violations.map((v) => v.invariant)).toEqual(['txn-atomicity', 'no-loss']);
    expect(code).toBe(1);
  });
});
