/**
 * Generic fast-path helpers over plain data (objects, arrays, numbers, strings, booleans, null):
 * a deep mutable copy, and a canonical encoding into 32-bit words. Models whose state is plain
 * data get their fast path from these; models with a packed encoding write their own.
 */
import type { Words } from '../model.js';

/** A deep, mutable copy of plain data (frozen input is fine). Pure. */
export function clonePlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = clonePlain((value as Record<string, unknown>)[k]);
  return out as T;
}

/** A string as words: its length, then its UTF-16 units two to a word (the same in every worker). */
function pushString(s: string, out: Words): void {
  out.push(s.length);
  for (let i = 0; i < s.length; i += 2) out.push(s.charCodeAt(i) | (i + 1 < s.length ? s.charCodeAt(i + 1) << 16 : 0));
}

/**
 * Writes plain data as words: a tag per value, array lengths, object fields in their own order
 * (states built by the same code have the same key order), strings by their characters,
 * non-integers by their float64 bits. Two values with equal JSON write equal words. Pure.
 */
export function encodePlain(value: unknown, out: Words): void {
  if (value === null || value === undefined) return out.push(0x7fff0001);
  switch (typeof value) {
    case 'boolean':
      return out.push(value ? 0x7fff0003 : 0x7fff0002);
    case 'number':
      if (Number.isInteger(value) && value >= -0x7fff0000 && value <= 0x7ffeffff) return out.push(value);
      out.push(0x7fff0004);
      F64[0] = value;
      out.push(U32[0]!);
      return out.push(U32[1]!);
    case 'string':
      out.push(0x7fff0005);
      return pushString(value, out);
    case 'object':
      if (Array.isArray(value)) {
        out.push(0x7fff0006);
        out.push(value.length);
        for (const v of value) encodePlain(v, out);
        return;
      }
      out.push(0x7fff0007);
      for (const k in value) {
        pushString(k, out);
        encodePlain((value as Record<string, unknown>)[k], out);
      }
      return out.push(0x7fff0008);
    default:
      throw new Error(`encodePlain: not plain data (${typeof value})`);
  }
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
