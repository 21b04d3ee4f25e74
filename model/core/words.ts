/**
 * A reusable, growable buffer of 32-bit words: where a state's canonical encoding is written,
 * compared (for the least encoding under symmetries) and fingerprinted.
 */

/** Appends 32-bit words: a state's canonical encoding, hashed into a fingerprint. */
export interface Words {
  push(word: number): void;
}

export class WordBuffer implements Words {
  words = new Int32Array(256);
  length = 0;
  push(word: number): void {
    if (this.length === this.words.length) {
      const bigger = new Int32Array(this.words.length * 2);
      bigger.set(this.words);
      this.words = bigger;
    }
    this.words[this.length++] = word;
  }
  /** Makes room for `n` more words after `length` (the list `words` may be a new one). */
  reserve(n: number): void {
    if (this.length + n <= this.words.length) return;
    const bigger = new Int32Array(Math.max(this.words.length * 2, this.length + n));
    bigger.set(this.words.subarray(0, this.length));
    this.words = bigger;
  }
  /** Appends the first `n` words of `src`. */
  append(src: Int32Array, n: number): void {
    this.reserve(n);
    // A loop: `set` over a new subarray each call took about twice as long for a kafka-txn level handed over.
    const w = this.words;
    const at = this.length;
    for (let i = 0; i < n; i++) w[at + i] = src[i]!;
    this.length = at + n;
  }
  reset(): void {
    this.length = 0;
  }
  /** Hands over the list of words (the first `length` are this buffer's) and starts empty on a new one as big. */
  take(): Int32Array<ArrayBuffer> {
    const w = this.words;
    this.words = new Int32Array(w.length);
    this.length = 0;
    return w;
  }
  /** Lexicographic order, shorter first on a common prefix. */
  lessThan(o: WordBuffer): boolean {
    const n = Math.min(this.length, o.length);
    for (let i = 0; i < n; i++) if (this.words[i] !== o.words[i]) return this.words[i]! < o.words[i]!;
    return this.length < o.length;
  }
  copyFrom(o: WordBuffer): void {
    this.length = 0;
    for (let i = 0; i < o.length; i++) this.push(o.words[i]!);
  }
}
