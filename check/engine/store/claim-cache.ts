/**
 * The fingerprints a worker has already claimed from their owners, as a direct-mapped cache: a
 * fingerprint found here was claimed before, so its owner knows it and it need not be claimed
 * again; one not found (never claimed, or overwritten by another) is claimed, and its owner answers
 * whether it is new. Forgetting costs a few words sent, never a state: the owner's table decides.
 * (A growing set of every claim cost a worker a third of its time in two-phase-commit's search,
 * rehashing as it grew, and as many bytes as the owners' tables.)
 *
 * The cache grows with the worker's share of the states (`fit`, between levels), to at most 2^16
 * slots (512 KiB, which stays in the core's cache: faster than a bigger table that forgets more
 * rarely), and never past one slot for `STATES_PER_SLOT` states: a fixed 512 KiB per worker was
 * 3.5 of the 20.6 bytes a state of two-phase-commit with 7 RMs on two workers.
 */

const MIN_BITS = 8;
const MAX_BITS = 16;
/** States of the worker's share per slot (8 bytes): the cache costs at most half a byte a state past its least size. */
export const STATES_PER_SLOT = 16;

export class ClaimCache {
  private bits = MIN_BITS;
  private slots = new Int32Array(2 << MIN_BITS);

  get bytes(): number {
    return this.slots.byteLength;
  }

  /** Slots the cache has. */
  get size(): number {
    return 1 << this.bits;
  }

  /**
   * Grows the cache for a share of `states` states (a power of two of slots, one for every
   * `STATES_PER_SLOT` states, within 2^8 and 2^16). A bigger cache starts empty: it only forgets.
   */
  fit(states: number): void {
    let bits = this.bits;
    while (bits < MAX_BITS && (2 << bits) * STATES_PER_SLOT <= states) bits++;
    if (bits === this.bits) return;
    this.bits = bits;
    this.slots = new Int32Array(2 << bits);
  }

  /** Records the fingerprint; true if it was not there (claim it), false if it was (claimed before). */
  add(hi: number, lo: number): boolean {
    const h = hi | 0 || 1;
    const l = lo | 0;
    const i = 2 * (Math.imul(l ^ Math.imul(h, 0x9e3779b1), 0x85ebca6b) >>> (32 - this.bits));
    if (this.slots[i] === h && this.slots[i + 1] === l) return false;
    this.slots[i] = h;
    this.slots[i + 1] = l;
    return true;
  }
}
