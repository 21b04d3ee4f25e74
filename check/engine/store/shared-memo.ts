/**
 * The drain memo of a search on worker threads, shared by all of them: the fingerprints of states
 * from which the fault-free drain is known to pass, in one SharedArrayBuffer. A drain one worker
 * ran ends another worker's drain as soon as it meets one of its states, as on one thread (with a
 * memo per worker, each re-drained what the other knew: a quarter more drain steps on kafka-txn).
 *
 * Open addressing with linear probing, insert-only, written concurrently without locks: a writer
 * claims a slot by compare-and-swap of its first word, then stores the second. A reader that meets
 * a slot whose second word is not written yet takes it as absent. Every race therefore loses a
 * memo entry at worst (one more drain run in full), never yields a false "known": the memo only
 * makes the search faster, its verdicts and distances are those of the drain itself. The table
 * does not grow while workers write; between levels, with the workers waiting, the main thread
 * copies it into a bigger one (`grown`). Past `MAX_LOAD` it stops taking entries.
 */

/** Header words: entries held, slots. */
const HEADER = 2;
const MAX_LOAD = 0.85;
const TWO_32 = 4294967296;

/** Fingerprint halves as stored: never 0 (0 marks an empty slot, or a second word not yet written). */
function nonZero(w: number): number {
  return w === 0 ? 1 : w | 0;
}

export class SharedMemo {
  private readonly words: Int32Array;
  private readonly cap: number;

  /** A view of a table in `buffer` (made by `create` or `grown`, in any thread). */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.words = new Int32Array(buffer);
    this.cap = this.words[1]!;
  }

  /** An empty table of at least `slots` slots. */
  static create(slots: number): SharedMemo {
    const cap = Math.max(1024, Math.ceil(slots));
    const buffer = new SharedArrayBuffer((HEADER + 2 * cap) * 4);
    new Int32Array(buffer)[1] = cap;
    return new SharedMemo(buffer);
  }

  /** Entries held. */
  get size(): number {
    return Atomics.load(this.words, 0);
  }

  /** Slots of the table. */
  get slots(): number {
    return this.cap;
  }

  get bytes(): number {
    return this.buffer.byteLength;
  }

  /** Whether the table is over half full: time for `grown` while no worker writes. */
  get crowded(): boolean {
    return this.size * 2 > this.cap;
  }

  private home(hi: number, lo: number): number {
    return Math.floor((((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0) * this.cap) / TWO_32);
  }

  /** Whether the fingerprint is held (a concurrent writer's entry may not be seen yet). */
  has(hi: number, lo: number): boolean {
    const h = nonZero(hi);
    const l = nonZero(lo);
    const w = this.words;
    for (let i = this.home(h, l), n = 0; n < this.cap; n++) {
      const at = HEADER + 2 * i;
      // Plain reads: a word is never torn, and one not written yet only makes a miss.
      const sh = w[at]!;
      if (sh === 0) return false;
      if (sh === h && w[at + 1] === l) return true;
      i = i + 1 === this.cap ? 0 : i + 1;
    }
    return false;
  }

  /** Adds a fingerprint (a full table, or a race with a writer of the same one, may drop it: harmless). */
  add(hi: number, lo: number): void {
    const w = this.words;
    if (w[0]! >= this.cap * MAX_LOAD) return;
    const h = nonZero(hi);
    const l = nonZero(lo);
    for (let i = this.home(h, l), n = 0; n < this.cap; n++) {
      const at = HEADER + 2 * i;
      const sh = Atomics.compareExchange(w, at, 0, h);
      if (sh === 0) {
        Atomics.store(w, at + 1, l);
        Atomics.add(w, 0, 1);
        return;
      }
      if (sh === h && Atomics.load(w, at + 1) === l) return;
      i = i + 1 === this.cap ? 0 : i + 1;
    }
  }

  /** A copy in a table of `slots` slots (call only while no thread writes this one). */
  grown(slots: number): SharedMemo {
    const to = SharedMemo.create(slots);
    const w = this.words;
    for (let i = 0; i < this.cap; i++) {
      const h = w[HEADER + 2 * i]!;
      const l = w[HEADER + 2 * i + 1]!;
      if (h !== 0 && l !== 0) to.add(h, l);
    }
    return to;
  }
}
