/** Kafka's own rules for a producer's idempotence and transactions, in Kafka's own words (ProducerConfig). */
import { describe, expect, test } from 'vitest';
import type { Setting } from '../../verify/files/entry.js';
import { producerMode } from '../../verify/kafka-rules.js';

const of = (pairs: Record<string, string>): Map<string, Setting> =>
  new Map(Object.entries(pairs).map(([key, value], i) => [key, { key, value, line: i + 1 }]));

describe('producerMode', () => {
  test('defaults: idempotent, not transactional', () => {
    expect(producerMode(of({}))).toEqual({
      ok: true,
      value: { idempotence: true, disabledBy: null, transactional: false, transactionTimeoutMs: 60000 },
    });
  });
  test('acks=1 or retries=0 turn an unset enable.idempotence off, without a word', () => {
    expect(producerMode(of({ acks: '1' }))).toMatchObject({
      ok: true,
      value: { idempotence: false, disabledBy: 'acks=1' },
    });
    expect(producerMode(of({ retries: '0' }))).toMatchObject({ ok: true, value: { disabledBy: 'retries=0' } });
    expect(producerMode(of({ acks: 'ALL' }))).toMatchObject({ ok: true, value: { idempotence: true } });
    expect(producerMode(of({ acks: '-1' }))).toMatchObject({ ok: true, value: { idempotence: true } });
  });
  test("Kafka's refusals, as its ConfigException says them", () => {
    const refusal = (pairs: Record<string, string>): string | null => {
      const r = producerMode(of(pairs));
      return r.ok ? null : r.error;
    };
    expect(refusal({ 'transactional.id': 't', 'enable.idempotence': 'false' })).toBe(
      'Cannot set a transactional.id without also enabling idempotence.',
    );
    expect(refusal({ 'transactional.id': 't', acks: '1' })).toBe(
      'Cannot set a transactional.id without also enabling idempotence.',
    );
    expect(refusal({ 'enable.idempotence': 'true', acks: '1' })).toBe(
      'Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence.',
    );
    expect(refusal({ 'enable.idempotence': 'true', retries: '0' })).toBe(
      'Must set retries to non-zero when using the idempotent producer.',
    );
    expect(refusal({ 'max.in.flight.requests.per.connection': '6' })).toBe(
      'To use the idempotent producer, max.in.flight.requests.per.connection must be set to at most 5. ' +
        'Current value is 6.',
    );
    expect(refusal({ 'enable.idempotence': 'yes' })).toBe(
      'Invalid value yes for configuration enable.idempotence: Expected value to be either true or false',
    );
    expect(refusal({ acks: '2' })).toBe('Invalid value 2 for configuration acks: String must be one of: all, -1, 0, 1');
    expect(refusal({ 'transaction.timeout.ms': '1m' })).toBe(
      'Invalid value 1m for configuration transaction.timeout.ms: Not a number of type INT',
    );
    expect(refusal({ 'transaction.two.phase.commit.enable': 'true', 'transaction.timeout.ms': '1000' })).toBe(
      'Cannot set transaction.timeout.ms when transaction.two.phase.commit.enable is set to true. Transactions will ' +
        'not expire with two-phase commit enabled.',
    );
  });
});
