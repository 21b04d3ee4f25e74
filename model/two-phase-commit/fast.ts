/**
 * The fast path of `two-phase-commit`: a cheap hand-written clone and a packed encoding.
 *
 * Packing: a 4-bit header, then a 4-bit nibble per RM, eight nibbles to a 32-bit word, so one
 * word holds up to 7 RMs and two words up to 15 (rm.count is at most 12). Header: bits 0-1 the
 * TM (init 0, committed 1, aborted 2), bit 2 Commit sent, bit 3 Abort sent. RM nibble: bits 0-1
 * its state (working 0, prepared 1, committed 2, aborted 3), bit 2 in tmPrepared, bit 3 its
 * Prepared message sent. Words are pushed as unsigned 32-bit integers.
 */
import type { Words } from '../core/model.js';
import { NO_EVENTS, type RmState, type TwoPhaseState } from './state.js';

/** A mutable copy sharing only the (immutable) config. Pure. */
export function cloneState(s: TwoPhaseState): TwoPhaseState {
  return {
    config: s.config,
    rmState: s.rmState.slice(),
    tmState: s.tmState,
    tmPrepared: s.tmPrepared.slice(),
    msgPrepared: s.msgPrepared.slice(),
    msgCommit: s.msgCommit,
    msgAbort: s.msgAbort,
    events: NO_EVENTS,
  };
}

function rmCode(r: RmState): number {
  return r === 'working' ? 0 : r === 'prepared' ? 1 : r === 'committed' ? 2 : 3;
}

/** The header nibble. */
function header(s: TwoPhaseState): number {
  const tm = s.tmState === 'init' ? 0 : s.tmState === 'committed' ? 1 : 2;
  return tm | (s.msgCommit ? 4 : 0) | (s.msgAbort ? 8 : 0);
}

/** The nibble of RM index `i` (rm i + 1). */
function nibble(s: TwoPhaseState, i: number): number {
  return rmCode(s.rmState[i]!) | (s.tmPrepared[i] ? 4 : 0) | (s.msgPrepared[i] ? 8 : 0);
}

/** Scratch for `encodeSymmetric`: the RMs' nibbles, sorted in place. Never escapes a call. */
const scratch = new Uint8Array(16);

/** Pushes `count` nibbles of `scratch` after the header, eight to a word. */
function pushPacked(head: number, count: number, out: Words): void {
  let word = head;
  let slot = 1;
  for (let i = 0; i < count; i++) {
    word |= scratch[i]! << (slot * 4);
    if (++slot === 8) {
      out.push(word >>> 0);
      word = 0;
      slot = 0;
    }
  }
  if (slot !== 0) out.push(word >>> 0);
}

/** The state's words: the header and every RM's nibble in RM order. Pure (writes only to `out`). */
export function encodeState(s: TwoPhaseState, out: Words): void {
  const n = s.rmState.length;
  for (let i = 0; i < n; i++) scratch[i] = nibble(s, i);
  pushPacked(header(s), n, out);
}

/**
 * The words of the state's representative under permutations of the RMs (which TwoPhase.tla
 * treats alike): the per-RM tuples (rmState, tmPrepared, Prepared sent) as nibbles, sorted
 * ascending, then packed like `encodeState`. Two states get the same words exactly when one is
 * the other with its RMs renumbered. Pure (writes only to `out`).
 */
export function encodeStateSymmetric(s: TwoPhaseState, out: Words): void {
  const n = s.rmState.length;
  // Insertion sort: n <= 12, no allocation.
  for (let i = 0; i < n; i++) {
    const v = nibble(s, i);
    let j = i;
    while (j > 0 && scratch[j - 1]! > v) {
      scratch[j] = scratch[j - 1]!;
      j--;
    }
    scratch[j] = v;
  }
  pushPacked(header(s), n, out);
}

const RM_STATES: readonly RmState[] = ['working', 'prepared', 'committed', 'aborted'];
const TM_STATES: readonly TwoPhaseState['tmState'][] = ['init', 'committed', 'aborted'];

/** The state `encodeState` wrote at `words[offset..]`, with `like`'s config. Pure. */
export function decodeState(words: Int32Array, offset: number, like: TwoPhaseState): TwoPhaseState {
  const n = like.rmState.length;
  const nib = (k: number): number => (words[offset + (k >> 3)]! >>> ((k & 7) * 4)) & 15;
  const head = nib(0);
  const rmState: RmState[] = [];
  const tmPrepared: boolean[] = [];
  const msgPrepared: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const v = nib(i + 1);
    rmState.push(RM_STATES[v & 3]!);
    tmPrepared.push((v & 4) !== 0);
    msgPrepared.push((v & 8) !== 0);
  }
  return {
    config: like.config,
    rmState,
    tmState: TM_STATES[head & 3]!,
    tmPrepared,
    msgPrepared,
    msgCommit: (head & 4) !== 0,
    msgAbort: (head & 8) !== 0,
    events: NO_EVENTS,
  };
}
