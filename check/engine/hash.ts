/**
 * 64-bit fingerprints of word buffers: two independent 32-bit multiply-xorshift streams
 * (murmur3-style mixing with different seeds) over the same words, with a final avalanche each.
 * Deterministic across processes and workers. The all-zero fingerprint is reserved for "empty".
 */

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

/** Fingerprints `words[at..at + length)` into `out`. */
export function fingerprint(words: Int32Array, length: number, out: Fingerprint, at = 0): void {
  let a = 0x9747b28c;
  let b = 0x2f8b4e1d;
  for (let i = at; i < at + length; i++) {
    const w = words[i]!;
    a = mix(a, w);
    b = mix(b, w ^ 0x5bd1e995);
  }
  out.hi = avalanche(a, length);
  out.lo = avalanche(b, length * 31 + 7);
  if (out.hi === 0 && out.lo === 0) out.lo = 1;
}

/**
 * The probability that two of `distinct` states among `generated` share a fingerprint, as TLC
 * states it (optimistic): distinct * (generated - distinct) / 2^64.
 */
export function collisionProbability(distinct: number, generated: number): number {
  return (distinct * Math.max(0, generated - distinct)) / 2 ** 64;
}
