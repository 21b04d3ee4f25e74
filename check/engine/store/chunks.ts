/**
 * Where a search level keeps its states' words: in chunks of bytes, each word as a variable-length
 * integer (zigzag, seven bits a byte). A state's words are mostly small numbers (counts, indices,
 * offsets, -1 for none), so a kafka-txn state of about 210 words takes about 230 bytes instead of 840.
 * That is the memory a deep search keeps, and also its time: a search writes every new state into
 * memory it has not touched before, and the first touch of each 4 KiB page costs a page fault (on
 * kafka-txn the copy into fresh chunks was a sixth of the search, nearly all of it faults).
 */
import { WordBuffer } from '../../../model/core/words.js';

/** Bytes a chunk holds (4 MiB): a level grows by chunks, never copying what it holds. */
const CHUNK_BYTES = 1 << 22;

/** Most bytes a word takes (32 bits, seven a byte). */
const MAX_WORD_BYTES = 5;

/**
 * Chunks that released levels gave back, for the levels after them to fill. A level is released once the
 * next is complete, so a search holds about two levels' chunks and a new level reuses the chunks of the
 * level before last. One pool a thread.
 */
export class ChunkPool {
  private readonly free: Uint8Array[] = [];
  /** A chunk of at least `bytes` bytes: a pooled one when it is of the common size. */
  take(bytes: number): Uint8Array {
    if (bytes <= CHUNK_BYTES) return this.free.pop() ?? new Uint8Array(CHUNK_BYTES);
    return new Uint8Array(bytes);
  }
  /** Takes back `chunk` (one of a single oversized state is left to the collector). */
  give(chunk: Uint8Array): void {
    if (chunk.length === CHUNK_BYTES) this.free.push(chunk);
  }
  /** Chunks waiting to be reused. */
  get size(): number {
    return this.free.length;
  }
}

/**
 * Word sequences packed into chunks of bytes, a sequence never split between two (a buffer that doubled as
 * it grew made the collector run after each copy of a level of hundreds of megabytes). A sequence is read
 * back into one buffer the chunks reuse: read it before the next is read.
 */
export class Chunks {
  private chunks: Uint8Array[] = [];
  private used = CHUNK_BYTES;
  /** The k-th sequence's chunk and its offset there. */
  private readonly chunkOf = new WordBuffer();
  private readonly offsets = new WordBuffer();
  private out = new Int32Array(256);
  /** How many words the last `words` call read, and which sequence (-1: none, or `out` no longer holds it). */
  private lastLength = 0;
  private lastK = -1;
  constructor(private readonly pool: ChunkPool) {}

  /** Sequences kept. */
  get length(): number {
    return this.offsets.length;
  }

  /** Keeps the words `w` holds as the next sequence. */
  add(w: WordBuffer): void {
    const n = w.length;
    const most = (n + 1) * MAX_WORD_BYTES;
    if (this.used + most > CHUNK_BYTES) {
      this.chunks.push(this.pool.take(most));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    const into = this.chunks[chunk]!;
    const from = w.words;
    let at = put(into, this.used, n);
    for (let i = 0; i < n; i++) {
      const x = from[i]!;
      at = put(into, at, ((x << 1) ^ (x >> 31)) >>> 0);
    }
    this.chunkOf.push(chunk);
    this.offsets.push(this.used);
    this.used = at;
  }

  /**
   * The words of the k-th sequence, from index 0 of a buffer reused by the next call (a sequence read after
   * `release` throws). The buffer is read, never written, by its callers: asked for the same sequence again (a
   * search decodes a state once for each of its successors), it is returned as it is.
   */
  words(k: number): Int32Array {
    if (k === this.lastK) return this.out;
    const c = k < this.offsets.length ? this.chunks[this.chunkOf.words[k]!] : undefined;
    if (c === undefined) throw new Error(`internal: state ${k} of a level read after the level was released`);
    let at = this.offsets.words[k]!;
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = c[at++]!;
      n |= (b & 0x7f) << shift;
      if (b < 0x80) break;
    }
    this.lastLength = n;
    if (this.out.length < n) this.out = new Int32Array(Math.max(n, this.out.length * 2));
    const out = this.out;
    for (let i = 0; i < n; i++) {
      let b = c[at++]!;
      let z = b & 0x7f;
      for (let shift = 7; b >= 0x80; shift += 7) {
        b = c[at++]!;
        z |= (b & 0x7f) << shift;
      }
      out[i] = (z >>> 1) ^ -(z & 1);
    }
    this.lastK = k;
    return out;
  }

  /** Appends the words of the k-th sequence to `into`. */
  copyTo(k: number, into: WordBuffer): void {
    const w = this.words(k);
    into.append(w, this.lastLength);
  }

  /** Gives every chunk back to the pool; a sequence read after this throws. */
  release(): void {
    for (const c of this.chunks) this.pool.give(c);
    this.chunks = [];
    this.used = CHUNK_BYTES;
    this.chunkOf.reset();
    this.offsets.reset();
    this.lastK = -1;
  }

  /** Keeps the first `n` sequences (the bytes of those after stay in their chunk, unused). */
  truncate(n: number): void {
    if (this.lastK >= n) this.lastK = -1;
    this.chunkOf.length = Math.min(n, this.chunkOf.length);
    this.offsets.length = Math.min(n, this.offsets.length);
  }

  /** Bytes the chunks hold. */
  get bytes(): number {
    return this.chunks.length * CHUNK_BYTES;
  }
}

/** Writes `z` (0 to 2^32 - 1) at `at` of `into`, seven bits a byte, low first: where the next byte goes. */
function put(into: Uint8Array, at: number, z: number): number {
  while (z >= 0x80) {
    into[at++] = (z & 0x7f) | 0x80;
    z >>>= 7;
  }
  into[at++] = z;
  return at;
}
