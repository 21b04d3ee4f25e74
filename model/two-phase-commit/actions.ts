/**
 * The actions of `two-phase-commit`: TwoPhase.tla's seven, the per-RM ones carrying `rm` (1-based,
 * `rm1` is 1), one table entry each: the guard (`enabled`), the effect (TwoPhase.tla's primed
 * variables), the call, and the lanes. Order: the transaction manager's TMCommit, TMAbort,
 * TMRcvPrepared(rm); then per RM its RMPrepare, RMChooseToAbort, RMRcvCommitMsg, RMRcvAbortMsg.
 */
import type { ActionTable } from '../core/model.js';
import { MAX_RMS } from './config.js';
import { rmName, type TwoPhaseState } from './state.js';

/** One action of TwoPhase.tla. */
export type TwoPhaseAction =
  // transaction manager
  | { readonly type: 'TMCommit' }
  | { readonly type: 'TMAbort' }
  | { readonly type: 'TMRcvPrepared'; readonly rm: number }
  // resource managers
  | { readonly type: 'RMPrepare'; readonly rm: number }
  | { readonly type: 'RMChooseToAbort'; readonly rm: number }
  | { readonly type: 'RMRcvCommitMsg'; readonly rm: number }
  | { readonly type: 'RMRcvAbortMsg'; readonly rm: number };

/** The per-RM action names. */
export type RmActionType = Extract<TwoPhaseAction, { rm: number }>['type'];

type S = TwoPhaseState;

/** Frozen action objects, built once: `enabled` hands these out instead of allocating new ones. */
const tmCommit = Object.freeze({ type: 'TMCommit' as const });
const tmAbort = Object.freeze({ type: 'TMAbort' as const });
function perRm<T extends RmActionType>(type: T): readonly Readonly<{ type: T; rm: number }>[] {
  return Array.from({ length: MAX_RMS + 1 }, (_, rm) => Object.freeze({ type, rm }));
}
const tables = {
  TMRcvPrepared: perRm('TMRcvPrepared'),
  RMPrepare: perRm('RMPrepare'),
  RMChooseToAbort: perRm('RMChooseToAbort'),
  RMRcvCommitMsg: perRm('RMRcvCommitMsg'),
  RMRcvAbortMsg: perRm('RMRcvAbortMsg'),
} as const;

/** Action constructors; each returns a shared frozen object (actions are plain immutable data). */
export const act = {
  tmCommit: (): TwoPhaseAction => tmCommit,
  tmAbort: (): TwoPhaseAction => tmAbort,
  /** `type(rm)` for 1 <= rm <= 12. */
  rm: (type: RmActionType, rm: number): TwoPhaseAction => tables[type][rm] ?? Object.freeze({ type, rm }),
} as const;

/** Whether every RM is in tmPrepared (`tmPrepared = RM`). */
function allPrepared(s: S): boolean {
  for (let i = 0; i < s.tmPrepared.length; i++) if (!s.tmPrepared[i]) return false;
  return true;
}

/** Emits the action of `table` for each rm (ascending) where `when(i)` holds, i = rm - 1. */
function eachRm<A>(s: S, table: readonly A[], when: (i: number) => boolean, emit: (a: A) => void): void {
  for (let i = 0; i < s.rmState.length; i++) if (when(i)) emit(table[i + 1]!);
}

/**
 * Partial-order reduction's resources: the TM's state, the Commit and Abort messages, and per RM
 * (index i = rm - 1) whether it is working, its outcome (committed, aborted or neither: what
 * TCConsistent reads), whether the TM holds it prepared, and its Prepared message. An RM's state is
 * the pair (working, outcome): working = (yes, neither), prepared = (no, neither), committed and
 * aborted = (no, committed | aborted). Preparing changes only "working"; it is invisible.
 */
export const resource = {
  tmState: 0,
  msgCommit: 1,
  msgAbort: 2,
  working: (i: number) => 3 + 4 * i,
  outcome: (i: number) => 4 + 4 * i,
  tmPrepared: (i: number) => 5 + 4 * i,
  msgPrepared: (i: number) => 6 + 4 * i,
} as const;

/** Every action of a per-RM tag, for partial-order reduction. */
const everyRm =
  <A>(table: readonly A[]) =>
  (s: S, emit: (a: A) => void): void => {
    for (let i = 0; i < s.rmState.length; i++) emit(table[i + 1]!);
  };

const call = (a: TwoPhaseAction): string => ('rm' in a ? `${a.type}(${rmName(a.rm)})` : `${a.type}()`);
const tm = () => ({ from: 'TM' });
const rm = (_s: S, a: { readonly rm: number }) => ({ from: rmName(a.rm) });

/**
 * The table. Each write is guarded by an inequality so that a step which changes nothing (TLA+'s
 * self-loops: a repeated TMRcvPrepared, RMRcvCommitMsg, RMRcvAbortMsg) leaves immer's draft
 * unmodified, and `step` returns the same state.
 */
