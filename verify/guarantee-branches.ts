/**
 * A KafkaSink whose code sets its delivery guarantee in a branch of an `if` (`if (exactly)
 * builder.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)`): the job runs with the branch's guarantee or with
 * the one it has without it (the code's own call outside the branch, else KafkaSinkBuilder's DeliveryGuarantee.NONE;
 * for an `if` whose else sets one too, the else's), so both are checked, as a conditional checkpoint interval is.
 * Pure.
 */
import type { Setting } from './files/entry.js';
import type { Pipeline } from './pipeline.js';

/** The DeliveryGuarantee constants (org.apache.flink.connector.base.DeliveryGuarantee) as the model names them. */
export const GUARANTEES: Readonly<Record<string, string>> = {
  EXACTLY_ONCE: 'exactly-once',
  AT_LEAST_ONCE: 'at-least-once',
  NONE: 'none',
};

/** The guarantees a job's code could run with: the one without the branch first, and why. */
export interface BranchedGuarantee {
  readonly realDefault: string;
  /** What the first value is where it is the code's own, not KafkaSinkBuilder's default. */
  readonly baseline?: string;
  readonly values: readonly string[];
  readonly why: string;
}

const call = (s: Setting): string => `setDeliveryGuarantee(DeliveryGuarantee.${s.value}), line ${s.line}`;

/** The guarantees a branch of the job's code decides between; null where no guarantee call sits in a branch. */
export function branchedGuarantee(pipe: Pipeline): BranchedGuarantee | null {
  for (const p of pipe.parts) {
    if (p.role !== 'Flink job code') continue;
    const calls = p.settings.filter((s) => s.key === 'setDeliveryGuarantee' && GUARANTEES[s.value] !== undefined);
    const branched = calls.filter((s) => s.branch !== undefined);
    if (branched.length === 0) continue;
    const first = branched[0]!;
    const where = `${p.file}:${first.branch!.line}`;
    const taken = [...new Set(branched.map((s) => GUARANTEES[s.value]!))];
    // Both branches of one `if` set a guarantee: the job always runs with one of them.
    const elseCall = branched.find(
      (e) =>
        e.branch!.side === 'else' &&
        branched.some((t) => t.branch!.side === 'then' && t.branch!.line === e.branch!.line),
    );
    if (elseCall !== undefined) {
      const thenCall = branched.find((t) => t.branch!.side === 'then' && t.branch!.line === elseCall.branch!.line)!;
      const otherwise = GUARANTEES[elseCall.value]!;
      return {
        realDefault: otherwise,
        baseline: "the else branch's",
        values: [otherwise, ...taken.filter((v) => v !== otherwise)],
        why:
          `the job's code sets the sink's delivery guarantee by the condition at ${p.file}:` +
          `${elseCall.branch!.line}: ${call(thenCall)} when it holds, ${call(elseCall)} when not; checked at each`,
      };
    }
    const plain = calls.filter((s) => s.branch === undefined).at(-1);
    const without = plain === undefined ? 'none' : GUARANTEES[plain.value]!;
    return {
      realDefault: without,
      ...(plain === undefined ? {} : { baseline: "the code's own without the branch" }),
      values: [without, ...taken.filter((v) => v !== without)],
      why:
        `the job's code sets the sink's delivery guarantee only under the condition at ${where} (${call(first)}): ` +
        `checked without it (${without}: ${plain === undefined ? "KafkaSinkBuilder's default" : call(plain)}) and ` +
        'with it',
    };
  }
  return null;
}
