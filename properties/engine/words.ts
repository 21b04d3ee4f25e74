/** A reusable, growable buffer of 32-bit words: where a state's canonical encoding is written. */
import type { Words } from '../../model/model.js';

/** Words written into one growing Int32Array; `reset` before each state. */
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
  reset(): void {
    this.length = 0;
  }
}

/** Writes a string key as words (two UTF-16 units a word), for models without a fast path. */
export function pushKey(key: string, out: Words): void {
  out.push(key.length);
  for (let i = 0; i < key.length; i += 2) out.push(key.charCodeAt(i) | (key.charCodeAt(i + 1) << 16));
}
