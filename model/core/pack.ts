/**
 * A compact, reversible encoding of a plain-data state as 32-bit words, for the breadth-first
 * search's large levels: a Kafka state kept as words takes about a quarter of the memory of its
 * objects (kafka-txn: some 380 words, against 55 objects and their arrays), so deep searches keep
 * their frontier in memory instead of running out of heap. Unlike the fingerprint's encoding
 * (`encodePlain`, which hashes strings and drops field names) this one decodes: an object's field
 * names (its shape) and strings go through dictionaries of this process (so words are never sent
 * to another thread), and the static parts a state shares with the initial state (fields named
 * `config` or `rules`) are written as a reference to them. A step's `events` are not kept: every
 * step starts a new list (`compile`), and nothing but the renderers reads them.
 *
 * Decoding builds each object with a builder made once per shape, an object literal with the
 * shape's fields in order (`new Function` over the field names, quoted by JSON.stringify): the
 * object gets its final layout at once instead of growing field by field, which makes a decoded
 * copy cheaper than a generic deep copy, so the search decodes a successor's base instead of
 * copying it.
 */
import { isStatic } from './plain.js';
import { after, type ShapeNode, shapeRoot } from './shapes.js';
import type { WordBuffer } from './words.js';

/** Tags: values from here up are tags; smaller integers are themselves. */
const TAG = 0x7fff0000;
const NULL = TAG + 1;
const UNDEFINED = TAG + 2;
const FALSE = TAG + 3;
const TRUE = TAG + 4;
const FLOAT = TAG + 5;
const STRING = TAG + 6;
const ARRAY = TAG + 7;
const OBJECT = TAG + 8;
const SHARED = TAG + 9;
const MIN_INT = -0x7fff0000;

/** The strings met so far, numbered in order (this process only). */
const names = new Map<string, number>();
const byNumber: string[] = [];

function nameNumber(s: string): number {
  let n = names.get(s);
  if (n === undefined) {
    n = byNumber.length;
    names.set(s, n);
    byNumber.push(s);
  }
  return n;
}

/** What a builder reads a shape's field values from. */
interface Reader {
  read(): unknown;
}

/** The builders of the shapes numbered so far (this process only). */
const builders: ((r: Reader) => Record<string, unknown>)[] = [];

/** A builder of objects with fields `keys`, in that order, their values read one after another. */
function builder(keys: readonly string[]): (r: Reader) => Record<string, unknown> {
  // In a literal, `"__proto__": v` would set the prototype: such a field is defined one by one instead.
  if (keys.includes('__proto__'))
    return (r) => {
      const out: Record<string, unknown> = {};
      for (const k of keys)
        Object.defineProperty(out, k, { value: r.read(), enumerable: true, writable: true, configurable: true });
      return out;
    };
  const fields = keys.map((k) => `${JSON.stringify(k)}: r.read()`).join(', ');
  // The body is an object literal of the field names, each quoted as a JSON string: no code but the reads.
  return new Function('r', `return { ${fields} };`) as (r: Reader) => Record<string, unknown>;
}

/** Numbers the shape ending at `node`, the shape of `v` (its field names in order), and makes its builder. */
function register(node: ShapeNode, v: object): number {
  node.id = builders.length;
  builders.push(builder(Object.keys(v)));
  return node.id;
}

const F64 = new Float64Array(1);
const I32 = new Int32Array(F64.buffer);

/** Packs and unpacks the states of one search: `like` is its initial state, whose static parts the words point to. */
export class PlainCodec<S> implements Reader {
  /** The static parts of `like` (fields named config or rules, at any depth), in the order first met. */
  private readonly shared: unknown[] = [];
  private at = 0;
  private words: Int32Array = new Int32Array(0);

  constructor(like: S) {
    this.collect(like);
  }

  private collect(v: unknown): void {
    if (typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (const x of v) this.collect(x);
      return;
    }
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (isStatic(k)) {
        if (typeof x === 'object' && x !== null && !this.shared.includes(x)) this.shared.push(x);
      } else this.collect(x);
    }
  }

  /** Writes `s` as words. */
  pack(s: S, out: WordBuffer): void {
    this.write(s, out);
  }

  private write(v: unknown, out: WordBuffer): void {
    if (typeof v === 'number') {
      if ((v | 0) === v && v >= MIN_INT && v < TAG) out.push(v);
      else {
        out.push(FLOAT);
        F64[0] = v;
        out.push(I32[0]!);
        out.push(I32[1]!);
      }
      return;
    }
    if (typeof v === 'object') {
      if (v === null) {
        out.push(NULL);
        return;
      }
      if (Array.isArray(v)) {
        out.push(ARRAY);
        out.push(v.length);
        for (let i = 0; i < v.length; i++) this.write(v[i], out);
        return;
      }
      out.push(OBJECT);
      // One pass over the fields: the shape is found as they are written, and its number put in front after.
      const at = out.length;
      out.push(0);
      let node = shapeRoot;
      for (const k in v) {
        node = node.key === k ? node.child! : after(node, k);
        const x = (v as Record<string, unknown>)[k];
        const i = isStatic(k) ? this.shared.indexOf(x) : -1;
        if (i >= 0) {
          out.push(SHARED);
          out.push(i);
        } else if (k === 'events' && Array.isArray(x)) {
          out.push(ARRAY);
          out.push(0);
        } else this.write(x, out);
      }
      out.words[at] = node.id >= 0 ? node.id : register(node, v);
      return;
    }
    switch (typeof v) {
      case 'undefined':
        out.push(UNDEFINED);
        return;
      case 'boolean':
        out.push(v ? TRUE : FALSE);
        return;
      case 'string':
        out.push(STRING);
        out.push(nameNumber(v));
        return;
      default:
        throw new Error(`PlainCodec: not plain data (${typeof v})`);
    }
  }

  /** A new, mutable copy of the state packed at `offset` of `words` (static parts shared with the initial state). */
  unpack(words: Int32Array, offset: number): S {
    this.words = words;
    this.at = offset;
    // The words are what `pack` wrote of a state of this search: they read back as one.
    return this.read() as S;
  }

  /** The next value of the words being unpacked (for the shapes' builders). */
  read(): unknown {
    const w = this.words[this.at++]!;
    if (w < TAG) return w;
    switch (w) {
      case NULL:
        return null;
      case UNDEFINED:
        return undefined;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case FLOAT:
        I32[0] = this.words[this.at++]!;
        I32[1] = this.words[this.at++]!;
        return F64[0];
      case STRING:
        return byNumber[this.words[this.at++]!];
      case ARRAY: {
        const n = this.words[this.at++]!;
        const out = new Array(n);
        for (let i = 0; i < n; i++) out[i] = this.read();
        return out;
      }
      case OBJECT:
        return builders[this.words[this.at++]!]!(this);
      case SHARED:
        return this.shared[this.words[this.at++]!];
      default:
        throw new Error(`PlainCodec: bad word ${w} at ${this.at - 1}`);
    }
  }
}
