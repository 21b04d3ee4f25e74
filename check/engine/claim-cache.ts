/**
 * The fingerprints a worker has already claimed from their owners, as a fixed-size, direct-mapped
 * cache: a fingerprint found here was claimed before, so its owner knows it and it need not be
 * claimed again; one not found (never claimed, or overwritten by another) is claimed, and its
 * owner answers whether it is new. Forgetting costs a few words sent, never a state: the owner's
 * table decides. (A growing set of every claim cost a worker a third of its time in
 * two-phase-commit's search, rehashing as it grew, and as many bytes as the owners' tables.)
 */

/** Slots: 2^16, 512 KiB (it stays in the core's cache: faster than a bigger table that forgets less). */
const SLOT_BITS = 16;

export class ClaimCache {
  private readonly slots = new Int32Array(2 << SLOT_BITS);

  get bytes(): number {
    return this.slots.byteLength;
  }

  /** Records the fingerprint; true if it was not there (claim it), false if it was (claimed before). */
  add(hi: number, lo: number): boolean {
    const h = hi | 0 || 1;
    const l = lo | 0;
    const i = 2 * (Math.imul(l ^ Math.imul(h, 0x9e3779b1), 0x85ebca6b) >>> (32 - SLOT_BITS));
    if (this.slots[i] === h && this.slots[i + 1] === l) return false;
    this.slots[i] = h;
    this.slots[i + 1] = l;
    return true;
  }
}
