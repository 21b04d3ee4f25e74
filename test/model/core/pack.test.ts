/**
 * The reversible plain-data encoding the search keeps large levels in (`model/core/pack.ts`): every
 * kind of value reads back as written, static parts come back as the initial state's own objects, and
 * a step's events are dropped. (The differential suite decodes the states every model reaches.)
 */
import { describe, expect, test } from 'vitest';
import { PlainCodec } from '../../../model/core/pack.js';
import { WordBuffer } from '../../../model/core/words.js';

const initial = {
  config: { producers: 2, name: 'x' },
  kafka: { rules: { verification: true }, logs: [[1, 2]] },
  events: [{ type: 'clock', now: 0 }],
};

function roundTrip<T>(codec: PlainCodec<T>, value: T): { back: T; words: number } {
  const b = new WordBuffer();
  b.push(123);
  codec.pack(value, b);
  return { back: codec.unpack(b.words, 1), words: b.length - 1 };
}

describe('PlainCodec', () => {
  test('numbers of every size, strings, booleans, null, undefined fields, nested arrays read back as written', () => {
    const codec = new PlainCodec<unknown>(initial);
    const value = {
      ints: [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 0x7ffeffff, 0x7fff0000, -0x7fff0000, -0x7fff0001],
      floats: [0.5, -1e300, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY],
      text: ['', 'in-txn', 'a string never seen before: ümlaut'],
      flags: [true, false, null],
      absent: undefined,
      nested: [[], [[{}]], { a: { b: [1, { c: 'd' }] } }],
    };
    const { back } = roundTrip(codec, value);
    expect(back).toStrictEqual(value);
    expect(Object.keys(back as object)).toEqual(Object.keys(value));
  });
  test('a copy, not the object: static parts (config, rules) are the initial state own, events are dropped', () => {
    const codec = new PlainCodec(initial);
    const state = {
      ...initial,
      kafka: { ...initial.kafka, logs: [[1, 2], [3]] },
      events: [{ type: 'clock', now: 5 }],
    };
    const { back, words } = roundTrip(codec, state);
    expect(back).toEqual({ ...state, events: [] });
    expect(back.config).toBe(initial.config);
    expect(back.kafka.rules).toBe(initial.kafka.rules);
    expect(back.kafka.logs).not.toBe(state.kafka.logs);
    back.kafka.logs[1]!.push(4);
    expect(state.kafka.logs[1]).toEqual([3]);
    // The object (tag, shape); config (shared 0); kafka (tag, shape; rules: shared 1; logs: tag, length,
    // [tag, length, 1, 2], [tag, length, 3]); events (an empty array). Field names are in the shapes.
    expect(words).toBe(2 + 2 + (2 + 2 + (2 + 4 + 3)) + 2);
  });
  test('a config or rules object that is not the initial state own is written in full', () => {
    const codec = new PlainCodec(initial);
    const other = { ...initial, config: { producers: 3, name: 'y' } };
    const { back } = roundTrip(codec, other);
    expect(back.config).toEqual({ producers: 3, name: 'y' });
    expect(back.config).not.toBe(initial.config);
  });
  test('any field name reads back: quotes, new lines, non-ASCII, and __proto__ as an own field', () => {
    const codec = new PlainCodec<unknown>(initial);
    const value = JSON.parse('{"a\\"b": 1, "line\\nbreak": [2], "ü ç": "x", "__proto__": {"y": 3}, "constructor": 4}');
    const { back } = roundTrip(codec, value);
    expect(Object.keys(back as object)).toEqual(['a"b', 'line\nbreak', 'ü ç', '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(back).toStrictEqual(value);
  });
  test('what is not plain data is refused, naming its type', () => {
    const codec = new PlainCodec<unknown>(initial);
    expect(() => roundTrip(codec, { f: () => 1 })).toThrow('PlainCodec: not plain data (function)');
  });
});
