/**
 * The state of `two-phase-commit`: TwoPhase.tla's four variables as plain frozen data. Resource
 * managers are numbered 1 .. rm.count (`rm1`, `rm2`, ...); index `i` of every per-RM array is
 * `rm{i+1}`. The message set `msgs` is split into its possible members: one flag per
 * `Prepared(rm)`, and one each for `Commit` and `Abort` (a message, once sent, stays: TLA+ adds to
 * the set and never removes).
 */
import type { TwoPhaseConfig } from './config.js';

/** A resource manager's state (TwoPhase.tla's `rmState[rm]`). */
export type RmState = 'working' | 'prepared' | 'committed' | 'aborted';

/** The transaction manager's state (TwoPhase.tla's `tmState`). */
export type TmState = 'init' | 'committed' | 'aborted';

/** One state of TwoPhase.tla. Frozen; every change goes through `step`. */
export interface TwoPhaseState {
  /** Static; not part of the key. */
  readonly config: TwoPhaseConfig;
  /** `rmState[rm]`, index rm - 1. */
  readonly rmState: readonly RmState[];
  readonly tmState: TmState;
  /** `rm \in tmPrepared`, index rm - 1. */
  readonly tmPrepared: readonly boolean[];
  /** `[type |-> "Prepared", rm |-> rm] \in msgs`, index rm - 1. */
  readonly msgPrepared: readonly boolean[];
  /** `[type |-> "Commit"] \in msgs`. */
  readonly msgCommit: boolean;
  /** `[type |-> "Abort"] \in msgs`. */
  readonly msgAbort: boolean;
  /** What a step did: nothing beyond the state itself (the renderer compares states). */
  readonly events: readonly never[];
}

/** `rm<n>`: the display name of resource manager `rm` (1-based). Pure. */
export function rmName(rm: number): string {
  return `rm${rm}`;
}

/** The one events list every state shares: a two-phase-commit step records nothing beyond the state. */
export const NO_EVENTS: readonly never[] = Object.freeze([]);

/** TwoPhase.tla's `TPInit`: every RM working, the TM in init, nothing prepared or sent. Pure. */
export function initialState(config: TwoPhaseConfig): TwoPhaseState {
  const n = config.rmCount;
  return {
    config,
    rmState: Array.from({ length: n }, (): RmState => 'working'),
    tmState: 'init',
    tmPrepared: Array.from({ length: n }, () => false),
    msgPrepared: Array.from({ length: n }, () => false),
    msgCommit: false,
    msgAbort: false,
    events: NO_EVENTS,
  };
}

const RM_LETTER: Readonly<Record<RmState, string>> = { working: 'w', prepared: 'p', committed: 'c', aborted: 'a' };
const TM_LETTER: Readonly<Record<TmState, string>> = { init: 'i', committed: 'c', aborted: 'a' };

/**
 * State key: the TM's letter (`i`, `c`, `a`), `C` / `A` for a sent Commit / Abort (`.` if not),
 * then per RM its letter (`w`, `p`, `c`, `a`), `t` if in tmPrepared, `m` if its Prepared message
 * was sent. The initial state of three RMs is `i..w..w..w..`. Pure.
 */
export function twoPhaseStateKey(s: TwoPhaseState): string {
  let k = TM_LETTER[s.tmState] + (s.msgCommit ? 'C' : '.') + (s.msgAbort ? 'A' : '.');
  for (let i = 0; i < s.rmState.length; i++) {
    k += RM_LETTER[s.rmState[i]!] + (s.tmPrepared[i] ? 't' : '.') + (s.msgPrepared[i] ? 'm' : '.');
  }
  return k;
}
