/** A growable word array that can be compared and copied: scratch for canonical encodings. */
import type { Words } from '../model.js';

export class WordsArray implements Words {
  words = new Int32Array(256);
  length = 0;
  push(word: number): void {
    if (this.length === this.words.length) {
      const bigger = new Int32Array(this.words.length * 2);
      bigger.set(this.words);
      this.words = bigger;
    }
    this.words[this.length++] = word | 0;
  }
  reset(): void {
    this.length = 0;
  }
  /** Lexicographic order, shorter first on a common prefix. */
  lessThan(o: WordsArray): boolean {
    const n = Math.min(this.length, o.length);
    for (let i = 0; i < n; i++) if (this.words[i] !== o.words[i]) return this.words[i]! < o.words[i]!;
    return this.length < o.length;
  }
  copyFrom(o: WordsArray): void {
    this.length = 0;
    for (let i = 0; i < o.length; i++) this.push(o.words[i]!);
  }
}
