/**
 * The two renderings of a `two-phase-commit` trace, on traces built by stepping the real model.
 * Expected strings follow from TwoPhase.tla's rules (comments say why).
 */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { twoPhaseCommitEntry as entry } from '../../catalog/two-phase-commit.js';
import type { TraceStep } from '../../check/types/trace.js';
import { act, type TwoPhaseAction } from '../../model/two-phase-commit/actions.js';
import type { TwoPhaseState } from '../../model/two-phase-commit/state.js';
import type { Violation } from '../../properties/invariant.js';
import { renderMermaid } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { cfg, scripted } from '../helpers/check.js';

interface Run {
  readonly states: readonly TwoPhaseState[];
  readonly steps: readonly TraceStep<TwoPhaseAction>[];
  readonly violations: readonly Violation[];
}

/** Steps `actions` from the initial state (each must be enabled), judging every step. */
function run(rmCount: number, commitNeedsAllPrepared: boolean, actions: readonly TwoPhaseAction[]): Run {
  return scripted(
    entry,
    cfg(entry.model.keys, `rm.count=${rmCount}`, `safeguard.commit-needs-all-prepared=${commitNeedsAllPrepared}`),
    actions,
  );
}

const renderTwoPhaseText = (
  states: readonly TwoPhaseState[],
  steps: readonly TraceStep<TwoPhaseAction>[],
  violations: readonly Violation[],
  opts?: { color: boolean },
): string => renderText(entry.model, entry.render, states, steps, violations, opts?.color ?? false);
const renderTwoPhaseMermaid = (
  states: readonly TwoPhaseState[],
  steps: readonly TraceStep<TwoPhaseAction>[],
  violations: readonly Violation[],
): string => renderMermaid(entry.model, entry.render, states, steps, violations);

// Two RMs commit: rm2 prepares first, the TM hears it twice (Prepared(rm2) stays in msgs, so the
// second TMRcvPrepared is a self-loop), then rm1; with both in tmPrepared the TM commits and rm1
// learns it.
const commit = run(2, true, [
  act.rm('RMPrepare', 2),
  act.rm('TMRcvPrepared', 2),
  act.rm('TMRcvPrepared', 2),
  act.rm('RMPrepare', 1),
  act.rm('TMRcvPrepared', 1),
  act.tmCommit(),
  act.rm('RMRcvCommitMsg', 1),
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
    expect(bug.violations).toEqual([
      { invariant: 'tc-consistent', message: 'rm2 committed while rm1 aborted', step: 2 },
    ]);
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
    expect(plain).not.toContain('\u001b[');
    const colored = renderTwoPhaseText(bug.states, bug.steps, bug.violations, { color: true });
    expect(colored).toContain('\u001b[31m   !! VIOLATED tc-consistent');
    expect(stripVTControlCharacters(colored)).toBe(plain);
  });

  test('a violation of the initial state (a user-written invariant) comes first', () => {
    const v: Violation = { invariant: 'my-property', message: 'no RM has prepared yet', step: -1 };
    expect(renderTwoPhaseText(bug.states.slice(0, 1), [], [v])).toBe(
      [
        '-- initial state --',
        '   !! VIOLATED my-property: no RM has prepared yet',
        '-- end state --',
        'tm: init, tmPrepared {}',
        'rm1: working, rm2: working, rm3: working',
        'msgs: {}',
        '',
      ].join('\n'),
    );
  });
});

describe('renderTwoPhaseMermaid', () => {
  // Lanes are TM, then rm1..rmN (the renderer's `lanes`), by id L0, L1, ...; an RM's step that
  // sends to the TM is an arrow to it; every change is a note over the lane it belongs to.
  test('a commit: Prepared arrows to TM, each change a note over its owner', () => {
    expect(renderTwoPhaseMermaid(commit.states, commit.steps, commit.violations)).toBe(
      [
        'sequenceDiagram',
        '  participant L0 as TM',
        '  participant L1 as rm1',
        '  participant L2 as rm2',
        '  L2->>L0: 1. RMPrepare(rm2)',
        '  Note over L2: rm2 - working -> prepared',
        '  Note over L0: msgs - + Prepared(rm2)',
        '  Note over L0: 2. TMRcvPrepared(rm2)',
        '  Note over L0: tmPrepared - + rm2',
        '  Note over L0: 3. TMRcvPrepared(rm2)',
        '  Note over L0: (no change)',
        '  L1->>L0: 4. RMPrepare(rm1)',
        '  Note over L1: rm1 - working -> prepared',
        '  Note over L0: msgs - + Prepared(rm1)',
        '  Note over L0: 5. TMRcvPrepared(rm1)',
        '  Note over L0: tmPrepared - + rm1',
        '  Note over L0: 6. TMCommit()',
        '  Note over L0: tm - init -> committed',
        '  Note over L0: msgs - + Commit',
        '  Note over L1: 7. RMRcvCommitMsg(rm1)',
        '  Note over L1: rm1 - prepared -> committed',
        '',
      ].join('\n'),
    );
  });

  test('the planted bug: the violation as a note over everyone, no # or ; anywhere', () => {
    const text = renderTwoPhaseMermaid(bug.states, bug.steps, bug.violations);
    expect(text).toBe(
      [
        'sequenceDiagram',
        '  participant L0 as TM',
        '  participant L1 as rm1',
        '  participant L2 as rm2',
        '  participant L3 as rm3',
        '  Note over L0: 1. TMCommit()',
        '  Note over L0: tm - init -> committed',
        '  Note over L0: msgs - + Commit',
        '  Note over L1: 2. RMChooseToAbort(rm1)',
        '  Note over L1: rm1 - working -> aborted',
        '  Note over L2: 3. RMRcvCommitMsg(rm2)',
        '  Note over L2: rm2 - working -> committed',
        '  Note over L0,L3: VIOLATED tc-consistent, rm2 committed while rm1 aborted',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[#;]/);
  });

  test('message text is made safe for mermaid: no #, no ;, no colon after the first', () => {
    const r = run(1, true, [act.tmAbort(), act.rm('RMRcvAbortMsg', 1)]);
    const v: Violation = { invariant: 'mine', message: 'a: b; c #1', step: 1 };
    expect(renderTwoPhaseMermaid(r.states, r.steps, [v])).toBe(
      [
        'sequenceDiagram',
        '  participant L0 as TM',
        '  participant L1 as rm1',
        '  Note over L0: 1. TMAbort()',
        '  Note over L0: tm - init -> aborted',
        '  Note over L0: msgs - + Abort',
        '  Note over L1: 2. RMRcvAbortMsg(rm1)',
        '  Note over L1: rm1 - working -> aborted',
        '  Note over L0,L1: VIOLATED mine, a - b, c no. 1',
        '',
      ].join('\n'),
    );
  });
});
