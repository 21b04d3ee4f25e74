/**
 * 64-bit fingerprints of word buffers: two independent 32-bit multiply-xorshift streams
 * (murmur3-style mixing with different seeds) over the same words, with a final avalanche each.
 * Deterministic across processes and workers. The all-zero fingerprint is reserved for "empty".
 */
import type { Words } from '../../../model/core/model.js';

/** A fingerprint's two halves, written by `fingerprint` into an object its caller owns. */
export interface Fingerprint {
  hi: number;
  lo: number;
}

function mix(h: number, k: number): number {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

function avalanche(h: number, n: number): number {
  let x = h ^ n;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const SEED_A = 0x9747b28c;
const SEED_B = 0x2f8b4e1d;

function finish(a: number, b: number, length: number, out: Fingerprint): void {
  out.hi = avalanche(a, length);
  out.lo = avalanche(b, length * 31 + 7);
  if (out.hi === 0 && out.lo === 0) out.lo = 1;
}

/** Fingerprints `words[at..at + length)` into `out`. */
export function fingerprint(words: Int32Array, length: number, out: Fingerprint, at = 0): void {
  let a = SEED_A;
  let b = SEED_B;
  for (let i = at; i < at + length; i++) {
    const w = words[i]!;
    a = mix(a, w);
    b = mix(b, w ^ 0x5bd1e995);
  }
  finish(a, b, length, out);
}

/**
 * The same fingerprint, taken as an encoder pushes its words, without storing them: where only the
 * fingerprint of a state is wanted (the successors' and the drain's), a fifth less time than
 * writing the words to a buffer and hashing that. Words are taken as 32-bit integers, as an
 * Int32Array stores them, so it agrees with `fingerprint` over the buffer (tested).
 */
export class StreamingFingerprint implements Words {
  private a = SEED_A;
  private b = SEED_B;
  private n = 0;
  reset(): void {
    this.a = SEED_A;
    this.b = SEED_B;
    this.n = 0;
  }
  push(word: number): void {
    this.a = mix(this.a, word);
    this.b = mix(this.b, word ^ 0x5bd1e995);
    this.n += 1;
  }
  /** Writes the fingerprint of the words pushed since `reset` into `out`. */
  finish(out: Fingerprint): void {
    finish(this.a, this.b, this.n, out);
  }
}

/**
 * The probability that two of `distinct` states among `generated` share a fingerprint, as TLC
 * states it (optimistic): distinct * (generated - distinct) / 2^64.
 */
export function collisionProbability(distinct: number, generated: number): number {
  return (distinct * Math.max(0, generated - distinct)) / 2 ** 64;
}