export const twoPhaseActions = {
  // TMCommit: tmState = "init" /\ tmPrepared = RM (the guard the safeguard can drop);
  // tmState' = "committed", msgs' = msgs \cup {[type |-> "Commit"]}
  TMCommit: {
    enabled(s, emit) {
      if (s.tmState === 'init' && (!s.config.commitNeedsAllPrepared || allPrepared(s))) emit(tmCommit);
    },
    effect(d) {
      d.tmState = 'committed';
      d.msgCommit = true;
    },
    describe: (_s, a) => call(a),
    lanes: tm,
    footprint(s, _a, fp) {
      fp.guard(resource.tmState);
      if (s.config.commitNeedsAllPrepared) for (let i = 0; i < s.rmState.length; i++) fp.guard(resource.tmPrepared(i));
      fp.write(resource.tmState);
      fp.write(resource.msgCommit);
    },
    every: (_s, emit) => emit(tmCommit),
  },
  // TMAbort: tmState = "init"; tmState' = "aborted", msgs' = msgs \cup {[type |-> "Abort"]}
  TMAbort: {
    enabled(s, emit) {
      if (s.tmState === 'init') emit(tmAbort);
    },
    effect(d) {
      d.tmState = 'aborted';
      d.msgAbort = true;
    },
    describe: (_s, a) => call(a),
    lanes: tm,
    footprint(_s, _a, fp) {
      fp.guard(resource.tmState);
      fp.write(resource.tmState);
      fp.write(resource.msgAbort);
    },
    every: (_s, emit) => emit(tmAbort),
  },
  // TMRcvPrepared(rm): tmState = "init" /\ [type |-> "Prepared", rm |-> rm] \in msgs; tmPrepared' = tmPrepared \cup
  // {rm}
  TMRcvPrepared: {
    enabled: (s, emit) =>
      eachRm(s, tables.TMRcvPrepared, (i) => s.tmState === 'init' && s.msgPrepared[i] === true, emit),
    effect(d, a) {
      if (!d.tmPrepared[a.rm - 1]) d.tmPrepared[a.rm - 1] = true;
    },
    describe: (_s, a) => call(a),
    lanes: tm,
    footprint(_s, a, fp) {
      fp.guard(resource.tmState);
      fp.guard(resource.msgPrepared(a.rm - 1));
      fp.read(resource.tmPrepared(a.rm - 1));
      fp.write(resource.tmPrepared(a.rm - 1));
    },
    every: everyRm(tables.TMRcvPrepared),
  },
  // RMPrepare(rm): rmState[rm] = "working"; rmState' = [rmState EXCEPT ![rm] = "prepared"], msgs' = msgs \cup
  // {Prepared(rm)}
  RMPrepare: {
    enabled: (s, emit) => eachRm(s, tables.RMPrepare, (i) => s.rmState[i] === 'working', emit),
    effect(d, a) {
      d.rmState[a.rm - 1] = 'prepared';
      if (!d.msgPrepared[a.rm - 1]) d.msgPrepared[a.rm - 1] = true;
    },
    describe: (_s, a) => call(a),
    lanes: (_s, a) => ({ from: rmName(a.rm), to: 'TM' }),
    footprint(_s, a, fp) {
      fp.guard(resource.working(a.rm - 1));
      fp.read(resource.msgPrepared(a.rm - 1));
      fp.write(resource.working(a.rm - 1));
      fp.write(resource.msgPrepared(a.rm - 1));
    },
    every: everyRm(tables.RMPrepare),
  },
  // RMChooseToAbort(rm): rmState[rm] = "working"; rmState' = [rmState EXCEPT ![rm] = "aborted"]
  RMChooseToAbort: {
    enabled: (s, emit) => eachRm(s, tables.RMChooseToAbort, (i) => s.rmState[i] === 'working', emit),
    effect(d, a) {
      d.rmState[a.rm - 1] = 'aborted';
    },
    describe: (_s, a) => call(a),
    lanes: rm,
    footprint(_s, a, fp) {
      fp.guard(resource.working(a.rm - 1));
      fp.write(resource.working(a.rm - 1));
      fp.write(resource.outcome(a.rm - 1));
    },
    every: everyRm(tables.RMChooseToAbort),
  },
  // RMRcvCommitMsg(rm): [type |-> "Commit"] \in msgs; rmState' = [rmState EXCEPT ![rm] = "committed"]
  RMRcvCommitMsg: {
    enabled: (s, emit) => eachRm(s, tables.RMRcvCommitMsg, () => s.msgCommit, emit),
    effect(d, a) {
      if (d.rmState[a.rm - 1] !== 'committed') d.rmState[a.rm - 1] = 'committed';
    },
    describe: (_s, a) => call(a),
    lanes: rm,
    footprint(_s, a, fp) {
      fp.guard(resource.msgCommit);
      fp.read(resource.working(a.rm - 1));
      fp.read(resource.outcome(a.rm - 1));
      fp.write(resource.working(a.rm - 1));
      fp.write(resource.outcome(a.rm - 1));
    },
    every: everyRm(tables.RMRcvCommitMsg),
  },
  // RMRcvAbortMsg(rm): [type |-> "Abort"] \in msgs; rmState' = [rmState EXCEPT ![rm] = "aborted"]
  RMRcvAbortMsg: {
    enabled: (s, emit) => eachRm(s, tables.RMRcvAbortMsg, () => s.msgAbort, emit),
    effect(d, a) {
      if (d.rmState[a.rm - 1] !== 'aborted') d.rmState[a.rm - 1] = 'aborted';
    },
    describe: (_s, a) => call(a),
    lanes: rm,
    footprint(_s, a, fp) {
      fp.guard(resource.msgAbort);
      fp.read(resource.working(a.rm - 1));
      fp.read(resource.outcome(a.rm - 1));
      fp.write(resource.working(a.rm - 1));
      fp.write(resource.outcome(a.rm - 1));
    },
    every: everyRm(tables.RMRcvAbortMsg),
  },
} satisfies ActionTable<S, TwoPhaseAction>;
