/**
 * The schema codec (`model/core/schema.ts`) on a shape with every kind of field: generated values come
 * back from their words, two values have the same words exactly when they are equal (whatever order
 * their fields were made in), a value outside its schema throws naming where, and a schema that does
 * not name every field of its type, or names one with another type, does not compile.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  bool,
  compileSchema,
  fromLike,
  int,
  list,
  none,
  nullable,
  oneOf,
  optional,
  str,
  struct,
  union,
} from '../../../model/core/schema.js';
import { WordBuffer } from '../../../model/core/words.js';

type Shape =
  | { readonly kind: 'circle'; readonly r: number; readonly hole?: number; readonly name?: string | null }
  | { readonly kind: 'box'; readonly w: number };

interface Thing {
  readonly config: { readonly name: string };
  readonly n: number;
  readonly ok: boolean;
  readonly color: 'red' | 'green';
  readonly label: string;
  readonly maybe: number | null;
  readonly xs: readonly (readonly number[])[];
  readonly shapes: readonly Shape[];
  readonly extra?: { readonly at: number };
  readonly note?: boolean;
  readonly events: readonly string[];
}

const thing = struct<Thing>({
  config: fromLike<Thing['config']>(),
  n: int,
  ok: bool,
  color: oneOf<Thing['color']>({ red: 1, green: 1 }),
  label: str,
  maybe: nullable(int),
  xs: list(list(int)),
  shapes: list(
    union<Shape, 'kind'>('kind', {
      circle: { r: int, hole: optional(int), name: optional(nullable(str)) },
      box: { w: int },
    }),
  ),
  extra: optional(struct<{ readonly at: number }>({ at: int })),
  note: optional(bool),
  events: none<readonly string[]>(),
});
const codec = compileSchema(thing);
const like: Thing = {
  config: { name: 'cfg' },
  n: 0,
  ok: false,
  color: 'red',
  label: '',
  maybe: null,
  xs: [],
  shapes: [],
  events: [],
};

const number = fc.oneof(fc.integer(), fc.integer({ min: 0x7ffefff0, max: 0x7fffffff }), fc.double());
const things: fc.Arbitrary<Thing> = fc
  .record(
    {
      n: number,
      ok: fc.boolean(),
      color: fc.constantFrom('red' as const, 'green' as const),
      label: fc.string({ unit: 'binary', maxLength: 6 }),
      maybe: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
      xs: fc.array(fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 2 }), { maxLength: 2 }),
      shapes: fc.array(
        fc.oneof(
          fc.record(
            {
              kind: fc.constant('circle' as const),
              r: fc.integer({ min: 0, max: 2 }),
              hole: number,
              name: fc.option(fc.string({ maxLength: 2 }), { nil: null }),
            },
            { requiredKeys: ['kind', 'r'] },
          ),
          fc.record({ kind: fc.constant('box' as const), w: fc.integer({ min: 0, max: 2 }) }),
        ),
        { maxLength: 2 },
      ),
      extra: fc.record({ at: fc.integer({ min: 0, max: 2 }) }),
      note: fc.boolean(),
    },
    { requiredKeys: ['n', 'ok', 'color', 'label', 'maybe', 'xs', 'shapes'] },
  )
  .map((t) => ({ ...t, config: like.config, events: ['what the last step did'] }));

/** A deep copy with every object's fields made in the reverse order (the static config kept as it is). */
const reversed = <T>(v: T): T => {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(reversed) as T;
  const entries = Object.entries(v).reverse();
  return Object.fromEntries(entries.map(([k, x]) => [k, k === 'config' ? x : reversed(x)])) as T;
};

const words = (t: Thing): number[] => {
  const b = new WordBuffer();
  codec.encode(t, b);
  return Array.from(b.words.subarray(0, b.length));
};

