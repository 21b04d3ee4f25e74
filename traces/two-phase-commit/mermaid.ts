/**
 * The mermaid `sequenceDiagram` of a `two-phase-commit` trace: the transaction manager `TM` and
 * `rm1` .. `rmN` as participants; a sent message as an arrow (`rm2->>TM: 1. Prepared`, and on
 * TMCommit / TMAbort a `Commit` / `Abort` arrow to every RM), every other step as a note over
 * the one who acted, each step's first line numbered like the text timeline. Pure.
 */
import { match } from 'ts-pattern';
import { rmName, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { changes, describeTwoPhaseAction } from './describe.js';

const TM = 'TM';

/**
 * Message text safe for mermaid: its lexer ends a message at `#` or `;` and reads `#...` as a
 * comment, so those never appear; a colon would be taken for the separator in some positions.
 */
function safe(text: string): string {
  return text.replace(/#/g, 'no. ').replace(/;/g, ',').replace(/:/g, ' -');
}

/** `, working -> committed` for RM `rm`'s change, `, no change` when the step changed nothing, else nothing. */
function outcome(before: TwoPhaseState, after: TwoPhaseState, rm: number | null): string {
  if (changes(before, after).length === 0) return ', no change';
  if (rm === null) return '';
  const was = before.rmState[rm - 1];
  const now = after.rmState[rm - 1];
  return was !== now ? `, ${was ?? '?'} -> ${now ?? '?'}` : '';
}

/** The lines of step number `n`. */
function stepLines(before: TwoPhaseState, after: TwoPhaseState, a: TwoPhaseAction, n: number): string[] {
  const head = `${n}. ${describeTwoPhaseAction(a)}`;
  const broadcast = (m: string): string[] => after.rmState.map((_, i) => `${TM}->>${rmName(i + 1)}: ${m}`);
  return match(a)
    .with({ type: 'TMRcvPrepared' }, () => [`Note over ${TM}: ${head}${outcome(before, after, null)}`])
    .with({ type: 'TMCommit' }, () => [`Note over ${TM}: ${head}`, ...broadcast('Commit')])
    .with({ type: 'TMAbort' }, () => [`Note over ${TM}: ${head}`, ...broadcast('Abort')])
    .with({ type: 'RMPrepare' }, (x) => [`${rmName(x.rm)}->>${TM}: ${n}. Prepared`])
    .with({ type: 'RMChooseToAbort' }, { type: 'RMRcvCommitMsg' }, { type: 'RMRcvAbortMsg' }, (x) => [`Note over ${rmName(x.rm)}: ${head}${outcome(before, after, x.rm)}`])
    .exhaustive();
}

/**
 * The trace as a mermaid `sequenceDiagram`: participants, each step's lines, and a
 * `VIOLATED <invariant>, <message>` note over everyone after each violated step (before step 1
 * for the initial state). `states[i + 1]` follows `steps[i]`. Pure.
 */
export function renderTwoPhaseMermaid(states: readonly TwoPhaseState[], steps: readonly TraceStep<TwoPhaseAction>[], violations: readonly Violation[]): string {
  const first = states[0];
  if (!first) return 'sequenceDiagram\n';
  const rms = first.rmState.map((_, i) => rmName(i + 1));
  const span = `${TM},${rms[rms.length - 1] ?? TM}`;
  const violated = (i: number): string[] => violations.filter((v) => v.step === i).map((v) => `Note over ${span}: VIOLATED ${v.invariant}, ${v.message}`);
  const body: string[] = [...violated(-1)];
  for (let i = 0; i < steps.length; i++) {
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    body.push(...stepLines(before, after, steps[i]!.action, i + 1));
    body.push(...violated(i));
  }
  const lines = ['sequenceDiagram', `  participant ${TM}`, ...rms.map((r) => `  participant ${r}`)];
  for (const l of body) {
    const sep = l.indexOf(': ');
    lines.push(`  ${sep < 0 ? l : `${l.slice(0, sep + 2)}${safe(l.slice(sep + 2))}`}`);
  }
  return `${lines.join('\n')}\n`;
}
