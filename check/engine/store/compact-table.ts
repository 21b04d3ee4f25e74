/**
 * The state table of a swarm member's depth-first search (`member-search.ts`): hash compaction as
 * in SPIN's swarm verification. A state is kept as 48 bits of its 64-bit fingerprint, mixed with
 * the member's salt (so two members' tables lose different states), plus the least depth it was
 * reached at: 7 bytes a slot in three typed arrays, open addressing with linear probing, growing
 * by 30% at 90% full up to what `limit` states need. Two states whose 48 bits agree are taken as
 * one: the second is not explored (an omission, never a false alarm); `omissionProbability` bounds
 * the chance of any.
 */

const MAX_LOAD = 0.9;
const GROWTH = 1.3;
const TWO_32 = 4294967296;
/** Depths are kept in a byte. */
export const MAX_MEMBER_DEPTH = 255;

/** Bits of a fingerprint the table keeps. */
export const COMPACT_BITS = 48;

export class CompactTable {
  private keys: Uint32Array;
  private more: Uint16Array;
  private depths: Uint8Array;
  private cap: number;
  private readonly most: number;
  size = 0;
  /** Where `find` stopped: the slot holding the key, or the empty slot where it would go. */
  private at = 0;

  /** A table for at most `limit` states, mixing fingerprints with `salt`. */
  constructor(
    private readonly salt: number,
    private readonly limit: number,
    initial = 1024,
  ) {
    this.most = Math.max(16, Math.ceil(limit / MAX_LOAD) + 1);
    this.cap = Math.min(this.most, Math.max(16, Math.ceil(initial / MAX_LOAD)));
    this.keys = new Uint32Array(this.cap);
    this.more = new Uint16Array(this.cap);
    this.depths = new Uint8Array(this.cap);
  }

  get bytes(): number {
    return this.cap * 7;
  }

  /**
   * Visits the state of fingerprint (hi, lo) at `depth`: 'new' (stored now), 'shallower' (known, but
   * only from a greater depth: its depth is lowered, and its successors are worth exploring again), or
   * 'known' (already reached at this depth or closer). A full table stores nothing and says 'full'.
   */
  visit(hi: number, lo: number, depth: number): 'new' | 'shallower' | 'known' | 'full' {
    // Salted mixing of both halves: 32 bits for `keys`, 16 more for `more`; key 0 marks an empty slot.
    let k = (Math.imul(hi ^ this.salt, 0x9e3779b1) ^ lo) >>> 0;
    k = (Math.imul(k ^ (k >>> 15), 0x85ebca6b) ^ Math.imul(lo, 0xc2b2ae35)) >>> 0;
    if (k === 0) k = 1;
    const m = (Math.imul(lo ^ (hi >>> 7), 0x27d4eb2d) ^ this.salt) >>> 16;
    if (this.find(k, m)) {
      const i = this.at;
      if (this.depths[i]! <= depth) return 'known';
      this.depths[i] = depth;
      return 'shallower';
    }
    if (this.size >= this.limit) return 'full';
    if (this.size + 1 > this.cap * MAX_LOAD) {
      if (this.cap >= this.most) return 'full';
      this.resize(Math.min(this.most, Math.ceil(this.cap * GROWTH)));
      this.find(k, m);
    }
    if (this.size + 1 >= this.cap) return 'full';
    const i = this.at;
    this.keys[i] = k;
    this.more[i] = m;
    this.depths[i] = depth;
    this.size += 1;
    return 'new';
  }

  /** Whether (k, m) is present; leaves its slot, or the empty slot where it would go, in `at`. */
  private find(k: number, m: number): boolean {
    const cap = this.cap;
    let i = Math.floor((k * cap) / TWO_32);
    for (;;) {
      const s = this.keys[i]!;
      if (s === 0) {
        this.at = i;
        return false;
      }
      if (s === k && this.more[i] === m) {
        this.at = i;
        return true;
      }
      i = i + 1 === cap ? 0 : i + 1;
    }
  }

  private resize(cap: number): void {
    const { keys, more, depths } = this;
    this.cap = cap;
    this.keys = new Uint32Array(cap);
    this.more = new Uint16Array(cap);
    this.depths = new Uint8Array(cap);
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j]!;
      if (k === 0) continue;
      this.find(k, more[j]!);
      this.keys[this.at] = k;
      this.more[this.at] = more[j]!;
      this.depths[this.at] = depths[j]!;
    }
  }

  /**
   * The probability that some state was omitted: any two of `stored` states sharing the 48 bits kept,
   * at most stored^2 / 2^49 (the birthday bound; a state omitted was one whose 48 bits another had).
   */
  omissionProbability(): number {
    return Math.min(1, (this.size * this.size) / 2 ** (COMPACT_BITS + 1));
  }
}
