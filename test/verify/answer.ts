/**
 * `eoscheck verify --json` run through the CLI harness, and the parts of its answer the verify tests read.
 */
import { cli } from '../cli/harness.js';

/** The fields of a verify answer the tests assert on. */
export interface VerifyAnswer {
  model: string;
  violations: { invariant: string }[];
  files: { path: string; role: string; detail: string; why?: string }[];
  settings: { key: string; value: string; source: string; how: string; from: string | null; why: string }[];
  dependsOnCode: { key: string; realDefault: string; verdicts: Record<string, string> }[];
  combinations?: { values: Record<string, string>; verdict: string; violated: string[] }[];
  conditions: { key: string }[];
  ignoredDetail: { key: string; why: string }[];
  notes: string[];
}

/** verify's exit code, its JSON answer (empty when it wrote none: a refusal) and its stderr. */
export async function verifyJson(...args: string[]): Promise<{ code: number; report: VerifyAnswer; stderr: string }> {
  const r = await cli('verify', ...args, '--json');
  return {
    code: r.code,
    report: r.stdout === '' ? ({} as VerifyAnswer) : (JSON.parse(r.stdout) as VerifyAnswer),
    stderr: r.stderr,
  };
}

/** The answer's setting of `key`. */
export const settingOf = (r: VerifyAnswer, key: string) => r.settings.find((s) => s.key === key);
