/**
 * The fingerprint store of the exhaustive search: open addressing over typed arrays (no JS Set,
 * no 2^24 limit) holding 64-bit fingerprints as two 32-bit halves, 8 bytes a slot, doubling at
 * 85% load (so 9.4 to 19 bytes a state; linear probing stays fast there). Membership only: the search keeps each new
 * state's parent and action in `Links`.
 */
export class FingerprintSet {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 12) {
    let cap = 1 << 10;
    while (cap < capacity) cap <<= 1;
    this.hi = new Uint32Array(cap);
    this.lo = new Uint32Array(cap);
    this.mask = cap - 1;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.hi.byteLength + this.lo.byteLength;
  }

  /** Adds a fingerprint (not all-zero); true if it was new. */
  add(hi: number, lo: number): boolean {
    if ((this.size + 1) * 20 > (this.mask + 1) * 17) this.grow();
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    for (;;) {
      const h = this.hi[i]!;
      const l = this.lo[i]!;
      if (h === 0 && l === 0) {
        this.hi[i] = hi;
        this.lo[i] = lo;
        this.size += 1;
        return true;
      }
      if (h === hi && l === lo) return false;
      i = (i + 1) & this.mask;
    }
  }

  /** Whether the fingerprint is present. */
  has(hi: number, lo: number): boolean {
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    for (;;) {
      const h = this.hi[i]!;
      const l = this.lo[i]!;
      if (h === 0 && l === 0) return false;
      if (h === hi && l === lo) return true;
      i = (i + 1) & this.mask;
    }
  }

  private grow(): void {
    const { hi, lo } = this;
    const cap = (this.mask + 1) * 2;
    this.hi = new Uint32Array(cap);
    this.lo = new Uint32Array(cap);
    this.mask = cap - 1;
    for (let j = 0; j < hi.length; j++) {
      const h = hi[j]!;
      const l = lo[j]!;
      if (h === 0 && l === 0) continue;
      let i = (l ^ Math.imul(h, 0x9e3779b1)) & this.mask;
      while (this.hi[i] !== 0 || this.lo[i] !== 0) i = (i + 1) & this.mask;
      this.hi[i] = h;
      this.lo[i] = l;
    }
  }
}

/**
 * Parent links of the states in discovery order: state n's parent number and the index, in the
 * parent's `enabled` list, of the action that reached it. 5 bytes a state; a shortest path is
 * rebuilt by replaying the indices from the initial state.
 */
export class Links {
  parent = new Int32Array(1 << 12);
  action = new Uint8Array(1 << 12);
  size = 0;

  /** Records state number `size` and returns it. */
  add(parent: number, action: number): number {
    if (this.size === this.parent.length) {
      const p = new Int32Array(this.parent.length * 2);
      p.set(this.parent);
      this.parent = p;
      const a = new Uint8Array(this.action.length * 2);
      a.set(this.action);
      this.action = a;
    }
    this.parent[this.size] = parent;
    this.action[this.size] = action;
    return this.size++;
  }

  /** The action indices from the initial state (number 0) to state `n`. */
  pathTo(n: number): number[] {
    const out: number[] = [];
    for (let i = n; i > 0; i = this.parent[i]!) out.push(this.action[i]!);
    return out.reverse();
  }

  /** Bytes held. */
  get bytes(): number {
    return this.parent.byteLength + this.action.byteLength;
  }
}
