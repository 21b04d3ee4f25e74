/**
 * Parent links of the states in discovery order: state n's parent number and the index, in the
 * parent's `enabled` list, of the action that reached it. The action takes a byte, the parent as
 * many bits as the largest state number needs (24 for 16 million states), packed: 4 bytes a state
 * for up to 16 million states, 4.4 for a hundred million. Full chunks hold 8192 entries; only the
 * last chunk grows (by doubling, from 64 entries), so growing copies at most one chunk and leaves
 * at most half of one unused. A shortest path is rebuilt by replaying the indices from the
 * initial state.
 */

const CHUNK_BITS = 13;
const CHUNK = 1 << CHUNK_BITS;

export class Links {
  /** Bits a parent takes (parent + 1 is stored, so the initial state's -1 is 0). */
  private readonly width: number;
  private readonly parents: Uint32Array[] = [];
  private readonly actions: Uint8Array[] = [];
  size = 0;

  /** Links for parents numbered up to `maxParent`. */
  constructor(maxParent = 2 ** 31) {
    this.width = Math.max(1, Math.min(32, Math.ceil(Math.log2(maxParent + 2))));
  }

  /** Records state number `size` and returns it. */
  add(parent: number, action: number): number {
    const n = this.size;
    const c = n >>> CHUNK_BITS;
    const j = n & (CHUNK - 1);
    if (c === this.parents.length) this.grow(c, 64);
    else if (j === this.actions[c]!.length) this.grow(c, j * 2);
    this.set(n, parent, action);
    this.size += 1;
    return n;
  }

  /**
   * Records `parent` and `action` for state `n` (`add`), or in place of what it had: a search on several threads
   * keeps the link of the first discovery in breadth-first order, which may come after the one it admitted
   * (`share-search.ts`).
   */
  set(n: number, parent: number, action: number): void {
    const c = n >>> CHUNK_BITS;
    const j = n & (CHUNK - 1);
    this.actions[c]![j] = action;
    const words = this.parents[c]!;
    const v = (parent + 1) >>> 0;
    const bit = j * this.width;
    const w = bit >>> 5;
    const off = bit & 31;
    const mask = this.width === 32 ? 0xffffffff : (1 << this.width) - 1;
    words[w] = ((words[w]! & ~(mask << off)) | (v << off)) >>> 0;
    if (off + this.width > 32) {
      const high = mask >>> (32 - off);
      words[w + 1] = ((words[w + 1]! & ~high) | (v >>> (32 - off))) >>> 0;
    }
  }

  /** Makes chunk `c` hold `entries` entries, keeping what it holds. */
  private grow(c: number, entries: number): void {
    const parents = new Uint32Array(Math.ceil((entries * this.width) / 32) + 1);
    const actions = new Uint8Array(entries);
    if (c < this.parents.length) {
      parents.set(this.parents[c]!);
      actions.set(this.actions[c]!);
      this.parents[c] = parents;
      this.actions[c] = actions;
    } else {
      this.parents.push(parents);
      this.actions.push(actions);
    }
  }

  /** The parent number of state `n` (-1 for the initial state). */
  parentOf(n: number): number {
    const words = this.parents[n >>> CHUNK_BITS]!;
    const bit = (n & (CHUNK - 1)) * this.width;
    const w = bit >>> 5;
    const off = bit & 31;
    let v = words[w]! >>> off;
    if (off + this.width > 32) v |= words[w + 1]! << (32 - off);
    v = this.width === 32 ? v >>> 0 : (v & ((1 << this.width) - 1)) >>> 0;
    return v - 1;
  }

  /** The action index that reached state `n`. */
  actionOf(n: number): number {
    return this.actions[n >>> CHUNK_BITS]![n & (CHUNK - 1)]!;
  }

  /** The action indices from the initial state (number 0) to state `n`. */
  pathTo(n: number): number[] {
    const out: number[] = [];
    for (let i = n; i > 0; i = this.parentOf(i)) out.push(this.actionOf(i));
    return out.reverse();
  }

  /** Bytes held. */
  get bytes(): number {
    let b = 0;
    for (let c = 0; c < this.parents.length; c++) b += this.parents[c]!.byteLength + this.actions[c]!.byteLength;
    return b;
  }
}
