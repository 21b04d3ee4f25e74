/**
 * The fingerprint store of the exhaustive search: 64-bit fingerprints, 8 bytes a slot in one
 * typed array (no JS Set, no 2^24 limit), open addressing with Robin Hood linear probing, so a
 * lookup of an absent fingerprint stops early even when the table is 90% full. The table grows
 * by 30% when 90% full (not by doubling), so it is always between 69% and 90% full: 8.9 to 11.6
 * bytes a state at any size; it never grows past what `limit` fingerprints need (the search's
 * `--max-states`). Membership only: the search keeps each new state's parent and action in `Links`.
 */

/** Most of the table in use before it grows. */
const MAX_LOAD = 0.9;
/** How much it grows. */
const GROWTH = 1.3;
/** 2^32, for mapping a 32-bit hash onto [0, capacity) by multiplication (no power-of-two sizes needed). */
const TWO_32 = 4294967296;

/** The home slot of a fingerprint in a table of `cap` slots (the failing drains' table uses it too). */
export function home(hi: number, lo: number, cap: number): number {
  return Math.floor((((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0) * cap) / TWO_32);
}

export class FingerprintSet {
  /** Slot i holds the fingerprint (slots[2i], slots[2i+1]); (0, 0) is empty. */
  private slots: Uint32Array;
  private cap: number;
  private readonly most: number;
  size = 0;

  /** A set that will hold at most `limit` fingerprints, starting with room for `initial`. */
  constructor(initial = 256, limit = 2 ** 31) {
    this.most = Math.max(16, Math.ceil(limit / MAX_LOAD) + 1);
    this.cap = Math.min(this.most, Math.max(16, Math.ceil(initial / MAX_LOAD)));
    this.slots = new Uint32Array(this.cap * 2);
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  /** Adds a fingerprint (not all-zero); true if it was new. */
  add(hi: number, lo: number): boolean {
    if (this.has(hi, lo)) return false;
    this.insert(hi, lo);
    return true;
  }

  /** Adds a fingerprint the caller has just found absent (`has` was false). */
  insert(hi: number, lo: number): void {
    if (this.size + 1 > this.cap * MAX_LOAD && this.cap < this.most)
      this.resize(Math.min(this.most, Math.ceil(this.cap * GROWTH)));
    if (this.size + 1 >= this.cap) throw new Error('internal: fingerprint table full');
    this.place(hi >>> 0, lo >>> 0);
    this.size += 1;
  }

  /** Whether the fingerprint is present. */
  has(hi: number, lo: number): boolean {
    const s = this.slots;
    const cap = this.cap;
    const h = hi >>> 0;
    const l = lo >>> 0;
    let i = home(h, l, cap);
    for (let d = 0; ; d++) {
      const sh = s[2 * i]!;
      const sl = s[2 * i + 1]!;
      if (sh === h && sl === l) return true;
      if (sh === 0 && sl === 0) return false;
      // Robin Hood: every fingerprint sits at least as far from its home as any it passed, so once the
      // resident is nearer its home than we are to ours, ours is not in the table.
      const rd = i - home(sh, sl, cap);
      if ((rd < 0 ? rd + cap : rd) < d) return false;
      i = i + 1 === cap ? 0 : i + 1;
    }
  }

  /** Calls `f` with every fingerprint held (in table order). */
  forEach(f: (hi: number, lo: number) => void): void {
    const s = this.slots;
    for (let j = 0; j < s.length; j += 2) if (s[j] !== 0 || s[j + 1] !== 0) f(s[j]!, s[j + 1]!);
  }

  /** Puts an absent fingerprint in, displacing residents nearer their home (Robin Hood). */
  private place(hi: number, lo: number): void {
    const s = this.slots;
    const cap = this.cap;
    let h = hi;
    let l = lo;
    let i = home(h, l, cap);
    for (let d = 0; ; d++) {
      const sh = s[2 * i]!;
      const sl = s[2 * i + 1]!;
      if (sh === 0 && sl === 0) {
        s[2 * i] = h;
        s[2 * i + 1] = l;
        return;
      }
      const rd0 = i - home(sh, sl, cap);
      const rd = rd0 < 0 ? rd0 + cap : rd0;
      if (rd < d) {
        s[2 * i] = h;
        s[2 * i + 1] = l;
        h = sh;
        l = sl;
        d = rd;
      }
      i = i + 1 === cap ? 0 : i + 1;
    }
  }

  private resize(cap: number): void {
    const old = this.slots;
    this.cap = cap;
    this.slots = new Uint32Array(cap * 2);
    for (let j = 0; j < old.length; j += 2) {
      const h = old[j]!;
      const l = old[j + 1]!;
      if (h !== 0 || l !== 0) this.place(h, l);
    }
  }
}
