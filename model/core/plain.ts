/**
 * Generic fast-path helpers over plain data (objects, arrays, numbers, strings, booleans, null):
 * a deep mutable copy of a state (its static parts shared), and a canonical encoding into 32-bit words.
 * Models whose state is plain data get their fast path from these; models with a packed encoding write their own.
 */

import { type ShapeNode, shapeOf } from './shapes.js';
import type { Words } from './words.js';

/**
 * A model state's deep mutable copy that shares what no step changes: fields named `config` (the
 * resolved configuration) or `rules` (the Kafka core's protocol switches, derived from it), at any
 * depth. The models keep both static (a step that tried to change one would throw: `init` freezes
 * the state). The copy every successor of the fast path starts from; the two are a fifth of a Kafka
 * state's fields. Pure.
 *
 * Each object is copied by a copier made once per shape (`shapes.ts`): an object literal of the
 * shape's field names, each value read by name, so the copy has its layout at once and each read is
 * of a known field, instead of fields added one by one through names only known at run time (twice as
 * slow on a Kafka state).
 */
export function cloneState<T>(value: T): T {
  // A copy of a value has the value's shape, field by field: that is what T says.
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
    return out;
  }
  const shape = shapeOf(v);
  if (shape.copy === null) shape.copy = copier(Object.keys(v));
  return shape.copy(v as Record<string, unknown>, copy);
}

/**
 * Whether a field named `k` is static (the configuration, or the rules derived from it): shared with the
 * original by a copy, and by the packed encoding with the initial state.
 */
export const isStatic = (k: string): boolean => k === 'config' || k === 'rules';

/** A copier of objects with fields `keys`, in that order. */
function copier(keys: readonly string[]): NonNullable<ShapeNode['copy']> {
  // In a literal, `"__proto__": v` would set the prototype: such a field is defined one by one instead.
  if (keys.includes('__proto__'))
    return (o, c) => {
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        const value = isStatic(k) ? o[k] : c(o[k]);
        Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    };
  const fields = keys.map((k) => {
    const name = JSON.stringify(k);
    return isStatic(k) ? `${name}: o[${name}]` : `${name}: c(o[${name}])`;
  });
  // The body is an object literal of the field names, each quoted as a JSON string: no code but the reads.
  return new Function('o', 'c', `return { ${fields.join(', ')} };`) as NonNullable<ShapeNode['copy']>;
}

const STRING_WORDS = new Map<string, number>();

/**
 * A string as one word: a 32-bit FNV-1a hash of its characters, the same in every process and
 * worker, cached. States hold few distinct strings (tags, state names), so two of them sharing a
 * hash is as unlikely as a fingerprint collision, and only matters if it happens in one field.
 */
function stringWord(s: string): number {
  let w = STRING_WORDS.get(s);
  if (w === undefined) {
    w = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) w = Math.imul(w ^ s.charCodeAt(i), 0x01000193);
    w |= 0;
    STRING_WORDS.set(s, w);
  }
  return w;
}

/**
 * Writes plain data as words: a tag per value, array lengths, object field counts and values in
 * their own order (states built by the same code have the same fields in the same order, told
 * apart by their tag values), strings by a hash of their characters, non-integers by their float64
 * bits. Two values with equal JSON write equal words. Pure (but for a cache).
 */
export function encodePlain(value: unknown, out: Words): void {
  // The hottest function of the object search (every successor and every drain step): the common
  // cases first, arrays walked by index (not the iterator protocol).
  if (typeof value === 'number') {
    if ((value | 0) === value && value >= -0x7fff0000 && value <= 0x7ffeffff) out.push(value);
    else {
      out.push(0x7fff0004);
      F64[0] = value;
      out.push(U32[0]!);
      out.push(U32[1]!);
    }
    return;
  }
  if (typeof value === 'object') {
    if (value === null) {
      out.push(0x7fff0001);
      return;
    }
    if (Array.isArray(value)) {
      out.push(0x7fff0006);
      out.push(value.length);
      for (let i = 0; i < value.length; i++) encodePlain(value[i], out);
      return;
    }
    out.push(0x7fff0007);
    let n = 0;
    for (const k in value) {
      encodePlain((value as Record<string, unknown>)[k], out);
      n += 1;
    }
    out.push(n);
    return;
  }
  switch (typeof value) {
    case 'undefined':
      out.push(0x7fff0001);
      return;
    case 'boolean':
      out.push(value ? 0x7fff0003 : 0x7fff0002);
      return;
    case 'string':
      out.push(0x7fff0005);
      out.push(stringWord(value));
      return;
    default:
      throw new Error(`encodePlain: not plain data (${typeof value})`);
  }
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
