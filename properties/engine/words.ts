/** Word buffers for the search, and string keys as words for models without a fast path. */
import type { Words } from '../../model/model.js';

export { WordBuffer } from '../../model/engine/words.js';

/** Writes a string key as words (two UTF-16 units a word), for models without a fast path. */
export function pushKey(key: string, out: Words): void {
  out.push(key.length);
  for (let i = 0; i < key.length; i += 2) out.push(key.charCodeAt(i) | (key.charCodeAt(i + 1) << 16));
}
