/**
 * The two renderings of a `two-phase-commit` trace, on traces built by stepping the real model.
 * Expected strings follow from TwoPhase.tla's rules (comments say why).
 */
import { describe, expect, test } from 'vitest';
import { sameAction } from '../../model/model.js';
import { act, enabled, initialState, step, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';
import { violations as judge, type Violation } from '../../properties/invariant.js';
import { twoPhaseInvariants } from '../../properties/two-phase-commit/index.js';
import type { TraceStep } from '../../properties/run.js';
import { renderTwoPhaseMermaid } from '../../traces/two-phase-commit/mermaid.js';
import { renderTwoPhaseText } from '../../traces/two-phase-commit/text.js';

interface Run {
  readonly states: TwoPhaseState[];
  readonly steps: TraceStep<TwoPhaseAction>[];
  readonly violations: Violation[];
}

/** Steps `actions` from the initial state, each checked to be enabled first; judges every step. */
function run(rmCount: number, commitNeedsAllPrepared: boolean, actions: readonly TwoPhaseAction[]): Run {
  const states = [initialState({ rmCount, commitNeedsAllPrepared })];
  const steps: TraceStep<TwoPhaseAction>[] = [];
  const violations: Violation[] = [];
  for (const a of actions) {
    const s = states[states.length - 1]!;
    if (!enabled(s).some((e) => sameAction(e, a))) throw new Error(`step ${steps.length + 1}: ${JSON.stringify(a)} is not enabled`);
    states.push(step(s, a));
    steps.push({ action: a, phase: 'script' });
    violations.push(...judge(twoPhaseInvariants, states[states.length - 1]!, 'every-step', steps.length - 1));
  }
  return { states, steps, violations };
}

// Two RMs commit: rm2 prepares first, the TM hears it twice (Prepared(rm2) stays in msgs, so the
// second TMRcvPrepared is a self-loop), then rm1; with both in tmPrepared the TM commits and rm1
// learns it.
const commit = run(2, true, [
  act.rm('RMPrepare', 2), act.rm('TMRcvPrepared', 2), act.rm('TMRcvPrepared', 2), act.rm('RMPrepare', 1), act.rm('TMRcvPrepared', 1), act.tmCommit(), act.rm('RMRcvCommitMsg', 1),
]);

// The planted bug's shortest counterexample: without `tmPrepared = RM` the TM commits at once,
// rm1 aborts on its own, rm2 receives Commit.
const bug = run(3, false, [act.tmCommit(), act.rm('RMChooseToAbort', 1), act.rm('RMRcvCommitMsg', 2)]);

describe('renderTwoPhaseText', () => {
  test('a commit: each step, what it changed, the end state', () => {
    expect(renderTwoPhaseText(commit.states, commit.steps, commit.violations)).toBe(
      [
        '1. RMPrepare(rm2)',
        '   rm2: working -> prepared',
        '   msgs: + Prepared(rm2)',
        '2. TMRcvPrepared(rm2)',
        '   tmPrepared: + rm2',
        '3. TMRcvPrepared(rm2)',
        '   (no change)',
        '4. RMPrepare(rm1)',
        '   rm1: working -> prepared',
        '   msgs: + Prepared(rm1)',
        '5. TMRcvPrepared(rm1)',
        '   tmPrepared: + rm1',
        '6. TMCommit()',
        '   tm: init -> committed',
        '   msgs: + Commit',
        '7. RMRcvCommitMsg(rm1)',
        '   rm1: prepared -> committed',
        '-- end state --',
        'tm: committed, tmPrepared {rm1, rm2}',
        'rm1: committed, rm2: prepared',
        'msgs: {Prepared(rm1), Prepared(rm2), Commit}',
        '',
      ].join('\n'),
    );
  });

  test('the planted bug: the violation under the step that broke it', () => {
    expect(bug.violations).toEqual([{ invariant: 'tc-consistent', message: 'rm2 committed while rm1 aborted', step: 2 }]);
    expect(renderTwoPhaseText(bug.states, bug.steps, bug.violations)).toBe(
      [
        '1. TMCommit()',
        '   tm: init -> committed',
        '   msgs: + Commit',
        '2. RMChooseToAbort(rm1)',
        '   rm1: working -> aborted',
        '3. RMRcvCommitMsg(rm2)',
        '   rm2: working -> committed',
        '   !! VIOLATED tc-consistent: rm2 committed while rm1 aborted',
        '-- end state --',
        'tm: committed, tmPrepared {}',
        'rm1: aborted, rm2: committed, rm3: working',
        'msgs: {Commit}',
        '',
      ].join('\n'),
    );
  });

  test('plain by default; with color, the same text plus ANSI codes', () => {
    const plain = renderTwoPhaseText(bug.states, bug.steps, bug.violations);
    expect(plain).not.toMatch(/\u001b\[/);
    const colored = renderTwoPhaseText(bug.states, bug.steps, bug.violations, { color: true });
    expect(colored).toMatch(/\u001b\[31m {3}!! VIOLATED tc-consistent/);
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });

  test('a violation of the initial state (a user-written invariant) comes first', () => {
    const v: Violation = { invariant: 'my-property', message: 'no RM has prepared yet', step: -1 };
    expect(renderTwoPhaseText(bug.states.slice(0, 1), [], [v])).toBe(
      ['-- initial state --', '   !! VIOLATED my-property: no RM has prepared yet', '-- end state --', 'tm: init, tmPrepared {}', 'rm1: working, rm2: working, rm3: working', 'msgs: {}', ''].join('\n'),
    );
  });
});

describe('renderTwoPhaseMermaid', () => {
  test('a commit: Prepared arrows to TM, the TM broadcasting Commit, notes for the rest', () => {
    expect(renderTwoPhaseMermaid(commit.states, commit.steps, commit.violations)).toBe(
      [
        'sequenceDiagram',
        '  participant TM',
        '  participant rm1',
        '  participant rm2',
        '  rm2->>TM: 1. Prepared',
        '  Note over TM: 2. TMRcvPrepared(rm2)',
        '  Note over TM: 3. TMRcvPrepared(rm2), no change',
        '  rm1->>TM: 4. Prepared',
        '  Note over TM: 5. TMRcvPrepared(rm1)',
        '  Note over TM: 6. TMCommit()',
        '  TM->>rm1: Commit',
        '  TM->>rm2: Commit',
        '  Note over rm1: 7. RMRcvCommitMsg(rm1), prepared -> committed',
        '',
      ].join('\n'),
    );
  });

  test('the planted bug: the violation as a note over everyone, no # or ; anywhere', () => {
    const text = renderTwoPhaseMermaid(bug.states, bug.steps, bug.violations);
    expect(text).toBe(
      [
        'sequenceDiagram',
        '  participant TM',
        '  participant rm1',
        '  participant rm2',
        '  participant rm3',
        '  Note over TM: 1. TMCommit()',
        '  TM->>rm1: Commit',
        '  TM->>rm2: Commit',
        '  TM->>rm3: Commit',
        '  Note over rm1: 2. RMChooseToAbort(rm1), working -> aborted',
        '  Note over rm2: 3. RMRcvCommitMsg(rm2), working -> committed',
        '  Note over TM,rm3: VIOLATED tc-consistent, rm2 committed while rm1 aborted',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[#;]/);
  });

  test('TMAbort broadcasts Abort; message text is made safe for mermaid', () => {
    const r = run(1, true, [act.tmAbort(), act.rm('RMRcvAbortMsg', 1)]);
    const v: Violation = { invariant: 'mine', message: 'a: b; c #1', step: 1 };
    expect(renderTwoPhaseMermaid(r.states, r.steps, [v])).toBe(
      [
        'sequenceDiagram',
        '  participant TM',
        '  participant rm1',
        '  Note over TM: 1. TMAbort()',
        '  TM->>rm1: Abort',
        '  Note over rm1: 2. RMRcvAbortMsg(rm1), working -> aborted',
        '  Note over TM,rm1: VIOLATED mine, a - b, c no. 1',
        '',
      ].join('\n'),
    );
  });
});