describe('schema codec', () => {
  test('a value comes back from its words, static parts shared, no events', () => {
    fc.assert(
      fc.property(things, (t) => {
        const b = new WordBuffer();
        b.push(42);
        codec.encode(t, b);
        const back = codec.decode(b.words, 1, like);
        expect(back).toEqual({ ...t, events: [] });
        expect(back.config).toBe(like.config);
        expect('extra' in back).toBe('extra' in t);
        expect(Object.isFrozen(back)).toBe(false);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  test('an absent optional field takes no word: a variant marks present ones in its tag, a struct in one', () => {
    const base: Thing = { ...like, shapes: [{ kind: 'circle', r: 1 }] };
    const bare = words(base);
    // The struct's presence word (no bit set) and the variant's tag word: circle is variant 0.
    expect(bare.length).toBe(words({ ...like, shapes: [{ kind: 'box', w: 1 }] }).length);
    const withHole = words({ ...base, shapes: [{ kind: 'circle', r: 1, hole: 5 }] });
    expect(withHole.length).toBe(bare.length + 1);
    const withName = words({ ...base, shapes: [{ kind: 'circle', r: 1, name: null }] });
    expect(withName.length).toBe(bare.length + 1);
    expect(withName).not.toEqual(withHole);
    const both = words({ ...base, extra: { at: 2 }, note: true });
    expect(both.length).toBe(bare.length + 2);
    for (const t of [base, { ...base, note: false }, { ...base, shapes: [{ kind: 'circle' as const, r: 1, hole: 0 }] }])
      expect(codec.decode(Int32Array.from(words(t)), 0, like)).toEqual({ ...t, events: [] });
  });

  test('a copy is what decoding the words gives: fields in its order, nothing shared but static parts', () => {
    /** Every object and array in `v` but the static config. */
    const parts = (v: unknown, into: Set<unknown>): Set<unknown> => {
      if (typeof v !== 'object' || v === null || v === like.config) return into;
      into.add(v);
      for (const x of Object.values(v)) parts(x, into);
      return into;
    };
    fc.assert(
      fc.property(things, fc.boolean(), (t, fromDecoded) => {
        // The search copies states it decoded; any value of the schema copies alike (fields in reverse order too).
        const source = fromDecoded ? codec.decode(Int32Array.from(words(t)), 0, like) : reversed(t);
        const copied = codec.copy(source);
        const back = codec.decode(Int32Array.from(words(t)), 0, like);
        expect(JSON.stringify(copied)).toBe(JSON.stringify(back));
        expect(copied).toEqual(back);
        expect(words(copied)).toEqual(words(t));
        expect(copied.config).toBe(source.config);
        expect('extra' in copied).toBe('extra' in t);
        const mine = parts(copied, new Set());
        for (const p of parts(source, new Set())) expect(mine.has(p)).toBe(false);
      }),
      { seed: 12, numRuns: 500 },
    );
    // A zero is 0 as decoding gives it; a variant outside the union throws, as encoding it would.
    expect(Object.is(codec.copy({ ...like, n: -0 }).n, 0)).toBe(true);
    const star = { ...like, shapes: [{ kind: 'star' }] } as unknown as Thing;
    expect(() => codec.copy(star)).toThrow('internal: <kind> is {"kind":"star"}, outside');
  });

  test('the words are the same wherever the buffer grows, and pushed to any other Words', () => {
    // Written after 0 to 300 words already there, a value crosses the buffer's first 256 words at every place
    // (its runs of fixed fields, floats, strings and lists each make their own room); a plain pusher gets them too.
    fc.assert(
      fc.property(things, fc.integer({ min: 0, max: 300 }), (t, before) => {
        const b = new WordBuffer();
        for (let i = 0; i < before; i++) b.push(-1 - i);
        codec.encode(t, b);
        expect(Array.from(b.words.subarray(before, b.length))).toEqual(words(t));
        expect(Array.from(b.words.subarray(0, before))).toEqual(Array.from({ length: before }, (_, i) => -1 - i));
        const pushed: number[] = [];
        codec.encode(t, { push: (w) => pushed.push(w) });
        expect(pushed).toEqual(words(t));
        expect(words(codec.decode(b.words, before, like))).toEqual(words(t));
      }),
      { seed: 11, numRuns: 1000 },
    );
  });

  test('the same words exactly for equal values, whatever order their fields were made in', () => {
    // Each value in one canonical text: fields in name order, numbers as their names (-0 is 0), no events.
    const canon = (t: Thing): string =>
      JSON.stringify({ ...t, events: [] }, (_, v: unknown) =>
        typeof v === 'number'
          ? String(v)
          : typeof v === 'object' && v !== null && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)))
            : v,
      );
    fc.assert(
      fc.property(things, things, (a, b) => {
        const equal = canon(a) === canon(b);
        expect(words(a).join() === words(b).join()).toBe(equal);
        expect(words(reversed(a)).join()).toBe(words(a).join());
      }),
      { seed: 8, numRuns: 2000 },
    );
    const t: Thing = { ...like, n: 3, shapes: [{ kind: 'box', w: 1 }] };
    const reordered = { events: [], shapes: [{ w: 1, kind: 'box' }], xs: [], maybe: null, label: '', color: 'red' };
    expect(words({ ...reordered, ok: false, n: 3, config: like.config } as Thing)).toEqual(words(t));
  });

  test('numbers are written exactly: integers as one word, anything else as three', () => {
    expect(words({ ...like, n: -5 }).slice(0, 1)).toEqual([-5]);
    for (const n of [0x7fff0000, 2 ** 31, 0.5, -0, Number.NaN, 1e300]) {
      const back = codec.decode(Int32Array.from(words({ ...like, n })), 0, like);
      expect(Object.is(back.n, n === 0 ? 0 : n) || (Number.isNaN(n) && Number.isNaN(back.n))).toBe(true);
    }
    expect(words({ ...like, n: 0x7fff0000 }).length).toBe(words(like).length + 2);
  });

  test('a value outside its schema throws, naming where', () => {
    const bad = (t: unknown): unknown => words(t as Thing);
    expect(() => bad({ ...like, color: 'blue' })).toThrow('internal: state.color is "blue", outside');
    expect(() => bad({ ...like, ok: undefined })).toThrow('internal: state.ok is undefined');
    expect(() => bad({ ...like, n: '1' })).toThrow('internal: state.n is "1"');
    expect(() => bad({ ...like, xs: [[1, 'x']] })).toThrow('internal: state.xs[][] is "x"');
    expect(() => bad({ ...like, shapes: [{ kind: 'star' }] })).toThrow('internal: state.shapes[] is {"kind":"star"}');
    expect(() => bad({ ...like, shapes: [{ kind: 'box' }] })).toThrow('internal: state.shapes[]<box>.w is undefined');
    expect(() => bad({ ...like, label: null })).toThrow('internal: state.label is null');
  });

  test('a string is its length and characters: words of the value only, decoded anywhere', () => {
    const w = words({ ...like, label: 'out-é' });
    // n, ok, color, then the label: its length and its UTF-16 units.
    expect(w.slice(3, 9)).toEqual([5, 111, 117, 116, 45, 233]);
    // A decoder that never met the string (a fresh `like`) gives it back.
    expect(codec.decode(Int32Array.from(w), 0, { ...like, config: { name: 'other' } }).label).toBe('out-é');
  });

  test('strings decoded again come back right past the few a node keeps, as long, as alike and empty', () => {
    // Names of one length differing in one character, more of them than a node keeps, in turn and again.
    const names = ['', 'a', 'out-0', 'out-1', 'out-10', 'in-0', ...Array.from({ length: 14 }, (_, i) => `app-${i}`)];
    for (const round of [0, 1, 2])
      for (const [i, label] of names.entries()) {
        const v = { ...like, label, n: round * 100 + i };
        const back = codec.decode(Int32Array.from(words(v)), 0, like);
        expect([back.label, back.n]).toEqual([label, round * 100 + i]);
      }
  });

  test('a schema names every field of its type with the field type', () => {
    type P = { readonly a: number; readonly b?: string };
    struct<P>({ a: int, b: optional(str) });
    // @ts-expect-error: b is missing
    struct<P>({ a: int });
    // @ts-expect-error: a is a number, not a string
    struct<P>({ a: str, b: optional(str) });
    // @ts-expect-error: b is optional
    struct<P>({ a: int, b: str });
    // @ts-expect-error: c is no field of P
    struct<P>({ a: int, b: optional(str), c: int });
    // @ts-expect-error: a label outside the union
    oneOf<'x' | 'y'>({ x: 1, y: 1, z: 1 });
    // @ts-expect-error: a label of the union left out
    oneOf<'x' | 'y'>({ x: 1 });
    // @ts-expect-error: nullable where the field is not
    struct<{ readonly a: number }>({ a: nullable(int) });
    expect(true).toBe(true);
  });
});
