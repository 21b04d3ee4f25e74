/**
 * Generic fast-path helpers over plain data (objects, arrays, numbers, strings, booleans, null):
 * a deep mutable copy of a state (its static parts shared), and a canonical encoding into 32-bit words.
 * Models whose state is plain data get their fast path from these; models with a packed encoding write their own.
 */
import type { Words } from './model.js';

/**
 * A model state's deep mutable copy that shares what no step changes: fields named `config` (the
 * resolved configuration) or `rules` (the Kafka core's protocol switches, derived from it), at any
 * depth. The models keep both static (a step that tried to change one would throw: `init` freezes
 * the state). The copy every successor of the fast path starts from; the two are a fifth of a Kafka
 * state's fields. Pure.
 */
export function cloneState<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // The copy has the same shape as `value`, field by field: that is what T says.
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneState(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    out[k] = k === 'config' || k === 'rules' ? v : cloneState(v);
  }
  return out as T;
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
