/**
 * The fingerprint store of the exhaustive search: 64-bit fingerprints, 8 bytes a slot in one
 * typed array (no JS Set, no 2^24 limit), open addressing with linear probing kept in order
 * (Robin Hood with ties broken by key: the table holds its fingerprints sorted by a 32-bit key,
 * each at its home slot or just past the one before it), so a lookup of an absent fingerprint
 * stops early even when the table is 90% full, and an insertion shifts a run one slot right.
 * The table does not wrap round: a run that passes the last home goes on into a tail of spare
 * slots. It grows by 30% when 90% full (not by doubling), so it is always between 69% and 90%
 * full: 8.9 to 11.6 bytes a state at any size; it never grows past what `limit` fingerprints need
 * (the search's `--max-states`). It grows in place, into room reserved ahead (pages a process has
 * not touched cost no memory, and touching fresh pages is most of what copying to a new table
 * costs). Membership only: the search keeps each new state's parent and action in `Links`.
 */

/** Most of the table in use before it grows. */
const MAX_LOAD = 0.9;
/** How much it grows. */
const GROWTH = 1.3;
/** 2^32, for mapping a 32-bit key onto [0, capacity) by multiplication (no power-of-two sizes needed). */
const TWO_32 = 4294967296;
/** Spare slots past the last home, for the runs that pass it (the last slot is always left empty). */
const TAIL = 4;
/** Old slots a block of the in-place growth (`grow`) takes. */
const BLOCK = 4096;
/** How much room a new reservation makes, as a multiple of what the table needs when it is made. */
const RESERVE = 4;
/** Most slots a table can have: the longest Uint32Array holds 2^32 words. */
const MOST_SLOTS = 2 ** 31;

