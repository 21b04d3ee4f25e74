/**
 * The one-thread order of a level, kept on several threads. One thread admits a level's states in
 * breadth-first order: by the order of their parents in the level before, then by the action's index
 * among the parent's enabled actions, each state at its first discovery, whose parent and action its
 * link keeps. Its counterexample is the first of the fewest steps in that order. A search on workers
 * reports the same trace whatever their number, and wherever one thread handed it over, by keeping
 * that order: every discovery of a new state carries its key (the parent's rank in its level times
 * 256, plus the action's index; a state has at most 255 actions, as the links store), the owner of
 * a fingerprint keeps the least key and its link among those of the level (`LevelIndex`), and the
 * threads merge their sorted keys (`sortByKey`) into the states' ranks (`ranksOf`), which each expands
 * its share in (`orderOf`) and its successors' keys are made of.
 */

/** A state's key: its parent's rank in the level before, and the index of the action that reached it. */
export function keyOf(parentRank: number, action: number): number {
  return parentRank * 256 + action;
}

/** Keys of a thread's kept states, in the order kept: a growing array of numbers, no object per state. */
export class KeyBuffer {
  values = new Float64Array(1024);
  length = 0;
  push(key: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = key;
  }
}

/**
 * The places of the first `n` keys in ascending order of key (distinct): a radix sort, the action's index first,
 * then the parent's rank 11 bits at a time (a comparison sort with a binary search back to the places took 60 ms
 * for 150,000 keys; this takes a few). Pure.
 */
export function sortByKey(keys: Float64Array, n: number): Int32Array {
  let order = new Int32Array(n);
  let into = new Int32Array(n);
  // Per place, the parent's rank and the action's index; then per pass, each place's digit.
  const high = new Int32Array(n);
  const digits = new Int32Array(n);
  let most = 0;
  for (let p = 0; p < n; p++) {
    order[p] = p;
    const h = Math.floor(keys[p]! / 256);
    high[p] = h;
    digits[p] = keys[p]! - h * 256;
    if (h > most) most = h;
  }
  const counts = new Int32Array(2048);
  // Pass 0 by the action's index (`digits` as made), then by the rank's bits from `shift`.
  for (let pass = 0, shift = 0; pass === 0 || (shift < 32 && most >>> shift > 0); pass++) {
    if (pass > 0) {
      for (let p = 0; p < n; p++) digits[p] = (high[p]! >>> shift) & 2047;
      shift += 11;
    }
    counts.fill(0);
    for (let p = 0; p < n; p++) counts[digits[p]!]! += 1;
    for (let b = 0, at = 0; b < 2048; b++) {
      const c = counts[b]!;
      counts[b] = at;
      at += c;
    }
    for (let i = 0; i < n; i++) {
      const p = order[i]!;
      into[counts[digits[p]!]!++] = p;
    }
    const t = order;
    order = into;
    into = t;
  }
  return order;
}

/** The keys in the order `order` gives (ascending: `sortByKey`), for the other threads (`ranksOf`). Pure. */
export function sortedKeys(keys: Float64Array, order: Int32Array): Float64Array<ArrayBuffer> {
  const out = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = keys[order[i]!]!;
  return out;
}

/**
 * The rank in the whole level of each of this thread's states, by place: `keys` theirs (distinct), `order` their
 * places in ascending order of key, `others` the sorted keys of the other threads' states. Pure.
 */
export function ranksOf(keys: Float64Array, order: Int32Array, others: readonly Float64Array[]): Int32Array {
  const n = order.length;
  const ranks = new Int32Array(n);
  // The i-th least of this thread's keys: i below it here, and every other thread's keys below it (both sorted).
  for (let i = 0; i < n; i++) ranks[order[i]!] = i;
  for (const o of others) {
    let j = 0;
    for (let i = 0; i < n; i++) {
      const k = keys[order[i]!]!;
      while (j < o.length && o[j]! < k) j++;
      ranks[order[i]!]! += j;
    }
  }
  return ranks;
}

/** The places of the first `n` of `ranks` (distinct, from 0) in ascending order of rank, by bucket. Pure. */
export function orderOf(ranks: Int32Array, n: number): Int32Array {
  let most = -1;
  for (let p = 0; p < n; p++) if (ranks[p]! > most) most = ranks[p]!;
  const slot = new Int32Array(most + 1).fill(-1);
  for (let p = 0; p < n; p++) slot[ranks[p]!] = p;
  const order = new Int32Array(n);
  for (let r = 0, j = 0; r <= most; r++) if (slot[r]! >= 0) order[j++] = slot[r]!;
  return order;
}

