/**
 * The deep copy the fast path starts from (`cloneState`, a copier per shape): every kind of value is
 * copied as it is, field order included; static parts (config, rules) are the original's own objects,
 * everything else new and writable even when the original is frozen; odd field names (`__proto__` as an
 * own field, quotes, numbers) are copied as fields. (The differential suite copies every model's states.)
 */
import { describe, expect, test } from 'vitest';
import { cloneState } from '../../../model/core/plain.js';

describe('cloneState', () => {
  test('values of every kind, in the same field order; shapes met again use the same copier', () => {
    const value = {
      n: [0, -1, 2.5, Number.NaN],
      s: ['', 'x'],
      b: [true, false, null],
      absent: undefined,
      nested: [[], [[{}]], { a: { b: [1, { c: 'd' }] } }, { a: { b: [2] } }],
    };
    const copy = cloneState(value);
    expect(copy).toStrictEqual(value);
    expect(copy).not.toBe(value);
    expect(Object.keys(copy)).toEqual(Object.keys(value));
    expect(copy.nested[2]).not.toBe(value.nested[2]);
    expect(cloneState(copy)).toStrictEqual(value);
  });
  test('config and rules are shared at any depth, the rest copied and writable though the original is frozen', () => {
    const config = Object.freeze({ producers: 2 });
    const rules = Object.freeze({ verification: true });
    const state = Object.freeze({
      config,
      kafka: Object.freeze({ rules, logs: Object.freeze([Object.freeze([1, 2])]) }),
    });
    const copy = cloneState(state);
    expect(copy.config).toBe(config);
    expect(copy.kafka.rules).toBe(rules);
    expect(Object.isFrozen(copy) || Object.isFrozen(copy.kafka) || Object.isFrozen(copy.kafka.logs)).toBe(false);
    (copy.kafka.logs as number[][])[0]!.push(3);
    expect(state.kafka.logs[0]).toEqual([1, 2]);
  });
  test('odd field names are fields: __proto__ as an own field, quotes, digits', () => {
    const odd = JSON.parse('{"__proto__": {"x": 1}, "a\\"b": 2, "0": 3, "config": {"k": 4}}') as Record<
      string,
      unknown
    >;
    const copy = cloneState(odd);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(Object.keys(odd));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(odd));
    // The own field named __proto__ (not the accessor): copied, not shared.
    const own = (o: object): unknown => Object.getOwnPropertyDescriptor(o, '__proto__')?.value;
    expect(own(copy)).toEqual({ x: 1 });
    expect(own(copy)).not.toBe(own(odd));
    expect(copy['config']).toBe(odd['config']);
  });
});