/** The 32-bit key a fingerprint is ordered and placed by. */
function keyOf(hi: number, lo: number): number {
  return (lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0;
}

/** The home slot of a fingerprint in a table of `cap` slots (the failing drains' table uses it too). */
export function home(hi: number, lo: number, cap: number): number {
  return Math.floor((keyOf(hi, lo) * cap) / TWO_32);
}

export class FingerprintSet {
  /** Slot i holds the fingerprint (slots[2i], slots[2i+1]); (0, 0) is empty. Slots from `end` on are reserved. */
  private slots: Uint32Array;
  /** Home slots: a key's home is in [0, cap). */
  private cap: number;
  /** Slots in use: the homes and the tail after them; slot end - 1 is always empty. */
  private end: number;
  private most: number;
  /** Where the last `has` that found nothing stopped, for `insert`. */
  private missHi = 0;
  private missLo = 0;
  private missSlot = -1;
  size = 0;

  /** A set that will hold at most `limit` fingerprints, starting with room for `initial`. */
  constructor(initial = 256, limit = 2 ** 31) {
    this.most = Math.max(16, Math.ceil(limit / MAX_LOAD) + 1);
    this.cap = Math.min(this.most, Math.max(16, Math.ceil(initial / MAX_LOAD)));
    this.end = this.cap + TAIL;
    this.slots = new Uint32Array(this.reserve(this.end) * 2);
  }

  /**
   * Lets the table hold `limit` fingerprints if it could hold fewer: a thread of a search on workers admits up to
   * `--max-states` states in a level it is cut in, whatever it held before (`share-search.ts`).
   */
  allow(limit: number): void {
    this.most = Math.max(this.most, Math.ceil(limit / MAX_LOAD) + 1);
  }

  /** Bytes held by the table (the slots in use: reserved slots not yet reached are pages never touched). */
  get bytes(): number {
    return this.end * 8;
  }

  /** Adds a fingerprint (not all-zero); true if it was new. */
  add(hi: number, lo: number): boolean {
    if (this.has(hi, lo)) return false;
    this.insert(hi, lo);
    return true;
  }

  /** Adds a fingerprint the caller has just found absent (`has` was false). */
  insert(hi: number, lo: number): void {
    const h = hi >>> 0;
    const l = lo >>> 0;
    if (this.size + 1 > this.cap * MAX_LOAD && this.cap < this.most) {
      this.grow(Math.min(this.most, Math.ceil(this.cap * GROWTH)));
      this.missSlot = -1;
    }
    if (this.size + 1 >= this.cap) throw new Error('internal: fingerprint table full');
    // `has` stopped where this fingerprint belongs: start there rather than walk from its home again.
    const p = this.missSlot >= 0 && this.missHi === h && this.missLo === l ? this.missSlot : this.slotFor(h, l);
    this.missSlot = -1;
    const s = this.slots;
    let e = p;
    while (s[2 * e] !== 0 || s[2 * e + 1] !== 0) e++;
    if (e + 1 >= this.end) this.extend(e + 2 + TAIL);
    const t = this.slots;
    for (let j = 2 * e + 1; j > 2 * p + 1; j--) t[j] = t[j - 2]!;
    t[2 * p] = h;
    t[2 * p + 1] = l;
    this.size += 1;
  }

  /** Whether the fingerprint is present. */
  has(hi: number, lo: number): boolean {
    const s = this.slots;
    const cap = this.cap;
    const h = hi >>> 0;
    const l = lo >>> 0;
    const k = keyOf(h, l);
    let i = Math.floor((k * cap) / TWO_32);
    for (let d = 0; ; d++, i++) {
      const sh = s[2 * i]!;
      const sl = s[2 * i + 1]!;
      if (sh === h && sl === l) return true;
      if (sh === 0 && sl === 0) return this.missed(h, l, i);
      // In key order: once the resident is nearer its home than we are to ours (its home is after ours), or as
      // near with a larger key, ours is not in the table, and this slot is where it would go.
      const rk = keyOf(sh, sl);
      const rd = i - Math.floor((rk * cap) / TWO_32);
      if (rd < d || (rd === d && rk > k)) return this.missed(h, l, i);
    }
  }

  /** Calls `f` with every fingerprint held (in key order). */
  forEach(f: (hi: number, lo: number) => void): void {
    const s = this.slots;
    for (let j = 0; j < 2 * this.end; j += 2) if (s[j] !== 0 || s[j + 1] !== 0) f(s[j]!, s[j + 1]!);
  }

  private missed(h: number, l: number, slot: number): false {
    this.missHi = h;
    this.missLo = l;
    this.missSlot = slot;
    return false;
  }

  /** Where an absent fingerprint goes: the first slot from its home that is empty or holds a larger key. */
  private slotFor(h: number, l: number): number {
    this.has(h, l);
    return this.missSlot;
  }

  /** Slots to reserve for a table that needs `need` (at most what the limit needs, and never less than `need`). */
  private reserve(need: number): number {
    return Math.max(need, Math.min(this.most + TAIL, need * RESERVE, MOST_SLOTS));
  }

  /** Makes the slots in use `end`, moving to a new reservation if the old one is too small. */
  private extend(end: number): void {
    if (end * 2 > this.slots.length) {
      const t = new Uint32Array(this.reserve(end) * 2);
      t.set(this.slots.subarray(0, this.end * 2));
      this.slots = t;
    }
    this.end = end;
  }

  /**
   * Grows the homes to `cap` in place. A fingerprint's slot in key order is its home or one past the one before it,
   * and both only move right when the homes grow, so moving the fingerprints from the last to the first never
   * writes over one not yet moved. The new slots are found from the first: a pass records, at every block of
   * `BLOCK` old slots, the first free new slot; each block, from the last, then finds its own and moves.
   */
  private grow(cap: number): void {
    const oldEnd = this.end;
    const scale = cap / TWO_32;
    const blocks = Math.ceil(oldEnd / BLOCK);
    const marks = new Float64Array(blocks);
    let s = this.slots;
    let next = 0;
    for (let b = 0; b < blocks; b++) {
      marks[b] = next;
      const stop = Math.min(oldEnd, (b + 1) * BLOCK);
      for (let j = b * BLOCK; j < stop; j++) {
        const h = s[2 * j]!;
        const l = s[2 * j + 1]!;
        if (h === 0 && l === 0) continue;
        const at = Math.floor(keyOf(h, l) * scale);
        next = Math.max(at, next) + 1;
      }
    }
    this.cap = cap;
    this.extend(Math.max(cap + TAIL, next + 1));
    s = this.slots;
    const from = new Int32Array(BLOCK);
    const to = new Float64Array(BLOCK);
    for (let b = blocks - 1; b >= 0; b--) {
      let cursor = marks[b]!;
      let n = 0;
      const stop = Math.min(oldEnd, (b + 1) * BLOCK);
      for (let j = b * BLOCK; j < stop; j++) {
        const h = s[2 * j]!;
        const l = s[2 * j + 1]!;
        if (h === 0 && l === 0) continue;
        const at = Math.floor(keyOf(h, l) * scale);
        const i = Math.max(at, cursor);
        cursor = i + 1;
        from[n] = j;
        to[n++] = i;
      }
      for (let m = n - 1; m >= 0; m--) {
        const j = from[m]!;
        const i = to[m]!;
        if (i === j) continue;
        s[2 * i] = s[2 * j]!;
        s[2 * i + 1] = s[2 * j + 1]!;
        s[2 * j] = 0;
        s[2 * j + 1] = 0;
      }
    }
  }
}