/** Slots of the index's hash table (hi, lo, entry + 1): a power of two, at most half full. */
const MIN_SLOTS = 1 << 10;

/**
 * The states a thread admitted as owner in the level being made, by fingerprint: each state's least key so far,
 * its local number (whose link it keeps), and who keeps the state (`keeper`: this thread, or the claimant of its
 * first admitted claim) at which place (`at`: in this thread's next level, or in that claimant's claims).
 * Emptied for each level: a state of an earlier level is not new, whatever its key.
 */
export class LevelIndex {
  private table = new Int32Array(3 * MIN_SLOTS);
  private mask = MIN_SLOTS - 1;
  /** The home slot is the hash's top bits (its low bits follow the fingerprint's, which the owner's number biases). */
  private shift = 32 - Math.log2(MIN_SLOTS);
  /** Per entry (typed arrays kept from level to level, grown as needed). */
  keys = new Float64Array(MIN_SLOTS);
  locals = new Int32Array(MIN_SLOTS);
  /** The state's global number and fingerprint halves. */
  ids = new Int32Array(MIN_SLOTS);
  his = new Int32Array(MIN_SLOTS);
  los = new Int32Array(MIN_SLOTS);
  keepers = new Int32Array(MIN_SLOTS);
  at = new Int32Array(MIN_SLOTS);
  size = 0;
  /** Entries of the level before the last (for the next level's expected size). */
  private before = 0;

  /**
   * Empties the index for the next level, its table made big enough for as many more entries as the last level
   * had more than the one before (growing an empty table moves nothing; growing a full one moved 300,000 entries
   * in 60 ms of a kafka-txn search at depth 12).
   */
  clear(): void {
    const last = this.size;
    const expected = last * Math.min(8, last / Math.max(1, this.before));
    this.before = last;
    this.size = 0;
    let slots = this.mask + 1;
    while (2 * expected > slots) slots *= 2;
    if (slots > this.mask + 1) {
      this.shift -= Math.log2(slots / (this.mask + 1));
      this.mask = slots - 1;
      this.table = new Int32Array(3 * slots);
    } else if (last > 0) this.table.fill(0);
    if (expected > this.keys.length) this.room(slots / 2);
  }

  /** Adds a state not in the index: its entry. */
  add(hi: number, lo: number, local: number, id: number, key: number, keeper: number, at: number): number {
    const e = this.size;
    if (2 * (e + 1) > this.mask + 1) this.grow();
    if (e === this.keys.length) this.room(2 * e);
    this.keys[e] = key;
    this.locals[e] = local;
    this.ids[e] = id;
    this.his[e] = hi;
    this.los[e] = lo;
    this.keepers[e] = keeper;
    this.at[e] = at;
    this.size = e + 1;
    this.place(hi | 0, lo | 0, e);
    return e;
  }

  /** The entry of the state with fingerprint (hi, lo), or -1 when it is not in the index. */
  find(hi: number, lo: number): number {
    const h = hi | 0;
    const l = lo | 0;
    const t = this.table;
    for (let i = this.home(h, l); ; i = (i + 1) & this.mask) {
      const e = t[3 * i + 2]!;
      if (e === 0) return -1;
      if (t[3 * i] === h && t[3 * i + 1] === l) return e - 1;
    }
  }

  private home(h: number, l: number): number {
    return Math.imul(l ^ Math.imul(h, 0x9e3779b1), 0x85ebca6b) >>> this.shift;
  }

  private place(h: number, l: number, e: number): void {
    const t = this.table;
    let i = this.home(h, l);
    while (t[3 * i + 2] !== 0) i = (i + 1) & this.mask;
    t[3 * i] = h;
    t[3 * i + 1] = l;
    t[3 * i + 2] = e + 1;
  }

  /** Room for `n` entries, keeping those held. */
  private room(n: number): void {
    const keys = new Float64Array(n);
    keys.set(this.keys);
    this.keys = keys;
    for (const name of ['locals', 'ids', 'his', 'los', 'keepers', 'at'] as const) {
      const a = new Int32Array(n);
      a.set(this[name]);
      this[name] = a;
    }
  }

  private grow(): void {
    const old = this.table;
    this.mask = 2 * (this.mask + 1) - 1;
    this.shift -= 1;
    this.table = new Int32Array(3 * (this.mask + 1));
    for (let i = 0; i < old.length; i += 3) if (old[i + 2] !== 0) this.place(old[i]!, old[i + 1]!, old[i + 2]! - 1);
  }
}
