/**
 * TwoPhase.tla's rules over the packed words of `fast.ts` (a 4-bit header, then a nibble per RM):
 * the exhaustive search's hot path, with no state objects. The successors come in the order
 * `enabled` lists their actions, self-loops included (TLC counts them as generated states too).
 * A second implementation of the action table's meaning: the differential test compares it with
 * `enabled` and `step` on reached states.
 *
 * Nibble of an RM: bits 0-1 its state (working 0, prepared 1, committed 2, aborted 3), bit 2 in
 * tmPrepared, bit 3 its Prepared message sent. Header: bits 0-1 the TM (init 0, committed 1,
 * aborted 2), bit 2 Commit sent, bit 3 Abort sent.
 */
import type { Packed } from '../core/model.js';

const WORKING = 0;
const PREPARED = 1;
const COMMITTED = 2;
const ABORTED = 3;
const IN_TM_PREPARED = 4;
const PREPARED_SENT = 8;
const COMMIT_SENT = 4;
const ABORT_SENT = 8;

/** Action tags by their index in the action table (`twoPhaseActions`' key order). */
const TM_COMMIT = 0;
const TM_ABORT = 1;
const TM_RCV_PREPARED = 2;
const RM_PREPARE = 3;
const RM_CHOOSE_TO_ABORT = 4;
const RM_RCV_COMMIT = 5;
const RM_RCV_ABORT = 6;

/** The packed rules for `n` RMs, with or without the guard `tmPrepared = RM` on TMCommit. Pure. */
export function packedRules(n: number, commitNeedsAllPrepared: boolean): Packed {
  const width = Math.ceil((n + 1) / 8);
  const nibble = (src: Int32Array, at: number, k: number): number => (src[at + (k >> 3)]! >>> ((k & 7) * 4)) & 15;
  /** Copies the state at `src[at..]` to successor `c` of `out` with nibble `k` set to `v`; returns c + 1. */
  const put = (src: Int32Array, at: number, out: Int32Array, c: number, k: number, v: number): number => {
    const o = c * width;
    for (let j = 0; j < width; j++) out[o + j] = src[at + j]!;
    const w = o + (k >> 3);
    const sh = (k & 7) * 4;
    out[w] = (out[w]! & ~(15 << sh)) | (v << sh);
    return c + 1;
  };
  return {
    width,
    most: 2 + 5 * n,
    successors(src, at, out, types) {
      const head = nibble(src, at, 0);
      const init = (head & 3) === 0;
      let c = 0;
      if (init) {
        let all = true;
        for (let k = 1; k <= n && all; k++) all = (nibble(src, at, k) & IN_TM_PREPARED) !== 0;
        if (all || !commitNeedsAllPrepared) {
          types[c] = TM_COMMIT;
          c = put(src, at, out, c, 0, (head & ~3) | 1 | COMMIT_SENT);
        }
        types[c] = TM_ABORT;
        c = put(src, at, out, c, 0, (head & ~3) | 2 | ABORT_SENT);
        for (let k = 1; k <= n; k++) {
          const v = nibble(src, at, k);
          if ((v & PREPARED_SENT) === 0) continue;
          types[c] = TM_RCV_PREPARED;
          c = put(src, at, out, c, k, v | IN_TM_PREPARED);
        }
      }
      for (let k = 1; k <= n; k++) {
        const v = nibble(src, at, k);
        if ((v & 3) !== WORKING) continue;
        types[c] = RM_PREPARE;
        c = put(src, at, out, c, k, (v & ~3) | PREPARED | PREPARED_SENT);
      }
      for (let k = 1; k <= n; k++) {
        const v = nibble(src, at, k);
        if ((v & 3) !== WORKING) continue;
        types[c] = RM_CHOOSE_TO_ABORT;
        c = put(src, at, out, c, k, (v & ~3) | ABORTED);
      }
      if ((head & COMMIT_SENT) !== 0) {
        for (let k = 1; k <= n; k++) {
          types[c] = RM_RCV_COMMIT;
          c = put(src, at, out, c, k, (nibble(src, at, k) & ~3) | COMMITTED);
        }
      }
      if ((head & ABORT_SENT) !== 0) {
        for (let k = 1; k <= n; k++) {
          types[c] = RM_RCV_ABORT;
          c = put(src, at, out, c, k, (nibble(src, at, k) & ~3) | ABORTED);
        }
      }
      return c;
    },
    quiet(src, at) {
      // TCConsistent: no RM committed while another aborted. Every state is quiescent (no drain).
      let committed = false;
      let aborted = false;
      for (let k = 1; k <= n; k++) {
        const r = nibble(src, at, k) & 3;
        committed ||= r === COMMITTED;
        aborted ||= r === ABORTED;
      }
      return !(committed && aborted);
    },
  };
}
