/**
 * 64-bit fingerprints of word buffers: two independent 32-bit multiply-xorshift streams
 * (murmur3-style mixing with different seeds) over the same words, with a final avalanche each.
 * Deterministic across processes and workers. The all-zero fingerprint is reserved for "empty".
 */

/** The last fingerprint's halves (returned through these to avoid allocating). */
export const fp = { hi: 0, lo: 0 };

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function avalanche(h: number, n: number): number {
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Fingerprints `words[0..length)` into `fp.hi` / `fp.lo`. */
export function fingerprint(words: Int32Array, length: number): void {
  let a = 0x9747b28c;
  let b = 0x2f8b4e1d;
  for (let i = 0; i < length; i++) {
    const w = words[i]!;
    a = mix(a, w);
    b = mix(b, w ^ 0x5bd1e995);
  }
  fp.hi = avalanche(a, length);
  fp.lo = avalanche(b, length * 31 + 7);
  if (fp.hi === 0 && fp.lo === 0) fp.lo = 1;
}

/**
 * The probability that two of `distinct` states among `generated` share a fingerprint, as TLC
 * states it (optimistic): distinct * (generated - distinct) / 2^64.
 */
export function collisionProbability(distinct: number, generated: number): number {
  return (distinct * Math.max(0, generated - distinct)) / 2 ** 64;
}
